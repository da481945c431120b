// node given the path LookPath found for claude runs the runtime's CLI.
package launches

import "os/exec"

func lookPathInterpreter() error {
	p, err := exec.LookPath("claude")
	if err != nil {
		return err
	}
	return exec.Command("node", p, "-p", "hi").Run() // want "RED:dynamic"
}
