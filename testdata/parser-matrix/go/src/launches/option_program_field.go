// A program held in a struct field that a functional option may set
// (multiclaude's tmux client, issue 16): `tmuxPath` is "tmux" from the
// constructor, or what `withTmuxPath` is given (no caller here: found at
// run time). No value names a runtime, but `tmux send-keys … "claude …"`
// launches one: each known value is judged with the rest of the command
// (RED eval). An option given the runtime itself (`withProgOpt("claude")`
// over a "git" default) is every argument the option is called with: RED
// dynamic at the process API.
package launches

import "os/exec"

type tmuxClient struct{ tmuxPath string }

type tmuxOption func(*tmuxClient)

func withTmuxPath(p string) tmuxOption { return func(c *tmuxClient) { c.tmuxPath = p } }

func newTmuxClient(opts ...tmuxOption) *tmuxClient {
	c := &tmuxClient{tmuxPath: "tmux"}
	for _, o := range opts {
		o(c)
	}
	return c
}

func (c *tmuxClient) sendKeys(target string) error {
	return exec.Command(c.tmuxPath, "send-keys", "-t", target, "claude --session-id 42", "C-m").Run() // want "RED:eval"
}

type progOpts struct{ prog string }

type progOption func(*progOpts)

func withProgOpt(p string) progOption { return func(o *progOpts) { o.prog = p } }

func runProgOpts(options ...progOption) error {
	o := &progOpts{prog: "git"}
	for _, f := range options {
		f(o)
	}
	return exec.Command(o.prog, "-p", "hi").Run() // want "RED:dynamic"
}

func useProgOpts() error { return runProgOpts(withProgOpt("claude")) }
