package scanner

import (
	"strings"

	"github.com/leasegate/leasegate/cmdline"
)

// Arg is one element of an argv as a detector could resolve it.
type Arg struct {
	// Value is the resolved text when Known. For an unknown element it is
	// empty, or the detector's rendering of it with cmdline.Placeholder
	// for each unknown stretch: the text a shell given the element as a
	// string would parse (`bash -c "cd $dir && claude"`).
	Value string
	// Known is false when the value cannot be resolved statically.
	Known bool
	// Via says how a resolved value was obtained when that matters for the
	// class: ClassVariableExecution for a value tracked through a variable
	// or array the file sets, ClassDynamic for a value found at run time (a
	// `which` look-up, a default expansion). Empty for a literal.
	Via Class
	// Pos is where the element starts, when the detector knows it.
	Pos Pos
	// Cut marks an unknown element that stands for what a bound of the
	// detector's evaluation left unread (call sites or returns past
	// it): it may be a runtime's name, so as the command it is a dynamic
	// launch of an unknown runtime (the bound reported, never silent).
	Cut bool
	// Alts are the other values the element may take (a value is a set of
	// possibilities: the branches of a conditional, the returns of a
	// helper). The judge reads them for every element but the command,
	// whose alternatives are Command.Alts.
	Alts []Arg
}

// Lit returns a known literal Arg.
func Lit(s string) Arg { return Arg{Value: s, Known: true} }

// Launch is the judgement of an argv that starts a runtime.
type Launch struct {
	Runtime string
	// Class is the name class: ClassGated, ClassDirectLiteral,
	// ClassAbsolutePath, ClassPackageRunner, or the Via class of the
	// element that named the runtime.
	Class Class
	// Arg is the index in the argv of the element that names the runtime
	// (or launch-runtime), for positions.
	Arg int
	// Name is that element's value.
	Name string
	// RunPath, for a launch judged by the name of a file run by a
	// relative path (`./tools/pi`), is that path: a shell script of the
	// repository there is judged by its own text instead (Finding.RunPath).
	RunPath string
}

// Gated reports whether the launch goes through launch-runtime.
func (l *Launch) Gated() bool { return l.Class == ClassGated }

// NestedShell is a string inside an argv that a shell will run
// (`bash -c '...'`, `script -c '...'`, `watch '...'`).
type NestedShell struct {
	Text string
	Arg  int
	// Interpreter, when set, says Text is not shell but program code
	// that this interpreter runs (python3 -c CODE, node -e CODE) and
	// that mentions a runtime: the judge hands it to the detector of the
	// interpreter's language (Pass.Judge).
	Interpreter string
	// Whole, with Interpreter, says the command-line model left strings
	// of the code out at its bound (cmdline.Inner.CodeCut): every launch
	// the language's detector finds in it is kept, not only SDKs.
	Whole bool
	// At is where the text starts when it is another possibility of the
	// element than the one in the argv (zero: the element's position).
	At Pos
	// Params, for a string a shell runs from its -c option, are the
	// words after it: the string's $0, then its positional parameters
	// (`sh -c 'exec "$@"' sh claude -p`; cmdline.Inner.Params).
	Params []Arg
}

// WrapperCommand is the launch-runtime command name.
const WrapperCommand = "launch-runtime"

// maxWrapperDepth bounds how many command wrappers are peeled off one argv.
const maxWrapperDepth = cmdline.MaxDepth

