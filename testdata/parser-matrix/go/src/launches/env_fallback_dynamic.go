// An environment look-up with a known runtime fallback, like ${AGENT:-claude}.
package launches

import (
	"os"
	"os/exec"
)

func envFallbackDynamic() *exec.Cmd {
	bin := os.Getenv("AGENT_BIN")
	if bin == "" {
		bin = "claude"
	}
	return exec.Command(bin, "-p") // want "RED:dynamic"
}
