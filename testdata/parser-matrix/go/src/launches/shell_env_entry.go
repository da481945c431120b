// A shell script that runs an environment variable which the Cmd's Env
// sets: the script is judged with the variable set (reported at the Env
// assignment, class eval as any -c script), so the runtime runs.
package launches

import (
	"os"
	"os/exec"
)

func shellEnvEntry() error {
	cmd := exec.Command("sh", "-c", "$AGENT -p review")
	cmd.Env = append(os.Environ(), "AGENT=claude") // want "RED:eval"
	return cmd.Run()
}
