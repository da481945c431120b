// A program name computed from constants by the pure functions of package
// strings and fmt.Sprint: strings.ReplaceAll("cl_aude", "_", ""),
// strings.ToLower("CLAUDE"), fmt.Sprint("cla", "ude") (string operands
// are joined without a space), also returned by an interface method's
// implementation. Each is applied to its known arguments: RED.
package launches

import (
	"fmt"
	"os/exec"
	"strings"
)

func replacedRun() error {
	bin := strings.ReplaceAll("claude_x", "_x", "")
	return exec.Command(bin, "-p", "go").Run() // want "RED:variable-execution"
}

func loweredRun() error {
	return exec.Command(strings.ToLower("CLAUDE"), "-p").Run() // want "RED:process-api"
}

type sprintTool interface{ Bin() string }

type sprintReviewer struct{}

func (sprintReviewer) Bin() string { return fmt.Sprint("cla", "ude") }

func sprintRun() error {
	var t sprintTool = sprintReviewer{}
	return exec.Command(t.Bin(), "-p", "go").Run() // want "RED:variable-execution"
}
