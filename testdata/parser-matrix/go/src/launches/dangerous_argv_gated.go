// Even through the wrapper, the raw bypass flag is RED: ask for --dangerous instead.
package launches

import "os/exec"

func dangerousArgvGated() *exec.Cmd {
	return exec.Command("launch-runtime", "--runtime", "claude", "--", "--dangerously-skip-permissions") // want "GATED" "RED:dangerous-primitive"
}
