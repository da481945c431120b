// The same argv built by appends, its program another tool and the
// runtime's name only an argument of it.
package launches

import "os/exec"

func cleanAppendFromEmpty() error {
	var cmdline []string
	cmdline = append(cmdline, "git")
	cmdline = append(cmdline, "log", "--grep", "claude")
	return exec.Command(cmdline[0], cmdline[1:]...).Run()
}
