package launchruntime

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
)

// ErrRuntimeBinary reports a runtime binary that cannot be started: not on
// PATH, missing, not executable, a folder, or a symlink loop. It is found
// before anything is registered.
var ErrRuntimeBinary = errors.New("runtime binary unusable")

// resolveBinary finds the binary to exec: explicit if given, else name on
// PATH. It returns an absolute path and checks that it leads (through any
// symlinks) to an executable regular file.
func resolveBinary(name, explicit string) (string, error) {
	p := explicit
	if p == "" {
		found, err := exec.LookPath(name)
		if err != nil {
			// LookPath does not say why each PATH candidate failed; its
			// error is reported as it is.
			return "", fmt.Errorf("%w: %s not found on PATH (%v)", ErrRuntimeBinary, name, err)
		}
		p = found
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", fmt.Errorf("%w: %s: %v", ErrRuntimeBinary, p, err)
	}
	st, err := os.Stat(abs)
	switch {
	case errors.Is(err, syscall.ELOOP):
		return "", fmt.Errorf("%w: %s is a symlink loop", ErrRuntimeBinary, abs)
	case errors.Is(err, fs.ErrNotExist):
		if lst, lerr := os.Lstat(abs); lerr == nil && lst.Mode()&fs.ModeSymlink != 0 {
			return "", fmt.Errorf("%w: %s is a dangling symlink", ErrRuntimeBinary, abs)
		}
		return "", fmt.Errorf("%w: %s does not exist", ErrRuntimeBinary, abs)
	case err != nil:
		return "", fmt.Errorf("%w: %s: %v", ErrRuntimeBinary, abs, err)
	case st.IsDir():
		return "", fmt.Errorf("%w: %s is a folder", ErrRuntimeBinary, abs)
	case !st.Mode().IsRegular():
		return "", fmt.Errorf("%w: %s is not a regular file", ErrRuntimeBinary, abs)
	case st.Mode().Perm()&0o111 == 0 || syscall.Access(abs, 0x1) != nil:
		return "", fmt.Errorf("%w: %s is not executable", ErrRuntimeBinary, abs)
	}
	return abs, nil
}

// ErrGateMissing reports that mutator-gate was found neither beside
// launch-runtime nor on PATH.
var ErrGateMissing = errors.New("mutator-gate not found")

// findSibling finds the program name beside the running executable
// (symlinks resolved), else on PATH, and returns its absolute path.
func findSibling(exe, name string) (string, error) {
	if exe != "" {
		if real, err := filepath.EvalSymlinks(exe); err == nil {
			cand := filepath.Join(filepath.Dir(real), name)
			if p, err := resolveBinary(name, cand); err == nil {
				return p, nil
			}
		}
	}
	p, err := resolveBinary(name, "")
	if err != nil {
		return "", err
	}
	return p, nil
}
