// A process API kept as an element of a map (or slice) of functions:
// `runners := map[string]func(string, ...string) *exec.Cmd{"default":
// exec.Command}`, then `run := runners["default"]; run("claude")` or
// `runners["default"]("claude")`. Any element may be the one called,
// whatever the key, so the call is the process API's: RED.
package launches

import "os/exec"

var funcRunners = map[string]func(string, ...string) *exec.Cmd{
	"default": exec.Command,
}

func funcMapRun() error {
	run := funcRunners["default"]
	return run("claude", "-p", "go").Run() // want "RED:process-api"
}

func funcSliceRun() error {
	runs := []func(string, ...string) *exec.Cmd{exec.Command}
	return runs[0]("pi", "-p").Run() // want "RED:process-api"
}
