// Clean: a field that the code reassigns from a parameter is not followed.
package launches

import "os/exec"

type toolConfig struct{ Bin string }

func cleanStructFieldReassigned(bin string) *exec.Cmd {
	cfg := &toolConfig{Bin: "claude"}
	cfg.Bin = bin
	return exec.Command(cfg.Bin)
}
