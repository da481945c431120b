// Clean: a variable holding the name that is printed, never executed.
package launches

import "fmt"

func cleanVarNeverExecuted() {
	agent := "claude"
	fmt.Println("supported agent:", agent)
}
