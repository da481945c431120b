// An environment variable the code sets (os.Setenv) and then reads as the
// command: the value read is any value the code gives that name, or one
// found at run time, so dynamic.
package launches

import (
	"os"
	"os/exec"
)

func envSetThenRead() error {
	_ = os.Setenv("AGENT_CMD", "claude")
	return exec.Command(os.Getenv("AGENT_CMD"), "-p").Run() // want "RED:dynamic"
}

func envLookupSet() error {
	bin, ok := os.LookupEnv("AGENT_CMD")
	if !ok {
		return nil
	}
	return exec.Command(bin).Run() // want "RED:dynamic"
}
