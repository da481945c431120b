package driver

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/report"
)

// FileBudget is how long a detector may spend on one file (including the
// shell strings it hands on) before the file is reported RED unparseable
// ("the detector took longer than ..."). It is generous, far above any
// real file's time (a 20 MB minified bundle takes seconds), so that a
// detector that hangs on a pathological input cannot stall the scan; the
// verdict then depends on timing only for a file that takes that long,
// which is documented (bench/results/soak.md). A detector that ignores
// Pass.Expired keeps running in the background until the process exits.
const FileBudget = 2 * time.Minute

// Options configure one scan.
type Options struct {
	Root    string
	Config  *scanner.Config
	Suite   scanner.Suite // the detectors, and the shell detector for embedded text
	Workers int           // 0 means GOMAXPROCS
	// Budget is the time a detector may spend on one file; 0 means
	// FileBudget.
	Budget time.Duration
	// Progress, when set, is called with the number of files done so far.
	Progress func(done, total int)

	siblings func(rel string) func() []scanner.Sibling // set by Scan
	shared   *scanner.Shared                           // set by Scan: this scan's detector state
}

// FileError is a file in scope that could not be read. The scan goes on;
// the command exits with the I/O status.
type FileError struct {
	File string
	Err  error
}

func (e *FileError) Error() string { return e.File + ": " + e.Err.Error() }
func (e *FileError) Unwrap() error { return e.Err }

