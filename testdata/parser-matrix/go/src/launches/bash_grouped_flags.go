// exec.Command through grouped shell flags: bash -lc, -euo pipefail -c.
// A -lc string without a runtime stays green.
package launches

import "os/exec"

func bashGroupedFlags() {
	_ = exec.Command("bash", "-lc", "cd /repo && claude -p 'fix the build'").Run() // want "RED:eval"
	_ = exec.Command("bash", "-euo", "pipefail", "-c", `claude -p "review"`).Run() // want "RED:eval"
	_ = exec.Command("bash", "-lc", "make test").Run()
}
