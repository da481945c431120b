// Clean: a field that holds another tool in its literal and is set from a
// parameter later. No value of the set names a runtime.
package launches

import "os/exec"

type linterConfig struct{ Bin string }

func cleanStructFieldOtherTool(bin string) *exec.Cmd {
	cfg := &linterConfig{Bin: "golangci-lint"}
	cfg.Bin = bin
	return exec.Command(cfg.Bin, "run")
}
