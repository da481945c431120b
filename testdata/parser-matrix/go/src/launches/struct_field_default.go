// A binary name in a struct literal's field, read back from the variable: variable-execution.
package launches

import "os/exec"

type agentConfig struct {
	Binary string
	Args   []string
}

var defaultAgent = agentConfig{Binary: "claude", Args: []string{"-p"}}

func structFieldDefault() *exec.Cmd {
	return exec.Command(defaultAgent.Binary, defaultAgent.Args...) // want "RED:variable-execution"
}
