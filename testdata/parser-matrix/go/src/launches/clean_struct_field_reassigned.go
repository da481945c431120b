// A field that defaults to a runtime and is then set from a parameter: its
// values are a set ("claude" or a run-time value), so the launch is dynamic.
// This case was clean while fields were followed only when never assigned;
// values are sets now (issue 15), and a default that names a runtime is
// never hidden by a later unknown. The near miss is
// clean_struct_field_other_tool.go.
package launches

import "os/exec"

type toolConfig struct{ Bin string }

func cleanStructFieldReassigned(bin string) *exec.Cmd {
	cfg := &toolConfig{Bin: "claude"}
	cfg.Bin = bin
	return exec.Command(cfg.Bin) // want "RED:dynamic"
}
