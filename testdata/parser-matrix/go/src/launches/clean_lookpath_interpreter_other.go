// Clean: node given the path of another tool's CLI.
package launches

import "os/exec"

func cleanLookPathInterpreterOther() error {
	p, err := exec.LookPath("prettier")
	if err != nil {
		return err
	}
	return exec.Command("node", p, "--check", ".").Run()
}
