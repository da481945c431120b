package wire

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"syscall"
)

// ErrOperatorSocket reports an operator socket that is missing or is not
// served by the broker that answers on the path socket.
var ErrOperatorSocket = errors.New("operator socket")

// DialOperator connects for begin_verification and promote: it asks the
// broker on the path socket for its operator socket and connects there,
// checking that the process serving it is that broker (SO_PEERCRED). A
// broker without an operator socket is reached on the path socket.
func DialOperator(ctx context.Context, socket string) (*Client, error) {
	c, err := Dial(ctx, socket)
	if err != nil {
		return nil, err
	}
	rep, err := c.Do(ctx, Request{Op: OpStatus})
	if err != nil {
		c.Close()
		return nil, err
	}
	var st struct {
		PID            int    `json:"pid"`
		OperatorSocket string `json:"operator_socket"`
	}
	if err := json.Unmarshal(rep.Data, &st); err != nil || !rep.OK {
		c.Close()
		return nil, fmt.Errorf("%w: status: %s %s", ErrBadReply, rep.Code, rep.Error)
	}
	if st.OperatorSocket == "" {
		return c, nil
	}
	c.Close()
	oc, err := Dial(ctx, st.OperatorSocket)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %v", ErrOperatorSocket, st.OperatorSocket, err)
	}
	pid, err := serverPID(oc.conn)
	if err != nil || pid != st.PID {
		oc.Close()
		return nil, fmt.Errorf("%w %s is served by pid %d, not by the broker (pid %d)", ErrOperatorSocket, st.OperatorSocket, pid, st.PID)
	}
	return oc, nil
}

// serverPID is the PID the kernel recorded for the listening end.
func serverPID(c *net.UnixConn) (int, error) {
	raw, err := c.SyscallConn()
	if err != nil {
		return 0, err
	}
	var cred *syscall.Ucred
	var cerr error
	if err := raw.Control(func(fd uintptr) {
		cred, cerr = syscall.GetsockoptUcred(int(fd), syscall.SOL_SOCKET, syscall.SO_PEERCRED)
	}); err != nil {
		return 0, err
	}
	if cerr != nil {
		return 0, cerr
	}
	return int(cred.Pid), nil
}
