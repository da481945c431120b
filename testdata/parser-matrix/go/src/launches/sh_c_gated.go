// sh -c with the gated wrapper inside the string stays gated.
package launches

import "os/exec"

func shCGated() *exec.Cmd {
	return exec.Command("sh", "-c", "launch-runtime --runtime claude -- -p hi") // want "GATED"
}
