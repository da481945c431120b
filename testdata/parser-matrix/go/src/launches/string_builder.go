// A program name written into a strings.Builder (or a bytes.Buffer) piece
// by piece: `sb.WriteString("cla"); sb.WriteString("ude"); sb.String()`.
// Each write adds its piece as `s += p` does (a byte or rune written is
// its character), so the builder's String is the pieces in the order
// written: RED.
package launches

import (
	"bytes"
	"os/exec"
	"strings"
)

func builderRun() error {
	var sb strings.Builder
	sb.WriteString("cla")
	sb.WriteString("ude")
	return exec.Command(sb.String(), "-p", "go").Run() // want "RED:variable-execution"
}

func bufferRun() error {
	var b bytes.Buffer
	b.WriteByte('p')
	b.WriteRune('i')
	return exec.Command(b.String(), "-p", "go").Run() // want "RED:variable-execution"
}