// JudgeArgv decides whether argv starts a runtime, directly or behind
// command wrappers, package runners and interpreters. It also returns the
// shell strings found in the argv that a shell will run; the caller scans
// them as shell (class eval). A nil Launch means no launch is visible.
//
// The wrappers are peeled by package cmdline, which the gate shares; the
// judge then asks the runtime table once for each thing the argv finally
// runs. An unknown element is an opaque word: where it could be the
// command, both readings are judged, and a runtime found past it is
// dynamic. A launch is RED when any reading starts a runtime outside
// launch-runtime; an argv deeper than the wrapper bound is dynamic when any
// of its words names a runtime.
func (c *Config) JudgeArgv(argv []Arg) (*Launch, []NestedShell) {
	res := cmdline.UnwrapDepth(Words(argv), maxWrapperDepth)
	var nested []NestedShell
	var red, gated *Launch
	codeSeen := map[int]bool{}
	for _, in := range res.Inners {
		if in.Code != "" && !codeSeen[in.Arg] && c.MentionsRuntime([]byte(in.Code)) {
			codeSeen[in.Arg] = true
			nested = append(nested, NestedShell{Text: in.Code, Arg: in.Arg, Interpreter: argv[in.Prog].Value, Whole: in.CodeCut})
		}
		var l *Launch
		switch in.Kind {
		case cmdline.KindArgv:
			l = c.judgeCommand(argv, in)
		case cmdline.KindShell, cmdline.KindTyped:
			// eval's text is scanned by the shell detector itself, with
			// the variables of the text around it.
			if in.Text != cmdline.Placeholder && argv[in.Prog].Value != "eval" {
				n := NestedShell{Text: in.Text, Arg: in.Arg}
				if in.Kind == cmdline.KindShell && in.Params > 0 && in.Params < in.End && in.End <= len(argv) {
					n.Params = argv[in.Params:in.End]
				}
				nested = append(nested, n)
			}
		case cmdline.KindPackage:
			l = c.judgePackage(argv, in)
		case cmdline.KindScript:
			l = c.judgeScript(argv, in)
		}
		switch {
		case l == nil:
		case l.Gated():
			if gated == nil {
				gated = l
			}
		case red == nil:
			red = l
		}
	}
	if res.Bound && red == nil {
		red = c.beyondBound(argv)
	}
	if red != nil {
		return red, nested
	}
	return gated, nested
}

// Words returns argv as package cmdline reads it: an element the detector
// could not resolve is an opaque word.
func Words(argv []Arg) []cmdline.Word {
	words := make([]cmdline.Word, len(argv))
	for i, a := range argv {
		// An unknown element's Value, when set, is the detector's
		// rendering of it for a shell parse (its unknown stretches as
		// cmdline.Placeholder).
		words[i] = cmdline.Word{Known: a.Known, Text: a.Value}
	}
	return words
}

// nameClass is the class of a runtime named by a, found in the reading in.
func nameClass(a Arg, in cmdline.Inner, cls Class) Class {
	switch {
	case a.Via != "":
		return a.Via
	case in.Opaque:
		return ClassDynamic
	}
	return cls
}

// judgeCommand judges the command a reading of the argv ends at.
func (c *Config) judgeCommand(argv []Arg, in cmdline.Inner) *Launch {
	a := argv[in.Start]
	if !a.Known {
		if a.Cut {
			return &Launch{Runtime: UnknownRuntime, Class: ClassDynamic, Arg: in.Start}
		}
		return nil
	}
	name := a.Value
	if baseName(name) == WrapperCommand {
		return c.judgeWrapper(argv[:in.End], in.Start)
	}
	if rt, ok := c.RuntimeForCommand(name); ok {
		cls := ClassDirectLiteral
		if strings.ContainsRune(name, '/') {
			cls = ClassAbsolutePath
		}
		return &Launch{Runtime: rt, Class: nameClass(a, in, cls), Arg: in.Start, Name: name}
	}
	// A path into an installed runtime package
	// (node_modules/@anthropic-ai/claude-code/cli.js).
	if rt, ok := c.runtimeInPath(name); ok {
		return &Launch{Runtime: rt, Class: nameClass(a, in, ClassAbsolutePath), Arg: in.Start, Name: name}
	}
	return nil
}

// packageInterpreters are packages a package runner fetches that run a
// script (`npx tsx file.ts`): what they run is judged as if the
// interpreter were run itself.
var packageInterpreters = map[string]bool{"tsx": true, "ts-node": true, "node": true, "bun": true}

// judgePackage judges what a package runner (npx, pnpm dlx, uvx, ...) runs:
// the package or bin it names, or the package a --package option names.
// flakeRuntime is the runtime a nix installable runs (`nix run
// nixpkgs#claude-code`, `github:someone/claude-code-nix`): its attribute
// after `#` (its last name), or else the flake's last path element, is
// a runtime's command or holds a runtime package's own name.
func (c *Config) flakeRuntime(v string) (string, bool) {
	if !strings.ContainsAny(v, "#:") {
		return "", false
	}
	name := v
	if _, attr, ok := strings.Cut(v, "#"); ok {
		name = attr
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:]
		}
	} else {
		name = name[strings.LastIndexAny(name, ":/")+1:]
	}
	if rt, ok := c.RuntimeForCommand(name); ok && !strings.Contains(name, "/") {
		return rt, true
	}
	for _, pkg := range c.Packages() {
		if own := pkg[strings.LastIndexByte(pkg, '/')+1:]; own != "" && strings.Contains(name, own) {
			return c.packages[pkg], true
		}
	}
	return "", false
}

