// A constant built by concatenation is folded by the type checker.
package launches

import "os/exec"

const agentName = "cl" + "aude"

func constFoldedConcat() *exec.Cmd {
	return exec.Command(agentName, "-p") // want "RED:process-api"
}
