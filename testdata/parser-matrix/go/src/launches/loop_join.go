// A program name joined by a loop over a list literal: `for _, n := range
// []string{"cla", "ude"} { bin += n }`. Besides each element alone, the
// loop run to its end adds every element in turn, so `bin` may be
// "claude"; the pieces of a loop are a set, so the launch is RED dynamic.
package launches

import "os/exec"

func loopJoinRun() error {
	names := []string{"cla", "ude"}
	bin := ""
	for _, n := range names {
		bin += n
	}
	return exec.Command(bin, "-p", "go").Run() // want "RED:dynamic"
}
