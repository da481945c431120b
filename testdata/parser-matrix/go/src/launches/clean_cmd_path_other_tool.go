// Near miss of cmd_path_assigned.go: a Cmd pointed at git (its arguments
// mention claude), and one whose Args[0], a display name only, is claude
// while git runs.
package launches

import "os/exec"

func cmdPathOtherTool() error {
	cmd := exec.Command("true")
	cmd.Path = "/usr/bin/git"
	cmd.Args = []string{"git", "log", "--grep", "claude"}
	return cmd.Run()
}

func cmdArgsDisplayName() error {
	cmd := exec.Command("git")
	cmd.Args = []string{"claude", "status"}
	return cmd.Run()
}

func cmdPathOtherHelperCall() error {
	return cmdPathHelper("gofmt")
}
