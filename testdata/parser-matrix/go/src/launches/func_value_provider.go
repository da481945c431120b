// A variable holding a declared function that returns the program
// (`pick := reviewerName`): its call is every value the function's
// return statements give, as a direct call would be.
package launches

import "os/exec"

func reviewerName() string { return "pi" }

func funcValueProvider() error {
	pick := reviewerName
	return exec.Command(pick(), "--print", "review").Run() // want "RED:variable-execution"
}
