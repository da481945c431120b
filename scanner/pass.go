package scanner

import (
	"errors"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/leasegate/leasegate/cmdline"
)

// Detector is one language detector: it claims files and reports findings
// on them. It keeps no state between files; Scan may run concurrently.
type Detector interface {
	// Name is the detector's language name, used as Finding.Language.
	Name() string
	// Match reports whether the detector handles the file.
	Match(f *File) bool
	// Scan reports the file's findings through p. A file that cannot be
	// parsed returns a *ParseError; any other error is an I/O problem.
	Scan(p *Pass) error
}

// Shell is the shell detector as the other detectors reach it: shell is
// the lingua franca, so text that another language hands to a shell (a
// `run:` step, `exec("...")`, a `bash -c` string) goes through it.
type Shell interface {
	// ScanText scans text a shell will run, found inside the pass's file.
	// at is where the text starts in the file; via is the class given to
	// RED launches found in it ("" for the class their own form gives). A
	// *ParseError says the text was rejected by the parser (and judged by
	// a word split instead).
	ScanText(p *Pass, text string, at Pos, via Class) error
}

// Suite is what a scan runs: the language detectors, in order (the first
// that matches a file scans it), and the shell detector that scans shell
// text embedded in other files (nil: such text is not scanned).
type Suite struct {
	Detectors []Detector
	Shell     Shell
}

// ParseError is a file (or embedded text) the parser rejected. File is
// the root-relative path (Pass.ScanShell fills it in on the errors it
// records); it prints as file:line:col: text.
type ParseError struct {
	File string
	Pos  Pos
	Msg  string
}

func (e *ParseError) Error() string {
	if e.File != "" {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Pos.Line, e.Pos.Column, e.Msg)
	}
	return fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Column, e.Msg)
}

// maxNesting bounds how deep shell strings nest inside each other
// (`bash -c "eval 'sh -c ...'"`).
const maxNesting = 16

// Pass is one file being scanned: its bytes, the configuration and the sink
// for findings. Detectors report through it.
type Pass struct {
	// links are the names the file makes a link or copy of a runtime
	// under, in any of its texts (AddLink)
	links map[string]Arg
	// dirs are the folders of runtimes' files the file's commands may
	// run in (AddDir)
	dirs []passDir
	// callDirs are the folders the commands judged now run in (RunIn)
	callDirs []passDir

	Path       string // root-relative, slash-separated
	Src        []byte
	Config     *Config
	Chokepoint bool
	// Prose is set by the driver for a prose file (IsProse) that no
	// detector claimed: the primitive there is a note, not RED, unless the
	// config says `prose: red`.
	Prose bool
	// LineRead is set by a detector that reads the file's language only
	// line by line, over-approximating (a script kind no detector
	// parses): when another file hands the file to a language it runs
	// it with (`shlex.split(Path("agent.cmd").read_text())`), that
	// reading replaces this one, as it does for an unclaimed file.
	LineRead bool
	// Language is recorded on findings; a detector may change it (a `.ts`
	// file reports "typescript").
	Language string
	// Siblings lists the files in scope in this file's folder (the files
	// the same scan reads, this one included), for a detector whose unit
	// is larger than a file (a Go package). It is nil when the file is
	// scanned alone (ScanBytes, the parser matrix).
	Siblings func() []Sibling
	// Shared is the state one scan lends its detectors to share between
	// the files it hands them (what a Go folder offers its files, read
	// once). It lives as long as that scan and no longer, so nothing one
	// scan learnt answers for another root. It is nil when the file is
	// scanned alone.
	Shared *Shared
	// Hits is what the file's bytes hold of the config's trigger set
	// (Config.Triggers), read once by NewPass. A file whose Hits are not
	// a seed (Hits.Seed) can start no runtime a detector finds from its
	// text: the TS/JS and Python detectors do not parse it.
	Hits Hits
	// Imports, set in the repository phase, gives the names the file
	// imports from other files of the repository (nil when scanned alone).
	Imports Imports
	// Summary is what the file offers other files, recorded by a Linker
	// detector while it scans (the repository phase reads it).
	Summary *Summary
	// Needs lists the module specifiers the file imports whose values may
	// reach one of its process API calls (recorded by a Linker detector).
	Needs []string
	// Module is the file's summary as Linker.Summarize makes it, when the
	// detector made it from the tree it scanned (phase one: no Imports):
	// the repository phase then need not parse the file again for it.
	Module *Summary
	// Runs lists the files the file hands whole to a shell (recorded by
	// the shell detector); the repository phase scans such a file as
	// shell even when its name says prose.
	Runs []Run
	// Execs lists the files of the repository a judged command runs by
	// path (`./vendor/tools/review.sh`, `sh testdata/agent.sh`), whatever
	// its arguments, at most MaxExecs: the driver scans such a file even
	// in a folder the walk leaves out.
	Execs []string

	shell     Shell
	detectors []Detector // the suite's, for ScanAs
	shellErr  error      // the first failure of the shell detector
	shellErrs int        // how many there were
	depth     int
	findings  []Finding
	opaque    []Pos       // where a program the analysis cannot name runs (OpaqueSites)
	lost      []Pos       // where a shell text runs a program it cannot name (LostPrograms)
	expired   atomic.Bool // set by the driver when the file's time budget is spent
}

