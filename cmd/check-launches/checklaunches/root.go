package checklaunches

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/leasegate/leasegate/scanner/driver"
	"github.com/leasegate/leasegate/scanner/report"

	"github.com/spf13/cobra"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/report/sarif"
	"github.com/leasegate/leasegate/version"
)

// IO is what the commands read and write besides files: the output
// streams, the environment, and whether stderr is a terminal.
type IO struct {
	Out, Err io.Writer
	Getenv   func(string) string
	// ErrIsTerminal reports whether Err is a terminal (for the progress
	// line).
	ErrIsTerminal bool
	// OutIsTerminal reports whether Out is a terminal (for colour).
	OutIsTerminal bool
}

// SystemIO returns the process's streams and environment.
func SystemIO(stdout, stderr io.Writer) *IO {
	return &IO{Out: stdout, Err: stderr, Getenv: os.Getenv, ErrIsTerminal: isTerminal(stderr), OutIsTerminal: isTerminal(stdout)}
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Options are the flags of the scan command.
type Options struct {
	Root   string
	Config string
	JSON   bool
	SARIF  bool
	Format string
	// Outputs are extra reports written to files: FORMAT=FILE.
	Outputs []string

	Baseline      string
	WriteBaseline string
	DiffBase      string
	// Progress is "auto" (a terminal, not in CI, text output), "always" or
	// "never".
	Progress string
	// Color is "auto" (stdout is a terminal and NO_COLOR is unset),
	// "always" or "never"; it colours the text report only.
	Color string
	// FailOnSkip makes a file in scope that was not scanned fail the run
	// (exit status 1), like a RED finding.
	FailOnSkip bool
	// Strict makes a config warning an error (exit status 2), after the
	// report is written.
	Strict bool

	IO *IO
}

// exitError carries an exit status out of a cobra command.
type exitError struct{ code int }

func (e *exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

// UsageError is a command line the command cannot run (exit status 2).
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return "usage: " + e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

func usagef(format string, a ...any) error { return &UsageError{Err: fmt.Errorf(format, a...)} }

// Main runs check-launches with args and returns the exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return run(ctx, args, stdin, SystemIO(stdout, stderr))
}

func run(ctx context.Context, args []string, stdin io.Reader, ios *IO) int {
	cmd := NewCmdRoot(ios, nil)
	cmd.SetArgs(args)
	cmd.SetIn(stdin)
	cmd.SetOut(ios.Out)
	cmd.SetErr(ios.Err)
	err := cmd.ExecuteContext(ctx)
	if err == nil {
		return ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	fmt.Fprintf(ios.Err, "check-launches: %s\n", oneLine(err.Error()))
	return ExitError
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// NewCmdRoot builds the command tree; runF, when set, replaces the scan so
// tests can check flag parsing without side effects.
func NewCmdRoot(ios *IO, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: ios}
	cmd := &cobra.Command{
		Use:   "check-launches [--root DIR] [--config FILE] [--json | --sarif | --format text|json|sarif|github|markdown]",
		Short: "Fail when an AI agent launch bypasses launch-runtime",
		Long: `check-launches parses the shell, TypeScript/JavaScript, Python, Go and data
launch definitions of a repository and fails when any launch of an agent
runtime (claude, pi) bypasses launch-runtime, or when the raw
permission-bypass flag appears outside the declared choke points.

Adopting it in a repository that already has RED findings: record them with
--write-baseline FILE, then run with --baseline FILE (only new RED findings
fail), or with --diff-base REV (only RED findings in files changed since
REV fail). The inventory always covers the whole tree.

Exit status: 0 no RED finding, 1 at least one RED finding (or, with
--fail-on-skip, a file in scope that was not scanned), 2 usage, config or
I/O error (or, with --strict, a config warning).`,
		Version:       version.String(),
		Args:          cobra.NoArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.validate(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return runScan(cmd.Context(), opts)
		},
	}
	cmd.SetFlagErrorFunc(flagError)
	f := cmd.Flags()
	f.StringVar(&opts.Root, "root", ".", "root `DIR` to scan; file names are relative to it")
	f.StringVar(&opts.Config, "config", "", "config `FILE` (default: .check-launches.yaml at the root, if present)")
	f.BoolVar(&opts.JSON, "json", false, "print the JSON report")
	f.BoolVar(&opts.SARIF, "sarif", false, "print a SARIF 2.1.0 report")
	f.StringVar(&opts.Format, "format", "", "output `FORMAT`: text, json, sarif, github or markdown")
	f.StringArrayVar(&opts.Outputs, "output", nil, "also write a report to a file, as `FORMAT=FILE` (repeatable)")
	f.StringVar(&opts.Baseline, "baseline", "", "fail only on RED findings not recorded in the baseline `FILE`")
	f.StringVar(&opts.WriteBaseline, "write-baseline", "", "record today's RED findings in the baseline `FILE` (and accept them in this run)")
	f.StringVar(&opts.DiffBase, "diff-base", "", "fail only on RED findings in files changed since git revision `REV`")
	f.StringVar(&opts.Progress, "progress", "auto", "progress line on stderr `WHEN`: auto (a terminal, not in CI, text output), always or never")
	f.StringVar(&opts.Color, "color", "auto", "colour the text report `WHEN`: auto (stdout is a terminal and NO_COLOR is unset), always or never")
	f.BoolVar(&opts.FailOnSkip, "fail-on-skip", false, "exit 1 when a file in scope was skipped (too large, unreadable, a symbolic link...)")
	f.BoolVar(&opts.Strict, "strict", false, "exit 2 on a config warning (such as an override that turns off a built-in runtime)")
	cmd.AddCommand(NewCmdInit(ios, nil), NewCmdExplain(ios, nil), NewCmdConfig(ios, nil), NewCmdFix(ios, nil))
	cmd.SetVersionTemplate("check-launches {{.Version}}\n") // version.String: version and commit
	return cmd
}

func flagError(_ *cobra.Command, err error) error { return &UsageError{Err: err} }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// configWarnings prints the config's warnings on w and returns them for
// the report.
func configWarnings(w io.Writer, cfg *scanner.Config) []report.Warning {
	var out []report.Warning
	for _, cw := range cfg.Warnings() {
		fmt.Fprintf(w, "check-launches: warning: %s\n", cw)
		out = append(out, report.Warning{File: cw.File, Line: cw.Line, Column: cw.Col, Message: cw.Msg})
	}
	return out
}

var formats = []string{"text", "json", "sarif", "github", "markdown"}

func validFormat(f string) bool {
	for _, x := range formats {
		if x == f {
			return true
		}
	}
	return false
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
		return "", usagef("give only one of --json, --sarif and --format")
	}
	if !validFormat(format) {
		return "", usagef("unknown format %q (want %s)", format, strings.Join(formats, ", "))
	}
	return format, nil
}

// output is one --output FORMAT=FILE.
type output struct{ format, file string }

func (o *Options) outputs() ([]output, error) {
	var out []output
	for _, s := range o.Outputs {
		format, file, ok := strings.Cut(s, "=")
		if !ok || file == "" {
			return nil, usagef("--output %q: want FORMAT=FILE", s)
		}
		if !validFormat(format) {
			return nil, usagef("--output %q: unknown format %q (want %s)", s, format, strings.Join(formats, ", "))
		}
		out = append(out, output{format, file})
	}
	return out, nil
}

func (o *Options) validate() error {
	if _, err := o.format(); err != nil {
		return err
	}
	if _, err := o.outputs(); err != nil {
		return err
	}
	switch o.Progress {
	case "auto", "always", "never":
	default:
		return usagef("--progress %q: want auto, always or never", o.Progress)
	}
	switch o.Color {
	case "auto", "always", "never":
	default:
		return usagef("--color %q: want auto, always or never", o.Color)
	}
	if o.Root == "" {
		return usagef("--root is empty")
	}
	return nil
}

// color reports whether the text report is coloured.
func (o *Options) color() bool {
	switch o.Color {
	case "always":
		return true
	case "never":
		return false
	}
	return o.IO.OutIsTerminal && o.IO.Getenv("NO_COLOR") == ""
}

// checkRoot fails plainly when the root is not a folder, before anything
// looks for a config file inside it.
func checkRoot(root string) error {
	st, err := os.Stat(root)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return usagef("--root %s: no such folder", root)
	case err != nil:
		return usagef("--root %s: %v", root, unwrapPath(err))
	case !st.IsDir():
		return usagef("--root %s is not a folder: the root must be a folder (this file is in %s)", root, filepath.Dir(root))
	}
	return nil
}

