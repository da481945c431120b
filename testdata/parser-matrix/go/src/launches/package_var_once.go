// A package-level variable with one value, used in another function.
package launches

import "os/exec"

var agentBinary = "pi"

func packageVarOnce() *exec.Cmd {
	return exec.Command(agentBinary, "--print") // want "RED:variable-execution"
}
