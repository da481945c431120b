package fix

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// Edit replaces src[Start:End] with Text. Edits keep the line count,
// except one that inserts whole lines at a line's start (an agent
// action's executable input under its with:); File maps the lines of a
// re-scan back across it.
type Edit struct {
	Start, End int
	Text       string
}

// Rescan scans the rewritten bytes of the file being fixed and returns its
// findings.
type Rescan func(src []byte) ([]scanner.Finding, error)

// Left is a RED finding fix did not rewrite, with the reason.
type Left struct {
	Finding scanner.Finding
	Reason  string
}

// Result is one file's fix.
type Result struct {
	File     string
	Old, New []byte
	// Fixed counts the RED findings the rewrite removed (launches made
	// gated and raw bypass flags turned into --dangerous).
	Fixed int
	// Left lists the RED findings of the rewritten file.
	Left []Left
	// Sites are the launches rewritten: the finding and its edits.
	Sites []Site
	// Shim is set when a kept rewrite points at the launch-runtime shim
	// (ShimPath), which the caller must create.
	Shim bool
}

// Site is one RED launch fix rewrote, with the edits that gate it.
type Site struct {
	Finding scanner.Finding
	Edits   []Edit
}

// Changed reports whether the fix rewrote the file.
func (r *Result) Changed() bool { return string(r.Old) != string(r.New) }

// Reasons fix gives for a RED finding it leaves.
const (
	ReasonDynamic     = "the runtime is named by a value fix cannot resolve (a variable, a command substitution, a value found at run time): write the launch-runtime command by hand"
	ReasonUnparseable = "the file does not parse"
	ReasonSDK         = "an Agent SDK call whose options are not an object literal in the call: point its executable option at the launch-runtime shim by hand"
	ReasonAction      = "a step that uses an agent action fix does not know, or whose with: is not block style: set its executable input to a launch-runtime shim by hand"
	ReasonFlag        = "the raw bypass flag is not on a launch fix rewrites: ask launch-runtime for --dangerous instead"
	ReasonEval        = "the command is built by code fix does not rewrite (eval of a value, an escaped or concatenated string)"
	ReasonNotFound    = "fix found no launch it knows how to rewrite at this position"
	ReasonUnverified  = "the rewrite was not gated on a re-scan, so it was dropped"
	ReasonRepository  = "the repository's scan finds it but a scan of this file alone does not (it depends on other files): fix it by hand"
)

// Reasons lists every reason fix gives (docs/fix.md has the same table).
var Reasons = []string{ReasonDynamic, ReasonUnparseable, ReasonSDK, ReasonAction, ReasonFlag, ReasonEval, ReasonNotFound, ReasonUnverified, ReasonRepository}

// Prefix is the gated command that replaces a runtime's name.
func Prefix(runtime string, dangerous bool) []string {
	p := []string{scanner.WrapperCommand, "--runtime", runtime}
	if dangerous {
		p = append(p, "--dangerous")
	}
	return append(p, "--")
}

// Args is the gated prefix of a runtime's arguments when the program is
// written apart (spawn's program, an MCP server's command): Prefix without
// launch-runtime itself.
func Args(runtime string, dangerous bool) []string { return Prefix(runtime, dangerous)[1:] }

