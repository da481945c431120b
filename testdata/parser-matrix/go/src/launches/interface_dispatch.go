// A call through an interface method is every implementation the package
// declares (issue 16): `s.Run("claude")` reaches `hostRunner.Run`, which
// starts its parameter; a function returning the command is every value
// it returns. The same calls with git stay green, and so does an
// implementation that runs a fixed tool.
package launches

import "os/exec"

type runner interface{ Run(bin string) error }

type hostRunner struct{}

func (hostRunner) Run(bin string) error { return exec.Command(bin, "-p").Run() }

type fmtRunner struct{}

func (fmtRunner) Run(string) error { return exec.Command("gofmt", "-l").Run() }

func agentCommand() string { return "claude" }

func vcsCommand() string { return "git" }

func interfaceDispatch(s runner) {
	_ = s.Run("claude") // want "RED:process-api"
	_ = s.Run("git")
	_ = exec.Command(agentCommand(), "-p").Run() // want "RED:variable-execution"
	_ = exec.Command(vcsCommand(), "status").Run()
}
