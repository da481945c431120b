// Capitals lowered into another tool's name, a runtime's name in
// capitals only an argument of it: not a launch.
package launches

import (
	"os/exec"
	"strings"
)

func cleanCaseConversionName() error {
	tool := strings.ToLower("GIT")
	return exec.Command(tool, "log", "--grep", strings.ToLower("CLAUDE")).Run()
}
