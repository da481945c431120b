package wire

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// procStatStart is the index of starttime among the fields of
// /proc/PID/stat counted from the state field after the last ')'.
const procStatStart = 19

// ProcStat is what /proc/PID/stat says about one process.
type ProcStat struct {
	PID   int
	PPID  int
	Start uint64 // clock ticks since boot; a reused PID has another
}

// ReadProcStat parses /proc/PID/stat. The command name may contain spaces
// and parentheses, so the fields are read after the last ')'.
func ReadProcStat(pid int) (ProcStat, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return ProcStat{}, err
	}
	return ParseProcStat(pid, b)
}

// ParseProcStat parses the text b of /proc/PID/stat.
func ParseProcStat(pid int, b []byte) (ProcStat, error) {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return ProcStat{}, fmt.Errorf("/proc/%d/stat: no ')'", pid)
	}
	f := bytes.Fields(b[i+1:])
	if len(f) <= procStatStart {
		return ProcStat{}, fmt.Errorf("/proc/%d/stat: %d fields", pid, len(f))
	}
	ppid, err := strconv.Atoi(string(f[1]))
	if err != nil {
		return ProcStat{}, fmt.Errorf("/proc/%d/stat: ppid: %w", pid, err)
	}
	start, err := strconv.ParseUint(string(f[procStatStart]), 10, 64)
	if err != nil {
		return ProcStat{}, fmt.Errorf("/proc/%d/stat: starttime: %w", pid, err)
	}
	return ProcStat{PID: pid, PPID: ppid, Start: start}, nil
}

// Process names one process for its whole life: its PID and start time.
// launch-runtime bakes the broker's into the hook's command line
// (PID:START), and the hook asks only a broker that is that process.
type Process struct {
	PID   int
	Start uint64
}

func (p Process) String() string { return strconv.Itoa(p.PID) + ":" + strconv.FormatUint(p.Start, 10) }

// ParseProcess parses PID:START.
func ParseProcess(s string) (Process, error) {
	a, b, ok := strings.Cut(s, ":")
	pid, err1 := strconv.Atoi(a)
	start, err2 := strconv.ParseUint(b, 10, 64)
	if !ok || err1 != nil || err2 != nil || pid <= 0 {
		return Process{}, fmt.Errorf("%q is not PID:START", s)
	}
	return Process{PID: pid, Start: start}, nil
}

// ErrNotTheBroker reports a socket served by another process than the
// broker the session was registered with: a replacement, which is never
// asked. It is also an ErrUnavailable.
var ErrNotTheBroker = fmt.Errorf("%w: not the registered broker", ErrUnavailable)

// Peer returns the process serving the other end of the connection: its
// PID from SO_PEERCRED (the process that called listen) and its start time
// from /proc.
func (c *Client) Peer() (Process, error) {
	raw, err := c.conn.SyscallConn()
	if err != nil {
		return Process{}, err
	}
	var cred *syscall.Ucred
	var cerr error
	if err := raw.Control(func(fd uintptr) {
		cred, cerr = syscall.GetsockoptUcred(int(fd), syscall.SOL_SOCKET, syscall.SO_PEERCRED)
	}); err != nil {
		return Process{}, err
	}
	if cerr != nil {
		return Process{}, fmt.Errorf("SO_PEERCRED: %w", cerr)
	}
	if cred.Pid <= 0 {
		return Process{}, errors.New("SO_PEERCRED: no peer process")
	}
	st, err := ReadProcStat(int(cred.Pid))
	if err != nil {
		return Process{}, fmt.Errorf("peer pid %d: %w", cred.Pid, err)
	}
	return Process{PID: int(cred.Pid), Start: st.Start}, nil
}

// DialBroker is Dial followed by a check that the socket is served by want;
// any other process, or one whose identity cannot be read, closes the
// connection with an ErrNotTheBroker error before a byte is sent.
func DialBroker(ctx context.Context, path string, want Process) (*Client, error) {
	c, err := Dial(ctx, path)
	if err != nil {
		return nil, err
	}
	got, err := c.Peer()
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("%w: cannot identify the process serving %s: %v", ErrNotTheBroker, path, err)
	}
	if got != want {
		c.Close()
		return nil, fmt.Errorf("%w: %s is served by process %s, not by the broker launch-runtime registered with (%s); refusing to ask it", ErrNotTheBroker, path, got, want)
	}
	return c, nil
}