// unwrapPath drops the path an *os.PathError repeats.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// configFile returns the config file to load ("" for the defaults).
func configFile(root, config string) (string, error) {
	if config != "" {
		return config, nil
	}
	def := filepath.Join(root, driver.ConfigFileName)
	if _, err := os.Lstat(def); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return "", nil
		}
		return "", err
	}
	return def, nil
}

func loadConfig(file string) (*scanner.Config, error) {
	if file == "" {
		return scanner.DefaultConfig(), nil
	}
	return driver.LoadConfig(file)
}

// rootConfig checks the root, then loads the config a run at it uses
// (config, else the root's config file, else the defaults: file is then
// ""), and prints the config's warnings on stderr.
func rootConfig(ios *IO, root, config string) (file string, cfg *scanner.Config, warnings []report.Warning, err error) {
	if err := checkRoot(root); err != nil {
		return "", nil, nil, err
	}
	if file, err = configFile(root, config); err != nil {
		return "", nil, nil, err
	}
	if cfg, err = loadConfig(file); err != nil {
		return "", nil, nil, err
	}
	return file, cfg, configWarnings(ios.Err, cfg), nil
}

func runScan(ctx context.Context, o *Options) error {
	format, err := o.format()
	if err != nil {
		return err
	}
	outs, err := o.outputs()
	if err != nil {
		return err
	}
	cfgFile, cfg, warnings, err := rootConfig(o.IO, o.Root, o.Config)
	if err != nil {
		return err
	}
	// Load the baseline and ask git before scanning, so that a bad
	// baseline or revision fails fast.
	var baseline *report.Baseline
	if o.Baseline != "" && o.WriteBaseline == "" {
		if baseline, err = report.LoadBaseline(o.Baseline); err != nil {
			return err
		}
	}
	var changed map[string]bool
	var notes []string
	if o.DiffBase != "" {
		if changed, err = driver.ChangedFiles(ctx, o.Root, o.DiffBase); err != nil {
			return err
		}
		if rel, ok := relConfig(o.Root, cfgFile); ok && changed[rel] {
			notes = append(notes, fmt.Sprintf("%s changed since %s, so every file counts", rel, o.DiffBase))
			changed = nil
		}
	}

	prog := newProgress(o, format)
	rep, err := driver.Scan(ctx, driver.Options{Root: o.Root, Config: cfg, Suite: Suite(), Progress: prog.update})
	prog.done()
	if err != nil {
		return err
	}
	rep.Warnings = warnings

	var fps []string
	if o.Baseline != "" || o.WriteBaseline != "" || o.DiffBase != "" {
		fps = report.Fingerprints(rep.Findings, report.ReadUnder(o.Root))
	}
	baseFile := o.Baseline
	if o.WriteBaseline != "" {
		baseline = report.NewBaseline(rep, fps)
		if err := baseline.WriteFile(o.WriteBaseline); err != nil {
			return err
		}
		baseFile = o.WriteBaseline
		n := len(baseline.Findings)
		fmt.Fprintf(o.IO.Err, "check-launches: wrote %d RED %s to baseline %s\n", n, plural(n, "finding", "findings"), o.WriteBaseline)
	}
	if baseline != nil || o.DiffBase != "" {
		rep.Waive(fps, baseline, baseFile, changed, o.DiffBase, notes)
	}

	if err := writeReport(o.IO.Out, format, o.Root, rep, fps, o.IO.Getenv("GITHUB_ACTIONS") == "true", o.color()); err != nil {
		return err
	}
	for _, out := range outs {
		if err := writeReportFile(out, o.Root, rep, fps); err != nil {
			return err
		}
	}
	for _, e := range rep.Errors {
		fmt.Fprintf(o.IO.Err, "check-launches: %s\n", oneLine(e.Error()))
	}
	skipFails := o.FailOnSkip && len(rep.Skipped) > 0
	if skipFails {
		n := len(rep.Skipped)
		fmt.Fprintf(o.IO.Err, "check-launches: %d %s in scope skipped, and --fail-on-skip is set\n", n, plural(n, "file", "files"))
	}
	strictFails := o.Strict && len(warnings) > 0
	if strictFails {
		n := len(warnings)
		fmt.Fprintf(o.IO.Err, "check-launches: %d config %s, and --strict is set\n", n, plural(n, "warning", "warnings"))
	}
	switch {
	case len(rep.Errors) > 0, strictFails:
		return &exitError{ExitError}
	case rep.Failing() > 0, skipFails:
		return &exitError{ExitRed}
	}
	return nil
}