// Scan walks the root and runs the detectors over every file in scope. A
// missing or unreadable root is an error; files that cannot be read are
// listed in Report.Skipped and returned as FileErrors in Report.Errors.
func Scan(ctx context.Context, opt Options) (*report.Report, error) {
	st, err := os.Stat(opt.Root)
	if err != nil {
		return nil, fmt.Errorf("root: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("root %s: not a directory", opt.Root)
	}
	cfg := opt.Config
	if cfg == nil {
		cfg = scanner.DefaultConfig()
	}
	files, links, skips, walkErrs, err := walk(ctx, opt.Root, cfg)
	if err != nil {
		return nil, err
	}
	aliases, bins := packageFacts(append(slices.Clip(files), skippedPackages(opt.Root)...))
	cfg = cfg.WithPackageAliases(aliases)
	clis, binCmds := map[string]string{}, map[string]string{}
	for _, b := range bins {
		workspaceCLIs(cfg, b.Rel, b.Src, clis, binCmds)
	}
	cfg = cfg.WithWorkspaceCLIs(clis).WithBinCommands(binCmds)
	opt.Config = cfg
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// The files of each folder, for detectors that read a file's siblings.
	byDir := map[string][]scanner.Sibling{}
	for _, c := range files {
		d := path.Dir(c.rel)
		byDir[d] = append(byDir[d], scanner.Sibling{Rel: c.rel, Abs: c.abs, Size: c.size})
	}
	opt.siblings = func(rel string) func() []scanner.Sibling {
		return func() []scanner.Sibling { return byDir[path.Dir(rel)] }
	}
	byRel := make(map[string]candidate, len(files))
	for _, c := range files {
		byRel[c.rel] = c
	}
	opt.shared = &scanner.Shared{Read: func(rel string) ([]byte, bool) {
		c, ok := byRel[rel]
		if !ok || c.size > scanner.MaxFileSize {
			return nil, false
		}
		b, err := scanner.ReadFile(c.abs)
		return b, err == nil && len(b) <= scanner.MaxFileSize
	}}
	results := make([]fileResult, len(files))
	var done atomic.Int64
	// The largest file first: the small ones then fill the other cores
	// while its parse holds the heavy step (eachFile), instead of a core
	// idling through a bundle found last in the walk. Only one: large
	// seeds are scanned one at a time (alone), so a second one taken at
	// once would wait for the first.
	order := make([]int, 0, len(files))
	largest := -1
	for i, c := range files {
		if c.size > largeFile && (largest < 0 || c.size > files[largest].size) {
			largest = i
		}
	}
	if largest >= 0 {
		order = append(order, largest)
	}
	for i := range files {
		if i != largest {
			order = append(order, i)
		}
	}
	eachFile(ctx, len(files), workers, func(k int) {
		i := order[k]
		results[i] = scanFile(ctx, files[i], cfg, opt, nil)
		n := done.Add(1)
		if opt.Progress != nil {
			opt.Progress(int(n), len(files))
		}
	}, func(k int) bool { return files[order[k]].size <= smallFile })
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// The files the scanned ones run by path that the walk left out (a
	// default excluded folder: testdata/, third_party/, vendor/): run,
	// they are in the repository's launches.
	extra, runLinks := runTargets(opt.Root, cfg, files, results, byRel)
	links = append(links, runLinks...)
	if len(extra) > 0 {
		for _, c := range extra {
			byRel[c.rel] = c
			d := path.Dir(c.rel)
			byDir[d] = append(byDir[d], scanner.Sibling{Rel: c.rel, Abs: c.abs, Size: c.size})
		}
		more := make([]fileResult, len(extra))
		eachFile(ctx, len(extra), workers, func(k int) {
			more[k] = scanFile(ctx, extra[k], cfg, opt, nil)
		}, nil)
		files = append(files, extra...)
		results = append(results, more...)
	}
	// Phase two: the files whose launches go through other files.
	linkRepo(ctx, diskRepo(files, results), cfg, opt, workers)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	rep := &report.Report{SchemaVersion: report.SchemaVersion, Root: opt.Root, Errors: walkErrs}
	for _, r := range results {
		rep.Findings = append(rep.Findings, r.findings...)
		rep.Suppressions = append(rep.Suppressions, r.markers...)
		if r.skip != nil {
			skips = append(skips, *r.skip)
		}
		if r.err != nil {
			rep.Errors = append(rep.Errors, r.err)
		}
		if r.scanned {
			rep.Summary.FilesScanned++
		}
	}
	rep.Findings = append(rep.Findings, linkLaunches(ctx, links, cfg, opt)...)
	rep.Findings = groupLaunches(rep.Findings)
	sort.Slice(skips, func(i, j int) bool { return skips[i].File < skips[j].File })
	rep.Skipped = skips
	rep.Finish()
	return rep, nil
}

type fileResult struct {
	findings []scanner.Finding
	markers  []report.Suppression
	skip     *report.Skip
	err      error
	scanned  bool
	link     linkInfo
}

func scanFile(ctx context.Context, c candidate, cfg *scanner.Config, opt Options, imports scanner.Imports) (res fileResult) {
	if c.size > scanner.MaxFileSize {
		res.skip = &report.Skip{File: c.rel, Reason: fmt.Sprintf("larger than %d MiB (%d bytes), not scanned", scanner.MaxFileSize>>20, c.size)}
		res.findings = oversized(c, cfg, opt.Suite)
		return res
	}
	if imports == nil && opt.shared != nil {
		// read whole by a detector that met it before the driver did
		// (scanner.Shared.Ahead): as it would read now, with no read
		if src, ok := opt.shared.TakeAhead(c.rel); ok {
			return scanRead(ctx, c, src, cfg, opt, imports)
		}
	}
	// The file may have changed since the walk saw it. Opening without
	// blocking and checking what was opened keeps a FIFO or device that
	// replaced it from blocking the scan, and a file that grew past the cap
	// from being read.
	fd, err := scanner.OpenRaw(c.abs)
	if err != nil {
		res.skip = &report.Skip{File: c.rel, Reason: "cannot be read: " + unwrapPathErr(err)}
		res.err = &FileError{File: c.rel, Err: err}
		return res
	}
	defer fd.Close()
	size, regular, err := fd.Stat()
	if err == nil && !regular {
		res.skip = &report.Skip{File: c.rel, Reason: "not a regular file"}
		return res
	}
	var src []byte
	if err == nil {
		buf := getReadBuf(size)
		src, err = readCapped(fd, size, buf)
		// the buffer goes back to the pool once nothing reads src: not
		// when a detector past its budget may still be running on it
		defer func() {
			if !res.link.expired {
				putReadBuf(buf)
			}
		}()
	}
	if err != nil {
		res.skip = &report.Skip{File: c.rel, Reason: "cannot be read: " + unwrapPathErr(err)}
		res.err = &FileError{File: c.rel, Err: err}
		return res
	}
	if len(src) > scanner.MaxFileSize {
		res.skip = &report.Skip{File: c.rel, Reason: fmt.Sprintf("larger than %d MiB, not scanned", scanner.MaxFileSize>>20)}
		res.findings = oversized(c, cfg, opt.Suite)
		return res
	}
	return scanRead(ctx, c, src, cfg, opt, imports)
}

// scanRead scans src, the bytes read of candidate c.
func scanRead(ctx context.Context, c candidate, src []byte, cfg *scanner.Config, opt Options, imports scanner.Imports) (res fileResult) {
	if len(src) > minTokenBound {
		if why, ok := tooManyTokens(c, src, opt.Suite); ok {
			res.skip = &report.Skip{File: c.rel, Reason: why + ", not parsed"}
			res.findings = unread(c, bytes.NewReader(src), why, cfg, opt.Suite)
			return res
		}
	}
	res.scanned = true
	var ferr error
	var sib func() []scanner.Sibling
	if opt.siblings != nil {
		sib = opt.siblings(c.rel)
	}
	res.findings, res.markers, ferr = scanBytes(ctx, c.rel, src, c.mode&0o111 != 0, cfg, opt.Suite, opt.Budget, sib, opt.shared, imports, &res.link)
	if ferr != nil {
		res.err = &FileError{File: c.rel, Err: ferr}
	}
	return res
}

// shebangLaunch judges the `#!` line of a file whose line names a
// runtime: running the file runs the line's program with the file as its
// last argument (`#!/usr/bin/env -S claude -p` makes the file a prompt
// that claude is started on), whatever detector reads the rest.
func shebangLaunch(p *scanner.Pass, src []byte) {
	if !bytes.HasPrefix(src, []byte("#!")) || !p.Hits.Has(scanner.HitRuntime) {
		return
	}
	line := src[2:]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	if !p.Config.MentionsRuntime(line) {
		return
	}
	var argv []scanner.Arg
	col := 3
	for _, f := range strings.Fields(string(line)) {
		i := bytes.Index(line[col-3:], []byte(f)) + col - 3
		argv = append(argv, scanner.Arg{Value: f, Known: true, Pos: scanner.Pos{Line: 1, Column: i + 3}})
		col = i + len(f) + 3
	}
	if len(argv) == 0 {
		return
	}
	if path.Base(argv[0].Value) == "env" && len(argv) > 1 && argv[1].Value == "-S" {
		argv = append(argv[:1], argv[2:]...) // env -S splits the rest, as Fields did
	}
	argv = append(argv, scanner.Arg{Value: p.Path, Known: true, Pos: scanner.Pos{Line: 1, Column: 1}})
	p.Judge(scanner.Command{Argv: argv, At: argv[0].Pos})
}

// maxRunTargets bounds the files runTargets adds to a scan.
const maxRunTargets = 256

// runTargets lists the files of the root that scanned files run or source
// by path (Pass.Runs, Pass.Needs, Pass.Execs) but the walk did not take because they
// lie in a default excluded folder (`sh third_party/tools/review.sh`,
// `exec.Command("sh", "testdata/agent.sh")`): a script the repository
// runs is scanned wherever it is. Only regular files in scope under the
// root, never under .git; at most maxRunTargets.
//
// The symbolic links on such paths in those folders are returned too
// (`node vendor/agent/cli.js` with vendor/agent a link to a runtime's
// package folder), for linkLaunches: the walk never met them.
func runTargets(root string, cfg *scanner.Config, files []candidate, results []fileResult, byRel map[string]candidate) ([]candidate, []symlink) {
	var out []candidate
	var links []symlink
	seen := map[string]bool{}
	for i, r := range results {
		specs := append(append([]string(nil), r.link.needs...), r.link.execs...)
		for _, run := range r.link.runs {
			specs = append(specs, run.Spec)
		}
		for _, spec := range specs {
			if spec == "" || strings.HasPrefix(spec, "/") || strings.HasPrefix(spec, scanner.PathScript) || strings.ContainsAny(spec, "$`*?[") {
				continue
			}
			for _, rel := range []string{path.Join(path.Dir(files[i].rel), spec), path.Clean(spec)} {
				if seen[rel] || rel == "." || strings.HasPrefix(rel, "../") || rel == ".." {
					continue
				}
				seen[rel] = true
				if _, ok := byRel[rel]; ok || !inExcludedDir(rel) || !cfg.InScope(rel) || len(out) >= maxRunTargets {
					continue
				}
				abs := filepath.Join(root, filepath.FromSlash(rel))
				st, err := os.Lstat(abs)
				if err != nil || !st.Mode().IsRegular() {
					links = append(links, pathLinks(root, rel, seen)...)
					continue
				}
				out = append(out, candidate{rel: rel, abs: abs, mode: st.Mode(), size: st.Size()})
			}
		}
	}
	return out, links
}

// pathLinks are the symbolic links among the folders (and the file) of
// rel, a path under root, each looked at once (seen).
func pathLinks(root, rel string, seen map[string]bool) []symlink {
	var out []symlink
	parts := strings.Split(rel, "/")
	for k := 1; k <= len(parts); k++ {
		p := strings.Join(parts[:k], "/")
		if seen["\x00link:"+p] {
			continue
		}
		seen["\x00link:"+p] = true
		abs := filepath.Join(root, filepath.FromSlash(p))
		st, err := os.Lstat(abs)
		if err != nil {
			return out
		}
		if st.Mode()&fs.ModeSymlink != 0 {
			if target, err := os.Readlink(abs); err == nil {
				out = append(out, symlink{rel: p, target: target})
			}
			return out
		}
	}
	return out
}

// inExcludedDir reports a path with a folder the walk never enters,
// other than .git.
func inExcludedDir(rel string) bool {
	parts := strings.Split(rel, "/")
	for _, d := range parts[:len(parts)-1] {
		if d == ".git" {
			return false
		}
	}
	for _, d := range parts[:len(parts)-1] {
		if defaultExcludedDirs[d] {
			return true
		}
	}
	return false
}

// minTokenBound is at most every detector's token bound
// (scanner.TokenBounded): a smaller file holds fewer tokens than it.
const minTokenBound = 1 << 20

// tooManyTokens reports, with why, a file the detector that claims it
// does not parse for its tokens (scanner.TokenBounded): it is judged as a
// file over the size cap is (unread).
func tooManyTokens(c candidate, src []byte, suite scanner.Suite) (why string, ok bool) {
	file := scanner.NewFile(c.rel, src[:min(len(src), 1024)], c.mode&0o111 != 0)
	for _, d := range suite.Detectors {
		if !d.Match(file) {
			continue
		}
		tb, bounded := d.(scanner.TokenBounded)
		if !bounded || !scanner.MoreTokens(src, tb.MaxTokens()) {
			return "", false
		}
		return fmt.Sprintf("more than %d tokens, the %s detector's bound on one file's memory", tb.MaxTokens(), d.Name()), true
	}
	return "", false
}

// readCapped reads at most scanner.MaxFileSize+1 bytes of f, whose size was
// size when it was opened, into one buffer of that size: growing a buffer
// from nothing (io.ReadAll) copied every large file several times. A file
// that grew since is read on, up to the cap.
func readCapped(f io.Reader, size int64, pooled *[]byte) ([]byte, error) {
	want := min(max(size, 0), scanner.MaxFileSize) + 1
	var buf []byte
	if pooled != nil && int64(cap(*pooled)) >= want {
		buf = (*pooled)[:want]
	} else {
		buf = make([]byte, want)
		if pooled != nil && want <= maxPooledRead {
			*pooled = buf
		}
	}
	n, err := io.ReadFull(f, buf)
	switch {
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return buf[:n], nil
	case err != nil || n > scanner.MaxFileSize:
		return buf[:n], err
	}
	rest, err := io.ReadAll(io.LimitReader(f, scanner.MaxFileSize+1-int64(n)))
	return append(buf, rest...), err
}

// linkLaunches judges each symbolic link of the repository whose target
// names a runtime (`bin/ai -> /usr/local/bin/claude`, a link to Claude
// Code's cli.js) as the command that running it is: the link is a
// launcher of that runtime under another name, which a script or an
// entrypoint runs by the link's name. The link itself is not followed
// (walk): its target's path is what is judged, reported at the link.
func linkLaunches(ctx context.Context, links []symlink, cfg *scanner.Config, opt Options) []scanner.Finding {
	var out []scanner.Finding
	for _, l := range links {
		if !cfg.MentionsRuntime([]byte(l.target)) {
			continue
		}
		src := []byte("#!/bin/sh\nexec " + shellQuote(l.target) + " \"$@\"\n")
		fs, _, err := scanBytes(ctx, l.rel, src, true, cfg, opt.Suite, opt.Budget, nil, nil, nil, nil)
		for _, f := range fs {
			f.Line, f.Column = 1, 1
			f.Message += fmt.Sprintf(" (`%s` is a symbolic link to `%s`)", l.rel, l.target)
			out = append(out, f)
		}
		if err != nil && !hasRedLaunch(fs) {
			// the link names a runtime and could not be judged: an
			// unknown is never absent
			out = append(out, scanner.Finding{File: l.rel, Line: 1, Column: 1, Language: "shell", Family: cfg.Family(l.rel),
				Runtime: linkRuntime(cfg, l.target), Class: scanner.ClassDynamic, Verdict: scanner.VerdictRed,
				Message: fmt.Sprintf("`%s` is a symbolic link to `%s`, which names a runtime, and the scan could not judge it (%v): running it may start the runtime, bypassing launch-runtime", l.rel, l.target, err)})
		}
	}
	return out
}

// linkRuntime is the runtime a link's target names: its file's name's,
// or else the first whose name the target holds.
func linkRuntime(cfg *scanner.Config, target string) string {
	if rt, ok := cfg.RuntimeForCommand(target); ok {
		return rt
	}
	for _, n := range cfg.RuntimeNames() {
		if strings.Contains(target, n) {
			return n
		}
	}
	return ""
}

// shellQuote quotes s as one word of a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// readBufs pools the buffers files are read into: a fresh buffer for each
// of thousands of files cost page faults (kernel time) and zeroing beside
// the copy itself. Only buffers up to maxPooledRead are kept, so one
// bundle does not pin its size for the rest of the scan.
var readBufs = sync.Pool{New: func() any { return new([]byte) }}

// maxPooledRead is the largest read buffer readBufs keeps.
const maxPooledRead = 1 << 20

// getReadBuf is a pooled buffer for a file of size bytes (readCapped fills
// it, or replaces it when it is too small); nil for a file too large to
// pool.
func getReadBuf(size int64) *[]byte {
	if size >= maxPooledRead {
		return nil
	}
	return readBufs.Get().(*[]byte)
}

// putReadBuf hands buf back to the pool; nothing may read from it after.
func putReadBuf(buf *[]byte) {
	if buf != nil && cap(*buf) <= maxPooledRead {
		readBufs.Put(buf)
	}
}

// ScanBytes scans one file's contents exactly as the walk does: the first
// matching detector, the raw primitive search, inert markers and
// deduplication and the merging of findings that are one launch
// (groupLaunches). exec says whether the file has an executable bit. The
// findings are sorted. A non-nil error is an I/O problem reported by a
// detector; findings are still returned.
func ScanBytes(rel string, src []byte, exec bool, cfg *scanner.Config, suite scanner.Suite) ([]scanner.Finding, []report.Suppression, error) {
	fs, ms, err := scanBytes(context.Background(), rel, src, exec, cfg, suite, 0, nil, nil, nil, nil)
	return groupLaunches(fs), ms, err
}

func scanBytes(ctx context.Context, rel string, src []byte, exec bool, cfg *scanner.Config, suite scanner.Suite, budget time.Duration, siblings func() []scanner.Sibling, shared *scanner.Shared, imports scanner.Imports, link *linkInfo) ([]scanner.Finding, []report.Suppression, error) {
	if budget <= 0 {
		budget = FileBudget
	}
	head := src
	if len(head) > 1024 {
		head = head[:1024]
	}
	file := scanner.NewFile(rel, head, exec)
	lang := "text"
	var det scanner.Detector
	for _, d := range suite.Detectors {
		if d.Match(file) {
			det, lang = d, d.Name()
			break
		}
	}
	p := scanner.NewPass(rel, src, cfg, lang, suite)
	p.Siblings, p.Shared, p.Imports = siblings, shared, imports
	// Prose runs nothing: no detector reads it, so a launch command shown
	// in it (its fenced code included) is not a launch, and the primitive
	// there is a note (SPEC.md, "Prose runs nothing"). A file a detector
	// claims is not prose.
	p.Prose = det == nil && scanner.IsProse(file)
	var ioErr error
	if det != nil {
		unlock := alone(len(src) > bigSeed && p.Hits.Seed())
		expired, err := runDetector(ctx, det, p, budget)
		unlock()
		var pe *scanner.ParseError
		switch {
		case expired:
			// The detector may still be running on p: leave it that pass.
			p = scanner.NewPass(rel, src, cfg, lang, suite)
			p.ReportUnparseable(scanner.Pos{Line: 1, Column: 1}, fmt.Sprintf("the %s detector took longer than %s on this file", det.Name(), budget))
		case errors.As(err, &pe):
			p.ReportUnparseable(pe.Pos, pe.Msg)
		case err != nil:
			ioErr = err
		}
		if !expired {
			reportOpaque(p)
		}
		if link != nil {
			link.expired = expired
			if !expired {
				link.record(det, p)
			}
		}
	}
	if link != nil && det == nil {
		link.prose, link.unclaimed = p.Prose, true
	}
	shebangLaunch(p, src)
	// The primitive is RED in any file, whatever its language. Binary data
	// is not searched, but a file with a shebang is a script whatever bytes
	// follow (a self-extracting archive): an interpreter runs its text.
	// The trigger pass (Pass.Hits) spares most files a copy into a string.
	if !p.Chokepoint && p.Hits.Has(scanner.HitPrimitive) && (!looksBinary(src) || file.Interpreter() != "") {
		s := string(src)
		// Positions advance from one match to the next: mapping each
		// offset from the start of the file would be quadratic in a file
		// that repeats the primitive (a committed CI log, a bundle).
		pos, last := scanner.Pos{Line: 1, Column: 1}, 0
		for _, m := range findDangerous(s) {
			pos = advance(s[last:m.Offset], pos)
			last = m.Offset
			p.ReportDangerous(pos, m.Text, true)
		}
	}
	fs, ms := applyMarkers(p.Findings(), src, rel, p.Hits.Has(scanner.HitMarker))
	return fs, ms, ioErr
}

// eachFile calls fn(i) for every i below n on workers goroutines, taking
// the next index as each finishes, until ctx is done. While a heavy step
// runs (scanner.Heavy) a file that is not small (small(i); nil: none is)
// is put aside and the worker takes the next one instead: a small file's
// tree is small, and the core would otherwise idle through a bundle's
// parse. The files put aside are taken first once the step ends; a worker
// left with nothing else waits for it (scanner.WaitHeavy).
func eachFile(ctx context.Context, n, workers int, fn func(i int), small func(i int) bool) {
	q := &fileQueue{n: n, small: small}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				i, ok := q.take()
				if !ok {
					return
				}
				fn(i)
			}
		}()
	}
	wg.Wait()
}

