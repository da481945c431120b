// env with assignments in front of the runtime is peeled by the judge.
package launches

import "os/exec"

func envWrapper() *exec.Cmd {
	return exec.Command("env", "NO_COLOR=1", "timeout", "600", "claude", "-p") // want "RED:process-api"
}
