// Clean: grep for the word claude in a log.
package launches

import "os/exec"

func cleanGrepClaude() *exec.Cmd {
	return exec.Command("grep", "-n", "claude", "session.log")
}
