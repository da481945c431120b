// syscall.Exec replaces the process: the path argument names the runtime.
package launches

import (
	"os"
	"syscall"
)

func syscallExec() error {
	return syscall.Exec("/usr/local/bin/claude", []string{"claude", "-p"}, os.Environ()) // want "RED:process-api"
}
