// A program name hidden by a separator that a replacement takes out
// (review16 case 83): strings.ReplaceAll("cl_aude", "_", ""). The
// relevance question reads a literal also without the marks between its
// letters, so this file alone is checked, and the replacement is applied
// to its known arguments: RED.
package launches

import (
	"os/exec"
	"strings"
)

func splitNameRun() error {
	bin := strings.ReplaceAll("cl_aude", "_", "")
	return exec.Command(bin, "-p", "go").Run() // want "RED:variable-execution"
}
