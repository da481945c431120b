// exec.Command naming claude literally is the plain process-API launch.
package launches

import "os/exec"

func execCommandLiteral() error {
	return exec.Command("claude", "-p", "summarise the diff").Run() // want "RED:process-api"
}
