// Clean: entries set later that are other tools, and an entry of another
// key than the one set to a runtime.
package launches

import "os/exec"

func cleanIndexLiteralsSet() {
	bins := map[string]string{"review": "git"}
	bins["lint"] = "golangci-lint"
	_ = exec.Command(bins["review"]).Run()
	_ = exec.Command(bins["other"]).Run()
	tools := map[string]string{"fmt": "gofmt"}
	tools["agent"] = "claude"
	_ = exec.Command(tools["fmt"], "-l").Run()
}