func (c *Config) judgePackage(argv []Arg, in cmdline.Inner) *Launch {
	if in.Start >= 0 && argv[in.Start].Known {
		v := argv[in.Start].Value
		if rt, ok := c.RuntimeForPackage(v); ok {
			return &Launch{Runtime: rt, Class: ClassPackageRunner, Arg: in.Start, Name: v}
		}
		if rt, ok := c.RuntimeForCommand(v); ok && !strings.Contains(v, "/") {
			return &Launch{Runtime: rt, Class: ClassPackageRunner, Arg: in.Start, Name: v}
		}
		if rt, ok := c.flakeRuntime(v); ok {
			return &Launch{Runtime: rt, Class: ClassPackageRunner, Arg: in.Start, Name: v}
		}
		if baseName(v) == WrapperCommand {
			// npx launch-runtime --runtime claude: the wrapper from a package.
			return c.judgeWrapper(argv[:in.End], in.Start)
		}
		if name, _, _ := strings.Cut(v, "@"); packageInterpreters[name] && in.Start > 0 {
			// npx tsx packages/coding-agent/src/cli.ts: the package is an
			// interpreter, and what it runs is judged as its argv (the
			// argv is shorter each time: bounded)
			if l, _ := c.JudgeArgv(argv[in.Start:]); l != nil {
				l.Arg += in.Start
				return l
			}
		}
	}
	for _, k := range in.Packages {
		if !argv[k].Known {
			continue
		}
		v := argv[k].Value
		if strings.HasPrefix(v, "-") {
			_, v, _ = strings.Cut(v, "=")
		}
		if rt, ok := c.RuntimeForPackage(v); ok {
			return &Launch{Runtime: rt, Class: ClassPackageRunner, Arg: k, Name: argv[k].Value}
		}
	}
	return nil
}

// judgeScript judges the file an interpreter runs (`node
// node_modules/@anthropic-ai/claude-code/cli.js`, `deno run
// npm:@anthropic-ai/claude-code`).
func (c *Config) judgeScript(argv []Arg, in cmdline.Inner) *Launch {
	a := argv[in.Start]
	if !a.Known {
		// "$DIR/packages/coding-agent/src/cli.ts": a known tail after an
		// unknown folder that is a workspace runtime's CLI
		if i := strings.LastIndex(a.Value, cmdline.Placeholder); i >= 0 {
			if tail, ok := strings.CutPrefix(a.Value[i+len(cmdline.Placeholder):], "/"); ok {
				if rt, ok := c.workspaceCLI(tail); ok {
					return &Launch{Runtime: rt, Class: ClassAbsolutePath, Arg: in.Start, Name: tail}
				}
			}
		}
		return nil
	}
	v := a.Value
	if strings.HasPrefix(v, "npm:") {
		if rt, ok := c.RuntimeForPackage(v); ok {
			return &Launch{Runtime: rt, Class: ClassPackageRunner, Arg: in.Start, Name: v}
		}
	}
	if rt, ok := c.runtimeInPath(v); ok {
		return &Launch{Runtime: rt, Class: ClassAbsolutePath, Arg: in.Start, Name: v}
	}
	if strings.Contains(v, "/") {
		if rt, ok := c.RuntimeForCommand(v); ok {
			return &Launch{Runtime: rt, Class: ClassAbsolutePath, Arg: in.Start, Name: v}
		}
	}
	if a.Via == ClassDynamic {
		// the path a run-time look-up of a runtime returned (`node
		// "$(which claude)"`): the runtime's CLI is a script its
		// interpreter runs as well as the program it is
		if rt, ok := c.RuntimeForCommand(v); ok {
			return &Launch{Runtime: rt, Class: ClassDynamic, Arg: in.Start, Name: v}
		}
	}
	return nil
}

// beyondBound judges an argv deeper than the wrapper bound: a word that
// names a runtime makes it a dynamic launch, since the judge cannot say
// whether it runs.
func (c *Config) beyondBound(argv []Arg) *Launch {
	for k, a := range argv {
		if !a.Known {
			continue
		}
		rt, ok := c.RuntimeForCommand(a.Value)
		if !ok {
			rt, ok = c.runtimeInPath(a.Value)
		}
		if ok {
			return &Launch{Runtime: rt, Class: ClassDynamic, Arg: k, Name: a.Value}
		}
	}
	return nil
}

