package broker

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"strconv"
	"syscall"

	"github.com/leasegate/leasegate/lease/wire"
)

// Startup errors; the CLI maps each to its exit code.
var (
	// ErrAlreadyRunning: another broker holds the socket folder's lock.
	ErrAlreadyRunning = errors.New("another broker is already running")
	// ErrUnsafeSocket: something other than a stale socket sits at the
	// socket path.
	ErrUnsafeSocket = errors.New("unsafe socket path")
)

// prepareDir creates the socket folder if it is missing and checks that it
// is safe: a real folder (no symlink), owned by the broker's user, with no
// permission for group or others beyond search when a verifier uid must
// reach the socket.
func prepareDir(dir string, verifier bool) error {
	want := fs.FileMode(0o700)
	if verifier {
		want = 0o711
	}
	st, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("socket folder: %w", err)
		}
		if err := os.Chmod(dir, want); err != nil {
			return fmt.Errorf("socket folder: %w", err)
		}
		st, err = os.Lstat(dir)
	}
	if err != nil {
		return fmt.Errorf("socket folder: %w", err)
	}
	if verifier && st.Mode().Perm() == 0o700 && wire.CheckSocketDir(dir, false) == nil {
		if err := os.Chmod(dir, want); err != nil {
			return fmt.Errorf("socket folder: %w", err)
		}
	}
	return wire.CheckSocketDir(dir, verifier)
}

// lockSocket takes SOCKET.lock (beside the socket) with flock; the lock
// lives as long as the returned file stays open. Whoever holds it owns the
// socket path.
func lockSocket(socket string) (*os.File, error) {
	f, err := os.OpenFile(socket+".lock", os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, ErrAlreadyRunning
		}
		return nil, fmt.Errorf("lock: %w", err)
	}
	_ = f.Truncate(0)
	_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return f, nil
}

// listenSocket removes a stale socket (only a socket; anything else at the
// path is refused) and binds a new one with the given mode. The caller holds
// the folder lock, so no live broker owns a socket found there.
func listenSocket(path string, mode fs.FileMode) (*net.UnixListener, error) {
	if st, err := os.Lstat(path); err == nil {
		if st.Mode().Type() != fs.ModeSocket {
			return nil, fmt.Errorf("%w: %s exists and is not a socket", ErrUnsafeSocket, path)
		}
		if err := os.Remove(path); err != nil {
			return nil, fmt.Errorf("remove stale socket: %w", err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("socket: %w", err)
	}
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		return nil, fmt.Errorf("listen: %w", err)
	}
	if err := os.Chmod(path, mode); err != nil {
		ln.Close()
		return nil, fmt.Errorf("socket mode: %w", err)
	}
	return ln, nil
}
