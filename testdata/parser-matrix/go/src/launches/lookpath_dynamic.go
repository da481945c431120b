// exec.LookPath("claude") found at run time and executed later is dynamic.
package launches

import "os/exec"

func lookPathDynamic() error {
	path, err := exec.LookPath("claude")
	if err != nil {
		return err
	}
	return exec.Command(path, "-p", "hello").Run() // want "RED:dynamic"
}
