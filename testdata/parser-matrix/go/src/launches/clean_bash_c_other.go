// Clean: a shell string that only prints the name.
package launches

import "os/exec"

func cleanBashCOther() *exec.Cmd {
	return exec.Command("bash", "-c", "echo 'claude is not started here' >&2")
}