// Expired reports whether the file's time budget (FileBudget) is spent. A
// detector doing work that grows with its input (walking a huge tree,
// following nested strings) should poll it and return early when it is
// true: the core has already recorded the file as unparseable and discards
// whatever the detector reports after that.
func (p *Pass) Expired() bool { return p.expired.Load() }

// Expire marks the file's time budget spent; the driver calls it, from
// another goroutine than the detector's.
func (p *Pass) Expire() { p.expired.Store(true) }

// NewPass prepares a pass over one file scanned by a detector of suite;
// the driver uses it, and so do tests of single detectors.
func NewPass(path string, src []byte, cfg *Config, lang string, suite Suite) *Pass {
	return &Pass{Path: path, Src: src, Config: cfg, Chokepoint: cfg.IsChokepoint(path), Language: lang, shell: suite.Shell, detectors: suite.Detectors,
		Hits: cfg.Triggers().ScanCode(src, lang)}
}

// Blank is a pass over the same file with nothing reported, no imports
// and no state of a scan: the pass the driver gives Linker.Summarize
// (NewPass), for a detector that summarizes a tree it already holds.
func (p *Pass) Blank() *Pass {
	return &Pass{Path: p.Path, Src: p.Src, Config: p.Config, Chokepoint: p.Chokepoint, Language: p.Language,
		shell: p.shell, detectors: p.detectors, Hits: p.Hits}
}

// maxPassLinks bounds the names AddLink keeps for one file.
const maxPassLinks = 64

// AddLink records that the file makes a link or copy of a runtime, rt,
// under name (a path or a base name): a command one of its other texts
// runs by that name is the runtime (ThroughLinks). The images and jobs a
// file's texts run in share their files: a Dockerfile's RUN that makes
// the link, its ENTRYPOINT that runs it; a workflow's two steps. It
// reports false past maxPassLinks names, the name then not followed.
func (p *Pass) AddLink(name string, rt Arg) bool {
	if _, ok := p.links[name]; ok {
		return true
	}
	if len(p.links) >= maxPassLinks {
		return false
	}
	if p.links == nil {
		p.links = map[string]Arg{}
	}
	p.links[name] = rt
	return true
}

// LinkOf is the runtime's word for the path name when the file's texts
// made it a link or copy of a runtime's file or folder (AddLink), or one
// lies on it.
func (p *Pass) LinkOf(name string) (Arg, bool) {
	name = path.Clean(name)
	if t, ok := p.links[name+"/"]; ok {
		return t, true
	}
	if out, ok := ThroughNames([]Arg{Lit(name)}, p.links); ok {
		return out[0], true
	}
	return Arg{}, false
}

// HasLinks reports whether the file's texts made a link or copy of a
// runtime so far (AddLink).
func (p *Pass) HasLinks() bool { return len(p.links) > 0 }

// ThroughLinks is argv with each known word that names a link or copy
// of a runtime the file makes (AddLink), or in the repository phase one
// another file makes (OfferLink), replaced by the runtime's word at the
// word's place, and whether one was.
func (p *Pass) ThroughLinks(argv []Arg) ([]Arg, bool) {
	out, ok := ThroughNames(argv, p.links)
	if p.Imports == nil {
		return out, ok
	}
	// another file's link is looked for where a command is run (the
	// command, what a wrapper runs) and in paths (`node /opt/cc/cli.js`),
	// not in every word: `yarn agent` runs a script named agent. The
	// command positions are found only when a bare word names a link.
	var commands map[int]bool
	for i, a := range argv {
		if !a.Known || ok && (out[i].Value != a.Value || out[i].Via != a.Via) {
			continue // unknown, or a link of the file's own
		}
		rt, found := p.offeredLink(a)
		if !found {
			continue
		}
		if !strings.Contains(a.Value, "/") {
			if commands == nil {
				commands = map[int]bool{}
				for _, in := range cmdline.UnwrapDepth(Words(argv), maxWrapperDepth).Inners {
					if in.Kind == cmdline.KindArgv {
						commands[in.Start] = true
					}
				}
			}
			if !commands[i] {
				continue
			}
		}
		if !ok {
			// ThroughNames hands back nil when it replaced nothing
			out = append([]Arg(nil), argv...)
			ok = true
		}
		out[i] = rt
	}
	return out, ok
}

// maxLinkSegments bounds the path segments of a word ThroughLinks looks
// up among the links other files make.
const maxLinkSegments = 16

// offeredLink is the runtime word for a, when a or a folder on its path
// has the name of a link or copy of a runtime another file of the
// repository makes (Imports.Env of LinkName): a file run by that name,
// or from under it, is the runtime's, found at run time (dynamic). A
// name past the driver's bound is an unknown runtime (Arg.Cut).
func (p *Pass) offeredLink(a Arg) (Arg, bool) {
	segs := strings.Split(path.Clean(a.Value), "/")
	if len(segs) > maxLinkSegments {
		segs = segs[len(segs)-maxLinkSegments:]
	}
	for k, seg := range segs {
		if seg == "" || seg == "." || seg == ".." {
			continue
		}
		e, ok := p.Imports.Env(LinkName(seg))
		if !ok {
			continue
		}
		if len(e.Consts) == 0 {
			return Arg{Cut: true, Via: ClassDynamic, Pos: a.Pos}, true
		}
		v := e.Consts[0]
		rest := strings.Join(segs[k+1:], "/")
		if rest == "" && p.Config.RuntimeFolder(v) {
			continue // a package folder runs nothing itself (`cc -o x x.c`)
		}
		if rest != "" {
			v = path.Clean(v + "/" + rest)
		}
		return Arg{Value: v, Known: !strings.Contains(v, cmdline.Placeholder), Via: ClassDynamic, Pos: a.Pos}, true
	}
	return Arg{}, false
}

