// Clean near miss of func_value_map.go: the process API from a map of
// functions runs another tool (git), with a runtime named as an argument.
package launches

import "os/exec"

var funcGitRunners = map[string]func(string, ...string) *exec.Cmd{
	"default": exec.Command,
}

func funcMapGit() error {
	run := funcGitRunners["default"]
	return run("git", "log", "--grep", "claude").Run()
}
