// An exec.Cmd made for one program and then pointed at another: an
// assignment to its Path or Args changes what it runs, so each joins the
// set of what the Cmd runs (also a Cmd held in a struct's field).
package launches

import "os/exec"

func cmdPathAssigned() error {
	cmd := exec.Command("true")
	cmd.Path = "/usr/local/bin/claude" // want "RED:process-api"
	cmd.Args = []string{"claude", "-p", "x"}
	return cmd.Run()
}

type cmdHolder struct{ cmd *exec.Cmd }

func (h *cmdHolder) start() error {
	h.cmd = exec.Command("npx")
	h.cmd.Args = []string{"npx", "-y", "@anthropic-ai/claude-code"} // want "RED:package-runner"
	return h.cmd.Start()
}

func cmdPathHelper(bin string) error {
	cmd := exec.Command("true")
	cmd.Path = bin
	return cmd.Run()
}

func cmdPathHelperCall() error {
	return cmdPathHelper("pi") // want "RED:process-api"
}

func cmdPathLookedUp() error {
	cmd := exec.Command("true", "-p")
	var err error
	cmd.Path, err = exec.LookPath("claude") // want "RED:dynamic"
	if err != nil {
		return err
	}
	return cmd.Run()
}
