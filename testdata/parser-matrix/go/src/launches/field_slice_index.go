// An element of a struct field that holds a list (`a.config.Command[0]`,
// Command []string set to {"claude"} by a constructor): the elements of
// every value the package gives the field, as a set. A public
// repository's agent started claude this way. The same shape holding
// gofmt stays green.
package launches

import (
	"context"
	"os/exec"
)

type sliceConfig struct{ Command []string }

type sliceAgent struct{ config sliceConfig }

func newSliceAgent() *sliceAgent {
	return &sliceAgent{config: sliceConfig{Command: []string{"claude"}}}
}

func (a *sliceAgent) run(ctx context.Context, prompt string) error {
	return exec.CommandContext(ctx, a.config.Command[0], "-p", prompt).Run() // want "RED:variable-execution"
}

type sliceToolConfig struct{ Command []string }

type sliceToolRunner struct{ config sliceToolConfig }

func newSliceToolRunner() *sliceToolRunner {
	return &sliceToolRunner{config: sliceToolConfig{Command: []string{"gofmt", "-l"}}}
}

func (r *sliceToolRunner) run(ctx context.Context) error {
	return exec.CommandContext(ctx, r.config.Command[0], r.config.Command[1:]...).Run()
}