// OfferLink offers the base name of a link or copy of a runtime, rt, the
// file makes, to the shell and data files of the repository
// (LinkName, Summary.Env offered to every language): they may run it.
// at is where the link is made. A bound reached is reported.
func (p *Pass) OfferLink(base string, rt Arg, at Pos) {
	if base == "" || base == "." || base == "/" || rt.Value == "" {
		return
	}
	if _, ok := p.Config.RuntimeForCommand(base); ok {
		return // run by that name, it is the runtime already
	}
	sum := p.Summary
	if sum == nil {
		sum = &Summary{}
	}
	if sum.Truncated {
		return
	}
	sum.EnvAnyLanguage = true
	if !sum.AddEnv(LinkName(base), Const{Vals: []string{rt.Value}, At: at}) {
		sum.Truncated = true
		p.ReportUnparseable(at, fmt.Sprintf("more than %d names of this file hold a runtime: the link `%s` is not offered to the files that may run it, so their launches cannot be checked", MaxSummaryEntries, base))
	}
	p.Summary = sum
	switch p.Language {
	case "shell", "javascript", "python":
		// a shell file's summary is made by Summarize, which keeps it;
		// a code file's detector keeps it in its own (KeepOffered)
	default:
		// a data file's summary is this one
		p.Module = sum
	}
}

// keepLinks adds to p the links and copies of runtimes the code of sub,
// a program p runs (`node -e 'fs.symlinkSync(...)'`), made: the file's
// other texts and the repository's files may run them.
func (p *Pass) keepLinks(sub *Pass) {
	for _, name := range slices.Sorted(maps.Keys(sub.links)) {
		p.AddLink(name, sub.links[name])
	}
	if sub.Summary == nil {
		return
	}
	for _, name := range sub.Summary.Env {
		base, ok := strings.CutPrefix(name, LinkPrefix)
		if c := sub.Summary.Consts[EnvConst(name)]; ok && len(c.Vals) > 0 {
			p.OfferLink(base, Arg{Value: c.Vals[0], Known: true, Via: ClassDynamic}, c.At)
		}
	}
}

// KeepOffered adds to s, the summary a code detector makes, the names
// the file's pass offered to the files of every language before
// (OfferLink: the links and copies of runtimes its code makes); from is
// the pass's summary so far. A bound reached truncates s.
func (s *Summary) KeepOffered(from *Summary) {
	if from == nil || from == s || !from.EnvAnyLanguage || len(from.Env) == 0 {
		return
	}
	s.EnvAnyLanguage = true
	for _, name := range from.Env {
		if c, ok := from.Consts[EnvConst(name)]; ok && !s.AddEnv(name, c) {
			s.Truncated = true
			return
		}
	}
}

// ThroughNames is argv with each known word that is a key of names (a
// path is compared cleaned) replaced by its value at the word's place,
// and whether one was. A path under a name is the linked file's path
// under its target (`ln -sfn .../@anthropic-ai/claude-code /opt/cc`,
// then `node /opt/cc/cli.js`), and a relative name is found at the end
// of any path, or inside it (`ln -s "$(command -v claude)" tool` in a
// folder the scan cannot know, then `/app/tool`): the folders a file's
// commands run in are unknown, so every place the name may be is it.
func ThroughNames(argv []Arg, names map[string]Arg) ([]Arg, bool) {
	if len(names) == 0 {
		return argv, false
	}
	var out []Arg
	for i, a := range argv {
		if !a.Known {
			continue
		}
		key := a.Value
		if strings.Contains(key, "/") {
			key = path.Clean(key)
		}
		t, ok := names[key]
		if !ok {
			t, ok = underName(key, names)
		}
		if !ok {
			continue
		}
		if out == nil {
			out = append([]Arg(nil), argv...)
		}
		t.Pos = a.Pos
		out[i] = t
	}
	return out, out != nil
}

