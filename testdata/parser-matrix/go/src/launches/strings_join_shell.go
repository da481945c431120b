// A command line joined from a literal slice and handed to bash -c.
package launches

import (
	"os/exec"
	"strings"
)

func stringsJoinShell() *exec.Cmd {
	parts := []string{"pi", "--print", "'summarise'"}
	return exec.Command("bash", "-c", strings.Join(parts, " ")) // want "RED:eval"
}
