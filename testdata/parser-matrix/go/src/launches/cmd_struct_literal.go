// An exec.Cmd literal: Path is what runs, Args[0] is only its display name.
package launches

import "os/exec"

func cmdStructLiteral() error {
	cmd := &exec.Cmd{Path: "/opt/tools/claude", Args: []string{"agent", "-p"}} // want "RED:process-api"
	return cmd.Run()
}
