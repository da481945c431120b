// Methods that receive the program as a parameter several calls deep: the
// launch is found at the call that names the runtime, and its message
// names the helper chain. The same chain running a fixed tool stays green.
package launches

import "os/exec"

type agentHost struct{ dir string }

func (h *agentHost) Start(bin string, prompt string) error { return h.launch(bin, "-p", prompt) }

func (h *agentHost) launch(bin string, args ...string) error { return h.spawn(bin, args) }

func (h *agentHost) spawn(bin string, args []string) error {
	cmd := exec.Command(bin, args...)
	cmd.Dir = h.dir
	return cmd.Run()
}

func (h *agentHost) Lint() error { return h.spawn("golangci-lint", []string{"run"}) }

func helperChainMethods(h *agentHost) {
	_ = h.Start("claude", "fix the build") // want "RED:process-api"
	_ = h.Start("gofmt", "-l")
	_ = h.Lint()
}
