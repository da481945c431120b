package release

import "syscall"

func chrootAttr(root string) *syscall.SysProcAttr { return &syscall.SysProcAttr{Chroot: root} }
