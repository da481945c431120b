// Near miss of argv_map_entry.go: a map of argvs none of whose entries
// starts a runtime (the name only an argument), and a constant key that
// picks the entry of another tool: clean.
package launches

import "os/exec"

var toolArgv = map[string][]string{
	"grep": {"grep", "-r", "claude"},
	"fmt":  {"gofmt", "-l"},
}

var mixedArgv = map[string][]string{
	"lint":   {"golangci-lint", "run"},
	"review": {"claude", "-p"},
}

func toolArgvStart(kind string) error {
	argv := append(toolArgv[kind], ".")
	return exec.Command(argv[0], argv[1:]...).Start()
}

func mixedArgvLint() error {
	argv := mixedArgv["lint"]
	return exec.Command(argv[0], argv[1:]...).Run()
}
