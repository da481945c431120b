// A function value holding exec.Command (the test seam pattern): calling it
// is calling exec.Command. The same seam running git stays green.
package launches

import "os/exec"

var execCommand = exec.Command

func funcValueExec() {
	_ = execCommand("claude", "-p", "x").Run() // want "RED:process-api"
	_ = execCommand("git", "status").Run()
}
