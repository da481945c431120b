// Near miss of shell_stdin_script.go: a shell fed a script that runs git,
// and a program that is not a shell (grep) fed text naming claude, and a
// shell given a script file, which reads its stdin only as data.
package launches

import (
	"os/exec"
	"strings"
)

func shellStdinOther() error {
	cmd := exec.Command("sh")
	cmd.Stdin = strings.NewReader("git log --grep claude")
	return cmd.Run()
}

func grepStdinMentions() error {
	cmd := exec.Command("grep", "-c", "x")
	cmd.Stdin = strings.NewReader("claude -p review")
	return cmd.Run()
}

func shellScriptFileStdin() error {
	cmd := exec.Command("bash", "deploy.sh")
	cmd.Stdin = strings.NewReader("claude -p review")
	return cmd.Run()
}
