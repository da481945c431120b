// A shell started without a script reads its commands from stdin: a Cmd
// of sh or bash whose Stdin the code sets to a known text runs that text,
// judged as `sh -c TEXT`.
package launches

import (
	"bytes"
	"os/exec"
	"strings"
)

func shellStdinScript() error {
	cmd := exec.Command("bash")
	cmd.Stdin = strings.NewReader("cd /repo && claude -p review") // want "RED:eval"
	return cmd.Run()
}

const stdinScript = "pi -p summarize"

func shellStdinBytes() error {
	cmd := exec.Command("/bin/sh", "-s")
	cmd.Stdin = bytes.NewReader([]byte(stdinScript)) // want "RED:eval"
	return cmd.Run()
}