// fileQueue hands out eachFile's indexes.
type fileQueue struct {
	mu    sync.Mutex
	next  int
	n     int
	aside []int // not small, met while a heavy step ran
	small func(i int) bool
}

// take is the next index to scan; false when none is left.
func (q *fileQueue) take() (int, bool) {
	for {
		// no file starts during an exclusive step (scanner.HoldExclusive)
		scanner.WaitExclusive()
		q.mu.Lock()
		if len(q.aside) > 0 && !scanner.Heavy() {
			i := q.aside[0]
			q.aside = q.aside[1:]
			q.mu.Unlock()
			return i, true
		}
		for q.next < q.n {
			i := q.next
			q.next++
			if q.small == nil || q.small(i) || !scanner.Heavy() {
				q.mu.Unlock()
				return i, true
			}
			q.aside = append(q.aside, i)
		}
		left := len(q.aside) > 0
		q.mu.Unlock()
		if !left {
			return 0, false
		}
		scanner.WaitHeavy()
	}
}

// smallFile is the size up to which a file may start while a heavy step
// runs (eachFile); largeFile the size from which the largest file is
// scanned first.
const (
	smallFile = 32 << 10
	largeFile = 1 << 20
)

// bigSeed is the size from which a seed file is scanned one at a time:
// two large trees (a bundle's flat tree and its analysis beside another
// bundle's C tree) never sit in memory together. While the C tree of
// its parse exists no new file starts (scanner.HoldHeavy); otherwise the
// other workers go on with the small files.
const bigSeed = 1 << 20

