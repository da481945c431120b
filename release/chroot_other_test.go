//go:build !linux

package release

import "syscall"

// chrootAttr is never reached off Linux: dist skips first.
func chrootAttr(string) *syscall.SysProcAttr { return nil }
