// An argv literal slice spread into exec.Command(args[0], args[1:]...).
package launches

import "os/exec"

func sliceSpread() *exec.Cmd {
	args := []string{"claude", "-p", "fix the tests"}
	return exec.Command(args[0], args[1:]...) // want "RED:variable-execution"
}
