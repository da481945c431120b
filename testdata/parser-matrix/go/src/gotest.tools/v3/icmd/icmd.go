// Package icmd is a stand-in for gotest.tools/v3/icmd with the
// signatures the launches matrix uses (GOPATH mode for analysistest). It
// starts nothing.
package icmd

type Cmd struct{ Command []string }
type Result struct{ ExitCode int }

func Command(command string, args ...string) Cmd        { return Cmd{} }
func RunCommand(command string, args ...string) *Result { return &Result{} }
func RunCmd(cmd Cmd, cmdOperators ...any) *Result       { return &Result{} }
