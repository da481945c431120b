// Closures running other tools: a literal's parameter is each argument
// the package gives it, and none of them is a runtime.
package launches

import "os/exec"

func cleanClosureParam() {
	start := func(prog string, rest ...string) error {
		return exec.Command(prog, rest...).Start()
	}
	_ = start("git", "log", "--author=claude")
	for _, tool := range []string{"gofmt", "goimports"} {
		go func(t string) { _ = exec.Command(t, "-l", "pi.go").Run() }(tool)
	}
	counter := func() string { return "wc" }
	_ = exec.Command(counter(), "-l", "claude.log").Run()
}
