// strings.Fields of a constant command line, then spread.
package launches

import (
	"os/exec"
	"strings"
)

func stringsFieldsSpread() *exec.Cmd {
	parts := strings.Fields("pi --print triage")
	return exec.Command(parts[0], parts[1:]...) // want "RED:variable-execution"
}
