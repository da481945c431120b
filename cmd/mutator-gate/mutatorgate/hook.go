package mutatorgate

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/leasegate/leasegate/lease/wire"
	"github.com/leasegate/leasegate/version"
	"golang.org/x/sys/unix"
)

// Exit statuses. There is deliberately no status 1: Claude Code runs the
// tool when a PreToolUse hook exits with anything but 2.
const (
	ExitAllow = 0
	ExitBlock = 2
)

// Modes, the one positional argument.
const (
	ModeGate         = "gate"          // PreToolUse / Pi tool_call: authorize or block
	ModeTap          = "tap"           // PostToolUse / Pi tool_result: telemetry, always exit 0
	ModeCompact      = "compact"       // PreCompact / Pi session_before_compact: revoke
	ModeSessionStart = "session-start" // SessionStart: call in (source compact: revoke)
)

// DefaultDeadline bounds one hook run's broker round trip (and the wait for
// stdin). It is far below the 20 s timeout that launch-runtime gives the hook
// in Claude Code's settings and the 10 s that the Pi extension allows.
const DefaultDeadline = 2 * time.Second

// MaxDeadline caps --deadline so that the hook always answers before the
// runtime's own timeout would let the tool run: a larger value is cut to
// it, zero or a negative value means DefaultDeadline.
const MaxDeadline = 10 * time.Second

// requestBudget is what a forwarded tool_input may take of one request line;
// the rest leaves room for the other fields.
const requestBudget = wire.MaxLineBytes - 4096

// Config is what a run reads from its surroundings. Main fills it from the
// process; tests fill it by hand.
type Config struct {
	Getenv     func(string) string
	SocketPath func() (string, error)
}

// Main runs mutator-gate with args (without the program name) and returns
// the exit status. It recovers from panics into ExitBlock (ExitAllow for the
// tap).
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return Run(Config{Getenv: os.Getenv, SocketPath: wire.SocketPath}, args, stdin, stdout, stderr)
}

const helpText = `usage: mutator-gate [--session ID --generation N --socket PATH --broker PID:START] [--deadline D] [MODE]
       mutator-gate --version | --help   (only with no hook event on stdin)

The hook that asks the lease broker before every tool call of a gated
agent; launch-runtime writes its command lines (docs/mutator-gate.md).
MODE is gate (the default: authorize or block), tap, compact or
session-start. It reads one hook event (JSON) on stdin.

Flags:
`

const helpExit = `
Exit status: 0 allow (tap: always); 2 block, with one line on stderr that
starts with the denial code (GATE_UNAVAILABLE, LEASE_NOT_VERIFIED, ...) and
ends with the next step. --version and --help exit 0 only when stdin is a
terminal or empty; with a hook event (or an open pipe that sends nothing
within the deadline) on stdin they block (2).
`

// hookInput says why stdin looks like a runtime's hook input ("" when it
// does not): a terminal or an empty stdin is a person or a script asking
// for the version; bytes on stdin are a hook event, and a pipe that
// neither sends nor closes within d cannot be told from a slow runtime.
// Each of these fails closed.
func hookInput(stdin io.Reader, d time.Duration) string {
	if f, ok := stdin.(*os.File); ok {
		if _, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS); err == nil {
			return "" // a terminal
		}
		// Any other device (/dev/null, /dev/zero) is read like a pipe:
		// /dev/null ends at once, /dev/zero sends bytes and blocks.
	}
	type res struct {
		n   int
		err error
	}
	ch := make(chan res, 1)
	go func() {
		var b [1]byte
		n, err := stdin.Read(b[:])
		for n == 0 && err == nil {
			n, err = stdin.Read(b[:])
		}
		ch <- res{n, err}
	}()
	select {
	case r := <-ch:
		switch {
		case r.n > 0:
			return "a hook event on stdin"
		case errors.Is(r.err, io.EOF):
			return ""
		default:
			return "stdin unreadable: " + r.err.Error()
		}
	case <-time.After(d):
		return fmt.Sprintf("stdin stays open and sends nothing for %v; give it </dev/null", d)
	}
}

