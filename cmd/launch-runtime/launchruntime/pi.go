package launchruntime

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/leasegate/leasegate/integrations"
)

// piExtension is integrations/pi/gate.ts with gatePath filled in.
func piExtension(gatePath string) ([]byte, error) {
	quoted, err := json.Marshal(gatePath)
	if err != nil {
		return nil, err
	}
	return bytes.ReplaceAll(integrations.PiGate, []byte(`"`+integrations.GatePlaceholder+`"`), quoted), nil
}

// piArgv puts the gate extension first and turns extension discovery off,
// so that nothing in the project or the agent folder can replace it. The
// user's own -e extensions still load, after the gate.
func piArgv(bin, extension string, args []string) []string {
	return append([]string{bin, "-ne", "-e", extension}, args...)
}

// checkPiArgs refuses Pi's RPC mode: its stdin takes "bash" commands that
// Pi runs itself, outside any tool call, so the gate never sees them.
// Every spelling counts, up to a "--" (over-approximation).
func checkPiArgs(args []string) error {
	for i, a := range args {
		if a == "--" {
			return nil
		}
		name, v, inline := strings.Cut(a, "=")
		if name != "--mode" {
			continue
		}
		if !inline && i+1 < len(args) {
			v = args[i+1]
		}
		if strings.TrimSpace(v) == "rpc" {
			return refuse("--mode rpc", "Pi runs the bash commands its RPC stdin sends with no tool call, so the gate never sees them; use the default, print or json mode")
		}
	}
	return nil
}
