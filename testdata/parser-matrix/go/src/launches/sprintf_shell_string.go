// A shell string built with fmt.Sprintf from a constant format is still scanned as shell.
package launches

import (
	"fmt"
	"os/exec"
)

func sprintfShellString(dir, prompt string) *exec.Cmd {
	return exec.Command("sh", "-c", fmt.Sprintf("cd %s && claude -p %q", dir, prompt)) // want "RED:eval"
}
