// A shell string handed to bash -c goes through the shell detector: eval.
package launches

import "os/exec"

func bashCString() *exec.Cmd {
	return exec.Command("bash", "-c", "cd /repo && claude -p 'review'") // want "RED:eval"
}
