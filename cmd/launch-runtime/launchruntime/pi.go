package launchruntime

import (
	"bytes"
	"encoding/json"

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
