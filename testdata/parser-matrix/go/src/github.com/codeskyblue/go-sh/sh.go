// Package sh is a stand-in for github.com/codeskyblue/go-sh with the
// signatures the launches matrix uses (GOPATH mode for analysistest). It
// starts nothing.
package sh

type Session struct{ ShowCMD bool }

func NewSession() *Session                                        { return &Session{} }
func Command(name string, a ...interface{}) *Session              { return &Session{} }
func (s *Session) Command(name string, a ...interface{}) *Session { return s }
func (s *Session) Call(name string, a ...interface{}) error       { return nil }
func (s *Session) Run() error                                     { return nil }
func (s *Session) Output() ([]byte, error)                        { return nil, nil }
func (s *Session) SetDir(dir string) *Session                     { return s }
