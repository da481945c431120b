// A struct field set in a constructor and read later in a method
// (exec.Command(r.BinaryPath)): the field's values are every value the
// package gives it. A field that a constructor sets to another tool stays
// green.
package launches

import "os/exec"

type agentRunner struct {
	BinaryPath string
	Model      string
}

func newAgentRunner() *agentRunner {
	return &agentRunner{BinaryPath: "claude", Model: "sonnet"}
}

func (r *agentRunner) run(prompt string) error {
	return exec.Command(r.BinaryPath, "-p", prompt).Run() // want "RED:variable-execution"
}

type formatter struct{ BinaryPath string }

func newFormatter() *formatter { return &formatter{BinaryPath: "gofmt"} }

func (f *formatter) run(path string) error {
	return exec.Command(f.BinaryPath, "-w", path).Run()
}
