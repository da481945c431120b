// Clean: a formatted shell string that only echoes the runtime's name.
package launches

import (
	"fmt"
	"os/exec"
)

func cleanSprintfEcho(name string) *exec.Cmd {
	return exec.Command("sh", "-c", fmt.Sprintf("echo %s uses claude", name))
}
