// Package cmd is a stand-in for github.com/go-cmd/cmd with the
// signatures the launches matrix uses (GOPATH mode for analysistest). It
// starts nothing.
package cmd

type Options struct{ Buffered, Streaming bool }
type Status struct{ Exit int }
type Cmd struct{ Name string }

func NewCmd(name string, args ...string) *Cmd                         { return &Cmd{} }
func NewCmdOptions(options Options, name string, args ...string) *Cmd { return &Cmd{} }
func (c *Cmd) Start() <-chan Status                                   { return nil }
