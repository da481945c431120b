// Clean: a literal key picks an entry that is not a runtime, and a literal
// whose every value is another tool.
package launches

import "os/exec"

var lintBins = map[string]string{"review": "claude", "lint": "golangci-lint"}

func cleanIndexLiterals(k string, i int) {
	_ = exec.Command(lintBins["lint"], "run").Run()
	tools := map[string]string{"fmt": "gofmt", "vet": "go"}
	_ = exec.Command(tools[k]).Run()
	_ = exec.Command([]string{"git", "npm"}[i], "version").Run()
}
