// A runtime's name written in capitals and lowered at run time
// (`strings.ToLower("PI")`): the package counts as one that can start a
// runtime (a literal is also read lowered), and the conversion is
// applied to the known argument.
package launches

import (
	"os/exec"
	"strings"
)

func caseConversionName() error {
	agent := strings.ToLower("PI")
	return exec.Command(agent, "--print", "x").Run() // want "RED:variable-execution"
}
