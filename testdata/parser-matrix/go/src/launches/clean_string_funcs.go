// Clean near miss of string_funcs.go: the same functions computing
// another tool's name (git), with a runtime named in an argument.
package launches

import (
	"fmt"
	"os/exec"
	"strings"
)

func replacedGit() error {
	bin := strings.ReplaceAll("git_x", "_x", "")
	return exec.Command(bin, "log", "--grep", "claude").Run()
}

type sprintGitTool interface{ GitBin() string }

type sprintGit struct{}

func (sprintGit) GitBin() string { return fmt.Sprint(strings.ToLower("G"), "it") }

func sprintGitRun() error {
	var t sprintGitTool = sprintGit{}
	return exec.Command(t.GitBin(), "log").Run()
}
