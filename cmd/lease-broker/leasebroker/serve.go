package leasebroker

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/leasegate/leasegate/lease/broker"
	"github.com/leasegate/leasegate/lease/fleet"
	"github.com/leasegate/leasegate/lease/wire"
)

// ServeOptions are the flags of `lease-broker serve`.
type ServeOptions struct {
	IO            *IO
	Global        *globalOptions
	Audit         string
	AuditMaxBytes int64
	VerifierUID   int
	Policy        string
	Foreground    bool
	ToolCallCap   int
	// AuditDB ships the audit log into a fleet database (docs/fleet.md).
	AuditDB   dbOptions
	AuditHost string
}

// LoadPolicy loads a --policy file, or the default policy for "". Tests may
// replace it.
var LoadPolicy = loadGatePolicy

// NewCmdServe builds `serve`. runF replaces the run function in tests.
func NewCmdServe(ios *IO, g *globalOptions, runF func(*ServeOptions) error) *cobra.Command {
	opts := &ServeOptions{IO: ios, Global: g}
	cmd := &cobra.Command{
		Use:   "serve [--socket PATH] [--audit FILE] [--verifier-uid N] [--policy FILE] [--foreground]",
		Short: "Run the broker (detached unless --foreground)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			if opts.Foreground {
				return runServe(opts)
			}
			return runDetached(opts, os.Args[0])
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Audit, "audit", "", "audit log (default: $XDG_STATE_HOME/leasegate/audit.jsonl, else audit.jsonl beside the socket)")
	f.Int64Var(&opts.AuditMaxBytes, "audit-max-bytes", broker.DefaultAuditMaxBytes, "rotate the audit log past this size")
	f.IntVar(&opts.VerifierUID, "verifier-uid", broker.NoVerifier, "another user allowed to verify (begin-verification, promote)")
	f.StringVar(&opts.Policy, "policy", "", "policy `FILE` whose rules may deny calls the lease allows (default: the shipped default policy)")
	f.BoolVar(&opts.Foreground, "foreground", false, "stay in the foreground instead of detaching")
	f.IntVar(&opts.ToolCallCap, "tool-call-cap", broker.DefaultToolCallCap, "per-session cap on tool.call and file.touch records (negative: none)")
	opts.AuditDB.flags(f, "audit-db")
	f.StringVar(&opts.AuditHost, "audit-host", "", "host name in the fleet database (default: this host's name)")
	return cmd
}

// signalContext ends on SIGTERM, SIGINT or SIGHUP.
func signalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
}

func runServe(o *ServeOptions) error {
	path, err := o.Global.socket()
	if err != nil {
		return err
	}
	cfg := broker.Config{Socket: path, AuditPath: o.Audit, AuditMaxBytes: o.AuditMaxBytes,
		VerifierUID: o.VerifierUID, ToolCallCap: o.ToolCallCap}
	// Without --policy the default policy shipped in the gate package
	// applies: its rules only deny, on top of the lease.
	p, err := LoadPolicy(o.Policy, path, o.Audit)
	if err != nil {
		name := o.Policy
		if name == "" {
			name = "(default)"
		}
		return exitf(ExitFailed, "policy %s: %v", name, err)
	}
	cfg.Policy, cfg.PolicyFile = p, o.Policy
	srv, err := broker.Listen(cfg)
	switch {
	case errors.Is(err, broker.ErrAlreadyRunning):
		fmt.Fprintf(o.IO.Err, "lease-broker: already running on %s; leaving it alone\n", path)
		return nil
	case errors.Is(err, wire.ErrUnsafeDir), errors.Is(err, broker.ErrUnsafeSocket):
		return exitf(ExitUnsafe, "refusing to start: %v", err)
	case err != nil:
		return exitf(ExitFailed, "%v", err)
	}
	ctx, stop := signalContext()
	defer stop()
	fmt.Fprintf(o.IO.Err, "lease-broker: serving on %s (pid %d, audit %s)\n", srv.Addr(), os.Getpid(), srv.AuditPath())
	if o.AuditDB.set() {
		cfg, err := o.AuditDB.config()
		if err != nil {
			return err
		}
		// The shipper only reads the log: no gate decision waits on it.
		sh := &fleet.Shipper{Audit: srv.AuditPath(), Host: o.AuditHost, DB: cfg,
			Logf: func(f string, a ...any) { fmt.Fprintf(o.IO.Err, "lease-broker: "+f+"\n", a...) }}
		done := make(chan struct{})
		go func() {
			defer close(done)
			if err := sh.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
				fmt.Fprintf(o.IO.Err, "lease-broker: fleet shipping stopped: %v\n", err)
			}
		}()
		defer func() { stop(); <-done }()
		fmt.Fprintf(o.IO.Err, "lease-broker: shipping the audit log to %s\n", fleet.Redact(o.AuditDB.URL))
	}
	if err := srv.Serve(ctx); err != nil {
		return exitf(ExitFailed, "%v", err)
	}
	return nil
}

