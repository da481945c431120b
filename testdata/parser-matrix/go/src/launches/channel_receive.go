// A program name sent on a channel and received before the launch: `ch <-
// "claude"; bin := <-ch`. A receive is every value the package sends on
// that channel variable, and one found at run time (a send the analysis
// does not see, in a function the channel is handed to): RED dynamic.
package launches

import "os/exec"

func channelRun() error {
	ch := make(chan string, 1)
	ch <- "claude"
	bin := <-ch
	return exec.Command(bin, "-p", "go").Run() // want "RED:dynamic"
}
