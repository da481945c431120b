// Package sh is a stand-in for github.com/magefile/mage/sh with the
// signatures the launches matrix uses (GOPATH mode for analysistest). It
// starts nothing.
package sh

func Run(cmd string, args ...string) error                            { return nil }
func RunV(cmd string, args ...string) error                           { return nil }
func RunWith(env map[string]string, cmd string, args ...string) error { return nil }
func Output(cmd string, args ...string) (string, error)               { return "", nil }
func Exec(env map[string]string, stdout, stderr any, cmd string, args ...string) (bool, error) {
	return false, nil
}
func RunCmd(cmd string, args ...string) func(args ...string) error { return nil }