// runDetached starts `serve --foreground` in a new session with its output
// sent to a log file and waits until it answers (or exits).
func runDetached(o *ServeOptions, argv0 string) error {
	path, err := o.Global.socket()
	if err != nil {
		return err
	}
	probe := &globalOptions{Socket: path, Timeout: time.Second}
	if _, err := probe.call(wire.Request{Op: wire.OpStatus}); err == nil {
		fmt.Fprintf(o.IO.Err, "lease-broker: already running on %s\n", path)
		return nil
	}
	exe, err := os.Executable()
	if err != nil {
		exe = argv0
	}
	// The broker runs from / (so it pins no mount); make every path
	// absolute first.
	abs := func(p string) (string, error) {
		if p == "" {
			return "", nil
		}
		return filepath.Abs(p)
	}
	if path, err = abs(path); err != nil {
		return exitf(ExitUsage, "--socket: %v", err)
	}
	if o.Audit, err = abs(o.Audit); err != nil {
		return exitf(ExitUsage, "--audit: %v", err)
	}
	if o.Policy, err = abs(o.Policy); err != nil {
		return exitf(ExitUsage, "--policy: %v", err)
	}
	args := []string{"serve", "--foreground", "--socket", path,
		"--audit-max-bytes", strconv.FormatInt(o.AuditMaxBytes, 10),
		"--verifier-uid", strconv.Itoa(o.VerifierUID),
		"--tool-call-cap", strconv.Itoa(o.ToolCallCap)}
	if o.Audit != "" {
		args = append(args, "--audit", o.Audit)
	}
	if o.Policy != "" {
		args = append(args, "--policy", o.Policy)
	}
	env := os.Environ()
	if o.AuditDB.set() {
		// The URL may hold a password: hand it over in the environment
		// (readable by this user only), never in the argv (readable by all).
		env = append(env, fleet.EnvDB+"="+o.AuditDB.URL)
		if o.AuditDB.PasswordFile != "" {
			pf, err := abs(o.AuditDB.PasswordFile)
			if err != nil {
				return exitf(ExitUsage, "--audit-db-password-file: %v", err)
			}
			args = append(args, "--audit-db-password-file", pf)
		}
		if o.AuditHost != "" {
			args = append(args, "--audit-host", o.AuditHost)
		}
	}
	logf, err := os.CreateTemp("", "lease-broker-*.log")
	if err != nil {
		return exitf(ExitFailed, "%v", err)
	}
	defer os.Remove(logf.Name())
	defer logf.Close()
	null, err := os.Open(os.DevNull)
	if err != nil {
		return exitf(ExitFailed, "%v", err)
	}
	defer null.Close()
	cmd := exec.Command(exe, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = null, null, logf
	cmd.Env = env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	cmd.Dir = "/"
	if err := cmd.Start(); err != nil {
		return exitf(ExitFailed, "start broker: %v", err)
	}
	exited := make(chan int, 1)
	go func() {
		_ = cmd.Wait()
		exited <- cmd.ProcessState.ExitCode()
	}()
	deadline := time.After(10 * time.Second)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case code := <-exited:
			msg, _ := os.ReadFile(logf.Name())
			fmt.Fprintf(o.IO.Err, "%s", msg)
			if code == ExitOK {
				return nil // another broker won the race
			}
			return &exitError{code: code}
		case <-deadline:
			return exitf(ExitFailed, "broker did not answer on %s within 10s", path)
		case <-tick.C:
			if _, err := probe.call(wire.Request{Op: wire.OpStatus}); err == nil {
				fmt.Fprintf(o.IO.Err, "lease-broker: started pid %d on %s\n", cmd.Process.Pid, path)
				return nil
			}
		}
	}
}
