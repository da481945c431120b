// A helper that hands its parameters to exec.Command: the launch is at the call that names the runtime.
package launches

import "os/exec"

func runTool(name string, args ...string) error {
	return exec.Command(name, args...).Run()
}

func wrapperFunctionParam() error {
	if err := runTool("git", "status"); err != nil {
		return err
	}
	return runTool("claude", "-p", "review") // want "RED:process-api"
}
