package launchruntime

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/leasegate/leasegate/integrations"
	"github.com/leasegate/leasegate/lease/wire"
)

// gateIdentity is what launch-runtime bakes into the hook's command line in
// the files it generates for one session: the session, its generation, the
// socket and the broker process it registered on. The hook takes these from
// its own command line, never from the environment, which Claude Code
// settings can change ({"env": {"LEASEGATE_SOCKET": ...}}), and asks only
// that broker process (docs/mutator-gate.md).
type gateIdentity struct {
	Session    string
	Generation uint64
	Socket     string
	Broker     wire.Process
}

// args is the identity as mutator-gate flags, before the mode.
func (id gateIdentity) args() []string {
	return []string{"--session", id.Session, "--generation", strconv.FormatUint(id.Generation, 10),
		"--socket", id.Socket, "--broker", id.Broker.String()}
}

// bakeClaudeSettings puts id in front of the args of every hook in settings
// (built by buildClaudeSettings) whose command is gatePath. It fails when
// there is none: a session file without its gate is never written.
func bakeClaudeSettings(settings []byte, gatePath string, id gateIdentity) ([]byte, error) {
	s, err := parseSettings(settings)
	if err != nil {
		return nil, err
	}
	n := 0
	hooks, _ := s["hooks"].(map[string]any)
	for _, groups := range hooks {
		gs, _ := groups.([]any)
		for _, g := range gs {
			gm, _ := g.(map[string]any)
			hs, _ := gm["hooks"].([]any)
			for _, h := range hs {
				hm, _ := h.(map[string]any)
				if hm == nil || hm["command"] != gatePath {
					continue
				}
				old, _ := hm["args"].([]any)
				args := make([]any, 0, len(old)+8)
				for _, a := range id.args() {
					args = append(args, a)
				}
				hm["args"] = append(args, old...)
				n++
			}
		}
	}
	if n == 0 {
		return nil, fmt.Errorf("internal error: no gate hook (%s) in the generated settings", gatePath)
	}
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// bakePiExtension writes id into a gate extension built by piExtension.
func bakePiExtension(ext []byte, id gateIdentity) ([]byte, error) {
	list, err := json.Marshal(id.args())
	if err != nil {
		return nil, err
	}
	ph := []byte(integrations.GateArgsPlaceholder)
	if bytes.Count(ext, ph) != 1 {
		return nil, fmt.Errorf("internal error: the Pi gate extension has %d identity placeholders, want 1", bytes.Count(ext, ph))
	}
	return bytes.Replace(ext, ph, list, 1), nil
}