// underName is the runtime word for the path key when it lies under a
// name of names or, for a relative name, holds it as whole path
// segments: the longest such name's target (the first in byte order of
// equally long ones, so the result is the same on every run), with the
// rest of key after the name appended to the target's path (or its
// rendering, when unknown).
func underName(key string, names map[string]Arg) (Arg, bool) {
	if !strings.Contains(key, "/") {
		return Arg{}, false
	}
	best, rest, found := "", "", false
	for key0 := range names {
		// a name ending in '/' is a runtime's package folder: only a
		// file under it runs (`cc -o x x.c` is no run of /opt/cc)
		name := strings.TrimSuffix(key0, "/")
		folder := name != key0
		if name == "" || name == "." {
			continue
		}
		r, ok := "", false
		switch {
		case strings.HasPrefix(key, name+"/"):
			r, ok = key[len(name):], true
		case !folder && !strings.HasPrefix(name, "/") && strings.HasSuffix(key, "/"+name):
			ok = true
		case !strings.HasPrefix(name, "/"):
			if i := strings.Index(key, "/"+name+"/"); i >= 0 {
				r, ok = key[i+1+len(name):], true
			}
		}
		if ok && (!found || len(key0) > len(best) || len(key0) == len(best) && key0 < best) {
			best, rest, found = key0, r, true
		}
	}
	if !found {
		return Arg{}, false
	}
	t := names[best]
	if t.Value != "" && rest != "" {
		t.Value = path.Clean(t.Value + rest)
		t.Alts = nil
	}
	return t, true
}

// Findings returns what was reported so far.
func (p *Pass) Findings() []Finding { return p.findings }

// Depth is how many shell strings deep the current scan is.
func (p *Pass) Depth() int { return p.depth }

// Report records a finding, filling in the file, family, language and
// verdict. Findings in a choke point are recorded as gated launches (the
// choke point is the wrapper) and the primitive there is allowed.
func (p *Pass) Report(f Finding) {
	f.File = p.Path
	f.Family = p.Config.Family(p.Path)
	if f.Language == "" {
		f.Language = p.Language
	}
	if p.Chokepoint {
		switch {
		case f.Class == ClassDangerousPrimitive:
			return
		case f.IsLaunch() && f.Class != ClassGated:
			f.Message = fmt.Sprintf("%s launched inside declared choke point", f.Runtime)
			f.Class = ClassGated
		}
	}
	switch {
	case f.Class == ClassGated:
		f.Verdict = VerdictGated
	case f.Class == ClassDangerousPrimitive && p.proseNote():
		f.Verdict = VerdictNote
	default:
		f.Verdict = VerdictRed
	}
	if f.Line < 1 {
		f.Line = 1
	}
	if f.Column < 1 {
		f.Column = 1
	}
	p.findings = append(p.findings, f)
}

// ReportLaunch records a judged launch at pos. via, when set, overrides the
// launch's own class for RED launches (a launch inside `$(...)` is
// command-substitution whatever its name form).
func (p *Pass) ReportLaunch(pos Pos, l *Launch, via Class) {
	cls := l.Class
	if cls != ClassGated && via != "" {
		cls = via
	}
	p.Report(Finding{Line: pos.Line, Column: pos.Column, Runtime: l.Runtime, Class: cls, Message: LaunchMessage(l.Runtime, l.Name, cls), RunPath: l.RunPath})
}

// LaunchMessage is the standard message of a launch finding.
func LaunchMessage(runtime, name string, cls Class) string {
	switch cls {
	case ClassGated:
		return fmt.Sprintf("%s launched through launch-runtime", runtime)
	case ClassDirectLiteral:
		return fmt.Sprintf("`%s` launched directly, bypassing launch-runtime", name)
	case ClassAbsolutePath:
		return fmt.Sprintf("%s launched by path `%s`, bypassing launch-runtime", runtime, name)
	case ClassPackageRunner:
		return fmt.Sprintf("%s launched through a package runner (`%s`), bypassing launch-runtime", runtime, name)
	case ClassProcessAPI:
		return fmt.Sprintf("%s launched through a process API, bypassing launch-runtime", runtime)
	case ClassSDK:
		return fmt.Sprintf("%s started by an agent SDK whose executable is not a launch-runtime shim", runtime)
	case ClassDynamic:
		if runtime == UnknownRuntime {
			return "a value past a bound of the analysis (places left unread, or one followed no further), or one it computed in a way it does not model, reaches this launch and may start a runtime, bypassing launch-runtime"
		}
		return fmt.Sprintf("%s launched through a value found at run time, bypassing launch-runtime", runtime)
	case ClassCommandSubstitution:
		return fmt.Sprintf("%s launched inside a command substitution, bypassing launch-runtime", runtime)
	case ClassEval:
		return fmt.Sprintf("%s launched from a string run by a shell or `eval`, bypassing launch-runtime", runtime)
	case ClassVariableExecution:
		return fmt.Sprintf("%s launched through a variable, bypassing launch-runtime", runtime)
	}
	return fmt.Sprintf("%s launched, bypassing launch-runtime", runtime)
}

// ReportDangerous records the raw permission-bypass primitive at pos. data
// marks an occurrence in data (a string, help text) that an inert marker
// may suppress.
// In prose it is a note (see Pass.Prose).
func (p *Pass) ReportDangerous(pos Pos, text string, data bool) {
	text = strings.Join(strings.Fields(text), " ")
	msg := fmt.Sprintf("raw permission-bypass primitive `%s` outside launch-runtime; ask launch-runtime for `--dangerous` instead", text)
	if p.proseNote() {
		msg = fmt.Sprintf("raw permission-bypass primitive `%s` mentioned in prose, which runs nothing (a note; `prose: red` in the config makes it RED)", text)
	}
	p.Report(Finding{Line: pos.Line, Column: pos.Column, Class: ClassDangerousPrimitive, Data: data, Message: msg})
}

