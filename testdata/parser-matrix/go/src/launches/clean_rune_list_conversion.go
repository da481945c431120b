// Clean near miss of rune_list_conversion.go: the slice literal spells
// another tool (git).
package launches

import "os/exec"

func runeListGit() error {
	return exec.Command(string([]byte{'g', 'i', 't'}), "log", "--grep", "claude").Run()
}
