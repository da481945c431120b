// A constant script given to bash -lc is folded, then scanned as shell.
package launches

import "os/exec"

const nightlyScript = "set -e; pi --print 'triage the queue'"

func shellScriptConst() *exec.Cmd {
	return exec.Command("bash", "-lc", nightlyScript) // want "RED:eval"
}