// Run is Main with an explicit Config.
func Run(cfg Config, args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	mode := ModeGate
	defer func() {
		if r := recover(); r != nil {
			if mode == ModeTap {
				status = ExitAllow
				return
			}
			deny(stderr, wire.CodeGateUnavailable, fmt.Sprintf("internal error: %v", r))
			status = ExitBlock
		}
	}()
	if len(args) > 0 && args[len(args)-1] == ModeTap {
		mode = ModeTap // known before the flags parse, so a bad flag still exits 0
	}
	fs := flag.NewFlagSet("mutator-gate", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	deadline := fs.Duration("deadline", DefaultDeadline, "bound on the broker round trip")
	var id identityFlags
	fs.StringVar(&id.session, "session", "", "the session launch-runtime registered")
	fs.Uint64Var(&id.generation, "generation", 0, "its generation")
	fs.StringVar(&id.socket, "socket", "", "the broker socket it registered on")
	fs.StringVar(&id.broker, "broker", "", "the broker process it registered with, PID:START")
	showVersion := fs.Bool("version", false, "print the version and commit, and exit")
	err := fs.Parse(args)
	help := errors.Is(err, flag.ErrHelp)
	if err != nil && !help {
		return fail(mode, stderr, wire.CodeGateUnavailable, "usage: "+err.Error())
	}
	if *showVersion || help {
		// Only alone: a hook command line that carries --version next to
		// a mode or an identity is not one launch-runtime writes, and it
		// must not turn into an exit 0 (allow) without asking the broker.
		if len(args) != 1 {
			return fail(ModeGate, stderr, wire.CodeGateUnavailable, "usage: "+args[0]+" takes no other argument")
		}
		// Alone, it is still exit 0, which a runtime takes for an allow:
		// a hook configured as exactly `mutator-gate --version` must block
		// like any other broken hook command, not allow like `true`.
		if why := hookInput(stdin, effectiveDeadline(*deadline)); why != "" {
			return fail(ModeGate, stderr, wire.CodeGateUnavailable, "usage: "+args[0]+" was run as a hook ("+why+"); a hook command is `mutator-gate gate` with the identity flags launch-runtime writes")
		}
		if help {
			fmt.Fprint(stdout, helpText)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			fmt.Fprint(stdout, helpExit)
			return ExitAllow
		}
		fmt.Fprintf(stdout, "mutator-gate %s\n", version.String())
		return ExitAllow
	}
	switch rest := fs.Args(); len(rest) {
	case 0:
		mode = ModeGate
	case 1:
		mode = rest[0]
	default:
		// Not a command line that launch-runtime writes: block, whatever it ends with.
		return fail(ModeGate, stderr, wire.CodeGateUnavailable, "usage: more than one mode given")
	}
	switch mode {
	case ModeGate, ModeTap, ModeCompact, ModeSessionStart:
	default:
		return fail(ModeGate, stderr, wire.CodeGateUnavailable, fmt.Sprintf("usage: unknown mode %q", mode))
	}
	r := runner{cfg: cfg, stderr: stderr, mode: mode}
	if id.given() {
		b, err := id.baked()
		if err != nil {
			return fail(mode, stderr, wire.CodeGateUnavailable, "usage: "+err.Error())
		}
		r.baked = &b
	} else if mode == ModeTap {
		// An installed copy (no identity of its own) taps nothing: in a
		// wrapped session the session's own hook taps, and once is enough.
		return ExitAllow
	}
	ctx, cancel := context.WithTimeout(context.Background(), effectiveDeadline(*deadline))
	defer cancel()
	return r.run(ctx, stdin)
}

// identityFlags are the session identity launch-runtime bakes into the
// hook's command line in the settings file (Claude Code) or the extension
// (Pi) it generates for one session.
type identityFlags struct {
	session    string
	generation uint64
	socket     string
	broker     string
}

func (f identityFlags) given() bool {
	return f.session != "" || f.generation != 0 || f.socket != "" || f.broker != ""
}

// bakedIdentity is a checked identityFlags.
type bakedIdentity struct {
	session    string
	generation uint64
	socket     string
	broker     wire.Process
}

// baked checks that all four flags are there and well formed: a partial
// identity is not a command line launch-runtime writes.
func (f identityFlags) baked() (bakedIdentity, error) {
	if f.session == "" || f.generation == 0 || f.socket == "" || f.broker == "" {
		return bakedIdentity{}, errors.New("--session, --generation, --socket and --broker go together")
	}
	if !filepath.IsAbs(f.socket) {
		return bakedIdentity{}, fmt.Errorf("--socket %q is not an absolute path", f.socket)
	}
	p, err := wire.ParseProcess(f.broker)
	if err != nil {
		return bakedIdentity{}, fmt.Errorf("--broker: %v", err)
	}
	return bakedIdentity{session: f.session, generation: f.generation, socket: f.socket, broker: p}, nil
}

// effectiveDeadline is the --deadline value d as the hook applies it: cut
// to MaxDeadline, DefaultDeadline when not positive.
func effectiveDeadline(d time.Duration) time.Duration {
	switch {
	case d <= 0:
		return DefaultDeadline
	case d > MaxDeadline:
		return MaxDeadline
	}
	return d
}

type runner struct {
	cfg    Config
	stderr io.Writer
	mode   string
	// baked is the identity from the command line. Without it (a copy
	// installed by launch-runtime install or merged into a --config-dir) the
	// identity comes from the environment, which such a copy can only use
	// to deny: in a wrapped session the session's own hook, which has a
	// baked identity, runs beside it and must allow too.
	baked *bakedIdentity
}

func (r *runner) run(ctx context.Context, stdin io.Reader) int {
	ev, err := readWithin(ctx, stdin)
	if err != nil {
		return fail(r.mode, r.stderr, wire.CodeGateUnavailable, err.Error())
	}
	session, gen, err := r.identity()
	if err != nil {
		if r.mode == ModeCompact {
			return ExitAllow // no session, no lease to revoke; do not block compaction
		}
		return fail(r.mode, r.stderr, wire.CodeGateUnavailable, err.Error())
	}
	req := wire.Request{Session: session, Generation: gen, Event: ev.HookEventName,
		AgentID: ev.AgentID, AgentType: ev.AgentType, Cwd: ev.Cwd}
	switch r.mode {
	case ModeGate, ModeTap:
		if ev.ToolName == "" {
			return fail(r.mode, r.stderr, wire.CodeGateUnavailable, ErrMalformedEvent.Error()+": no tool_name")
		}
		in, err := shrinkToolInput(ev.ToolInput, requestBudget)
		if err != nil {
			return fail(r.mode, r.stderr, wire.CodeGateUnavailable, err.Error())
		}
		req.Op, req.Tool, req.ToolInput = wire.OpAuthorize, ev.ToolName, in
		if r.mode == ModeTap {
			req.Op = wire.OpTap
		}
	case ModeCompact:
		req.Op, req.Reason = wire.OpCompact, "compaction ("+orDefault(ev.HookEventName, "PreCompact")+")"
	case ModeSessionStart:
		req.Op = wire.OpSessionStart
		if ev.Source == "compact" {
			req.Op, req.Reason = wire.OpCompact, "compaction (SessionStart source compact)"
		}
	}
	rep, err := r.ask(ctx, req)
	if err != nil {
		return fail(r.mode, r.stderr, wire.CodeGateUnavailable, err.Error())
	}
	switch {
	case r.mode == ModeTap:
		return ExitAllow
	case !rep.OK:
		return fail(r.mode, r.stderr, gateCode(rep.Code), "broker refused: "+orDefault(rep.Error, string(rep.Code)))
	case r.mode != ModeGate:
		return ExitAllow
	case rep.Allow:
		return ExitAllow
	default:
		return fail(r.mode, r.stderr, gateCode(rep.Code), denialText(req.Tool, rep))
	}
}

func (r *runner) identity() (string, uint64, error) {
	if r.baked != nil {
		return r.baked.session, r.baked.generation, nil
	}
	return identity(r.cfg.Getenv)
}

// ask sends req to the broker. With a baked identity, only the broker
// process launch-runtime registered with, on the socket it registered on,
// is asked.
func (r *runner) ask(ctx context.Context, req wire.Request) (wire.Reply, error) {
	var c *wire.Client
	var err error
	if r.baked != nil {
		c, err = wire.DialBroker(ctx, r.baked.socket, r.baked.broker)
	} else {
		var path string
		if path, err = r.cfg.SocketPath(); err != nil {
			return wire.Reply{}, fmt.Errorf("%w: %v", wire.ErrUnavailable, err)
		}
		c, err = wire.Dial(ctx, path)
	}
	if err != nil {
		return wire.Reply{}, err
	}
	defer c.Close()
	return c.Do(ctx, req)
}

// errNoIdentity reports a hook run outside a launch-runtime session.
var errNoIdentity = errors.New("no session identity: this runtime was not started through launch-runtime")

func identity(getenv func(string) string) (string, uint64, error) {
	s := getenv(wire.EnvSession)
	g := getenv(wire.EnvGeneration)
	if s == "" || g == "" {
		return "", 0, errNoIdentity
	}
	gen, err := strconv.ParseUint(g, 10, 64)
	if err != nil {
		return "", 0, fmt.Errorf("%w (%s=%q is not a generation)", errNoIdentity, wire.EnvGeneration, g)
	}
	return s, gen, nil
}

// readWithin reads the event from stdin, giving up when ctx ends.
func readWithin(ctx context.Context, stdin io.Reader) (Event, error) {
	type result struct {
		ev  Event
		err error
	}
	ch := make(chan result, 1)
	go func() {
		ev, err := ReadEvent(stdin)
		ch <- result{ev, err}
	}()
	select {
	case res := <-ch:
		return res.ev, res.err
	case <-ctx.Done():
		return Event{}, fmt.Errorf("%w: stdin not closed within the deadline", ErrMalformedEvent)
	}
}

// gateCode keeps a known gate code and turns anything else into
// GATE_UNAVAILABLE: a broker that answers with a code we do not know is a
// broker we do not understand.
func gateCode(c wire.Code) wire.Code {
	if wire.IsGateCode(c) {
		return c
	}
	return wire.CodeGateUnavailable
}

func denialText(tool string, rep wire.Reply) string {
	msg := fmt.Sprintf("leasegate blocked %s", tool)
	if rep.State != "" {
		msg += " (lease " + rep.State + ")"
	}
	if e := strings.TrimPrefix(rep.Error, string(rep.Code)+": "); e != "" {
		msg += ": " + e
	}
	if !wire.IsGateCode(rep.Code) && rep.Code != "" {
		msg += " [broker code " + string(rep.Code) + "]"
	}
	return msg
}

// fail writes the one-line reason and returns the mode's failure status:
// ExitBlock, except for the tap, which stays silent and exits 0.
func fail(mode string, stderr io.Writer, code wire.Code, text string) int {
	if mode == ModeTap {
		return ExitAllow
	}
	deny(stderr, code, text)
	return ExitBlock
}

func deny(stderr io.Writer, code wire.Code, text string) {
	text = strings.Join(strings.Fields(text), " ") // one line, whatever the broker said
	const max = 1000
	if len(text) > max {
		text = text[:max] + "..."
	}
	// Every denial ends with what to do about it (wire.NextStep).
	fmt.Fprintf(stderr, "%s: %s\n", code, wire.WithNextStep(code, text))
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}
