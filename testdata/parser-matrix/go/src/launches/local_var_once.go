// A local string variable assigned once is tracked: variable-execution.
package launches

import "os/exec"

func localVarOnce() error {
	bin := "claude"
	return exec.Command(bin, "-p", "hi").Run() // want "RED:variable-execution"
}