// bigScan is held by the scan of a big seed (bigSeed).
var bigScan sync.Mutex

// alone takes bigScan when big and returns its release.
func alone(big bool) func() {
	if big {
		bigScan.Lock()
		return bigScan.Unlock
	}
	return func() {}
}

// dangerousTails ends every form of the primitive (dangerousRE).
var dangerousTails = scanner.PrimitiveTails()

// windowed is the size from which findDangerous searches windows.
const windowed = 64 << 10

// findDangerous is FindDangerous over a whole file. On a large file it
// runs the pattern only on a window before each literal tail (every match
// ends with one), so the regexp engine's cost no longer grows with the
// file's size: a 32 MiB file took a second of CPU (ten under -race) when
// the pattern ran over all of it. A window reaches back over the
// separators the pattern allows between keyword and value and then far
// enough for the longest keyword.
func findDangerous(s string) []scanner.DangerousMatch {
	if len(s) < windowed {
		return scanner.FindDangerous(s)
	}
	var out []scanner.DangerousMatch
	next := make([]int, len(dangerousTails)) // next occurrence of each tail, -1 for none
	from := 0                                // matches start here or later (they never overlap)
	for i, t := range dangerousTails {
		next[i] = indexFrom(s, t, 0)
	}
	for {
		k := -1
		for i, n := range next {
			if n >= 0 && (k < 0 || n < next[k]) {
				k = i
			}
		}
		if k < 0 {
			return out
		}
		tail := next[k]
		end := tail + len(dangerousTails[k])
		next[k] = indexFrom(s, dangerousTails[k], tail+1)
		if tail < from {
			continue
		}
		b := tail
		for b > from && isDangerousSep(s[b-1]) {
			b--
		}
		b = max(b-32, from)
		ms := scanner.FindDangerous(s[b:end])
		if n := len(ms); n > 0 && b+ms[n-1].Offset+len(ms[n-1].Text) == end {
			m := ms[n-1]
			m.Offset += b
			out = append(out, m)
			from = end
		}
	}
}

