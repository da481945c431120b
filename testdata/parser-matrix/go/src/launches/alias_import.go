// os/exec under another name.
package launches

import run "os/exec"

func aliasImport() *run.Cmd {
	return run.Command("pi", "-p", "hello") // want "RED:process-api"
}
