// The gated form through CommandContext, with --runtime=NAME spelled as one word.
package launches

import (
	"context"
	"os/exec"
)

func gatedCommandContext(ctx context.Context) error {
	cmd := exec.CommandContext(ctx, "/usr/local/bin/launch-runtime", "--runtime=pi", "--", "-p") // want "GATED"
	return cmd.Run()
}