// File rewrites the RED launches among findings (the scan of src) and
// returns the result; the error is rescan's.
func File(rel string, src []byte, findings []scanner.Finding, cfg *scanner.Config, rescan Rescan) (*Result, error) {
	res := &Result{File: rel, Old: src, New: src}
	fx := &fixer{src: src, cfg: cfg, rel: rel, lines: lineStarts(src)}
	if len(findings) > 0 {
		switch findings[0].Language {
		case "python", "shell", "github-actions", "compose", "yaml", "toml", "makefile", "dockerfile":
			fx.hashComments = true
		case "javascript", "typescript", "go":
			fx.slashComments = true
		}
	}
	reasons := map[key]string{}
	var sites []Site
	for _, f := range findings {
		if f.Verdict != scanner.VerdictRed {
			continue
		}
		edits, why := fx.site(f)
		for _, e := range edits {
			if strings.ContainsAny(string(src[e.Start:e.End]), "\n\r") {
				// Lines must hold: a name split by a line continuation
				// is left.
				edits, why = nil, ReasonNotFound
				break
			}
		}
		if len(edits) == 0 {
			reasons[keyOf(f)] = why
			continue
		}
		sites = append(sites, Site{Finding: f, Edits: edits})
	}
	// The re-scan of the untouched file is the measure: a scan of one
	// file alone may differ from the tree's scan.
	base, err := rescan(src)
	if err != nil {
		return nil, err
	}
	cur := red(base)
	total := len(cur)
	var kept []Edit
	for _, site := range sites {
		try, ok := merge(kept, site.Edits)
		if !ok {
			reasons[keyOf(site.Finding)] = ReasonUnverified
			continue
		}
		out := apply(src, try)
		fs, err := rescan(out)
		if err != nil {
			return nil, err
		}
		next := red(fx.oldLines(try, fs))
		if len(next) < len(cur) && subset(next, cur) {
			kept, cur = try, next
			res.New = out
			res.Sites = append(res.Sites, site)
			res.Shim = res.Shim || site.Finding.Class == scanner.ClassSDK
			continue
		}
		reasons[keyOf(site.Finding)] = ReasonUnverified
	}
	res.Fixed = total - len(cur)
	// A RED finding of the tree's scan that the file's own re-scan does
	// not reproduce cannot be checked here: it is left, never dropped.
	// Each is listed: two runtimes a value may name at one position are
	// two findings of the tree's scan. One the re-scan finds at the same
	// position under another class (the tree's scan saw one more way
	// there: `dynamic` through another file's link where the file alone
	// says `variable-execution`) is the same launch, listed once.
	alone := map[key]int{}
	aloneAt := map[[2]int]int{}
	for _, f := range red(base) {
		alone[keyOf(f)]++
		aloneAt[[2]int{f.Line, f.Column}]++
	}
	extra := map[[2]int]int{}
	for _, f := range findings {
		if f.Verdict == scanner.VerdictRed {
			extra[[2]int{f.Line, f.Column}]++
		}
	}
	for at, n := range aloneAt {
		extra[at] -= n
	}
	for _, f := range findings {
		if f.Verdict != scanner.VerdictRed {
			continue
		}
		if k := keyOf(f); alone[k] > 0 {
			alone[k]--
			continue
		}
		if at := [2]int{f.Line, f.Column}; extra[at] > 0 {
			extra[at]--
			res.Left = append(res.Left, Left{Finding: f, Reason: ReasonRepository})
		}
	}
	for _, f := range cur {
		why, ok := reasons[key{f.Line, f.Column, f.Class}]
		if !ok {
			why = reasonFor(f)
		}
		res.Left = append(res.Left, Left{Finding: f, Reason: why})
	}
	return res, nil
}

type key struct {
	line, col int
	class     scanner.Class
}

func keyOf(f scanner.Finding) key { return key{f.Line, f.Column, f.Class} }

// reasonFor is the reason for a finding by its class alone.
func reasonFor(f scanner.Finding) string {
	switch f.Class {
	case scanner.ClassDynamic, scanner.ClassVariableExecution, scanner.ClassCommandSubstitution:
		return ReasonDynamic
	case scanner.ClassUnparseable:
		return ReasonUnparseable
	case scanner.ClassSDK:
		if f.Language == "github-actions" {
			return ReasonAction
		}
		return ReasonSDK
	case scanner.ClassDangerousPrimitive:
		return ReasonFlag
	case scanner.ClassEval:
		return ReasonEval
	}
	return ReasonNotFound
}

// red returns the RED findings, in the one order.
func red(fs []scanner.Finding) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range fs {
		if f.Verdict == scanner.VerdictRed {
			out = append(out, f)
		}
	}
	slices.SortFunc(out, scanner.CompareFindings)
	return out
}

// subset reports whether every RED finding of next was already RED in cur
// (by line, class and runtime: columns move with an edit, lines do not).
func subset(next, cur []scanner.Finding) bool {
	type k struct {
		line    int
		class   scanner.Class
		runtime string
	}
	n := map[k]int{}
	for _, f := range cur {
		n[k{f.Line, f.Class, f.Runtime}]++
	}
	for _, f := range next {
		kk := k{f.Line, f.Class, f.Runtime}
		if n[kk] == 0 {
			return false
		}
		n[kk]--
	}
	return true
}

// merge adds a site's edits to the kept ones; it fails when an edit
// overlaps another that differs from it.
func merge(kept, site []Edit) ([]Edit, bool) {
	out := slices.Clone(kept)
	for _, e := range site {
		if strings.ContainsAny(e.Text, "\n\r") && !wholeLines(e) {
			return nil, false
		}
		dup := false
		for _, k := range out {
			if k == e {
				dup = true
				break
			}
			if e.Start < k.End && k.Start < e.End || e.Start == e.End && k.Start == k.End && e.Start == k.Start {
				return nil, false
			}
		}
		if !dup {
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i].Start < out[j].Start || out[i].Start == out[j].Start && out[i].End < out[j].End
	})
	return out, true
}

// wholeLines reports an edit that inserts whole lines (the text ends with
// a line break) at the start of a line.
func wholeLines(e Edit) bool {
	return e.Start == e.End && strings.HasSuffix(e.Text, "\n")
}