func indexFrom(s, sub string, from int) int {
	if from > len(s) {
		return -1
	}
	if i := strings.Index(s[from:], sub); i >= 0 {
		return from + i
	}
	return -1
}

// isDangerousSep reports whether c may stand between the primitive's
// keyword and its value (quotes, separators, `=`/`:`, white space).
func isDangerousSep(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\f', '\v', ',', '-', '"', '\'', '`', ':', '=':
		return true
	}
	return false
}

// advance returns the position just after text, which starts at pos.
func advance(text string, pos scanner.Pos) scanner.Pos {
	if n := strings.Count(text, "\n"); n > 0 {
		return scanner.Pos{Line: pos.Line + n, Column: len(text) - strings.LastIndexByte(text, '\n')}
	}
	return scanner.Pos{Line: pos.Line, Column: pos.Column + len(text)}
}

// runDetector runs a detector on p for at most budget. When the budget is
// spent, or ctx is done (the scan was interrupted), it marks p expired
// (Pass.Expired) and returns at once, leaving the detector's goroutine to
// finish on p alone.
func runDetector(ctx context.Context, d scanner.Detector, p *scanner.Pass, budget time.Duration) (expired bool, err error) {
	done := make(chan error, 1)
	go func() { done <- safeScan(d, p) }()
	timer := time.NewTimer(budget)
	defer timer.Stop()
	select {
	case err := <-done:
		return false, err
	case <-timer.C:
	case <-ctx.Done():
	}
	p.Expire()
	return true, nil
}

