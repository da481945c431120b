// The gated form: launch-runtime --runtime NAME before the -- separator.
package launches

import "os/exec"

func gatedExecCommand() *exec.Cmd {
	return exec.Command("launch-runtime", "--runtime", "claude", "--", "-p", "review") // want "GATED"
}
