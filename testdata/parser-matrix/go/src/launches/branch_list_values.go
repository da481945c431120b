// An argv variable given a list in a branch as well as before it, or in
// each branch of an if, then appended to (`argv = []string{"claude"}`
// inside `if`): each value, followed by every append, is a possibility,
// merged element by element: RED.
package launches

import (
	"os"
	"os/exec"
)

func branchListOverride() error {
	argv := []string{"echo"}
	if len(os.Args) > 2 {
		argv = []string{"pi"}
		argv = append(argv, "-p")
	}
	return exec.Command(argv[0], argv[1:]...).Run() // want "RED:variable-execution"
}

func branchListEither(fast bool) error {
	var argv []string
	if fast {
		argv = []string{"claude", "--print"}
	} else {
		argv = []string{"true"}
	}
	argv = append(argv, "go")
	return exec.Command(argv[0], argv[1:]...).Run() // want "RED:variable-execution"
}
