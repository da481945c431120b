// Values are sets: a variable set in the branches of an if or a switch is
// any of its values, so one runtime among them is a launch. A variable
// whose branches hold only other tools stays green.
package launches

import "os/exec"

func branchMergeValues(kind string, fast bool) {
	bin := "codex-like-tool"
	if fast {
		bin = "claude"
	}
	_ = exec.Command(bin, "-p", "x").Run() // want "RED:variable-execution"

	var prog string
	switch kind {
	case "a":
		prog = "pi"
	case "b":
		prog = "make"
	default:
		prog = kind
	}
	_ = exec.Command(prog).Run() // want "RED:dynamic"

	tool := "gofmt"
	if fast {
		tool = "goimports"
	}
	_ = exec.Command(tool, "-l", ".").Run()
}