func baseName(s string) string {
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// bundledCLIs are files of other npm packages that are a runtime
// package's own CLI, by the package they bundle: the Claude Agent SDK
// ships Claude Code as its cli.js (the SDK's default executable), so
// running that file starts the runtime @anthropic-ai/claude-code starts.
var bundledCLIs = []struct{ path, pkg string }{
	{"@anthropic-ai/claude-agent-sdk/cli.js", "@anthropic-ai/claude-code"},
}

// BundledCLI returns the runtime whose CLI the path p (a module
// specifier or a file path) names inside another package (bundledCLIs),
// when the package it bundles is a configured runtime's.
func (c *Config) BundledCLI(p string) (string, bool) {
	for _, b := range bundledCLIs {
		if p == b.path || strings.HasSuffix(p, "/"+b.path) {
			rt, ok := c.packages[b.pkg]
			return rt, ok
		}
	}
	return "", false
}

// RuntimeFolder reports whether the path p (a rendering with unknown
// stretches will do) is a runtime package's folder itself
// (`"$(npm root -g)/@anthropic-ai/claude-code"`,
// `node_modules/@mariozechner/pi-coding-agent/`): a link or copy of it
// under another name holds the runtime's files (shell links).
func (c *Config) RuntimeFolder(p string) bool {
	_, ok := c.FolderRuntime(p)
	return ok
}

// PackedRuntime is the runtime package whose archive, as `npm pack`
// names it (`anthropic-ai-claude-code-2.1.0.tgz`), has the base name
// name: the package's name, then its version or a pattern or value
// standing for it.
func (c *Config) PackedRuntime(name string) (string, bool) {
	for _, pkg := range c.Packages() {
		rest, ok := strings.CutPrefix(name, strings.ReplaceAll(strings.TrimPrefix(pkg, "@"), "/", "-")+"-")
		if ok && rest != "" && (rest[0] >= '0' && rest[0] <= '9' || strings.ContainsRune("*?[$", rune(rest[0])) || strings.HasPrefix(rest, cmdline.Placeholder)) {
			return pkg, true
		}
	}
	return "", false
}

// FolderRuntime is the runtime whose package folder the path p is
// (RuntimeFolder).
func (c *Config) FolderRuntime(p string) (string, bool) {
	p = strings.TrimRight(p, "/")
	for pkg, rt := range c.packages {
		if p == pkg || strings.HasSuffix(p, "node_modules/"+pkg) || strings.HasPrefix(pkg, "@") && strings.HasSuffix(p, "/"+pkg) {
			return rt, true
		}
	}
	return "", false
}

func (c *Config) runtimeInPath(p string) (string, bool) {
	if !strings.Contains(p, "/") {
		return "", false
	}
	if rt, ok := c.BundledCLI(p); ok {
		return rt, true
	}
	if rt, ok := c.workspaceCLI(p); ok {
		return rt, true
	}
	for pkg, rt := range c.packages {
		if strings.Contains(p, "node_modules/"+pkg+"/") || strings.HasSuffix(p, "node_modules/"+pkg) {
			return rt, true
		}
		// A scoped package name is distinctive on its own:
		// "$(npm root -g)/@anthropic-ai/claude-code/cli.js".
		if strings.HasPrefix(pkg, "@") && (strings.Contains(p, "/"+pkg+"/") || strings.HasPrefix(p, pkg+"/")) {
			return rt, true
		}
	}
	return "", false
}

func (c *Config) judgeWrapper(argv []Arg, i int) *Launch {
	l := &Launch{Class: ClassGated, Arg: i, Name: argv[i].Value}
	sep := false
	for j := i + 1; j < len(argv); j++ {
		a := argv[j]
		if !a.Known {
			continue
		}
		if a.Value == "--" && !sep {
			sep = true
			continue
		}
		v, inline := strings.CutPrefix(a.Value, "--runtime=")
		if !inline && a.Value != "--runtime" {
			continue
		}
		if !inline {
			if j+1 >= len(argv) {
				break
			}
			if !argv[j+1].Known {
				v = "unknown"
			} else {
				v = argv[j+1].Value
			}
		}
		if !sep {
			l.Runtime = v
			return l
		}
		// `launch-runtime -- --runtime claude`: the runtime is named only
		// among the runtime's own arguments, so the launch is not gated as
		// written. It is RED, at the runtime's name.
		if rt, ok := c.RuntimeForCommand(v); ok {
			k := j + 1
			if inline {
				k = j
			}
			return &Launch{Runtime: rt, Class: ClassDirectLiteral, Arg: k, Name: v}
		}
		break
	}
	// launch-runtime without --runtime starts nothing: it refuses to run.
	return nil
}

func isAssignment(s string) bool {
	eq := strings.IndexByte(s, '=')
	if eq <= 0 {
		return false
	}
	for k, r := range s[:eq] {
		if !(r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || k > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
