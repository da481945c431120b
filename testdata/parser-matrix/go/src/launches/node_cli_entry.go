// node running the installed package's entry script is a path into the runtime package.
package launches

import "os/exec"

func nodeCLIEntry() *exec.Cmd {
	return exec.Command("node", "node_modules/@anthropic-ai/claude-code/cli.js", "-p") // want "RED:process-api"
}
