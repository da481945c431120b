// exec.CommandContext: the name is the second argument, after the context.
package launches

import (
	"context"
	"os/exec"
)

func execCommandContext(ctx context.Context) *exec.Cmd {
	return exec.CommandContext(ctx, "pi", "--print", "hello") // want "RED:process-api"
}
