// npx of the Claude Code package: the package runner is the more specific class.
package launches

import "os/exec"

func npxPackageRunner() *exec.Cmd {
	return exec.Command("npx", "-y", "@anthropic-ai/claude-code", "-p", "hi") // want "RED:package-runner"
}