// safeScan runs a detector and turns a panic into an unparseable finding:
// a detector bug must never hide a file or crash the scan.
func safeScan(d scanner.Detector, p *scanner.Pass) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &scanner.ParseError{Pos: scanner.Pos{Line: 1, Column: 1}, Msg: fmt.Sprintf("internal error in the %s detector: %v", d.Name(), r)}
		}
	}()
	return d.Scan(p)
}

// inertRE finds the inert marker and its reason.
var inertRE = regexp.MustCompile(`check-launches:\s*inert\b[ \t:—–-]*([^\n]*)`)

// findMarker returns the inert marker of a line and its reason, skipping
// mentions of the marker inside a Markdown code span (an odd number of
// backticks before it on the line), as in docs and help text that show
// how to write one.
func findMarker(line string) []string {
	for from := 0; from < len(line); {
		loc := inertRE.FindStringSubmatchIndex(line[from:])
		if loc == nil {
			return nil
		}
		start := from + loc[0]
		if strings.Count(line[:start], "`")%2 == 1 {
			from = start + 1
			continue
		}
		return []string{line[start : from+loc[1]], line[from+loc[2] : from+loc[3]]}
	}
	return nil
}

// applyMarkers drops data findings on lines with an inert marker that has a
// reason, deduplicates, and returns the markers with their counts. marked
// says whether src holds scanner.MarkerPrefix (Pass.Hits, HitMarker).
func applyMarkers(fs []scanner.Finding, src []byte, rel string, marked bool) ([]scanner.Finding, []report.Suppression) {
	markers := map[int]*report.Suppression{}
	var order []int
	if len(fs) > 0 || marked {
		line := 1
		s := string(src)
		for len(s) > 0 {
			end := strings.IndexByte(s, '\n')
			var l string
			if end < 0 {
				l, s = s, ""
			} else {
				l, s = s[:end], s[end+1:]
			}
			if m := findMarker(l); m != nil {
				reason := strings.TrimSpace(m[1])
				for _, closer := range []string{"*/", "-->", "#}", "%>"} {
					reason = strings.TrimSpace(strings.TrimSuffix(reason, closer))
				}
				markers[line] = &report.Suppression{File: rel, Line: line, Reason: reason}
				order = append(order, line)
			}
			line++
		}
	}
	var out []scanner.Finding
	seen := map[string]bool{}
	// suppressed holds the keys a marker dropped; a key also reported by a
	// finding that is not data (a real launch's argv) stays reported, and
	// the marker is not credited with it. Counts are of distinct findings,
	// after deduplication.
	suppressed := map[string]int{} // key → line
	for _, f := range fs {
		key := fmt.Sprintf("%d:%d:%s:%s", f.Line, f.Column, f.Class, f.Runtime)
		if f.Class == scanner.ClassDangerousPrimitive {
			key = fmt.Sprintf("%d:%s", f.Line, f.Class) // one per line
		}
		if m := markers[f.Line]; m != nil && f.Data && m.Reason != "" {
			suppressed[key] = f.Line
			continue
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, f)
	}
	for key, line := range suppressed {
		if !seen[key] {
			markers[line].Suppressed++
		}
	}
	var ms []report.Suppression
	for _, l := range order {
		ms = append(ms, *markers[l])
	}
	return out, ms
}

