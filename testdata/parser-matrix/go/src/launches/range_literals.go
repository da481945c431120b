// Map and slice literals ranged over: the range variable is each element
// (or key), so a runtime among them is launched. Ranging over tools that
// are not runtimes stays green.
package launches

import "os/exec"

var agentBins = map[string]string{"review": "claude", "lint": "golangci-lint"}

func rangeLiterals() {
	for _, bin := range []string{"claude", "pi"} {
		_ = exec.Command(bin, "-p", "x").Run() // want "RED:variable-execution"
	}
	for task, bin := range agentBins {
		_ = exec.Command(bin, task).Run() // want "RED:variable-execution"
	}
	for _, t := range []struct{ Bin string }{{Bin: "pi"}} {
		_ = exec.Command(t.Bin).Run() // want "RED:variable-execution"
	}
	for _, tool := range []string{"gofmt", "go"} {
		_ = exec.Command(tool, "version").Run()
	}
}
