// Near miss of shell_env_entry.go: the Env entry naming claude is only
// echoed by the script, and a script that runs an entry set to git.
package launches

import (
	"os"
	"os/exec"
)

func shellEnvEntryData() error {
	cmd := exec.Command("sh", "-c", "echo model family: $FAMILY")
	cmd.Env = append(os.Environ(), "FAMILY=claude")
	return cmd.Run()
}

func shellEnvEntryOtherTool() error {
	cmd := exec.Command("bash", "-lc", "$VCS status")
	cmd.Env = []string{"VCS=git", "NOTE=claude"}
	return cmd.Run()
}
