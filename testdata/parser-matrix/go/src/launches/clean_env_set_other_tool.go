// Near miss of env_set_then_read.go: an environment variable set to git
// and read as the command, and one naming claude that is only printed.
package launches

import (
	"fmt"
	"os"
	"os/exec"
)

func envSetOtherTool() error {
	_ = os.Setenv("VCS_CMD", "git")
	fmt.Println(os.Getenv("MODEL_FAMILY"))
	return exec.Command(os.Getenv("VCS_CMD"), "status").Run()
}

func envSetDataOnly() {
	_ = os.Setenv("MODEL_FAMILY", "claude")
}
