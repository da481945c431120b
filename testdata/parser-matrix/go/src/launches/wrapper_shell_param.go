// A helper that runs its argument with sh -c: the script at the call is scanned as shell.
package launches

import "os/exec"

func shellRun(script string) ([]byte, error) {
	return exec.Command("sh", "-c", script).Output()
}

func wrapperShellParam() {
	_, _ = shellRun("make test")
	_, _ = shellRun("pi --print 'triage'")                      // want "RED:eval"
	_, _ = shellRun("launch-runtime --runtime pi -- --print x") // want "GATED"
}
