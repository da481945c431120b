// A conversion to a string type is its operand: a helper that runs
// string(bin), or a named string type converted back, still hands the
// caller's value to the process API. The same helper running git stays
// green.
package launches

import "os/exec"

type binary string

func runConverted(b string) { _ = exec.Command(string(b), "-p").Run() }

func runNamed(b binary) { _ = exec.Command(string(b)).Run() }

func conversionToString() {
	runConverted("claude") // want "RED:process-api"
	runNamed("pi")         // want "RED:process-api"
	runConverted("git")
	_ = exec.Command(string(binary("claude"))).Run() // want "RED:process-api"
}
