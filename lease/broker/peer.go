package broker

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"syscall"
	"unsafe"

	"github.com/leasegate/leasegate/lease/wire"
)

// ErrPeerGone reports that the peer process exited (or its PID was reused)
// while the broker was checking it.
var ErrPeerGone = errors.New("peer process is gone")

const (
	soPeerPidfd  = 77  // SO_PEERPIDFD, Linux 6.5+
	sysPidfdOpen = 434 // pidfd_open(2), the same number on every architecture
	maxAncestry  = 4096
)

// procStat is what the broker reads from /proc/PID/stat.
type procStat struct {
	pid   int
	ppid  int
	start uint64 // clock ticks since boot
}

// readProcStat reads /proc/PID/stat (wire.ReadProcStat).
func readProcStat(pid int) (procStat, error) {
	st, err := wire.ReadProcStat(pid)
	if err != nil {
		return procStat{}, err
	}
	return procStat{pid: st.PID, ppid: st.PPID, start: st.Start}, nil
}

// ancestry returns pid and its ancestors up to (excluding) pid 0, nearest
// first. A parent must not be younger than its child: if it is, the PID was
// reused after the real parent exited, and the walk stops there (the
// process has lost its ancestry, which only ever removes rights).
func ancestry(pid int) ([]procStat, error) {
	cur, err := readProcStat(pid)
	if err != nil {
		return nil, err
	}
	return walkUp(cur, nil)
}

// walkUp returns from and its ancestors, nearest first, stopping early at
// the first process for which stop returns true (it is included). A parent
// that no longer exists ends the walk (the process is being reparented);
// any other failure to read a parent is an error, so that a caller never
// mistakes an unreadable ancestry for a short one.
func walkUp(from procStat, stop func(procStat) bool) ([]procStat, error) {
	chain := []procStat{from}
	cur := from
	for cur.ppid > 0 && (stop == nil || !stop(cur)) {
		if len(chain) >= maxAncestry {
			return nil, fmt.Errorf("ancestry deeper than %d", maxAncestry)
		}
		next, err := readProcStat(cur.ppid)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ESRCH) {
			break
		}
		if err != nil {
			return nil, err
		}
		if next.start > cur.start {
			break // the parent's PID was reused: the real parent is gone
		}
		chain = append(chain, next)
		cur = next
	}
	return chain, nil
}

// pidfd is a Linux process file descriptor; -1 when the kernel offers none.
type pidfd int

func pidfdOpen(pid int) pidfd {
	fd, _, errno := syscall.Syscall(sysPidfdOpen, uintptr(pid), 0, 0)
	if errno != 0 {
		return -1
	}
	syscall.CloseOnExec(int(fd))
	return pidfd(fd)
}

// exited reports whether the process behind the pidfd has exited. A pidfd
// becomes readable when its process exits.
func (p pidfd) exited() bool {
	if p < 0 {
		return false
	}
	type pollFd struct {
		fd      int32
		events  int16
		revents int16
	}
	pfd := pollFd{fd: int32(p), events: 0x1 /* POLLIN */}
	var ts syscall.Timespec
	n, _, errno := syscall.Syscall6(syscall.SYS_PPOLL, uintptr(unsafe.Pointer(&pfd)), 1, uintptr(unsafe.Pointer(&ts)), 0, 0, 0)
	if errno != 0 {
		return false
	}
	return n > 0 && pfd.revents != 0
}

func (p pidfd) close() {
	if p >= 0 {
		_ = syscall.Close(int(p))
	}
}

// peer is the identity of the process at the other end of a connection, as
// the kernel recorded it at connect time.
type peer struct {
	pid   int
	uid   int
	gid   int
	start uint64   // start time of pid, read once at accept
	stat  procStat // the peer's /proc/PID/stat as read at accept
	fd    pidfd
}

// peerOf reads SO_PEERCRED (and SO_PEERPIDFD where available, else a
// pidfd_open of the peer PID) of a Unix connection.
func peerOf(c *net.UnixConn) (*peer, error) {
	raw, err := c.SyscallConn()
	if err != nil {
		return nil, err
	}
	var cred *syscall.Ucred
	var credErr error
	pfd := pidfd(-1)
	err = raw.Control(func(fd uintptr) {
		cred, credErr = syscall.GetsockoptUcred(int(fd), syscall.SOL_SOCKET, syscall.SO_PEERCRED)
		if credErr != nil {
			return
		}
		if v, err := syscall.GetsockoptInt(int(fd), syscall.SOL_SOCKET, soPeerPidfd); err == nil && v >= 0 {
			syscall.CloseOnExec(v)
			pfd = pidfd(v)
		}
	})
	if err == nil {
		err = credErr
	}
	if err != nil {
		return nil, fmt.Errorf("SO_PEERCRED: %w", err)
	}
	p := &peer{pid: int(cred.Pid), uid: int(cred.Uid), gid: int(cred.Gid), fd: pfd}
	if p.fd < 0 && p.pid > 0 {
		p.fd = pidfdOpen(p.pid)
	}
	if p.pid > 0 {
		if st, err := readProcStat(p.pid); err == nil {
			p.start, p.stat = st.start, st
		}
	}
	return p, nil
}

// alive reports whether the peer process still exists as the same process
// the kernel named at connect time, so that its PID still means it.
func (p *peer) alive() bool {
	if p.pid <= 0 {
		return false
	}
	if p.fd >= 0 {
		// A pidfd names one process for good: while it has not exited,
		// its PID cannot have been reused.
		return !p.fd.exited()
	}
	st, err := readProcStat(p.pid)
	return err == nil && st.start == p.start
}

// chain returns the peer's ancestry, nearest first, checked to belong to
// the live peer; stop (may be nil) ends the walk early.
func (p *peer) chain(stop func(procStat) bool) ([]procStat, error) {
	if !p.alive() || p.stat.pid != p.pid {
		return nil, ErrPeerGone
	}
	// The walk starts from the stat read at accept. The peer's parent may
	// have changed since (a reparenting), which can only make the walk
	// reach the old parent's ancestors; they were the peer's ancestors when
	// it connected, and the connection's credentials are from that time.
	c, err := walkUp(p.stat, stop)
	if err != nil {
		return nil, err
	}
	if !p.alive() {
		return nil, ErrPeerGone
	}
	return c, nil
}

func (p *peer) close() { p.fd.close() }
