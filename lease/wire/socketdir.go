package wire

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// ErrUnsafeDir reports a socket folder that is not a real folder owned by
// this user with mode 0700 (0711 when a verifier uid must reach the
// socket). The broker refuses to serve in one; launch-runtime says why
// rather than waiting for a broker that will not start.
var ErrUnsafeDir = errors.New("unsafe socket folder")

// CheckSocketDir reports whether dir is a safe socket folder: a folder (no
// symlink) owned by the effective uid, with mode 0700, or 0711 when search
// is true. A missing folder is an fs.ErrNotExist error.
func CheckSocketDir(dir string, search bool) error {
	st, err := os.Lstat(dir)
	if err != nil {
		return fmt.Errorf("socket folder: %w", err)
	}
	if st.Mode()&fs.ModeSymlink != 0 || !st.IsDir() {
		return fmt.Errorf("%w: %s is not a folder", ErrUnsafeDir, dir)
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok || int(sys.Uid) != os.Geteuid() {
		uid := -1
		if ok {
			uid = int(sys.Uid)
		}
		return fmt.Errorf("%w: %s is owned by uid %d, not %d", ErrUnsafeDir, dir, uid, os.Geteuid())
	}
	want := fs.FileMode(0o700)
	if search {
		want = 0o711
	}
	if perm := st.Mode().Perm(); perm != want {
		return fmt.Errorf("%w: %s has mode %04o, want %04o", ErrUnsafeDir, dir, perm, want)
	}
	return nil
}
