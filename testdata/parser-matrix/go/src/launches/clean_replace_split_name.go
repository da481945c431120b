// Clean near miss of replace_split_name.go: the replacement spells
// another tool (git).
package launches

import (
	"os/exec"
	"strings"
)

func splitNameGit() error {
	bin := strings.ReplaceAll("g_it", "_", "")
	return exec.Command(bin, "log").Run()
}
