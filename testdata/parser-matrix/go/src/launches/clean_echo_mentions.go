// Clean: claude is only an argument to echo.
package launches

import "os/exec"

func cleanEchoMentions() *exec.Cmd {
	return exec.Command("echo", "run claude to start the agent")
}