// oldLines maps the lines of findings in the rewritten file back to the
// lines of the file before the sorted edits: a finding after inserted
// lines moves up by their count.
func (fx *fixer) oldLines(edits []Edit, fs []scanner.Finding) []scanner.Finding {
	type mark struct{ from, delta int }
	var marks []mark
	delta := 0
	for _, e := range edits {
		add := strings.Count(e.Text, "\n") - strings.Count(string(fx.src[e.Start:e.End]), "\n")
		if add == 0 {
			continue
		}
		delta += add
		marks = append(marks, mark{fx.lineOf(e.End) + delta, delta})
	}
	if len(marks) == 0 {
		return fs
	}
	out := slices.Clone(fs)
	for i := range out {
		d := 0
		for _, m := range marks {
			if out[i].Line >= m.from {
				d = m.delta
			}
		}
		out[i].Line -= d
	}
	return out
}

// apply returns src with the sorted, disjoint edits applied.
func apply(src []byte, edits []Edit) []byte {
	var b strings.Builder
	last := 0
	for _, e := range edits {
		b.Write(src[last:e.Start])
		b.WriteString(e.Text)
		last = e.End
	}
	b.Write(src[last:])
	return []byte(b.String())
}

// fixer holds one file being fixed.
type fixer struct {
	src   []byte
	cfg   *scanner.Config
	rel   string
	lines []int
	// The comment syntax of the file's language, for lists spread over
	// lines.
	hashComments, slashComments bool
}

func lineStarts(src []byte) []int {
	out := []int{0}
	for i, c := range src {
		if c == '\n' {
			out = append(out, i+1)
		}
	}
	return out
}

// offset returns the byte offset of a 1-based line and byte column.
func (fx *fixer) offset(line, col int) (int, bool) {
	if line < 1 || line > len(fx.lines) || col < 1 {
		return 0, false
	}
	off := fx.lines[line-1] + col - 1
	if off > len(fx.src) {
		return 0, false
	}
	return off, true
}

func (fx *fixer) lineOf(off int) int {
	return sort.Search(len(fx.lines), func(i int) bool { return fx.lines[i] > off })
}

// lineBounds returns the start and end (before the newline) of the line
// holding off.
func (fx *fixer) lineBounds(off int) (int, int) {
	l := fx.lineOf(off)
	start := fx.lines[l-1]
	end := len(fx.src)
	if l < len(fx.lines) {
		end = fx.lines[l] - 1
	}
	if end > start && fx.src[end-1] == '\r' {
		end--
	}
	return start, end
}

// site returns the edits that make the RED finding f gated, or the reason
// there are none.
func (fx *fixer) site(f scanner.Finding) ([]Edit, string) {
	switch f.Class {
	case scanner.ClassDirectLiteral, scanner.ClassAbsolutePath, scanner.ClassPackageRunner, scanner.ClassProcessAPI, scanner.ClassEval,
		// $(claude ...) names the runtime literally; $(which claude) does
		// not, and no locator finds a name there.
		scanner.ClassCommandSubstitution,
		// The raw flag among a gated launch's own arguments.
		scanner.ClassDangerousPrimitive:
	case scanner.ClassSDK:
		off, ok := fx.offset(f.Line, f.Column)
		if !ok {
			return nil, reasonFor(f)
		}
		var edits []Edit
		if f.Language == "github-actions" {
			edits = fx.actionStep(off)
		} else {
			edits = fx.sdkCall(off)
		}
		if len(edits) == 0 {
			return nil, reasonFor(f)
		}
		return edits, ""
	default:
		return nil, reasonFor(f)
	}
	off, ok := fx.offset(f.Line, f.Column)
	if !ok {
		return nil, fmt.Sprintf("position %d:%d is outside the file", f.Line, f.Column)
	}
	for _, try := range fx.locators(f) {
		if edits := try(off); len(edits) > 0 {
			return edits, ""
		}
	}
	return nil, reasonFor(f)
}

// locators lists the ways to find the launch at a finding, most specific
// first, by the file's language.
func (fx *fixer) locators(f scanner.Finding) []func(int) []Edit {
	if f.Class == scanner.ClassDangerousPrimitive {
		if f.Language == "shell" {
			return []func(int) []Edit{fx.shellFile, fx.stringShell, fx.lineShell}
		}
		return []func(int) []Edit{fx.listAt, fx.stringShell, fx.lineShell}
	}
	switch f.Language {
	case "shell":
		// The file as a whole, then the string around the position (an
		// alias, a string piped into a shell), then the line alone (a
		// heredoc a shell reads, a file the parser rejects).
		return []func(int) []Edit{fx.shellFile, fx.stringShell, fx.lineShell, fx.stringAfterShell}
	case "go":
		return []func(int) []Edit{fx.goCall, fx.stringShell}
	case "python", "javascript", "typescript":
		return []func(int) []Edit{fx.tsCall, fx.stringShell}
	}
	return []func(int) []Edit{fx.listAt, fx.commandKey, fx.stringShell, fx.lineShell}
}

// Position returns the 1-based line and byte column of a byte offset of
// src.
func Position(src []byte, off int) (line, col int) {
	line, start := 1, 0
	for i := 0; i < off && i < len(src); i++ {
		if src[i] == '\n' {
			line, start = line+1, i+1
		}
	}
	return line, off - start + 1
}
