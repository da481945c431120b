// A dot import of os/exec: Command is still os/exec.Command to the type checker.
package launches

import . "os/exec"

func dotImport() *Cmd {
	return Command("claude", "--version") // want "RED:process-api"
}