// proseNote reports whether the primitive in this file is a note: the
// file is prose and the config does not say `prose: red`.
func (p *Pass) proseNote() bool { return p.Prose && !p.Config.ProseRed() }

// ReportUnparseable records that the file cannot be parsed.
func (p *Pass) ReportUnparseable(pos Pos, msg string) {
	p.Report(Finding{Line: pos.Line, Column: pos.Column, Class: ClassUnparseable,
		Message: "file cannot be parsed, so its launches cannot be checked: " + msg})
}

// Command is an argv a detector found, with what the judge needs to know
// about where it came from.
type Command struct {
	Argv []Arg
	// At is where the command is reported. Zero means at the element
	// that names what it launches (a shell command line).
	At Pos
	// Alts are the other values argv[0] may take (the branches of a
	// conditional, the values of a reassigned name). Every one is judged:
	// the launch is RED when any names a runtime outside launch-runtime,
	// gated when only gated ones do.
	Alts []Arg
	// Via, when set, is the class of a RED launch whatever its name form
	// (a launch inside `$(...)` is command-substitution).
	Via Class
	// API says the argv is handed to a process API (exec.Command,
	// subprocess.run, spawn): a launch is process-api unless the runtime's
	// name came through a variable (variable-execution), a run-time
	// look-up (dynamic) or a package runner (package-runner).
	API bool
	// Data says the primitive in an argv that launches nothing is data (a
	// shell's echo or help text), which an inert marker may suppress.
	Data bool
	// Lost says the detector lost track of the value the command comes
	// from (a callback's parameter, `arguments`, a caught value): when
	// the argv launches nothing known but runs a program the analysis
	// cannot name (Config.Opaque), the place is recorded (NoteOpaque).
	Lost bool
	// Stdin says the detector does not follow what the code writes to
	// the process's standard input: a shell that reads its script from
	// there runs a program the analysis cannot name.
	Stdin bool
	// Nested, when set, scans a shell string the argv hands to a shell
	// that is the whole of element arg, and reports whether it did (a
	// detector that maps positions through the element's own escapes).
	// Otherwise the pass scans it from the element's position.
	Nested func(arg int, text string) bool
}

// Judge is the one judge sequence: it decides what cmd launches (behind
// wrappers, runners and interpreters), scans the shell strings it hands to
// a shell (class eval), reports the launch, and reports the raw
// permission-bypass primitive spread over its elements. It returns the
// launch, or nil.
func (p *Pass) Judge(cmd Command) *Launch {
	argv := cmd.Argv
	if len(argv) == 0 {
		return nil
	}
	p.noteExecs(argv)
	l, nested := p.Config.JudgeArgv(argv)
	for _, alt := range cmd.Alts {
		if l != nil && !l.Gated() {
			break
		}
		argv2 := append([]Arg{alt}, argv[1:]...)
		l2, n2 := p.Config.JudgeArgv(argv2)
		nested = append(nested, n2...)
		if l2 != nil && (l == nil || !l2.Gated()) {
			argv, l = argv2, l2
		}
	}
	argv, l, nested = p.judgeElemAlts(argv, l, nested)
	if l == nil && cmd.API {
		// a process API run in a folder of a runtime's files (RunIn, or
		// the process's own, AddDir: process.chdir, os.chdir): its
		// relative file there
		if in, l2 := p.inCallDirs(argv); l2 != nil {
			argv, l = in, l2
		} else if linked, ok := p.ThroughLinks(argv); ok {
			// a link or copy of a runtime this file or another makes
			// (AddLink, OfferLink), run by its name
			if l2, _ := p.Config.JudgeArgv(linked); l2 != nil && !l2.Gated() {
				argv, l = linked, l2
			}
		}
	}
	if l == nil && p.Config.Opaque(argv, cmd.Lost, cmd.Stdin && p.writesInput()) {
		p.NoteOpaque(elemPos(argv, 0, cmd.At))
	}
	for _, n := range nested {
		at := n.At
		if at.Line == 0 {
			at = elemPos(argv, n.Arg, cmd.At)
		}
		if n.Interpreter != "" {
			p.scanCode(n, at)
			continue
		}
		if cmd.Nested != nil && cmd.Nested(n.Arg, n.Text) {
			continue
		}
		p.ScanShell(n.Text, at, ClassEval)
		if len(n.Params) > 0 {
			// again with its $0 and positional parameters bound
			p.scanShellParams(n.Text, at, n.Params)
		}
	}
	if l != nil {
		cls := l.Class
		if cmd.API {
			switch cls {
			case ClassGated, ClassDynamic, ClassVariableExecution, ClassPackageRunner:
			default:
				cls = ClassProcessAPI
			}
		}
		at := cmd.At
		if at.Line == 0 {
			at = elemPos(argv, l.Arg, at)
		}
		p.ReportLaunch(at, &Launch{Runtime: l.Runtime, Class: cls, Arg: l.Arg, Name: l.Name, RunPath: runPath(argv, l)}, cmd.Via)
	}
	p.makeVars(argv)
	if i := DangerousArgv(argv); i >= 0 {
		text := argv[i].Value
		if i+1 < len(argv) && argv[i+1].Known && len(FindDangerous(text)) == 0 {
			text += " " + argv[i+1].Value
		}
		p.ReportDangerous(elemPos(argv, i, cmd.At), text, cmd.Data && l == nil)
	}
	return l
}

