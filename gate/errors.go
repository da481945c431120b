package gate

import (
	"errors"
	"fmt"
)

// ErrInvalidPolicy is wrapped by every error that LoadPolicy returns for a
// policy file that is not valid (as opposed to one that cannot be read).
var ErrInvalidPolicy = errors.New("invalid policy")

// PolicyError is a problem in a policy file, with its position. It prints
// as file:line:col: reason and matches ErrInvalidPolicy with errors.Is.
type PolicyError struct {
	File   string
	Line   int // 1-based; 0 when the position is unknown
	Column int
	Reason string
}

func (e *PolicyError) Error() string {
	f := e.File
	if f == "" {
		f = "policy"
	}
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", f, e.Reason)
	}
	if e.Column == 0 {
		return fmt.Sprintf("%s:%d: %s", f, e.Line, e.Reason)
	}
	return fmt.Sprintf("%s:%d:%d: %s", f, e.Line, e.Column, e.Reason)
}

// Unwrap makes errors.Is(err, ErrInvalidPolicy) true.
func (e *PolicyError) Unwrap() error { return ErrInvalidPolicy }
