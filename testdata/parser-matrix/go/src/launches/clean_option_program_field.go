// Clean near miss of option_program_field.go: the same functional options
// setting a program field, a tmux client typing a command that is not a
// runtime (`git status`, while the window is named claude) and an option
// given another tool (gofmt) over a "git" default.
package launches

import "os/exec"

type muxClient struct{ muxPath string }

type muxOption func(*muxClient)

func withMuxPath(p string) muxOption { return func(c *muxClient) { c.muxPath = p } }

func newMuxClient(opts ...muxOption) *muxClient {
	c := &muxClient{muxPath: "tmux"}
	for _, o := range opts {
		o(c)
	}
	return c
}

func (c *muxClient) sendKeys() error {
	return exec.Command(c.muxPath, "send-keys", "-t", "claude:0", "git status", "C-m").Run()
}

type toolOpts struct{ tool string }

type toolOption func(*toolOpts)

func withToolOpt(p string) toolOption { return func(o *toolOpts) { o.tool = p } }

func runToolOpts(options ...toolOption) error {
	o := &toolOpts{tool: "git"}
	for _, f := range options {
		f(o)
	}
	return exec.Command(o.tool, "-p", "claude").Run()
}

func useToolOpts() error { return runToolOpts(withToolOpt("gofmt")) }
