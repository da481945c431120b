package leasebroker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/leasegate/leasegate/lease/broker"
	"github.com/leasegate/leasegate/lease/wire"
	"github.com/leasegate/leasegate/version"
)

// exitError carries an exit code and a one-line message.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func exitf(code int, format string, args ...any) error {
	return &exitError{code: code, msg: fmt.Sprintf(format, args...)}
}

// IO is where a command reads and writes.
type IO struct {
	In       io.Reader
	Out, Err io.Writer
}

// globalOptions are the flags every operator command shares.
type globalOptions struct {
	Socket  string
	Timeout time.Duration
}

// Main runs lease-broker with args (without the program name) and returns
// the exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ios := &IO{In: stdin, Out: stdout, Err: stderr}
	root := NewCmdRoot(ios)
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	if err == nil {
		return ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintf(stderr, "lease-broker: %s\n", ee.msg)
		}
		return ee.code
	}
	// cobra's own errors: unknown command or flag, wrong argument count.
	fmt.Fprintf(stderr, "lease-broker: %s\n", firstLine(err.Error()))
	return ExitUsage
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// NewCmdRoot builds the command tree.
func NewCmdRoot(ios *IO) *cobra.Command {
	g := &globalOptions{}
	root := &cobra.Command{
		Use:           "lease-broker",
		Short:         "Hold leasegate's leases in memory and answer the gate",
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.NoArgs,
		Version:       version.String(),
		CompletionOptions: cobra.CompletionOptions{
			DisableDefaultCmd: true,
		},
		RunE: func(*cobra.Command, []string) error {
			return exitf(ExitUsage, "missing command (see lease-broker --help)")
		},
	}
	root.SetVersionTemplate("lease-broker {{.Version}}\n")
	root.PersistentFlags().StringVar(&g.Socket, "socket", "", "broker socket (default: $LEASEGATE_SOCKET, $XDG_RUNTIME_DIR/leasegate/broker.sock, /tmp/leasegate-$UID/broker.sock)")
	root.PersistentFlags().DurationVar(&g.Timeout, "timeout", 5*time.Second, "deadline for one request")
	root.AddCommand(
		NewCmdServe(ios, g, nil),
		NewCmdStatus(ios, g, nil),
		NewCmdSessions(ios, g, nil),
		NewCmdBeginVerification(ios, g, nil),
		NewCmdPromote(ios, g, nil),
		NewCmdRevoke(ios, g, nil),
		NewCmdEvents(ios, g, nil),
		NewCmdStop(ios, g, nil),
		NewCmdReport(ios),
		NewCmdDB(ios),
		NewCmdShip(ios),
	)
	return root
}

func (g *globalOptions) socket() (string, error) {
	if g.Socket != "" {
		return g.Socket, nil
	}
	p, err := wire.SocketPath()
	if err != nil {
		return "", exitf(ExitUsage, "%v", err)
	}
	return p, nil
}

// call sends one request over the path socket and turns transport
// failures and OK-false replies into exit errors.
func (g *globalOptions) call(req wire.Request) (wire.Reply, error) {
	return g.callVia(req, wire.Dial)
}

// callVia is call over the connection dial makes.
func (g *globalOptions) callVia(req wire.Request, dial func(context.Context, string) (*wire.Client, error)) (wire.Reply, error) {
	path, err := g.socket()
	if err != nil {
		return wire.Reply{}, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), g.Timeout)
	defer cancel()
	c, err := dial(ctx, path)
	if errors.Is(err, wire.ErrOperatorSocket) {
		return wire.Reply{}, exitf(ExitUnavailable, "%v", err)
	}
	if err != nil {
		return wire.Reply{}, exitf(ExitUnavailable, "no broker at %s (start one with `lease-broker serve`)", path)
	}
	defer c.Close()
	rep, err := c.Do(ctx, req)
	if err != nil {
		return wire.Reply{}, exitf(ExitUnavailable, "%v", err)
	}
	if !rep.OK {
		return rep, exitf(ExitFailed, "%s: %s", rep.Code, wire.WithNextStep(rep.Code, rep.Error))
	}
	return rep, nil
}

// currentGeneration looks a session's generation up.
func (g *globalOptions) currentGeneration(session string) (uint64, error) {
	rep, err := g.call(wire.Request{Op: wire.OpSessions})
	if err != nil {
		return 0, err
	}
	var list []broker.SessionInfo
	if err := json.Unmarshal(rep.Data, &list); err != nil {
		return 0, exitf(ExitFailed, "malformed sessions reply: %v", err)
	}
	for _, s := range list {
		if s.Session == session {
			return s.Generation, nil
		}
	}
	return 0, exitf(ExitFailed, "%s: no such session %s; next: `lease-broker sessions` lists the sessions this broker knows (a restarted broker knows none)", wire.CodeUnknownSession, session)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
