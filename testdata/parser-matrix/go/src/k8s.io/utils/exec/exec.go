// Package exec is a stand-in for k8s.io/utils/exec with the signatures
// the launches matrix uses (GOPATH mode for analysistest). It starts
// nothing.
package exec

import "context"

type Cmd interface{ Run() error }
type Interface interface {
	Command(cmd string, args ...string) Cmd
	CommandContext(ctx context.Context, cmd string, args ...string) Cmd
}

func New() Interface { return nil }
