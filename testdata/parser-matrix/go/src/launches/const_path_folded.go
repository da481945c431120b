// Constants joined into an absolute path: folded, and the path ends in the runtime.
package launches

import "os/exec"

const (
	binDir  = "/usr/local/bin/"
	binName = "pi"
)

func constPathFolded() *exec.Cmd {
	return exec.Command(binDir+binName, "--help") // want "RED:process-api"
}
