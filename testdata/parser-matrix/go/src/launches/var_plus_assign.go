// A shell line built piece by piece (multiclaude's buildCommand, issue 16):
// `var cmd string; cmd += r.BinaryPath; cmd += " --session-id " + id`. The
// value is every piece added, in the order written, after each other value
// of the variable (its zero value too); a piece in a branch may not run, so
// the line without it is judged as well, and a start found at run time
// (`cd DIR && `) leaves the pieces judged alone, dynamic. `s = s + p` is
// the same: RED.
package launches

import (
	"os"
	"os/exec"
)

type plusRunner struct{ BinaryPath string }

func newPlusRunner() *plusRunner { return &plusRunner{BinaryPath: "claude"} }

func (r *plusRunner) buildCommand(sessionID string, resume bool) string {
	var cmd string
	if resume {
		cmd += "exec "
	}
	cmd += r.BinaryPath
	cmd += " --session-id " + sessionID
	return cmd
}

func (r *plusRunner) start(id string) error {
	return exec.Command("sh", "-c", r.buildCommand(id, false)).Run() // want "RED:eval"
}

func plusAssignWorkDir() error {
	var line string
	if len(os.Args) > 1 {
		line = "cd " + os.Args[1] + " && "
	}
	line += "pi"
	line = line + " --print" + " hi"
	return exec.Command("bash", "-c", line).Run() // want "RED:eval"
}

func plusAssignOptional(verbose bool) error {
	s := ""
	if verbose {
		s += "echo "
	}
	s += "claude -p hi"
	return exec.Command("sh", "-c", s).Run() // want "RED:eval"
}
