// Clean near miss of var_plus_assign.go: the same lines built with += and
// `s = s + p`, running other tools (git, echo) while a piece names a
// runtime as an argument; an optional piece (`-n `) dropped or kept
// changes nothing.
package launches

import (
	"os"
	"os/exec"
)

type plusGit struct{ BinaryPath string }

func newPlusGit() *plusGit { return &plusGit{BinaryPath: "git"} }

func (r *plusGit) buildCommand(grep string, all bool) string {
	var cmd string
	cmd += r.BinaryPath
	if all {
		cmd += " --no-pager"
	}
	cmd += " log --grep claude " + grep
	return cmd
}

func (r *plusGit) start(g string) error {
	return exec.Command("sh", "-c", r.buildCommand(g, false)).Run()
}

func plusAssignEcho(quiet bool) error {
	var line string
	if len(os.Args) > 1 {
		line = "cd " + os.Args[1] + " && "
	}
	line += "echo "
	if quiet {
		line += "-n "
	}
	line = line + "claude" + " pi"
	return exec.Command("bash", "-c", line).Run()
}
