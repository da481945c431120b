// The same provider held in a variable, returning another tool: not a
// launch.
package launches

import "os/exec"

func formatterName() string { return "gofmt" }

func cleanFuncValueProvider() error {
	pick := formatterName
	return exec.Command(pick(), "-l", "claude.go").Run()
}