// runPath is the relative path of a file l judges by its name
// (`./tools/pi`, `bin/claude`): Launch.RunPath. A path from `/`, `~` or
// a variable, or a word the judge did not read as written, has none.
func runPath(argv []Arg, l *Launch) string {
	if l.Class != ClassAbsolutePath || l.Arg >= len(argv) {
		return ""
	}
	a := argv[l.Arg]
	if !a.Known || a.Value != l.Name || !strings.Contains(a.Value, "/") || strings.ContainsAny(a.Value[:1], "/~$") ||
		strings.Contains(a.Value, "node_modules/") || strings.Contains(a.Value, cmdline.Placeholder) {
		return ""
	}
	return a.Value
}

// judgeElemAlts judges argv with each other possibility of an element
// past the command in turn (`node` with a script that is one of several
// files, `bash -c` with one of several lines): a launch is RED when any
// possibility starts a runtime outside launch-runtime. It returns the argv
// that launches and its launch (else argv and l), and the shell strings
// the possibilities hand to a shell that nested does not hold yet. The
// alternatives are bounded where they are made.
func (p *Pass) judgeElemAlts(argv []Arg, l *Launch, nested []NestedShell) ([]Arg, *Launch, []NestedShell) {
	type key struct {
		arg  int
		text string
	}
	seen := map[key]bool{}
	for _, n := range nested {
		seen[key{n.Arg, n.Text}] = true
	}
	base := argv
	for k := 1; k < len(base); k++ {
		for _, alt := range base[k].Alts {
			argv2 := append([]Arg(nil), base...)
			argv2[k] = alt
			l2, n2 := p.Config.JudgeArgv(argv2)
			for _, n := range n2 {
				if n.Arg == k {
					n.At = alt.Pos
				}
				if !seen[key{n.Arg, n.Text}] {
					seen[key{n.Arg, n.Text}] = true
					nested = append(nested, n)
				}
			}
			if l2 != nil && (l == nil || l.Gated() && !l2.Gated()) {
				argv, l = argv2, l2
			}
		}
	}
	return argv, l, nested
}

// elemPos is the position of argv[i] when the detector knows it, else at.
func elemPos(argv []Arg, i int, at Pos) Pos {
	if i < len(argv) && argv[i].Pos.Line > 0 {
		return argv[i].Pos
	}
	return at
}

// ScanShell hands text that a shell will run to the shell detector. Launches
// found in it get class via unless gated (pass "" to keep their own class).
// Positions inside the text are mapped onto the file from at. A failure of
// the shell detector (text its parser rejects, which it still judges by a
// word split) is recorded on the pass (ShellFailures); it is never the
// outer file's parse error.
func (p *Pass) ScanShell(text string, at Pos, via Class) {
	if p.shell == nil {
		return
	}
	if p.depth >= maxNesting {
		// The bound is reached: reported, never silent.
		p.ReportUnparseable(at, fmt.Sprintf("shell strings nested deeper than %d levels; the inner ones are not scanned", maxNesting))
		return
	}
	p.depth++
	defer func() { p.depth-- }()
	if err := p.shell.ScanText(p, text, at, via); err != nil {
		if pe, ok := err.(*ParseError); ok && pe.File == "" {
			pe.File = p.Path
		}
		if p.shellErrs == 0 {
			p.shellErr = err
		}
		p.shellErrs++
	}
}

// ShellEnv is a Shell that can scan text run with variables set in its
// environment (`subprocess.run("$AGENT -p x", shell=True, env={"AGENT":
// "claude"})`): each name's possibilities.
type ShellEnv interface {
	ScanTextEnv(p *Pass, text string, at Pos, via Class, vars map[string][]Arg) error
}

// ScanShellEnv is ScanShell for text a shell runs with vars set in its
// environment.
func (p *Pass) ScanShellEnv(text string, at Pos, via Class, vars map[string][]Arg) {
	se, ok := p.shell.(ShellEnv)
	if !ok || len(vars) == 0 || p.depth >= maxNesting {
		p.ScanShell(text, at, via) // which reports the bound
		return
	}
	p.depth++
	defer func() { p.depth-- }()
	if err := se.ScanTextEnv(p, text, at, via, vars); err != nil {
		if pe, ok := err.(*ParseError); ok && pe.File == "" {
			pe.File = p.Path
		}
		if p.shellErrs == 0 {
			p.shellErr = err
		}
		p.shellErrs++
	}
}

// ShellParams is a Shell that can scan a -c string with its $0 and
// positional parameters bound (`sh -c '"$0" -p' claude`).
type ShellParams interface {
	ScanTextParams(p *Pass, text string, at Pos, via Class, params []Arg) error
}

// scanShellParams is ScanShell for a -c string given params: its $0, then
// its positional parameters.
func (p *Pass) scanShellParams(text string, at Pos, params []Arg) {
	sp, ok := p.shell.(ShellParams)
	if !ok || p.depth >= maxNesting {
		return // ScanShell reported the bound
	}
	p.depth++
	defer func() { p.depth-- }()
	if err := sp.ScanTextParams(p, text, at, ClassEval, params); err != nil {
		p.shellErrs++
	}
}

