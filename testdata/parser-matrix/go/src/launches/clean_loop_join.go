// Clean near miss of loop_join.go: the loop joins another tool's name
// (git), and a runtime is named only as an argument.
package launches

import "os/exec"

func loopJoinGit() error {
	bin := ""
	for _, n := range []string{"g", "it"} {
		bin += n
	}
	return exec.Command(bin, "log", "--grep", "claude").Run()
}