// relConfig returns the config file's path relative to the root, when it
// is inside it.
func relConfig(root, file string) (string, bool) {
	if file == "" {
		return "", false
	}
	absRoot, err1 := filepath.Abs(root)
	absFile, err2 := filepath.Abs(file)
	if err1 != nil || err2 != nil {
		return "", false
	}
	rel, err := filepath.Rel(absRoot, absFile)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

func writeReport(w io.Writer, format, root string, rep *report.Report, fps []string, actions, color bool) error {
	switch format {
	case "json":
		return report.WriteJSON(w, rep)
	case "sarif":
		return sarif.Write(w, rep, SARIFTool(), sarif.Options{Read: report.ReadUnder(root), Fingerprints: fps, URIPrefix: repoPrefix(root)})
	case "github":
		return report.WriteGitHubAt(w, rep, repoPrefix(root))
	case "markdown":
		return report.WriteMarkdown(w, rep)
	}
	if actions {
		if err := report.WriteGitHubAt(w, rep, repoPrefix(root)); err != nil {
			return err
		}
	}
	return report.WriteText(w, rep, report.TextOptions{Color: color, Read: report.ReadUnder(root)})
}

// OutputError is a report file that could not be written.
type OutputError struct {
	File string
	Err  error
}

func (e *OutputError) Error() string { return "--output " + e.File + ": " + e.Err.Error() }
func (e *OutputError) Unwrap() error { return e.Err }

func writeReportFile(out output, root string, rep *report.Report, fps []string) error {
	f, err := os.Create(out.file)
	if err != nil {
		return &OutputError{File: out.file, Err: err}
	}
	werr := writeReport(f, out.format, root, rep, fps, false, false)
	cerr := f.Close()
	if werr != nil {
		return &OutputError{File: out.file, Err: werr}
	}
	if cerr != nil {
		return &OutputError{File: out.file, Err: cerr}
	}
	return nil
}

// progress prints a one-line count of scanned files on stderr when a scan
// runs longer than progressDelay, on a terminal, outside CI, and only with
// text output.
type progress struct {
	w       io.Writer
	start   time.Time
	mu      chan struct{}
	last    time.Time
	printed bool
	enabled bool
	now     func() time.Time
}

const (
	progressDelay    = time.Second
	progressInterval = 100 * time.Millisecond
)

func newProgress(o *Options, format string) *progress {
	p := &progress{w: o.IO.Err, mu: make(chan struct{}, 1), now: time.Now}
	p.start = p.now()
	switch o.Progress {
	case "always":
		p.enabled = true
	case "auto":
		ci := o.IO.Getenv("CI") != "" || o.IO.Getenv("GITHUB_ACTIONS") != ""
		p.enabled = o.IO.ErrIsTerminal && !ci && format == "text"
	}
	return p
}

func (p *progress) update(done, total int) {
	if !p.enabled {
		return
	}
	select {
	case p.mu <- struct{}{}:
	default:
		return // another worker is printing; skip this tick
	}
	defer func() { <-p.mu }()
	now := p.now()
	if now.Sub(p.start) < progressDelay || now.Sub(p.last) < progressInterval {
		return
	}
	p.last = now
	p.printed = true
	fmt.Fprintf(p.w, "\rcheck-launches: scanned %d / %d files", done, total)
}

// done clears the progress line, if one was printed.
func (p *progress) done() {
	p.mu <- struct{}{}
	defer func() { <-p.mu }()
	if p.printed {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.printed = false
	}
}

// repoPrefix returns the root's path inside its git work tree, with a
// trailing slash ("packages/app/"), or "" at the top of the work tree,
// outside git, or without git.
func repoPrefix(root string) string {
	cmd := exec.Command("git", "-C", root, "rev-parse", "--show-prefix")
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0")
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return filepath.ToSlash(strings.TrimSpace(string(out)))
}