// ScanAs scans a program found inside the pass's file as if it were a
// file named name, with the suite's first detector that claims such a
// file (a workflow step whose shell is python is "step.py"). Its
// findings are reported on this pass, positioned relative to the text
// (line 1, column 1 is its first byte) for the caller to map; a program
// its detector cannot parse is reported unparseable there. It reports
// whether a detector claimed the name.
func (p *Pass) ScanAs(name, text string) bool {
	f := NewFile(name, nil, false)
	for _, d := range p.detectors {
		if !d.Match(f) {
			continue
		}
		if p.Expired() {
			return true // the driver has recorded the file; nothing more counts
		}
		at := Pos{Line: 1, Column: 1}
		if p.depth >= maxNesting {
			p.ReportUnparseable(at, fmt.Sprintf("programs nested deeper than %d levels; the inner ones are not scanned", maxNesting))
			return true
		}
		// The sub-pass is named after the program, so the detector picks
		// its grammar by the name; its findings are then reported here,
		// where this file's choke points and families apply.
		src := []byte(text)
		sub := &Pass{Path: name, Src: src, Config: p.Config, Language: d.Name(), shell: p.shell, detectors: p.detectors, depth: p.depth + 1,
			Hits: p.Config.Triggers().Scan(src)}
		err := d.Scan(sub)
		for _, f := range sub.findings {
			f.File, f.Family, f.Verdict = "", "", ""
			p.Report(f)
		}
		p.keepLinks(sub)
		var pe *ParseError
		if errors.As(err, &pe) {
			p.ReportUnparseable(pe.Pos, pe.Msg)
		}
		if n, first := sub.ShellFailures(); n > 0 {
			if p.shellErrs == 0 {
				p.shellErr = first
			}
			p.shellErrs += n
		}
		return true
	}
	return false
}

// ShellFailures returns the first failure of the shell detector on text
// embedded in the file and how many there were (the first is kept, the
// others counted: nested strings can fail many times over).
func (p *Pass) ShellFailures() (n int, first error) { return p.shellErrs, p.shellErr }

// ScanDangerousText reports every occurrence of the primitive in a string
// value that starts at pos (data).
func (p *Pass) ScanDangerousText(s string, at Pos) {
	for _, m := range FindDangerous(s) {
		p.ReportDangerous(at.Offset(s, m.Offset), m.Text, true)
	}
}

// Offset maps a byte offset inside text that starts at `at` to a file
// position.
func (at Pos) Offset(text string, off int) Pos {
	if off > len(text) {
		off = len(text)
	}
	line, col := at.Line, at.Column
	if line < 1 {
		line = 1
	}
	if col < 1 {
		col = 1
	}
	pre := text[:off]
	if n := strings.Count(pre, "\n"); n > 0 {
		return Pos{Line: line + n, Column: off - strings.LastIndexByte(pre, '\n')}
	}
	return Pos{Line: line, Column: col + off}
}

// Shift maps a position relative to embedded text (1-based, as a parser of
// that text reports it) onto the file from at.
func (rel Pos) Shift(at Pos) Pos {
	if at.Line < 1 {
		at.Line = 1
	}
	if at.Column < 1 {
		at.Column = 1
	}
	if rel.Line <= 1 {
		return Pos{Line: at.Line, Column: at.Column + rel.Column - 1}
	}
	return Pos{Line: at.Line + rel.Line - 1, Column: rel.Column}
}

// Sibling is another file in scope in the same folder as the file being
// scanned.
type Sibling struct {
	Rel  string // root-relative, slash-separated
	Abs  string // to read it
	Size int64  // as the walk saw it
}

// Shared is per-scan state shared by the files of one scan. Each detector
// keys its entries by a type of its own, so detectors cannot collide. It is
// safe for concurrent use.
type Shared struct {
	m sync.Map
	// kept holds what Keep keeps, keptBytes its size (MaxKeptBytes).
	keptMu    sync.Mutex
	kept      map[any]keptValue
	keptBytes int
	// ahead holds files a detector read before the driver reached them
	// (Ahead), by root-relative path, oldest first in aheadOrder;
	// aheadBytes is their size (MaxAheadBytes).
	aheadMu    sync.Mutex
	ahead      map[string][]byte
	aheadOrder []string
	aheadBytes int
	// Read, when set, reads another file of the scan by its root-relative
	// path (false when it is not a file of the scan or cannot be read): a
	// detector's look at a file that configures this one (a JavaScript
	// action's action.yml).
	Read func(rel string) ([]byte, bool)
}

// MaxKeptBytes bounds what one scan keeps for the repository phase
// (Shared.Keep): past it a file is read again there, as it would be with
// nothing kept.
const MaxKeptBytes = 48 << 20

type keptValue struct {
	v    any
	size int
}

// Keep stores v, of size bytes, under key until Take takes it, when the
// scan's store has room (MaxKeptBytes); it reports whether it did. A
// detector keeps what it parsed of a file in phase one that the
// repository phase reads again (Pass.Needs), so that the re-scan does not
// parse it again (treesitter.Grammar.Keep).
func (s *Shared) Keep(key, v any, size int) bool {
	s.keptMu.Lock()
	defer s.keptMu.Unlock()
	if _, dup := s.kept[key]; dup || s.keptBytes+size > MaxKeptBytes {
		return false
	}
	if s.kept == nil {
		s.kept = map[any]keptValue{}
	}
	s.kept[key] = keptValue{v, size}
	s.keptBytes += size
	return true
}

