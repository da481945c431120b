// Clean: another tool, and a version variable named after the runtime.
package launches

import "os/exec"

const claudeVersion = "1.0.0"

func cleanOtherTool() *exec.Cmd {
	return exec.Command("npm", "view", "@anthropic-ai/claude-code@"+claudeVersion, "version")
}
