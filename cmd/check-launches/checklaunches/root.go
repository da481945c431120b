package checklaunches

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/leasegate/leasegate/scanner"
)

// Options are the flags of the scan command.
type Options struct {
	Root   string
	Config string
	JSON   bool
	SARIF  bool
	Format string

	Stdout, Stderr io.Writer
	Getenv         func(string) string
}

// exitError carries an exit status out of a cobra command.
type exitError struct{ code int }

func (e *exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

// Main runs check-launches with args and returns the exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cmd := NewCmdRoot(stdout, stderr, nil)
	cmd.SetArgs(args)
	cmd.SetIn(stdin)
	cmd.SetOut(stdout)
	cmd.SetErr(stderr)
	err := cmd.ExecuteContext(ctx)
	if err == nil {
		return ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	fmt.Fprintf(stderr, "check-launches: %s\n", oneLine(err.Error()))
	return ExitError
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// NewCmdRoot builds the command; runF, when set, replaces the scan so tests
// can check flag parsing without side effects.
func NewCmdRoot(stdout, stderr io.Writer, runF func(*Options) error) *cobra.Command {
	opts := &Options{Stdout: stdout, Stderr: stderr, Getenv: os.Getenv}
	cmd := &cobra.Command{
		Use:   "check-launches [--root DIR] [--config FILE] [--json | --sarif | --format text|json|sarif|github]",
		Short: "Fail when an AI agent launch bypasses launch-runtime",
		Long: `check-launches parses the shell, TypeScript/JavaScript, Python, Go and data
launch definitions of a repository and fails when any launch of an agent
runtime (claude, pi) bypasses launch-runtime, or when the raw
permission-bypass flag appears outside the declared choke points.

Exit status: 0 no RED finding, 1 at least one RED finding, 2 usage, config
or I/O error.`,
		Args:          cobra.NoArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return runScan(cmd.Context(), opts)
		},
	}
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return fmt.Errorf("usage: %w", err) })
	f := cmd.Flags()
	f.StringVar(&opts.Root, "root", ".", "root `DIR` to scan; file names are relative to it")
	f.StringVar(&opts.Config, "config", "", "config `FILE` (default: .check-launches.yaml at the root, if present)")
	f.BoolVar(&opts.JSON, "json", false, "print the JSON report")
	f.BoolVar(&opts.SARIF, "sarif", false, "print a SARIF 2.1.0 report")
	f.StringVar(&opts.Format, "format", "", "output `FORMAT`: text, json, sarif or github")
	return cmd
}

func (o *Options) format() (string, error) {
	n := 0
	format := "text"
	if o.JSON {
		n++
		format = "json"
	}
	if o.SARIF {
		n++
		format = "sarif"
	}
	if o.Format != "" {
		n++
		format = o.Format
	}
	if n > 1 {
		return "", errors.New("usage: give only one of --json, --sarif and --format")
	}
	switch format {
	case "text", "json", "sarif", "github":
		return format, nil
	}
	return "", fmt.Errorf("usage: unknown format %q (want text, json, sarif or github)", format)
}

func loadConfig(o *Options) (*scanner.Config, error) {
	file := o.Config
	if file == "" {
		def := filepath.Join(o.Root, scanner.ConfigFileName)
		if _, err := os.Lstat(def); err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return scanner.DefaultConfig(), nil
			}
			return nil, err
		}
		file = def
	}
	return scanner.LoadConfig(file)
}

func runScan(ctx context.Context, o *Options) error {
	format, err := o.format()
	if err != nil {
		return err
	}
	cfg, err := loadConfig(o)
	if err != nil {
		return err
	}
	rep, err := scanner.Scan(ctx, scanner.Options{Root: o.Root, Config: cfg, Detectors: Detectors(), Shell: Shell})
	if err != nil {
		return err
	}
	switch format {
	case "json":
		err = scanner.WriteJSON(o.Stdout, rep)
	case "sarif":
		err = writeSARIF(o.Stdout, rep)
	case "github":
		err = scanner.WriteGitHub(o.Stdout, rep)
	default:
		if o.Getenv("GITHUB_ACTIONS") == "true" {
			if err = scanner.WriteGitHub(o.Stdout, rep); err != nil {
				return err
			}
		}
		err = scanner.WriteText(o.Stdout, rep)
	}
	if err != nil {
		return err
	}
	for _, e := range rep.Errors {
		fmt.Fprintf(o.Stderr, "check-launches: %s\n", oneLine(e.Error()))
	}
	switch {
	case len(rep.Errors) > 0:
		return &exitError{ExitError}
	case rep.HasRed():
		return &exitError{ExitRed}
	}
	return nil
}