// Take returns and forgets what Keep stored under key.
func (s *Shared) Take(key any) (any, bool) {
	s.keptMu.Lock()
	defer s.keptMu.Unlock()
	k, ok := s.kept[key]
	if ok {
		delete(s.kept, key)
		s.keptBytes -= k.size
	}
	return k.v, ok
}

// MaxAheadBytes bounds the files one scan holds read ahead (Shared.Ahead):
// past it the oldest are dropped, and the driver reads them as it would
// with nothing held.
const MaxAheadBytes = 2 << 20

// Ahead holds src, the bytes of the file at root-relative path rel that a
// detector read whole before the driver reached that file (the Go
// detector reads a package's files when it meets the first of them), so
// that the driver takes them (TakeAhead) instead of reading the file
// again. The oldest are dropped past MaxAheadBytes; a file larger than an
// eighth of it is not held. src must not change afterwards.
func (s *Shared) Ahead(rel string, src []byte) {
	if len(src) > MaxAheadBytes/8 {
		return
	}
	s.aheadMu.Lock()
	defer s.aheadMu.Unlock()
	if _, dup := s.ahead[rel]; dup {
		return
	}
	if s.ahead == nil {
		s.ahead = map[string][]byte{}
	}
	for s.aheadBytes+len(src) > MaxAheadBytes && len(s.aheadOrder) > 0 {
		old := s.aheadOrder[0]
		s.aheadOrder = s.aheadOrder[1:]
		if b, ok := s.ahead[old]; ok {
			delete(s.ahead, old)
			s.aheadBytes -= len(b)
		}
	}
	// the order keeps the paths taken since; it is compacted when they
	// outnumber the held ones
	if len(s.aheadOrder) > 2*len(s.ahead)+64 {
		kept := s.aheadOrder[:0]
		for _, r := range s.aheadOrder {
			if _, ok := s.ahead[r]; ok {
				kept = append(kept, r)
			}
		}
		s.aheadOrder = kept
	}
	s.ahead[rel] = src
	s.aheadOrder = append(s.aheadOrder, rel)
	s.aheadBytes += len(src)
}

// TakeAhead returns and forgets the bytes Ahead holds for rel.
func (s *Shared) TakeAhead(rel string) ([]byte, bool) {
	s.aheadMu.Lock()
	defer s.aheadMu.Unlock()
	b, ok := s.ahead[rel]
	if ok {
		delete(s.ahead, rel)
		s.aheadBytes -= len(b)
	}
	return b, ok
}

// Value returns the value stored under key, storing newValue() first when
// there is none; concurrent callers get the same value.
func (s *Shared) Value(key any, newValue func() any) any {
	if v, ok := s.m.Load(key); ok {
		return v
	}
	v, _ := s.m.LoadOrStore(key, newValue())
	return v
}

// codeFile names interpreter code by its language, for ScanAs: the
// interpreters whose language a detector of the suite reads.
func codeFile(interpreter string) string {
	base := path.Base(strings.ReplaceAll(interpreter, `\`, "/"))
	base = strings.TrimSuffix(strings.ToLower(base), ".exe")
	switch strings.TrimRight(base, "0123456789.") {
	case "python", "pypy":
		return "code.py"
	case "node", "nodejs", "bun":
		return "code.js"
	case "deno":
		return "code.ts"
	}
	return ""
}

// scanCode hands interpreter code from an argv (python3 -c CODE, node -e
// CODE) to the detector of its language, so an agent SDK the code imports
// is RED, reported at the argv element that holds the code. The process
// APIs the code calls are the command-line model's (cmdline.CodeCommands,
// scanned as shell): only the detector's sdk findings are kept, so a
// launch is not reported twice, unless that model left strings of the
// code out at its bound (n.Whole): then every finding is kept.
func (p *Pass) scanCode(n NestedShell, at Pos) {
	name := codeFile(n.Interpreter)
	if name == "" {
		return
	}
	n0 := len(p.findings)
	p.ScanAs(name, n.Text)
	kept := p.findings[:n0]
	for _, f := range p.findings[n0:] {
		if f.Class != ClassSDK && !n.Whole {
			continue
		}
		f.Line, f.Column = at.Line, at.Column
		f.Message += " (in the code `" + path.Base(n.Interpreter) + "` runs)"
		kept = append(kept, f)
	}
	p.findings = kept
}

// MaxExecs bounds Pass.Execs.
const MaxExecs = 64

// noteExecs records in Execs the scripts argv runs by a relative path.
func (p *Pass) noteExecs(argv []Arg) {
	if len(p.Execs) >= MaxExecs {
		return
	}
	for _, r := range ScriptRuns(argv) {
		if r.Spec == "" || strings.HasPrefix(r.Spec, "/") || strings.HasPrefix(r.Spec, PathScript) || slices.Contains(p.Execs, r.Spec) {
			continue
		}
		if len(p.Execs) < MaxExecs {
			p.Execs = append(p.Execs, r.Spec)
		}
	}
}
