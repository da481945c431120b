package launchruntime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"github.com/leasegate/leasegate/lease/wire"
)

// ErrNoBroker reports that no broker answered and none could be started.
var ErrNoBroker = errors.New("no lease broker")

// registerRefused is a broker that answered the registration and refused
// it, with its code.
type registerRefused struct {
	socket string
	code   wire.Code
	msg    string
}

func (e *registerRefused) Error() string {
	return fmt.Sprintf("the broker on %s refused the registration: %s: %s", e.socket, e.code, wire.WithNextStep(e.code, e.msg))
}

// usage reports a refusal caused by the command line (an unknown runtime
// or tool profile, a malformed allow-list): exit 2, like every usage
// error, and never "no lease broker".
func (e *registerRefused) usage() bool {
	return e.code == wire.CodeBadAllowList || e.code == wire.CodeUnknownRuntime
}

// brokerStartWait bounds the wait for a freshly started broker to answer.
const brokerStartWait = 5 * time.Second

// brokerStatusReply is the part of the broker's status reply the launcher
// reads (the launcher is a client: it does not import the server).
type brokerStatusReply struct {
	VerifierUID *int `json:"verifier_uid,omitempty"`
}

// brokerStatus asks the broker on socket for its status; ok is false when
// none answers with this protocol.
func brokerStatus(ctx context.Context, socket string) (brokerStatusReply, bool) {
	var st brokerStatusReply
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	c, err := wire.Dial(ctx, socket)
	if err != nil {
		return st, false
	}
	defer c.Close()
	rep, err := c.Do(ctx, wire.Request{Op: wire.OpStatus})
	if err != nil || rep.V != wire.ProtocolVersion {
		return st, false
	}
	_ = json.Unmarshal(rep.Data, &st) // an old broker without data: no verifier known
	return st, true
}

// selfRenewalNote is said once, at the start of a launch, when the broker
// has no verifier user: nothing then keeps the agent's own processes from
// verifying it (issue 17, item 6; threat model T-C4).
const selfRenewalNote = "launch-runtime: note: this broker has no --verifier-uid, so a verified agent of this user can renew its own lease (a process that leaves the runtime's tree may run begin-verification and promote, or replace the broker); to prevent it, run the broker as `lease-broker serve --verifier-uid UID` with a separate verifier user\n"

// ensureBroker returns nil once a broker answers on socket, starting
// `lease-broker serve` (detached, in its own session) when none does. It
// says once when that broker cannot keep an agent from verifying itself.
func (l *launch) ensureBroker(ctx context.Context, socket string) error {
	st, err := l.startBroker(ctx, socket)
	if err == nil && st.VerifierUID == nil {
		fmt.Fprint(l.deps.Stderr, selfRenewalNote)
	}
	return err
}

// startBroker returns the status of the broker on socket, starting one
// when none answers.
func (l *launch) startBroker(ctx context.Context, socket string) (brokerStatusReply, error) {
	if st, ok := brokerStatus(ctx, socket); ok {
		return st, nil
	}
	// lease-broker serve refuses an unsafe socket folder (and exits where
	// nobody reads its output): say why now rather than wait for nothing.
	if err := wire.CheckSocketDir(filepath.Dir(socket), false); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return brokerStatusReply{}, fmt.Errorf("%w answers on %s, and none can start there: %v", ErrNoBroker, socket, err)
	}
	exe, _ := l.deps.Executable()
	bin, err := findSibling(exe, "lease-broker")
	if err != nil {
		return brokerStatusReply{}, fmt.Errorf("%w answers on %s, and lease-broker was found neither beside launch-runtime nor on PATH", ErrNoBroker, socket)
	}
	if err := l.deps.StartBroker(bin, socket); err != nil {
		return brokerStatusReply{}, fmt.Errorf("%w answers on %s; starting %s failed: %v", ErrNoBroker, socket, bin, err)
	}
	deadline := time.Now().Add(brokerStartWait)
	for time.Now().Before(deadline) {
		if st, ok := brokerStatus(ctx, socket); ok {
			return st, nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return brokerStatusReply{}, fmt.Errorf("%w: started %s but nothing answered on %s within %v", ErrNoBroker, bin, socket, brokerStartWait)
}

// spawnBrokerArg is the hidden first argument with which launch-runtime
// re-executes itself to start a broker: the intermediate process starts
// `lease-broker serve` in a new session and exits at once, so the broker is
// re-parented to init and is never a child of the runtime.
const spawnBrokerArg = "__spawn-broker"

// startBrokerDetached re-executes self as the intermediate and waits for it.
func startBrokerDetached(self string) func(bin, socket string) error {
	return func(bin, socket string) error {
		cmd := exec.Command(self, spawnBrokerArg, bin, socket)
		cmd.Env = os.Environ()
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("%v: %s", err, out)
		}
		return nil
	}
}

// spawnBroker is the intermediate: start the broker, do not wait for it.
func spawnBroker(bin, socket string) error {
	devnull, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer devnull.Close()
	cmd := exec.Command(bin, "serve", "--socket", socket)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = devnull, devnull, devnull
	cmd.Dir = "/"
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		return err
	}
	return cmd.Process.Release()
}

// register anchors the session on this process's PID. It returns the
// session, its generation and the broker process that registered it (the
// peer of the connection, SO_PEERCRED), which the session's hook will ask
// and no other.
func (l *launch) register(ctx context.Context, socket string, o Options, args map[string]string) (string, uint64, wire.Process, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	c, err := wire.Dial(ctx, socket)
	if err != nil {
		return "", 0, wire.Process{}, fmt.Errorf("register: %w", err)
	}
	defer c.Close()
	peer, err := c.Peer()
	if err != nil {
		return "", 0, wire.Process{}, fmt.Errorf("register: cannot identify the broker process on %s: %w", socket, err)
	}
	rep, err := c.Do(ctx, wire.Request{Op: wire.OpRegister, Runtime: o.Runtime,
		PID: l.deps.Getpid(), Args: args})
	if err != nil {
		return "", 0, wire.Process{}, fmt.Errorf("register: %w", err)
	}
	if !rep.OK || rep.Session == "" {
		return "", 0, wire.Process{}, &registerRefused{socket: socket, code: rep.Code, msg: rep.Error}
	}
	return rep.Session, rep.Generation, peer, nil
}

// unregister revokes a session whose runtime never started.
func (l *launch) unregister(socket, session string, gen uint64, why string) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	c, err := wire.Dial(ctx, socket)
	if err != nil {
		return
	}
	defer c.Close()
	_, _ = c.Do(ctx, wire.Request{Op: wire.OpRevoke, Session: session, Generation: gen,
		Reason: "launch failed: " + why})
}
