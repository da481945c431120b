// Near miss of branch_list_values.go: the lists a branch gives the argv
// run other tools, a runtime only among the arguments: clean.
package launches

import (
	"os"
	"os/exec"
)

func branchListOther() error {
	argv := []string{"echo"}
	if len(os.Args) > 2 {
		argv = []string{"grep", "-r"}
		argv = append(argv, "claude")
	}
	return exec.Command(argv[0], argv[1:]...).Run()
}