// looksBinary reports whether content looks binary (a NUL byte in the first
// 8 KiB).
func looksBinary(b []byte) bool {
	if len(b) > 8192 {
		b = b[:8192]
	}
	return bytes.IndexByte(b, 0) >= 0
}

// skippedPackagePatterns are where a copy of a package is vendored in the
// root's folders the walk never enters (vendor/, third_party/).
var skippedPackagePatterns = []string{"vendor/*/package.json", "vendor/*/*/package.json", "third_party/*/package.json", "third_party/*/*/package.json"}

// skippedPackages are the package.json files of packages vendored under
// the root's vendor/ and third_party/ (at most two folders deep, 64 in
// all), read for their bins only (packageFacts): a vendored copy of a
// runtime's package (`vendor/tool/package.json` named
// @anthropic-ai/claude-code) is the runtime's, and a script that runs its
// CLI by path (`node vendor/tool/cli.js`) runs the runtime.
func skippedPackages(root string) []candidate {
	var out []candidate
	for _, pat := range skippedPackagePatterns {
		ms, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(pat)))
		for _, m := range ms {
			if len(out) >= 64 {
				return out
			}
			st, err := os.Lstat(m)
			if err != nil || !st.Mode().IsRegular() {
				continue
			}
			rel, err := filepath.Rel(root, m)
			if err != nil {
				continue
			}
			out = append(out, candidate{rel: filepath.ToSlash(rel), abs: m, mode: st.Mode(), size: st.Size()})
		}
	}
	return out
}
