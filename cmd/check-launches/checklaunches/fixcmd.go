package checklaunches

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/driver"
	"github.com/leasegate/leasegate/scanner/fix"
	"github.com/leasegate/leasegate/scanner/report"
	"github.com/leasegate/leasegate/scanner/report/sarif"
)

// FixOptions are the flags and arguments of `check-launches fix`.
type FixOptions struct {
	Root   string
	Config string
	Diff   bool
	Write  bool
	// SARIF prints the scan's SARIF report with each rewrite as its
	// result's fixes entry, instead of the diff.
	SARIF bool
	// Paths limit the fix to these files or folders (relative to Root).
	Paths []string
	IO    *IO
}

// NewCmdFix builds `check-launches fix`; runF, when set, replaces the
// action so tests can check flag parsing.
func NewCmdFix(ios *IO, runF func(*FixOptions) error) *cobra.Command {
	opts := &FixOptions{IO: ios}
	cmd := &cobra.Command{
		Use:   "fix [--root DIR] [--config FILE] [--diff | --write | --sarif] [PATH...]",
		Short: "Rewrite ungated launches into launch-runtime launches",
		Long: `fix rewrites each RED launch it knows how to rewrite into the gated form,
launch-runtime --runtime NAME -- ARGS, with the smallest edit that keeps the
file's wrappers, quoting, comments and layout; the raw bypass flag on such a
launch becomes launch-runtime --dangerous. A step that uses Anthropic's Claude
Code action and an Agent SDK call with its options written in the call are
pointed at the shim .leasegate/launch-runtime-claude, which fix creates (and
never overwrites). Every edit is re-scanned before it is kept. --diff (the default) prints a unified diff and changes nothing;
--write applies it; --sarif prints the SARIF report with each rewrite as a
fix of its result. PATHs limit the fix to those files and folders.

The RED findings fix leaves are listed on stderr with the reason.

Exit status: 0 nothing is left RED after the rewrite, 1 RED findings remain,
2 usage, config or I/O error.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Paths = args
			if opts.Diff && opts.Write || opts.SARIF && (opts.Diff || opts.Write) {
				return usagef("give only one of --diff, --write and --sarif")
			}
			if opts.Root == "" {
				return usagef("--root is empty")
			}
			if runF != nil {
				return runF(opts)
			}
			return runFix(cmd.Context(), opts)
		},
	}
	cmd.SetFlagErrorFunc(flagError)
	f := cmd.Flags()
	f.StringVar(&opts.Root, "root", ".", "root `DIR` to scan; file names are relative to it")
	f.StringVar(&opts.Config, "config", "", "config `FILE` (default: .check-launches.yaml at the root, if present)")
	f.BoolVar(&opts.Diff, "diff", false, "print the rewrite as a unified diff and change nothing (the default)")
	f.BoolVar(&opts.Write, "write", false, "rewrite the files in place")
	f.BoolVar(&opts.SARIF, "sarif", false, "print the SARIF report with each rewrite as a fix of its result, and change nothing")
	return cmd
}

// selected reports whether a finding's file is under one of the paths.
func (o *FixOptions) selected(file string) bool {
	if len(o.Paths) == 0 {
		return true
	}
	for _, p := range o.Paths {
		p = path.Clean(filepath.ToSlash(p))
		if p == "." || file == p || strings.HasPrefix(file, p+"/") {
			return true
		}
	}
	return false
}

func runFix(ctx context.Context, o *FixOptions) error {
	_, cfg, _, err := rootConfig(o.IO, o.Root, o.Config)
	if err != nil {
		return err
	}
	suite := Suite()
	rep, err := driver.Scan(ctx, driver.Options{Root: o.Root, Config: cfg, Suite: suite})
	if err != nil {
		return err
	}
	for _, e := range rep.Errors {
		fmt.Fprintf(o.IO.Err, "check-launches: %s\n", oneLine(e.Error()))
	}
	byFile := map[string][]scanner.Finding{}
	var files []string
	// A launch that goes through another file (a helper, an imported
	// constant: docs/repository.md) is not rewritten at its call site,
	// which a re-scan of the file alone cannot check: it is left.
	var through []scanner.Finding
	for _, f := range rep.Findings {
		if f.Verdict != scanner.VerdictRed || !o.selected(f.File) {
			continue
		}
		if f.Chain != nil {
			through = append(through, f)
			continue
		}
		if byFile[f.File] == nil {
			files = append(files, f.File)
		}
		byFile[f.File] = append(byFile[f.File], f)
	}
	slices.Sort(files)
	var results []*fix.Result
	for _, rel := range files {
		res, err := fixFile(o.Root, rel, byFile[rel], cfg, suite)
		if err != nil {
			return err
		}
		results = append(results, res)
	}
	if o.SARIF {
		err := sarif.Write(o.IO.Out, rep, SARIFTool(), sarif.Options{
			Read: report.ReadUnder(o.Root), URIPrefix: repoPrefix(o.Root), Fixes: sarifFixes(rep.Findings, results),
		})
		if err != nil {
			return err
		}
	}
	// A file's re-scan alone may find a launch the tree's scan found
	// through another file (an npm script's variables, a sourced
	// helper): it is listed once, with its chain.
	type at struct {
		file      string
		line, col int
		class     scanner.Class
	}
	chained := map[at]bool{}
	for _, f := range through {
		chained[at{f.File, f.Line, f.Column, f.Class}] = true
	}
	for _, res := range results {
		res.Left = slices.DeleteFunc(res.Left, func(l fix.Left) bool {
			return chained[at{res.File, l.Finding.Line, l.Finding.Column, l.Finding.Class}]
		})
	}
	shim, err := needShim(o.Root, results)
	if err != nil {
		return err
	}
	fixed, changed, left := 0, 0, len(through)
	for _, res := range results {
		fixed += res.Fixed
		left += len(res.Left)
		if !res.Changed() {
			continue
		}
		changed++
		switch {
		case o.SARIF:
			continue
		case o.Write:
			if err := writeAtomic(filepath.Join(o.Root, filepath.FromSlash(res.File)), res.Old, res.New); err != nil {
				return err
			}
			continue
		}
		fmt.Fprint(o.IO.Out, fix.Diff(res.File, res.Old, res.New))
	}
	if shim && !o.SARIF {
		if o.Write {
			if err := writeShim(o.Root); err != nil {
				return err
			}
		} else {
			fmt.Fprint(o.IO.Out, fix.NewFileDiff(fix.ShimPath, []byte(fix.ShimScript), 0o755))
		}
	}
	for _, res := range results {
		for _, l := range res.Left {
			f := l.Finding
			fmt.Fprintf(o.IO.Err, "%s:%d:%d: %s [%s]\n", f.File, f.Line, f.Column, l.Reason, f.Tag())
		}
	}
	for _, f := range through {
		fmt.Fprintf(o.IO.Err, "%s:%d:%d: the launch goes through another file (%s): fix it where it happens, or write the launch-runtime call by hand [%s]\n",
			f.File, f.Line, f.Column, scanner.ChainText(*f.Chain), f.Tag())
	}
	verb := "would rewrite"
	if o.Write {
		verb = "rewrote"
	}
	fmt.Fprintf(o.IO.Err, "check-launches fix: %s %d RED findings in %d files; %d RED findings left\n", verb, fixed, changed, left)
	switch {
	case len(rep.Errors) > 0:
		return &exitError{ExitError}
	case left > 0:
		return &exitError{ExitRed}
	}
	return nil
}

// sarifFixes maps each rewritten launch to its finding's index in the
// report, as a SARIF fix.
func sarifFixes(findings []scanner.Finding, results []*fix.Result) map[int]sarif.Fix {
	index := map[scanner.Finding]int{}
	for i, f := range findings {
		index[f] = i
	}
	out := map[int]sarif.Fix{}
	for _, res := range results {
		for _, site := range res.Sites {
			i, ok := index[site.Finding]
			if !ok {
				continue
			}
			fx := sarif.Fix{Description: "start " + site.Finding.Runtime + " through launch-runtime (check-launches fix)"}
			for _, e := range site.Edits {
				sl, sc := fix.Position(res.Old, e.Start)
				el, ec := fix.Position(res.Old, e.End)
				fx.Replacements = append(fx.Replacements, sarif.Replacement{StartLine: sl, StartColumn: sc, EndLine: el, EndColumn: ec, Text: e.Text})
			}
			out[i] = fx
		}
	}
	return out
}

// fixFile fixes one file, re-scanning it alone to check each edit.
func fixFile(root, rel string, findings []scanner.Finding, cfg *scanner.Config, suite scanner.Suite) (*fix.Result, error) {
	name := filepath.Join(root, filepath.FromSlash(rel))
	st, err := os.Lstat(name)
	if err != nil {
		return nil, err
	}
	src, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	exec := st.Mode()&0o111 != 0
	var scanErr error
	rescan := func(b []byte) ([]scanner.Finding, error) {
		fs, _, err := driver.ScanBytes(rel, b, exec, cfg, suite)
		if err != nil {
			scanErr = err
		}
		return fs, err
	}
	res, err := fix.File(rel, src, findings, cfg, rescan)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", rel, errors.Join(err, scanErr))
	}
	if !st.Mode().IsRegular() && res.Changed() {
		// A symlink's target may lie outside the tree: fix reports it
		// and leaves it.
		res.New = res.Old
	}
	return res, nil
}

// needShim reports whether a rewrite points at the launch-runtime shim
// that is not there yet; a file at its path with other content is an
// error, found before anything is written.
func needShim(root string, results []*fix.Result) (bool, error) {
	need := false
	for _, res := range results {
		need = need || res.Shim && res.Changed()
	}
	if !need {
		return false, nil
	}
	name := filepath.Join(root, filepath.FromSlash(fix.ShimPath))
	st, err := os.Lstat(name)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return true, nil
	case err != nil:
		return false, err
	case !st.Mode().IsRegular():
		return false, fmt.Errorf("%s: not a regular file; fix writes its launch-runtime shim there", fix.ShimPath)
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return false, err
	}
	if string(b) != fix.ShimScript {
		return false, fmt.Errorf("%s: holds something other than fix's launch-runtime shim; fix does not overwrite it", fix.ShimPath)
	}
	return false, nil
}

// writeShim creates the shim, mode 0755, through a temporary file linked
// into place: an interrupted run leaves no shim or the whole shim, and a
// file that appeared meanwhile is not overwritten.
func writeShim(root string) error {
	name := filepath.Join(root, filepath.FromSlash(fix.ShimPath))
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".fix-*")
	if err != nil {
		return err
	}
	defer func() { _ = os.Remove(tmp.Name()) }()
	if _, err := tmp.WriteString(fix.ShimScript); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o755); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Link(tmp.Name(), name)
}

// ChangedError is a file that changed on disk while fix was reading it.
type ChangedError struct{ File string }

func (e *ChangedError) Error() string {
	return e.File + ": changed while fix ran; run fix again"
}

// writeAtomic replaces name with data through a temporary file in the same
// folder, keeping its mode, and only if it still holds old: a crash leaves
// either the old or the new file, never a mix, and a file edited meanwhile
// is not overwritten.
func writeAtomic(name string, old, data []byte) error {
	st, err := os.Stat(name)
	if err != nil {
		return err
	}
	cur, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	if !bytes.Equal(cur, old) {
		return &ChangedError{File: name}
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".fix-*")
	if err != nil {
		return err
	}
	done := false
	defer func() {
		if !done {
			_ = os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Chmod(st.Mode().Perm()); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		return err
	}
	done = true
	return nil
}
