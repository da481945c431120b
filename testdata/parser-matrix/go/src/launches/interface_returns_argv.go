// An interface method that returns the argv (review 7): `argv :=
// b.Command(p)` on an `argvBackend` whose implementation returns
// `[]string{"claude", "-p", p}`, run as `exec.Command(argv[0],
// argv[1:]...)`, is every list the implementations return; also as the
// first of two results and indexed in place. A generic helper whose type
// parameter admits a string is bound to its argument. The same shapes
// running gofmt stay green (an interface whose only implementation
// returns gofmt).
package launches

import (
	"errors"
	"os/exec"
)

type argvBackend interface {
	Command(p string) []string
	Checked(p string) ([]string, error)
}

type agentArgv struct{}

func (agentArgv) Command(p string) []string { return []string{"claude", "-p", p} }

func (agentArgv) Checked(p string) ([]string, error) {
	if p == "" {
		return nil, errors.New("no prompt")
	}
	return []string{"pi", "-p", p}, nil
}

type fmtBackend interface{ LintArgv(p string) []string }

type gofmtArgv struct{}

func (gofmtArgv) LintArgv(p string) []string { return []string{"gofmt", "-l", p} }

func runGeneric[T ~string](b T, args ...string) error {
	return exec.Command(string(b), args...).Run()
}

func interfaceReturnsArgv(b argvBackend, f fmtBackend, p string) {
	argv := b.Command(p)
	_ = exec.Command(argv[0], argv[1:]...).Run() // want "RED:variable-execution"
	checked, err := b.Checked(p)
	if err == nil {
		_ = exec.Command(checked[0], checked[1:]...).Run() // want "RED:variable-execution"
	}
	_ = exec.Command(b.Command(p)[0]).Run() // want "RED:variable-execution"
	lint := f.LintArgv(p)
	_ = exec.Command(lint[0], lint[1:]...).Run()
	_ = runGeneric("claude", "-p") // want "RED:process-api"
	_ = runGeneric("gofmt", "-l")
}
