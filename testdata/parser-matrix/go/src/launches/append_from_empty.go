// An argv built by appends to a variable declared empty: the elements
// each append adds, in the order written, so the program is the first
// one appended.
package launches

import "os/exec"

func appendFromEmpty(task string) error {
	var cmdline []string
	cmdline = append(cmdline, "pi")
	cmdline = append(cmdline, "--print", task)
	return exec.Command(cmdline[0], cmdline[1:]...).Run() // want "RED:variable-execution"
}
