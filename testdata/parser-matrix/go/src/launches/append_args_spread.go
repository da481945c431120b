// The runtime named literally, its arguments built with append and spread.
package launches

import "os/exec"

func appendArgsSpread(prompt string) *exec.Cmd {
	base := []string{"-p", "--output-format", "json"}
	return exec.Command("claude", append(base, prompt)...) // want "RED:process-api"
}
