// A variable with a runtime default that a flag may replace at run time: dynamic.
package launches

import (
	"os"
	"os/exec"
)

func reassignedFromArgs() *exec.Cmd {
	bin := "claude"
	if len(os.Args) > 1 {
		bin = os.Args[1]
	}
	return exec.Command(bin) // want "RED:dynamic"
}
