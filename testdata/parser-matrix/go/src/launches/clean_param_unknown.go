// Clean: a command name from a parameter cannot be resolved and is not guessed.
package launches

import "os/exec"

func cleanParamUnknown(name string, args ...string) *exec.Cmd {
	return exec.Command(name, args...)
}
