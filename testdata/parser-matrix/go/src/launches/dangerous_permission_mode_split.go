// --permission-mode and its bypass value as two argv elements on two lines.
package launches

import "os/exec"

func permissionModeSplit() *exec.Cmd {
	return exec.Command("launch-runtime", "--runtime", "claude", "--", // want "GATED"
		"--permission-mode", // want "RED:dangerous-primitive"
		"bypassPermissions")
}
