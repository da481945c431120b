// Clean near miss of channel_receive.go: the channel carries another
// tool's name (git); a runtime is named only as an argument.
package launches

import "os/exec"

func channelGit() error {
	ch := make(chan string, 1)
	ch <- "git"
	return exec.Command(<-ch, "log", "--grep", "claude").Run()
}
