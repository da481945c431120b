package python

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// Detector is the Python detector. It is stateless; parsers and trees are
// pooled between files.
type Detector struct{}

// New returns the Python detector.
func New() Detector { return Detector{} }

// Name is the detector's language name.
const Name = "python"

// Name implements scanner.Detector.
func (Detector) Name() string { return Name }

// MaxTokens bounds the files the detector parses (scanner.TokenBounded):
// half the tree-sitter bound, as its analysis keeps more a token than the
// parse (a generated module of 2 million tokens, 100,000 functions, held
// 600 MB); the largest file of Python's standard library holds 180,000.
func (Detector) MaxTokens() int { return treesitter.MaxParseTokens / 2 }

// Match claims .py/.pyi/.pyw files, Jupyter notebooks (.ipynb: their
// code cells, notebook.go) and scripts whose shebang runs Python.
func (Detector) Match(f *scanner.File) bool {
	switch f.Ext {
	case ".py", ".pyi", ".pyw", ".ipynb":
		return true
	case "":
		return isPythonInterpreter(f.Interpreter())
	}
	return false
}

// apiNeedles: a file with none of these (nor `exec`: apiExec) in its
// code cannot start a process through a Python API or the SDK, and is not
// parsed (unless it may hold a split primitive). apiWords count only as whole words: each is a module or a
// function the API table names whole (`pty`, `os.system`), and as a part
// of a longer word (`empty`, `filesystem`, `invoked`) it binds nothing —
// a quarter of the standard library's bytes were parsed for such parts.
var (
	apiNeedles = [][]byte{
		[]byte("subprocess"), []byte("popen"), []byte("spawn"),
		[]byte("pexpect"), []byte("plumbum"), []byte("ptyprocess"), []byte("libtmux"),
		[]byte("_process"), []byte("claude_agent_sdk"), []byte("claude_code_sdk"), []byte("langchain_claude_code"), []byte("getoutput"),
		[]byte("getstatusoutput"), []byte("paramiko"), []byte("runpy"), []byte("prefect_shell"),
	}
	apiWords = [][]byte{[]byte("system"), []byte("pty"), []byte("anyio"), []byte("trio"), []byte("invoke"), []byte("fabric"), []byte("nox"),
		[]byte("delegator"), []byte("envoy"), []byte("psutil"), []byte("sarge"), []byte("docker"),
		[]byte("airflow")}
)

// mayNameAPI is the API prefilter: one of apiNeedles, or of apiWords as a
// word, or an import of the sh module, in the file's code: its comments
// and docstrings are not read (proseless).
func mayNameAPI(src []byte) bool {
	if !namesAPI(src) {
		return false
	}
	code := proseless(src)
	return len(src) == 0 || &code[0] == &src[0] || namesAPI(code)
}

// namesAPI is mayNameAPI on text as it is.
func namesAPI(src []byte) bool {
	if apiText(src) {
		return true
	}
	// the regular expressions only where `sh` stands as a word, or a
	// method of an invoke Context is called (each needs one): `sh`
	// inside `shell` or `hash` is in almost every file
	if treesitter.ContainsAny(src, contextNeedles) && contextRunRE.Match(src) {
		return true
	}
	return hasWord(src, []byte("sh")) && shImportRE.Match(src)
}

// apiText reports whether src holds one of apiNeedles, one of apiWords
// as a word (hasWord), or `exec` other than as the start of a longer
// word no API has (apiExec): the three in one pass over the bytes.
// Each was a search of its own, over every Python file: 30 passes, and
// the prefilter read the real tree's Python at 80 MB/s, 200 MB/s since
// (BenchmarkAPIPrefilter). Each offset's two bytes index apiPairs; only
// at a pair that starts one of them is the text compared.
func apiText(src []byte) bool {
	for p := 0; p+1 < len(src); p++ {
		k := apiPairs[uint16(src[p])<<8|uint16(src[p+1])]
		if k == 0 {
			continue
		}
		for _, e := range apiStarts[k] {
			if !bytes.HasPrefix(src[p:], e.text) {
				continue
			}
			end := p + len(e.text)
			switch e.kind {
			case apiNeedle:
				return true
			case apiWord:
				if (p == 0 || !wordByte(src[p-1])) && (end == len(src) || !wordByte(src[end])) {
					return true
				}
			case apiExec:
				if end == len(src) {
					return true
				}
				if c := src[end]; c < 'a' || c > 'z' || c == 'l' || c == 'v' {
					return true
				}
			}
		}
	}
	return false
}

// apiStart is one text apiText looks for, and how it counts.
type apiStart struct {
	text []byte
	kind uint8
}

// The kinds of apiStart: a needle anywhere, a word (hasWord), and
// `exec` followed by anything but a lower-case letter, or by `l` or `v`:
// the builtin, os.execv and its kin (`execl`, `execvpe`),
// `exec_command`, `subprocess_exec`, a piece (`"exec" + mode`) all pass;
// `execute`, `executor`, `executable` do not (`sys.executable` reaches a
// process only through one of those).
const (
	apiNeedle = iota
	apiWord
	apiExec
)

// apiPairs maps the first two bytes of each text apiText looks for to
// its index in apiStarts (0: none starts so); apiStarts[k] lists the
// texts of pair k.
var apiPairs, apiStarts = apiTable()

func apiTable() (*[1 << 16]uint8, [][]apiStart) {
	pairs := new([1 << 16]uint8)
	starts := [][]apiStart{nil}
	add := func(text []byte, kind uint8) {
		if len(text) < 2 {
			// a pair is two bytes: a shorter text would be missed
			panic("python: an API prefilter text shorter than two bytes")
		}
		k := uint16(text[0])<<8 | uint16(text[1])
		if pairs[k] == 0 {
			pairs[k] = uint8(len(starts))
			starts = append(starts, nil)
		}
		starts[pairs[k]] = append(starts[pairs[k]], apiStart{text, kind})
	}
	for _, n := range apiNeedles {
		add(n, apiNeedle)
	}
	for _, w := range apiWords {
		add(w, apiWord)
	}
	add([]byte("exec"), apiExec)
	if len(starts) > 255 {
		panic("python: more API prefilter pairs than a byte indexes")
	}
	return pairs, starts
}

// computedImports load a module by a name that may be computed
// (importlib.import_module, __import__).
var computedImports = [][]byte{[]byte("import_module"), []byte("__import__")}

// contextNeedles and contextRunRE find `c.run(` (`sudo`, `local`) on a
// name of contextNames: an invoke Context handed to a helper module that
// does not import invoke (impliedAPI).
var (
	contextNeedles = [][]byte{[]byte(".run("), []byte(".sudo("), []byte(".local(")}
	contextRunRE   = regexp.MustCompile(`\b(?:c|ctx|context|conn|connection|cxn)\.(?:run|sudo|local)\(`)
	// lineRunNeedles and lineRunRE find a method of those names given a
	// string literal (contextLineSink)
	lineRunNeedles = [][]byte{[]byte(".run("), []byte(".sudo("), []byte(".local(")}
	lineRunRE      = regexp.MustCompile(`\.(?:run|sudo|local)\(\s*[rRuUbBfF]{0,2}['"]`)
	lineRunFRE     = regexp.MustCompile(`\.(?:run|sudo|local)\(\s*(?:[fF][rR]?|[rR][fF])['"]`)
)

// hasWord reports whether w occurs in src as a whole word.
func hasWord(src, w []byte) bool {
	for off := 0; ; {
		j := bytes.Index(src[off:], w)
		if j < 0 {
			return false
		}
		i, e := off+j, off+j+len(w)
		if (i == 0 || !wordByte(src[i-1])) && (e == len(src) || !wordByte(src[e])) {
			return true
		}
		off = i + 1
	}
}

func wordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// envNeedles and envSetRE find the ways a file sets an environment
// variable (summarizeEnv): `os.environ.setdefault(k, v)`,
// `os.environ[k] = v`, `os.putenv(k, v)`.
var (
	envNeedles = [][]byte{[]byte("environ"), []byte("putenv")}
	// sharedWriteRE finds what may write shared state (summarizeShared):
	// `x.attr = v`, `x[k] = v`, a container method's call
	sharedWriteRE = regexp.MustCompile(`(?:\.\w+|\])\s*=[^=]|\.(?:append|extend|add|insert|update|setdefault|appendleft|extendleft|__setitem__)\s*\(`)
	envSetRE      = regexp.MustCompile(`environ(?:\.setdefault\s*\(|\[[^\]\n]{1,100}\]\s*=[^=])|putenv\s*\(`)
)

// shImportRE finds an import of the sh module.
var shImportRE = regexp.MustCompile(`(?m)^[ \t]*(?:import[ \t]+(?:[\w.]+[ \t]*(?:as[ \t]+\w+)?[ \t]*,[ \t]*)*sh\b|from[ \t]+sh[ \t]+import)`)

// anyIs reports whether any possibility of v is the known string s.
func anyIs(v value, s string) bool {
	for _, p := range v.Possibilities() {
		if p.Known() && p.S == s {
			return true
		}
	}
	return false
}

// analyzer holds one file's analysis state: the Python side of the shared
// evaluator (treesitter.Lang), which follows names, parameters, self.x and
// returns across the file.
type analyzer struct {
	// writes are the file's writes of text to a file (writeSites), read
	// once when writesRead; mayWrite says the file's text holds `write`.
	writes     []writeSite
	writesRead bool
	mayWrite   bool
	t          *tree
	p          *scanner.Pass
	scopes     *treesitter.Scopes[binding]
	ev         *treesitter.Evaluator[binding]
	selfAttrs  map[string][]int32 // self.x = value assignments, by attribute
	sets       [][2]int32         // x.attr = value assignments (target, value)
	setsOf     map[int32]map[string][]int32
	muts       map[string][]mutation
	// mutating holds the names whose in-place changes are being applied,
	// so a change that refers to its own name (cmd += f(cmd)) ends as
	// unknown instead of recursing.
	mutating   map[string]bool
	wildcards  []string
	wildcardAt []int32             // the import statement of each wildcard
	decls      map[declKey]int32   // global/nonlocal names: the scope they bind in
	fields     map[string][]string // class fields in declaration order, by class
	dictCalls  []int32             // d.update(...), d.setdefault(...) calls
	// boundMethods are the assignments of an attribute to a name
	// (target, value): a method taken as a value (linkBoundMethods)
	boundMethods [][2]int32
	// handed are the calls a library makes of a function of the file
	// handed to it (`threading.Thread(target=review, args=("x",))`):
	// call sites of the function (linkHanded) whose arguments these are,
	// by the function's key and the site.
	handed map[handedKey]handedCall
	// shellEnv is, while a process API's call is judged, the environment
	// it hands the process (`env=`), for the shell line it runs.
	shellEnv value
	// aliases are the assignments of a name to a name (`a = argv`):
	// in-place changes through either are changes of both (passAliases)
	aliases   [][2]int32
	envSets   [][2]int32     // os.environ[k] = v, putenv, setdefault: (key, value)
	relStars  []string       // `from .m import *`: modules of the repository
	classes   []int32        // the class definitions, once listed (classMethods)
	returning map[int32]bool // calls whose callee returnedRefs is reading
	// options: the calls declaring a command-line option (add_argument,
	// add_option, set_defaults) and what each option's attribute may hold
	options treesitter.OptionTable
	link    linkState // the repository phase (link.go)
	// summary says the analyzer makes a module's summary (summarize):
	// the file's own needs (Pass.Needs) are not its business
	summary bool
	// partials says the file names `partial`: a partial of a process API
	// it hands to a function it does not define is judged where written
	// (handedPartials)
	partials bool
	// tmux and invokes say the file imports libtmux, or invoke or
	// fabric (impliedAPI)
	tmux, invokes bool
	// allConsts says the summary is of one name, read with the module's
	// own imports (SummarizeName): a value is offered whatever strings it
	// holds and whatever the file's own text holds
	allConsts bool
}

// evalShape is how the shared evaluator reads Python: command objects
// win among a name's bindings like imports, and their arguments are
// marked like a list's elements.
var evalShape = treesitter.Shape{Calls: callShape, Return: kReturn, Operator: fOperator, Left: fLeft, Right: fRight,
	Lists: []treesitter.ValueKind{vArr, vCmd}, Wins: []treesitter.ValueKind{vRef, vCmd},
	Aliases: []string{"cls"}, Alias: clsAlias, Yield: kYield, YieldFrom: yieldFrom,
	Pure: []treesitter.Kind{kString, kStringStart, kStringContent, kStringEnd, kEscapeInterpolation, kConcatenatedString, kInteger, kFloat,
		kTrue, kFalse, kNone, kList, kTuple, kDictionary, kPair, kArgumentList, kKeywordArgument, kParen, kUnary, kBinary, kOperator},
	KeyField: fName}

// yieldFrom reports whether yield n is `yield from xs`.
func yieldFrom(t *tree, n int32) bool {
	rest := strings.TrimLeft(strings.TrimPrefix(t.Text(n), "yield"), " \t\\\n")
	return strings.HasPrefix(rest, "from") && len(rest) > 4 && !wordByte(rest[4])
}

// clsAlias: cls(...) inside a class's method (a classmethod factory,
// `return cls(["claude", "-p"])`) constructs that class, so its
// arguments reach the class's __init__ parameters.
func clsAlias(t *tree, site int32, _ string) string {
	for p := t.Nodes[site].Parent; p != none; p = t.Nodes[p].Parent {
		if t.Nodes[p].Kind == kClass {
			if nm := t.Child(p, fName); nm != none {
				return t.Text(nm)
			}
			return ""
		}
	}
	return ""
}

// Scan reports the launches and primitives of one Python file.
func (d Detector) Scan(p *scanner.Pass) error {
	p.Language = "python"
	shells, data := notebookPass(p)
	for _, sh := range shells {
		// a notebook's `!cmd` lines and `%%bash` cells
		p.ScanShell(sh.text, sh.at, "")
	}
	for _, d := range data {
		// its markdown and raw cells: data
		p.ScanDangerousText(d.text, d.at)
	}
	// A file that holds no trigger (scanner.Triggers) reports nothing by
	// itself, but it is still read when it calls a process API: its
	// helpers and the imports feeding its calls are what the repository
	// phase follows (a helper that spawns its parameter, a spawn of an
	// imported constant), so skipping it would hide launches made through
	// it. Measured on bench/real: skipping it saved 15% of the CPU.
	apiHint := mayNameAPI(p.Src)
	// a module imported by a name computed at run time may be a process
	// module, in a file that names a runtime (anyModule)
	apiHint = apiHint || p.Hits.Has(scanner.HitRuntime) && treesitter.ContainsAny(p.Src, computedImports)
	// a Context's run given a line naming a runtime, on a parameter of a
	// helper module that imports neither invoke nor fabric
	// (contextLineSink), in a file that names a runtime
	apiHint = apiHint || p.Hits.Has(scanner.HitRuntime) && treesitter.ContainsAny(p.Src, lineRunNeedles) && lineRunRE.Match(p.Src)
	// ... or an f-string line around another of its parameters, in any
	// file: the runtime is the caller's (contextAround)
	apiHint = apiHint || p.Imports == nil && treesitter.ContainsAny(p.Src, lineRunNeedles) && lineRunFRE.Match(p.Src)
	dangerHint := p.Hits.Has(scanner.HitPieces)
	// In the repository phase a file that calls another file's helper is
	// read though it names no process API itself.
	linkHint := p.Imports != nil && p.Imports.Hint(p.Src)
	apiHint = apiHint || linkHint
	// ... and its values from other files may spell the primitive
	dangerHint = dangerHint || linkHint
	// ... and a file that sets an environment variable to a runtime's
	// name offers it to the files that read it (Summary.Env)
	envHint := p.Imports == nil && p.Hits.Has(scanner.HitRuntime) && treesitter.ContainsAny(p.Src, envNeedles) && envSetRE.Match(p.Src)
	// ... and a command handed to code the analysis does not model
	// (handed.go)
	handHint := !apiHint && p.Hits.Has(scanner.HitRuntime) && p.Config.MayHandCommand(p.Src)
	// ... and a file that writes a value naming a runtime into shared
	// state (a module's or a class's attribute, a container)
	// offers it to the files that read it (shared.go)
	sharedHint := p.Imports == nil && p.Hits.Has(scanner.HitRuntime) && sharedWriteRE.Match(p.Src)
	// ... and a file that links or copies a runtime (os.symlink,
	// shutil.copy) offers the link's name to the files that may run it
	linkMadeHint := p.Hits.Has(scanner.HitRuntime) && treesitter.ContainsAny(p.Src, codeLinkNeedles) && scanner.QuotesRuntime(p.Src, p.Config.RuntimeNames())
	// ... and a file that extracts a runtime's packed archive it names
	// or fetches (tarfile, zipfile, shutil.unpack_archive) offers the
	// copy of the package folder it makes (scanner.Pass.CodeExtract)
	archive := ""
	if treesitter.ContainsAny(p.Src, scanner.ExtractNeedles) {
		archive, _ = p.Config.ArchiveInText(p.Src)
	}
	// ... and a file that writes a script (`f.write("#!/bin/sh\n...")`)
	// reads it where it is written (scanner.Pass.ScanWritten)
	writeHint := p.MayWriteScript()
	if !apiHint && !dangerHint && !envHint && !handHint && !sharedHint && !linkMadeHint && archive == "" && !writeHint {
		return nil
	}
	t, err := parsePass(p)
	if err != nil {
		return err
	}
	defer grammarPython.Done(p, t)
	a := newAnalyzer(t, p)
	a.partials = bytes.Contains(p.Src, []byte("partial"))
	a.mayWrite = bytes.Contains(p.Src, []byte("write"))
	a.collect()
	if linkMadeHint {
		// first: the file's own process API calls may run the links
		a.detectCodeLinks()
	}
	if archive != "" {
		a.detectExtracts(archive)
	}
	if writeHint {
		a.detectWrites()
	}
	if apiHint {
		a.detectCalls()
		a.fixedPoint()
		a.judgePartialSites()
		a.summarizeAPIs(true)
		a.aliasSinks()
	}
	if handHint {
		a.detectHanded()
	}
	if dangerHint {
		mark := a.p.Mark()
		a.detectDangerous()
		if a.p.Imports == nil && (a.p.Mark() > mark || mayHoldPart(p)) {
			a.primitiveConsts()
		}
	}
	if envHint {
		a.summarizeEnv()
	}
	if sharedHint {
		a.summarizeShared()
	}
	if p.Imports == nil && a.ev.Unread {
		// a value left unread in a file that is not a seed may come
		// from any module it imports (Evaluator.Unread)
		a.needAllImports()
	}
	// the links and copies of runtimes the code made (CodeLink)
	a.link.sum.KeepOffered(p.Summary)
	if len(a.link.sum.Sinks) > 0 || len(a.link.sum.APIs) > 0 || len(a.link.sum.Primitives) > 0 || len(a.link.sum.Env) > 0 || a.link.sum.Truncated {
		// a copy: the pass outlives the analyzer, which holds the tree
		sum := a.link.sum
		p.Summary = &sum
	}
	if p.Imports == nil {
		// the summary an importer's lookup asks for, from this tree: a
		// module phase one parses is not parsed again in phase two
		p.Module = summarize(t, p.Blank())
		if names := partialNeedles(p.Module); len(names) > 0 {
			// a function returning a partial, a dict holding one: its
			// callers are read in phase two (their calls reach no
			// process API the file's own scan sees)
			if p.Summary == nil {
				p.Summary = &scanner.Summary{}
			}
			for _, name := range names {
				p.Summary.AddAPI(name)
			}
		}
	}
	if t.HasError && apiHint {
		if at, ok := t.BrokenAt(kError, brokenNeedles, kCall); ok {
			return &scanner.ParseError{Pos: at, Msg: "syntax error around a process API call"}
		}
	}
	// A bound reached while evaluating is reported, never silent.
	return a.ev.Err()
}

// brokenNeedles inside a syntax error make the file unparseable.
var brokenNeedles = [][]byte{
	[]byte("subprocess"), []byte("system("), []byte("popen"), []byte("Popen"), []byte("exec"), []byte("spawn"),
	[]byte("_process"), []byte("query("), []byte("ClaudeSDKClient"), []byte("import"), []byte("sh."), []byte("local["),
}

// detectCalls finds every call of a process API, every command-object
// invocation, and judges them.
func (a *analyzer) detectCalls() {
	t := a.t
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		switch t.Nodes[i].Kind {
		case kCall:
			// The constants other files define that the call reads name
			// the chain of what it launches.
			mark := a.p.Mark()
			a.link.used = a.link.used[:0]
			a.call(i)
			if a.p.Imports != nil {
				a.typeCall(i)
			}
			if !a.p.LaunchSince(mark) {
				// a command handed to code the analysis does not model
				a.handedCommand(i)
			}
			a.p.AddChain(mark, a.link.used)
			if len(a.link.used) > 0 && scanner.FindDangerous(t.Text(i)) == nil {
				// the primitive in its argv came from another file
				a.p.AddPrimitiveChain(mark, a.link.used)
			}
		case kClass:
			if a.p.Imports != nil {
				a.subclass(i)
			}
		case kDecorator:
			if a.p.Imports != nil {
				a.decoratorCall(i)
			}
		case kBinary:
			// plumbum: cmd & FG, cmd & BG, (a | b) & TF
			op := t.Child(i, fOperator)
			if op == none || !t.Is(op, "&") {
				continue
			}
			l := t.Child(i, fLeft)
			if l == none || !a.worthEvaluating(l) {
				continue
			}
			if v := a.ev.Eval(l); isCmd(v) {
				a.invoke(v, nil, t.Pos(i))
			}
		}
	}
}

func (a *analyzer) worthEvaluating(fn int32) bool {
	t := a.t
	n := &t.Nodes[fn]
	switch n.Kind {
	case kIdentifier:
		name := t.Src[n.Start:n.End]
		if a.scopes.Bound(name) {
			return true
		}
		// map(subprocess.run, argvs): the builtin calls what it is handed
		return len(a.wildcards) > 0 || string(name) == "map"
	case kAttribute:
		at := t.Child(fn, fAttribute)
		if at == none {
			return false
		}
		if interestingNames[t.Text(at)] {
			return true
		}
		if _, ok := tmuxCommand[t.Text(at)]; ok && a.tmux || a.tmux && t.Is(at, "cmd") {
			return true
		}
		// sh.claude(...): any attribute of a bound name may be a command,
		// so may one of plumbum's `local.cmd`
		obj := t.Child(fn, fObject)
		if obj != none && t.Nodes[obj].Kind == kAttribute && t.Is(t.Child(obj, fAttribute), "cmd") {
			obj = t.Child(obj, fObject)
		}
		return obj != none && t.Nodes[obj].Kind == kIdentifier && a.bound(obj)
	case kCall, kParen, kSubscript, kBinary, kAwait:
		return true
	}
	return false
}

// launchingAlt is the first possibility after the first of a callee that
// is a library's function (a process API, the SDK), when the first is not.
func launchingAlt(callee value) (value, bool) {
	if callee.K != vRef || apiOf(callee) != apiNone {
		return value{}, false
	}
	for _, p := range callee.Possibilities()[1:] {
		if p.K == vRef && apiOf(p) != apiNone {
			return p, true
		}
	}
	return value{}, false
}

// mayBeRepoMethod reports whether fn is a method called on a receiver
// that is no bare name (`self.runtime.stream`, `self.a.b.run`,
// `get_tool().run`) whose name some class of another file of the
// repository offers as a method reaching a process API (Imports.Method):
// the receiver's class may be unknown, and then it may be any of them
// (unknownMethod), however deep the receiver is.
func (a *analyzer) mayBeRepoMethod(fn int32) bool {
	t := a.t
	if a.p.Imports == nil || t.Nodes[fn].Kind != kAttribute {
		return false
	}
	m := t.Child(fn, fAttribute)
	if m == none || t.Child(fn, fObject) == none {
		return false
	}
	name := t.Text(m)
	if !a.p.Imports.Hint([]byte("." + name + "(")) {
		return false
	}
	_, ok := a.p.Imports.Method(name)
	return ok
}

func (a *analyzer) bound(n int32) bool {
	nm := a.t.Nodes[n]
	return a.scopes.Bound(a.t.Src[nm.Start:nm.End])
}

func (a *analyzer) call(n int32) {
	t := a.t
	fn := t.Child(n, fFunction)
	if fn != none && t.Nodes[fn].Kind == kIdentifier && (t.Is(fn, "exec") || t.Is(fn, "eval")) && !a.bound(fn) {
		a.execFile(n)
		a.execCode(n, t.Text(fn))
		return
	}
	if fn != none && t.Nodes[fn].Kind == kAttribute && t.Text(fn) == "os.chdir" {
		// the folder the process's later commands run in (Pass.AddDir)
		if args := t.Child(n, fArguments); args != none && t.Nodes[args].First != none {
			for _, d := range a.t.Args(a.ev.Eval(t.Nodes[args].First)) {
				a.p.AddDir(d, t.Pos(n))
			}
		}
		return
	}
	if fn == none || !a.worthEvaluating(fn) && !a.mayBeRepoMethod(fn) {
		return
	}
	if a.taskCall(n, fn) {
		return
	}
	at := t.Pos(n)
	pos, kw := a.callArgs(n)
	seen, mark := a.ev.CutSeen, a.p.Mark()
	callee := a.ev.Eval(fn)
	pos, kw = a.partialArgs(callee, pos, kw)
	a.handedPartials(fn, callee, pos, kw)
	a.handedAPIs(fn, callee, pos, kw)
	if k := apiOf(callee); launching(k) && k != apiSDKQuery && k != apiSDKClient && len(callee.Elems) == 1 {
		// a partial of another module binding the command
		// (importedConst): what it binds is the first argument; the
		// call's own arguments come after it (judged too, as written)
		a.judgeBound(callee, callee.Elems[0], kw, at)
		if len(pos) == 0 {
			return
		}
	}
	if _, ok := keyOf(callee, runPaths); ok {
		a.runPath(n, pos, kw)
		return
	}
	a.partialOfHelper(n, callee, pos, kw)
	a.unknownMethod(n, fn, callee, pos, kw)
	helper := a.noteHelper(n, fn, callee, pos, kw, true) && callee.K == vRef
	if alt, ok := launchingAlt(callee); ok {
		// a callee that is one of several (`f = mine if local else
		// subprocess.run`): a process API or the SDK among them is
		// judged as that, whichever branch comes first
		callee, helper = alt, false
	}
	if api, ok := a.impliedAPI(fn, callee); ok {
		callee, helper = api, false
	} else {
		a.contextLineSink(n, fn, callee)
	}
	if helper {
		return
	}
	if launching(apiOf(callee)) {
		// a value past a bound read anywhere in the call, whatever
		// became of its mark, with no launch known: the bound reported
		defer func() {
			if a.ev.CutSeen > seen && !a.p.LaunchSince(mark) {
				a.p.ReportCut(at)
			}
		}()
	}
	a.noteCall(n, callee, pos, kw)
	a.commandFile(apiOf(callee), pos, kw)
	switch callee.K {
	case vCmd, vPipe:
		a.invoke(callee, pos, at)
		return
	case vRef:
		if callee.Mod == "#invoke" {
			a.invoke(value{K: vCmd, Elems: callee.Elems}, pos, at)
			return
		}
	default:
		a.loopSubprocess(fn, pos, at)
		return
	}
	a.callAPI(n, callee, pos, kw, at)
}

// callAPI judges the call n of callee, a library's function, with
// arguments pos and kw: a process API's command, the Agent SDK's options.
func (a *analyzer) callAPI(n int32, callee value, pos []int32, kw value, at scanner.Pos) {
	k := apiOf(callee)
	if e, ok := a.prop(kw, "env"); ok {
		// the environment the process starts with: a shell line it
		// runs expands its variables (shellVars)
		saved := a.shellEnv
		a.shellEnv = e
		defer func() { a.shellEnv = saved }()
	}
	if launching(k) && k != apiSDKQuery && k != apiSDKClient && k != apiOptions {
		mark := a.p.Mark()
		defer func() {
			if !slices.ContainsFunc(a.p.Findings()[mark:], scanner.Finding.IsLaunch) {
				a.cutReads(n)
			}
		}()
	}
	switch k {
	case apiSubprocess:
		a.subprocess(n, pos, kw)
	case apiShell, apiShellOut, apiRemoteShell:
		a.shellArg(n, pos, kw, "cmd", "command", "command_line")
	case apiExecV, apiPosixSpawn:
		// (path, argv): by position or keyword (path=, argv=)
		if path, ok := a.argOr(pos, kw, 0, "path", "file"); ok {
			argv, ok := a.argOr(pos, kw, 1, "argv", "args")
			if !ok {
				argv = treesitter.Unknown(none)
			}
			a.judge(a.pathArgv(path, argv), at, path.Alt)
		}
	case apiExecL:
		if len(pos) >= 1 {
			rest := pos[1:]
			if len(rest) > 0 {
				rest = rest[1:] // arg0
			}
			if strings.HasSuffix(callee.Path[len(callee.Path)-1], "e") && len(rest) > 0 {
				rest = rest[:len(rest)-1] // the environment
			}
			a.judge(append([]scanner.Arg{a.t.Arg(a.ev.Eval(pos[0]))}, a.flatArgs(rest)...), at, nil)
		}
	case apiSpawnV:
		// (mode, file, args): by position or keyword (file=, args=)
		if path, ok := a.argOr(pos, kw, 1, "file", "path"); ok {
			argv, ok := a.argOr(pos, kw, 2, "args", "argv")
			if !ok {
				argv = treesitter.Unknown(none)
			}
			a.judge(a.pathArgv(path, argv), at, path.Alt)
		}
	case apiSpawnL:
		if len(pos) >= 2 {
			rest := pos[2:]
			if len(rest) > 0 {
				rest = rest[1:]
			}
			if strings.HasSuffix(callee.Path[len(callee.Path)-1], "e") && len(rest) > 0 {
				rest = rest[:len(rest)-1]
			}
			a.judge(append([]scanner.Arg{a.t.Arg(a.ev.Eval(pos[1]))}, a.flatArgs(rest)...), at, nil)
		}
	case apiExecArgs:
		if len(pos) >= 1 {
			var alt *value
			if a.t.Nodes[pos[0]].Kind != kListSplat {
				alt = a.ev.Eval(pos[0]).Alt
			}
			// the program lost (`create_subprocess_exec(*argv)`, argv
			// what a queue gives back) is judged with what names it
			var head value
			if a.t.Nodes[pos[0]].Kind == kListSplat {
				head = a.ev.Eval(a.t.Nodes[pos[0]].First)
				if head.K == vArr && len(head.Elems) > 0 {
					head = head.Elems[0]
				}
			} else {
				head = a.ev.Eval(pos[0])
			}
			argv := a.flatArgs(pos)
			treesitter.JudgeLost(a.p, a.t, argv, at, alt, a.lost(head))
			a.scriptCalls(argv)
		} else if p, ok := a.prop(kw, "program"); ok {
			treesitter.Judge(a.p, a.t, []scanner.Arg{a.t.Arg(p)}, at, p.Alt)
		}
	case apiPty:
		if v, ok := a.argOr(pos, kw, 0, "argv"); ok {
			a.judgeSeq(v, at)
		}
	case apiTmux:
		c := tmuxCommand[callee.Path[len(callee.Path)-1]]
		var v value
		ok := false
		if c.pos < len(pos) && a.t.Nodes[pos[c.pos]].Kind != kListSplat {
			v, ok = a.ev.Eval(pos[c.pos]), true
		} else {
			v, ok = a.prop(kw, c.kw)
		}
		if ok {
			a.scanShell(v, v.Lit, at)
		}
	case apiTmuxCmd:
		// server.cmd("new-session", "-d", "claude"): tmux with these
		// arguments, which the argv judge reads as it reads tmux's
		if len(pos) > 0 {
			treesitter.Judge(a.p, a.t, append([]scanner.Arg{a.t.Arg(treesitter.Str("tmux", n))}, a.flatArgs(pos)...), at, nil)
		}
	case apiPexpect:
		a.pexpect(n, pos, kw)
	case apiAnyio:
		v, lit := a.firstArg(pos, kw, "command")
		if v.K == vStr {
			a.scanShell(v, lit, at)
		} else {
			a.judgeSeq(v, at)
		}
	case apiContainer:
		// containers.run(image, command): the command, and an entry
		// point that runs it; docker splits a string into words (a
		// shell's reading is a superset)
		for i, k := range []string{"command", "entrypoint"} {
			v, ok := a.prop(kw, k)
			if i == 0 {
				v, ok = a.argOr(pos, kw, 1, k)
			}
			if !ok {
				continue
			}
			if v.K == vStr {
				a.scanShell(v, v.Lit, at)
			} else {
				a.judgeSeq(v, at)
			}
		}
	case apiShellJob:
		// the task's command line (bash_command=, command=), or each
		// of its lines (commands=[...]), by keyword or first position
		v, ok := a.argOr(pos, kw, 0, "bash_command", "command")
		if !ok {
			if v, ok = a.prop(kw, "commands"); ok && v.K != vStr {
				for _, e := range v.Possibilities() {
					for _, l := range e.Elems {
						a.scanShell(l, l.Lit, at)
					}
					if e.K != vArr {
						a.scanShell(e, e.Lit, at)
					}
				}
				break
			}
		}
		if ok {
			a.scanShell(v, v.Lit, at)
		}
	case apiTrio:
		v, lit := a.firstArg(pos, kw, "command")
		shell := false
		if s, ok := a.prop(kw, "shell"); ok {
			shell, _ = s.Truthy()
		}
		if v.K == vStr && shell {
			a.scanShell(v, lit, at)
		} else {
			a.judgeSeq(v, at)
		}
	case apiSDKQuery:
		opts, ok := a.prop(kw, "options")
		if !ok && len(pos) > 1 {
			opts = a.ev.Eval(pos[1])
		}
		a.sdk(n, opts)
	case apiSDKClient:
		opts, ok := a.prop(kw, "options")
		if !ok && len(pos) > 0 {
			opts = a.ev.Eval(pos[0])
		}
		a.sdk(n, opts)
	}
}

// impliedAPI is the API a method call of an object the evaluator does not
// know stands for, by the library the file imports (an over-approximation:
// the object may be of that library, and an unknown is never absent):
//
//   - in a file that imports libtmux, a method of tmuxCommand
//     (`session.active_window.split(shell=...)`, `pane.send_keys(...)`:
//     the objects come from lists and look-ups the evaluator does not
//     follow);
//   - in a file that imports libtmux, `x.cmd("new-window", ...)`: tmux
//     with those arguments;
//   - `c.run(...)`, `sudo`, `local` on the first parameter of a plain
//     function whose value the file does not give (a task without the
//     decorator, a helper a task calls from another module), in a file
//     that imports invoke or fabric, or when the parameter has a name of
//     contextNames (a helper module need not import invoke): an invoke
//     Context.
func (a *analyzer) impliedAPI(fn int32, callee value) (value, bool) {
	t := a.t
	if t.Nodes[fn].Kind != kAttribute || apiOf(callee) != apiNone {
		return value{}, false
	}
	at, obj := t.Child(fn, fAttribute), t.Child(fn, fObject)
	if at == none || obj == none {
		return value{}, false
	}
	name := t.Text(at)
	switch callee.K {
	case vUnknown:
	case vRef:
		if callee.Mod != "libtmux" {
			return value{}, false
		}
	default:
		return value{}, false
	}
	if c, ok := tmuxCommand[name]; ok && a.tmux {
		return value{K: vRef, Mod: "libtmux", Path: []string{c.class + "()", name}, Node: fn, Lit: none}, true
	}
	if name == "cmd" && a.tmux {
		return value{K: vRef, Mod: "libtmux", Path: []string{"Pane()", name}, Node: fn, Lit: none}, true
	}
	if callee.K != vUnknown || t.Nodes[obj].Kind != kIdentifier {
		return value{}, false
	}
	switch name {
	case "run", "sudo", "local":
	default:
		return value{}, false
	}
	pname := t.Text(obj)
	if !a.invokes && !contextNames[pname] {
		return value{}, false
	}
	bs, _, ok := a.scopes.Lookup([]byte(pname), obj)
	if !ok || len(bs) != 1 || !bs[0].param || bs[0].fn == "" || bs[0].method || bs[0].index != 0 {
		return value{}, false
	}
	return value{K: vRef, Mod: "fabric", Path: []string{"Connection()", name}, Node: fn, Lit: none}, true
}

// contextLine prefixes Sink.Field for a line a helper hands to the run,
// sudo or local method of its parameter (contextLineSink): the rest of
// the field is the line.
const contextLine = "#context:"

// contextAround is Sink.Field for a parameter a helper interpolates into
// the line it hands to the run, sudo or local method of its first
// parameter (`runner.run(f"{tool} -p x")`): a SinkShell sink with
// Around, judged when the caller hands a Context first (judgeHelper).
const contextAround = "#context-around"

// contextLineSink records, for `runner.run("claude -p x")` (`sudo`,
// `local`) on the first parameter of a plain function whose value the
// file does not give, in a file that imports neither invoke nor fabric
// and under a name that is none of contextNames (impliedAPI judges those
// where they are), that the line runs when a caller hands the function
// an invoke Context or a fabric Connection: a sink of that parameter
// whose Field is contextLine and the line (judgeHelper). Only a literal
// line that names a runtime is recorded.
func (a *analyzer) contextLineSink(n, fn int32, callee value) {
	t := a.t
	if callee.K != vUnknown || t.Nodes[fn].Kind != kAttribute {
		return
	}
	at, obj := t.Child(fn, fAttribute), t.Child(fn, fObject)
	if at == none || obj == none || t.Nodes[obj].Kind != kIdentifier {
		return
	}
	switch t.Text(at) {
	case "run", "sudo", "local":
	default:
		return
	}
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[obj].Start:t.Nodes[obj].End], obj)
	if !ok || len(bs) != 1 || !bs[0].param || bs[0].fn == "" || bs[0].method || bs[0].index != 0 {
		return
	}
	pos, _ := a.callArgs(n)
	if len(pos) == 0 || t.Nodes[pos[0]].Kind != kString {
		return
	}
	if t.Text(pos[0]) != "" && strings.ContainsAny(t.Text(pos[0])[:1], "fF") {
		// runner.run(f"{tool} -p x"): a line built around another
		// parameter, judged with the caller's value when the caller
		// hands a Context first (contextAround)
		a.sinkAroundAs(pos[0], scanner.Sink{Role: scanner.SinkShell, Field: contextAround,
			At: a.step(n, "`"+bs[0].fn+"` runs a line on the Context it is handed")})
		return
	}
	v := a.ev.Eval(pos[0])
	if v.K != vStr || !v.Known() || !a.p.Config.MentionsRuntime([]byte(v.S)) {
		return
	}
	k := scanner.Sink{Param: 0, Role: scanner.SinkShell, Field: contextLine + v.S,
		At: a.step(n, "`"+bs[0].fn+"` runs a line on the Context it is handed")}
	a.link.sum.AddSink(bs[0].fn, k)
}

// contextNames are the names invoke's and fabric's documentation give the
// Context or Connection a task takes.
var contextNames = map[string]bool{"c": true, "ctx": true, "context": true, "conn": true, "connection": true, "cxn": true}

// argOr is positional argument i, else the first keyword of names given.
func (a *analyzer) argOr(pos []int32, kw value, i int, names ...string) (value, bool) {
	if s := slices.IndexFunc(pos, func(c int32) bool { return a.t.Nodes[c].Kind == kListSplat }); s >= 0 && s <= i {
		// os.execvp(*ARGV): a splat at or before i gives position i
		vals, exactTo := treesitter.Spread(pos, a.splatOf, a.ev.Eval)
		if i < exactTo && i < len(vals) {
			return vals[i], true
		}
		if exactTo < len(vals) {
			// after a splat of a length not known: any value from it on
			return treesitter.Union(a.ev.Cfg, append(slices.Clone(vals[exactTo:]), treesitter.Unknown(pos[s])), pos[s]), true
		}
	}
	if i < len(pos) {
		if a.t.Nodes[pos[i]].Kind == kListSplat {
			return treesitter.Unknown(pos[i]), true
		}
		return a.ev.Eval(pos[i]), true
	}
	for _, nm := range names {
		if v, ok := a.prop(kw, nm); ok {
			return v, true
		}
	}
	return value{}, false
}

// loopSubprocess handles asyncio's loop.subprocess_exec(factory, program,
// *args) and loop.subprocess_shell(factory, cmd) on any loop object.
func (a *analyzer) loopSubprocess(fn int32, pos []int32, at scanner.Pos) {
	t := a.t
	if t.Nodes[fn].Kind != kAttribute || len(pos) < 2 {
		return
	}
	name := t.Child(fn, fAttribute)
	switch {
	case t.Is(name, "subprocess_exec"):
		treesitter.Judge(a.p, a.t, a.flatArgs(pos[1:]), at, nil)
	case t.Is(name, "subprocess_shell"):
		v := a.ev.Eval(pos[1])
		a.scanShell(v, v.Lit, at)
	}
}

// firstArg is the first positional argument, or the named keyword.
func (a *analyzer) firstArg(pos []int32, kw value, name string) (value, int32) {
	// a splat first (`subprocess.run(*a, **k)` in a wrapper whose *a is
	// its calls' arguments): its first element, when it has one; an
	// empty one passes the next; a bounded walk over the call's own
	// arguments
	for len(pos) > 0 {
		elems, _, ok := a.splatOf(pos[0])
		if !ok {
			break
		}
		if len(elems) > 0 {
			return elems[0], elems[0].Lit
		}
		pos = pos[1:]
	}
	if len(pos) > 0 {
		v := a.ev.Eval(pos[0])
		return v, v.Lit
	}
	if v, ok := a.prop(kw, name); ok {
		return v, v.Lit
	}
	return treesitter.Unknown(none), none
}

// flatArgs evaluates positional arguments, spreading *list.
func (a *analyzer) flatArgs(nodes []int32) []scanner.Arg {
	var out []scanner.Arg
	for _, c := range nodes {
		if a.t.Nodes[c].Kind == kListSplat {
			v := a.ev.Eval(a.t.Nodes[c].First)
			if v.K == vArr {
				for _, e := range v.Elems {
					out = append(out, a.t.Arg(e))
				}
			} else {
				out = append(out, scanner.Arg{})
			}
			continue
		}
		out = append(out, a.t.Arg(a.ev.Eval(c)))
	}
	return out
}

// pathArgv builds the argv of exec-style calls: the program path, then the
// argument vector without its argv[0].
func (a *analyzer) pathArgv(path, argv value) []scanner.Arg {
	out := []scanner.Arg{a.t.Arg(path)}
	switch argv.K {
	case vArr:
		if len(argv.Elems) > 1 {
			for _, e := range argv.Elems[1:] {
				out = append(out, a.t.Arg(e))
			}
		}
	case vUnknown:
		if argv.Node != none {
			out = append(out, scanner.Arg{})
		}
	}
	return out
}

// judge judges the argv of an exec or spawn function, and the
// repository's shell scripts it runs by path with the arguments it gives
// them (`os.execv("scripts/go.sh", ["go.sh", "claude"])`, scriptCalls).
func (a *analyzer) judge(argv []scanner.Arg, at scanner.Pos, alt *value) {
	known := a.writtenScripts(argv, at)
	treesitter.JudgeInput(a.p, a.t, argv, at, alt, false, known)
	a.scriptCalls(argv)
}

// judgeSeq judges a value that is a sequence (argv) or a single program.
func (a *analyzer) judgeSeq(v value, at scanner.Pos) {
	switch v.K {
	case vArr:
		var argv []scanner.Arg
		for _, e := range v.Elems {
			argv = append(argv, a.t.Arg(e))
		}
		var alt *value
		if len(v.Elems) > 0 {
			alt = v.Elems[0].Alt
		}
		lost := len(v.Elems) > 0 && a.lost(v.Elems[0])
		// a script the file wrote: its text is judged, not lost
		known := a.writtenScripts(argv, at)
		treesitter.JudgeInput(a.p, a.t, argv, at, alt, lost, known)
		// ["bash", "scripts/go.sh", "claude"]: a script of the
		// repository given a runtime
		a.scriptCalls(argv)
	case vStr:
		known := a.writtenScripts([]scanner.Arg{a.t.Arg(v)}, at)
		treesitter.JudgeInput(a.p, a.t, []scanner.Arg{a.t.Arg(v)}, at, v.Alt, a.lost(v), known)
	case vUnknown:
		// a value past a bound (Cut) is a launch of an unknown runtime;
		// another unknown may be a program the analysis lost track of
		// (scanner.Command.Lost)
		treesitter.JudgeLost(a.p, a.t, []scanner.Arg{a.t.Arg(v)}, at, v.Alt, a.lost(v))
	}
}

// lost reports whether the analysis lost track of v, a process API's
// program or argv (scanner.Command.Lost): a possibility that is unknown
// and does not come from outside the file or from a followed call. Deny
// by default: every unknown is lost (a lambda's parameter, a name bound
// by a target the binder cannot split such as `cmd, *rest = ...`, a loop
// over an unknown list, an unmodelled call's result, an attribute of an
// unknown object) except an environment variable or a command-line
// argument (they come from outside the file), a named function's
// parameter (its calls are followed, and a helper's summary carries it to
// other modules), a value past a bound (Cut, reported on its own) and
// another module's name (resolved by the repository pass).
func (a *analyzer) lost(v value) bool {
	for _, p := range v.Possibilities() {
		if p.K == vRef && a.lostMethodResult(p) {
			return true
		}
		if p.Known() || p.Env || p.Cut || p.K == vRef || p.K == vFunc {
			continue
		}
		if a.fromOutside(p.Node) {
			continue
		}
		return true
	}
	return false
}

// lostMethodResult reports whether p, a reference into another module,
// is what a method returns of an object that module holds (`argv = await
// jobs.get()`, jobs a queue of bus.py; `backends.get(name).argv()`), in
// the repository phase, which has read that module and could not name
// it: what a container gives back was put in at run time, by any module.
// A function's own result (`helpers.build()`) is read from its returns.
func (a *analyzer) lostMethodResult(p value) bool {
	if a.p.Imports == nil || len(p.Path) < 2 || !strings.HasSuffix(p.Path[len(p.Path)-1], "()") || strings.HasPrefix(p.Mod, "#") {
		return false
	}
	_, _, ok := a.p.Imports.Source(p.Mod)
	return ok
}

// calledLost reports whether node n calls what a method of an unknown
// receiver returns (`ep.load()("review")`, ep an entry point of
// `entry_points(group=...)`: review 24's 121): the function called is
// lost, so is its result.
func (a *analyzer) calledLost(n int32) bool {
	t := a.t
	if t.Nodes[n].Kind != kCall {
		return false
	}
	fn := t.Child(n, fFunction)
	for fn != none && t.Nodes[fn].Kind == kParen {
		fn = t.Nodes[fn].First
	}
	return fn != none && t.Nodes[fn].Kind == kCall && a.unknownReceiver(fn)
}

// calledEntry reports whether node n calls an entry of a container of
// another module of the repository (`RUNNERS["claude"]("x")`,
// `REGISTRY.get(name)(...)`), in the repository phase: what a registry
// gives back was put in at run time, by a decorator, a plugin or any
// module (review 24's 024), so the result is lost, not followed.
func (a *analyzer) calledEntry(n int32) bool {
	t := a.t
	if a.p.Imports == nil || t.Nodes[n].Kind != kCall {
		return false
	}
	fn := t.Child(n, fFunction)
	for fn != none && t.Nodes[fn].Kind == kParen {
		fn = t.Nodes[fn].First
	}
	if fn == none {
		return false
	}
	obj := int32(none)
	switch t.Nodes[fn].Kind {
	case kSubscript:
		obj = t.Child(fn, fValue)
	case kCall:
		if g := t.Child(fn, fFunction); g != none && t.Nodes[g].Kind == kAttribute {
			if m := t.Child(g, fAttribute); m != none && (t.Is(m, "get") || t.Is(m, "pop") || t.Is(m, "setdefault")) {
				obj = t.Child(g, fObject)
			}
		}
	}
	if obj == none {
		return false
	}
	v := a.ev.Eval(obj)
	if v.K != vRef || len(v.Path) == 0 || strings.HasPrefix(v.Mod, "#") {
		return false
	}
	_, _, ok := a.p.Imports.Source(v.Mod)
	return ok
}

// fromOutside reports whether the unknown value of node n comes from
// outside the file (sys.argv) or is a named function's parameter, whose
// calls the analysis follows.
func (a *analyzer) fromOutside(n int32) bool {
	t := a.t
	if n <= 0 || int(n) >= len(t.Nodes) {
		// a value of another module's summary: judged there
		return true
	}
	if t.Nodes[n].Kind != kIdentifier {
		// an unmodelled call's result is what it may hand back of its
		// arguments (MayReturnArg), and an attribute or item of one is
		// followed by the repository pass; but not one of a module
		// chosen at run time, which no pass follows
		return !a.ofRuntimeModule(n) && !a.unknownReceiver(n) && !a.calledEntry(n) && !a.calledLost(n)
	}
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
	if !ok {
		return false
	}
	for _, b := range bs {
		if b.ref {
			// an imported name: the repository pass follows it
			continue
		}
		if !b.param && b.value != none && a.readsImportedConst(b.value) {
			// a value built from another module's constant the
			// evaluator does not compute (`tuple(PI) + (p,)`): the
			// repository pass judges the process API by that name
			continue
		}
		if !b.param || b.name == none {
			return false
		}
		ps := t.Nodes[b.name].Parent
		for ps != none && t.Nodes[ps].Kind != kParameters && t.Nodes[ps].Kind != kLambda && t.Nodes[ps].Kind != kFunction {
			ps = t.Nodes[ps].Parent
		}
		if ps == none || t.Nodes[ps].Kind != kParameters {
			return false
		}
		if fn := t.Nodes[ps].Parent; fn == none || t.Nodes[fn].Kind != kFunction {
			return false
		}
	}
	return true
}

// readsImportedConst reports whether expression e reads a name the file
// imports other than to call it or a method of it (`tuple(PI) + (p,)`,
// `cfg.ARGV[1:]`; not `plugins.get(name)`), at most maxConstNodes nodes.
func (a *analyzer) readsImportedConst(e int32) bool {
	t := a.t
	end := t.Nodes[e].End
	for i, k := e, 0; i < int32(len(t.Nodes)) && t.Nodes[i].Start < end && k < maxConstNodes; i, k = i+1, k+1 {
		if t.Nodes[i].Kind != kIdentifier {
			continue
		}
		bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[i].Start:t.Nodes[i].End], i)
		if !ok || len(bs) == 0 || !bs[0].ref {
			continue
		}
		// called, directly or through a member: what it returns is not
		// a constant
		c := i
		for p := t.Nodes[c].Parent; p != none && t.Nodes[p].Kind == kAttribute && t.Child(p, fObject) == c; p = t.Nodes[p].Parent {
			c = p
		}
		if p := t.Nodes[c].Parent; p != none && t.Nodes[p].Kind == kCall && t.Child(p, fFunction) == c {
			continue
		}
		return true
	}
	return false
}

// maxConstNodes bounds the nodes readsImportedConst reads.
const maxConstNodes = 4096

// taskInvokers are the methods of a task queue's task (Celery, dramatiq,
// huey) that call its function later, elsewhere, with the arguments
// given: `run_agent.delay(argv)`, `.apply_async(args=[argv])`,
// `.s(argv)`, `.send(argv)`.
var taskInvokers = map[string]bool{"delay": true, "apply_async": true, "s": true, "si": true, "signature": true, "send": true, "send_with_options": true, "schedule": true}

// taskCall judges a task invoked through its queue (taskInvokers) as a
// call of the task's function, another module's helper: with the
// arguments as given, and after a bound first parameter (`@app.task(bind=
// True) def run(self, argv)`), which the queue passes itself. It reports
// whether n is such a call.
func (a *analyzer) taskCall(n, fn int32) bool {
	t := a.t
	if t.Nodes[fn].Kind != kAttribute {
		return false
	}
	m, obj := t.Child(fn, fAttribute), t.Child(fn, fObject)
	if m == none || obj == none || !taskInvokers[t.Text(m)] {
		return false
	}
	if k := t.Nodes[obj].Kind; k != kIdentifier && k != kAttribute {
		return false
	}
	task := a.ev.Eval(obj)
	if !isRepoRef(task) {
		return false
	}
	pos, kw := a.callArgs(n)
	if t.Is(m, "apply_async") || t.Is(m, "send_with_options") {
		// apply_async(args=[...], kwargs={...})
		pos = nil
		if args := a.kwNode(n, "args"); args != none && (t.Nodes[args].Kind == kList || t.Nodes[args].Kind == kTuple) {
			for c := t.Nodes[args].First; c != none; c = t.Nodes[c].Next {
				pos = append(pos, c)
			}
		}
		kw = value{}
		if k := a.kwNode(n, "kwargs"); k != none {
			kw = a.ev.Eval(k)
		}
	}
	mark := a.p.Mark()
	a.noteHelper(n, obj, task, pos, kw, true)
	if !a.p.LaunchSince(mark) {
		a.noteHelper(n, obj, task, append([]int32{fn}, pos...), kw, true)
	}
	return true
}

// kwNode is the value node of call n's keyword argument name, or none.
func (a *analyzer) kwNode(n int32, name string) int32 {
	t := a.t
	args := t.Child(n, fArguments)
	if args == none {
		return none
	}
	for c := t.Nodes[args].First; c != none; c = t.Nodes[c].Next {
		if t.Nodes[c].Kind == kKeywordArgument {
			if k := t.Child(c, fName); k != none && t.Is(k, name) {
				return t.Child(c, fValue)
			}
		}
	}
	return none
}

// ofRuntimeModule reports whether n is an attribute or item of a module
// chosen at run time (`mod.BIN`, mod bound to
// `importlib.import_module(f"pkg.{name}")` or `__import__(name)` with an
// argument that is not a string literal): lost, judged with the modules
// the file may import (ImportSpecs lists the package's).
func (a *analyzer) ofRuntimeModule(n int32) bool {
	t := a.t
	for range maxModuleChain {
		switch t.Nodes[n].Kind {
		case kAttribute:
			n = t.Child(n, fObject)
		case kSubscript:
			n = t.Child(n, fValue)
		case kIdentifier:
			n = a.boundValue(n)
			if n == none || t.Nodes[n].Kind != kCall {
				return false
			}
			fallthrough
		case kCall:
			fn := t.Child(n, fFunction)
			if fn == none {
				return false
			}
			name := t.Text(fn)
			if name != "importlib.import_module" && name != "import_module" && name != "__import__" {
				return false
			}
			pos, _ := a.callArgs(n)
			return len(pos) > 0 && t.Nodes[pos[0]].Kind != kString || len(pos) > 0 && t.Nodes[pos[0]].Kind == kString && strings.Contains(t.Text(pos[0]), "{")
		default:
			return false
		}
		if n == none {
			return false
		}
	}
	// past the chain read: the module may be one chosen at run time
	return true
}

// unknownReceiver reports whether n calls a method of a value the
// analysis does not know (`agent.argv(p)`, agent a plugin an entry point
// loads): which class's method runs is chosen at run time, and what it
// returns is lost. A method of another module's name is the repository
// pass's (lostMethodResult), one of a library's object what it may hand
// back of its arguments.
func (a *analyzer) unknownReceiver(n int32) bool {
	t := a.t
	if t.Nodes[n].Kind != kCall {
		return false
	}
	fn := t.Child(n, fFunction)
	if fn == none || t.Nodes[fn].Kind != kAttribute {
		return false
	}
	obj := t.Child(fn, fObject)
	if obj == none || t.Nodes[obj].Kind != kIdentifier {
		return false
	}
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[obj].Start:t.Nodes[obj].End], obj)
	if !ok || len(bs) == 0 {
		return false
	}
	for _, b := range bs {
		if b.ref || b.param || b.value == none {
			return false
		}
	}
	v := a.ev.Eval(obj)
	return v.K == vUnknown && !v.Cut && !v.Env
}

// maxModuleChain bounds the attributes and items ofRuntimeModule reads
// back to a module.
const maxModuleChain = 16

// codeLinkNeedles prefilter the files detectCodeLinks reads.
var codeLinkNeedles = [][]byte{[]byte("symlink"), []byte("link("), []byte("rename("), []byte("replace("), []byte("shutil")}

// detectCodeLinks records the links and copies of runtimes the file's
// calls make (os.symlink(src, dst), shutil.copy(src, dst):
// scanner.Pass.CodeLink).
func (a *analyzer) detectCodeLinks() {
	t := a.t
	for n := int32(0); n < int32(len(t.Nodes)); n++ {
		if t.Nodes[n].Kind != kCall {
			continue
		}
		fn := t.Child(n, fFunction)
		if fn == none || !pyCodeLink(t.Text(fn)) || !a.isCodeLink(fn) {
			continue
		}
		args := t.Child(n, fArguments)
		if args == none {
			continue
		}
		ch := t.Children(args)
		if len(ch) < 2 {
			continue
		}
		a.p.CodeLink(t.Args(a.ev.Eval(ch[0])), t.Args(a.ev.Eval(ch[1])), t.Pos(n))
	}
}

// detectExtracts records the copies of runtimes' package folders the
// file's extract calls make: `X.extractall(path)`, `X.extract(member,
// path)` of `tarfile.open(A)` or `zipfile.ZipFile(A)`, and
// `shutil.unpack_archive(A, dir)`. An archive the call does not name is
// archive, the one the file names or fetches.
func (a *analyzer) detectExtracts(archive string) {
	t := a.t
	for n := int32(0); n < int32(len(t.Nodes)); n++ {
		if t.Nodes[n].Kind != kCall {
			continue
		}
		fn := t.Child(n, fFunction)
		if fn == none {
			continue
		}
		name := t.Text(fn)
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:]
		}
		pos, kw := a.callArgs(n)
		var archives []scanner.Arg
		var dst value
		dstKnown := false
		switch name {
		case "unpack_archive":
			if v, _ := a.firstArg(pos, kw, "filename"); v.K != vUnknown || len(pos) > 0 {
				archives = t.Args(v)
			}
			if len(pos) > 1 {
				dst, dstKnown = a.ev.Eval(pos[1]), true
			} else {
				dst, dstKnown = a.prop(kw, "extract_dir")
			}
		case "extractall", "extract":
			if t.Nodes[fn].Kind != kAttribute {
				continue
			}
			if obj := t.Child(fn, fObject); obj != none && t.Nodes[obj].Kind == kCall {
				// tarfile.open(A).extractall(...): A
				opos, okw := a.callArgs(obj)
				if v, _ := a.firstArg(opos, okw, "name"); v.K != vUnknown || len(opos) > 0 {
					archives = t.Args(v)
				}
			}
			i := 0
			if name == "extract" {
				i = 1 // extract(member, path)
			}
			if len(pos) > i {
				dst, dstKnown = a.ev.Eval(pos[i]), true
			} else {
				dst, dstKnown = a.prop(kw, "path")
			}
		default:
			continue
		}
		dsts := []scanner.Arg{scanner.Lit("")}
		if dstKnown {
			dsts = t.Args(dst)
		}
		a.p.CodeExtract(archives, archive, dsts, false, t.Pos(n))
	}
}

// detectWrites reads the scripts the file's write calls write
// (`f.write(text)`, `Path(p).write_text(text)`, `writelines`) where they
// are written (scanner.Pass.ScanWritten).
func (a *analyzer) detectWrites() {
	t := a.t
	for n := int32(0); n < int32(len(t.Nodes)); n++ {
		if t.Nodes[n].Kind != kCall {
			continue
		}
		fn := t.Child(n, fFunction)
		if fn == none || t.Nodes[fn].Kind != kAttribute {
			continue
		}
		switch name := t.Text(t.Child(fn, fAttribute)); name {
		case "write", "write_text", "writelines":
		default:
			continue
		}
		pos, kw := a.callArgs(n)
		v, _ := a.firstArg(pos, kw, "data")
		a.p.ScanWrittenArgs(t.Args(v), t.Pos(n))
	}
}

// pyCodeLink reports whether a callee written as text may be one of
// scanner.PyCodeLinkFuncs (`os.symlink`, `symlink` imported from os).
func pyCodeLink(text string) bool {
	if i := strings.LastIndexByte(text, '.'); i >= 0 {
		text = text[i+1:]
	}
	for f := range scanner.PyCodeLinkFuncs {
		if strings.HasSuffix(f, "."+text) {
			return true
		}
	}
	return false
}

// isCodeLink reports whether callee fn is one of
// scanner.PyCodeLinkFuncs, as the evaluator reads it.
func (a *analyzer) isCodeLink(fn int32) bool {
	v := a.ev.Eval(fn)
	return v.K == vRef && len(v.Path) > 0 && scanner.PyCodeLinkFuncs[v.Mod+"."+strings.Join(v.Path, ".")]
}

// subprocess handles run/call/check_call/check_output/Popen.
func (a *analyzer) subprocess(n int32, pos []int32, kw value) {
	at := a.t.Pos(n)
	if cwd, ok := a.prop(kw, "cwd"); ok {
		// cwd=: the folder a relative file is run from
		defer a.p.RunIn(a.t.Args(cwd))()
	}
	v, _ := a.firstArg(pos, kw, "args")
	shell, shellKnown := false, true
	if s, ok := a.prop(kw, "shell"); ok {
		shell, shellKnown = s.Truthy()
	} else if a.hasSplat(kw) {
		shellKnown = false
	}
	if !shell && !shellKnown && v.K == vStr && strings.ContainsAny(v.S, " \t;|&") {
		shell = true
	}
	if shell {
		if v.K == vArr {
			if len(v.Elems) == 0 {
				return
			}
			v = v.Elems[0]
		}
		a.scanShell(v, v.Lit, at)
		return
	}
	if exe, ok := a.prop(kw, "executable"); ok && exe.K == vStr {
		switch v.K {
		case vArr:
			elems := append([]value{exe}, v.Elems...)
			if len(v.Elems) > 0 {
				elems = append([]value{exe}, v.Elems[1:]...)
			}
			v = value{K: vArr, Elems: elems, Node: v.Node, Lit: none}
		default:
			v = exe
		}
	}
	a.judgeSeq(v, at)
}

func (a *analyzer) hasSplat(kw value) bool {
	if kw.Obj == none {
		return false
	}
	return a.t.ChildKind(kw.Obj, kDictionarySplat) != none
}

// pexpect handles pexpect.spawn/run(command, args=[...]): without args the
// command line is split like a shell would split it (no shell runs it).
func (a *analyzer) pexpect(n int32, pos []int32, kw value) {
	at := a.t.Pos(n)
	cmd, _ := a.firstArg(pos, kw, "command")
	args, ok := a.prop(kw, "args")
	if !ok && len(pos) > 1 {
		args, ok = a.ev.Eval(pos[1]), true
	}
	if ok && args.K == vArr {
		argv := []scanner.Arg{a.t.Arg(cmd)}
		for _, e := range args.Elems {
			argv = append(argv, a.t.Arg(e))
		}
		treesitter.Judge(a.p, a.t, argv, at, cmd.Alt)
		return
	}
	if cmd.K == vStr {
		a.judgeSeq(splitWords(cmd, n, true), at)
	}
}

// shellArg scans the shell string of os.system/os.popen/getoutput.
func (a *analyzer) shellArg(n int32, pos []int32, kw value, names ...string) {
	var v value
	if len(pos) > 0 {
		v = a.ev.Eval(pos[0])
	} else {
		for _, nm := range names {
			if w, ok := a.prop(kw, nm); ok {
				v = w
				break
			}
		}
	}
	a.scanShell(v, v.Lit, a.t.Pos(n))
}

func (a *analyzer) scanShell(v value, lit int32, at scanner.Pos) {
	// each possibility of the text is a command line the shell may run
	for i, p := range v.Possibilities() {
		text, ok := treesitter.ShellText(p)
		if !ok {
			continue
		}
		pos := at
		if i == 0 && lit != none {
			pos = a.contentPos(lit)
		} else if i > 0 && p.Lit != none {
			pos = a.contentPos(p.Lit)
		}
		if a.mayWrite && p.Known() {
			// os.system("/tmp/run.sh"): a script the file wrote
			var argv []scanner.Arg
			for _, w := range strings.Fields(text) {
				argv = append(argv, scanner.Arg{Value: w, Known: true})
			}
			a.writtenScripts(argv, at)
		}
		if vars := a.shellVars(text); len(vars) > 0 {
			a.p.ScanShellEnv(text, pos, "", vars)
			continue
		}
		a.p.ScanShell(text, pos, "")
	}
}

// shellVarRE finds the variables a shell line expands.
var shellVarRE = regexp.MustCompile(`\$\{?([A-Za-z_][A-Za-z0-9_]*)`)

// shellVars are the variables shell line text expands that the call
// being judged sets in the environment it hands the shell (`env=`, a dict
// or dict(...) with the name as a key: analyzer.shellEnv), each the
// strings it may be.
func (a *analyzer) shellVars(text string) map[string][]scanner.Arg {
	if a.shellEnv.K != vObj || !strings.Contains(text, "$") {
		return nil
	}
	var vars map[string][]scanner.Arg
	for _, m := range shellVarRE.FindAllStringSubmatch(text, 16) {
		name := m[1]
		if _, done := vars[name]; done {
			continue
		}
		v, ok := a.prop(a.shellEnv, name)
		if !ok || v.K != vStr {
			continue
		}
		if vars == nil {
			vars = map[string][]scanner.Arg{}
		}
		for _, p := range v.Possibilities() {
			if p.K == vStr {
				vars[name] = append(vars[name], a.t.Arg(p))
			}
		}
	}
	return vars
}

// invoke judges a command object (or each command of a pipeline) run with
// extra arguments.
func (a *analyzer) invoke(v value, extra []int32, at scanner.Pos) {
	if v.K == vPipe {
		for _, c := range v.Elems {
			a.invoke(c, nil, at)
		}
		return
	}
	var argv []scanner.Arg
	for _, e := range v.Elems {
		if e.K == vArr {
			for _, x := range e.Elems {
				argv = append(argv, a.t.Arg(x))
			}
			continue
		}
		argv = append(argv, a.t.Arg(e))
	}
	for _, c := range extra {
		w := a.ev.Eval(c)
		if w.K == vArr {
			for _, x := range w.Elems {
				argv = append(argv, a.t.Arg(x))
			}
			continue
		}
		argv = append(argv, a.t.Arg(w))
	}
	var alt *value
	if len(v.Elems) > 0 {
		alt = v.Elems[0].Alt
	}
	treesitter.Judge(a.p, a.t, argv, at, alt)
}

// sdk reports an Agent SDK query() or ClaudeSDKClient: class sdk unless
// cli_path points at a launch-runtime shim.
func (a *analyzer) sdk(n int32, opts value) {
	cls := scanner.ClassSDK
	if e, ok := a.prop(opts, "cli_path"); ok && allShims(e) {
		cls = scanner.ClassGated
	}
	at := a.t.Pos(n)
	a.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: "claude", Class: cls,
		Message: scanner.LaunchMessage("claude", "query", cls)})
}

// judgeBound judges v, the first argument a functools.partial of another
// module binds to the library function callee, at a call that gives no
// positional argument: shell text for a shell API (or `shell=True`), an
// argv otherwise, a command line in one string being read by a shell
// (over-approximation).
func (a *analyzer) judgeBound(callee, v value, kw value, at scanner.Pos) {
	shell := false
	switch apiOf(callee) {
	case apiShell, apiShellOut, apiRemoteShell:
		shell = true
	}
	if s, ok := a.prop(kw, "shell"); ok {
		on, known := s.Truthy()
		shell = shell || on || !known
	}
	if v.K == vStr && (shell || strings.ContainsAny(v.S, " \t;|&")) {
		a.scanShell(v, v.Lit, at)
		return
	}
	a.judgeSeq(v, at)
}

// partialSite is a functools.partial of a function of the file: a call
// of it with the arguments bound (judgePartialSites).
type partialSite struct {
	n    int32
	name string
	pos  []int32
	kw   value
}

// partialOfHelper reads call n, when it is functools.partial(f, ...) of
// a helper, as a call of f with the bound arguments: another module's
// helper is judged here (noteHelper), one of the file once its sinks are
// known (judgePartialSites). Its own call sites pass what comes after.
func (a *analyzer) partialOfHelper(n int32, callee value, pos []int32, kw value) {
	t := a.t
	if callee.K != vRef || callee.Mod != "functools" || len(callee.Path) != 1 || callee.Path[0] != "partial" || len(pos) == 0 {
		return
	}
	f := a.ev.Eval(pos[0])
	switch {
	case f.K == vRef && apiOf(f) == apiNone && !strings.HasPrefix(f.Mod, "#") && len(f.Path) > 0:
		a.noteHelper(n, pos[0], f, pos[1:], kw, true)
	case f.K == vFunc && t.Nodes[pos[0]].Kind == kIdentifier:
		a.link.partials = append(a.link.partials, partialSite{n: n, name: t.Text(pos[0]), pos: pos[1:], kw: kw})
	}
}

// judgePartialSites judges the partials of the file's helpers
// (partialOfHelper) against their sinks, once the fixed point found them.
func (a *analyzer) judgePartialSites() {
	for _, ps := range a.link.partials {
		if sinks := a.link.sum.Sinks[ps.name]; len(sinks) > 0 {
			mark := a.p.Mark()
			a.link.used = a.link.used[:0]
			a.judgeHelper(ps.n, ps.name, scanner.Export{Sinks: sinks, File: a.p.Path}, ps.pos, ps.kw)
			a.p.AddChain(mark, a.link.used)
		}
	}
}

// handedPartials judges, as a launch where it is written, a
// functools.partial of a process API (`partial(subprocess.run,
// ["claude"])`, or a name bound to one) handed to a function the file
// does not define: another module's (`with_retry(job)`), a library's or an
// object's method (`executor.submit(job)`, `loop.run_in_executor(None,
// job)`). Such a function is there to call it; one of the file is
// followed instead (a parameter's call sites).
func (a *analyzer) handedPartials(fn int32, callee value, pos []int32, kw value) {
	t := a.t
	if !a.partials {
		return
	}
	switch {
	case callee.K == vRef && !launching(apiOf(callee)) && !strings.HasPrefix(callee.Mod, "#"):
	case callee.K == vUnknown && t.Nodes[fn].Kind == kAttribute:
		if obj := t.Child(fn, fObject); obj == none || t.Nodes[obj].Kind == kIdentifier && (t.Is(obj, "self") || t.Is(obj, "cls")) {
			return // a method of the file's classes: followed there
		}
	default:
		return
	}
	args := append([]int32{}, pos...)
	if kw.Obj != none {
		for c := t.Nodes[kw.Obj].First; c != none; c = t.Nodes[c].Next {
			if t.Nodes[c].Kind == kKeywordArgument {
				args = append(args, t.Child(c, fValue))
			}
		}
	}
	for _, arg := range args {
		if arg == none || !a.partialCall(arg, 0) {
			continue
		}
		v := a.ev.Eval(arg)
		if v.K != vRef || v.Bound <= 0 || !launching(apiOf(v)) {
			continue
		}
		bp, bkw := a.partialArgs(v, nil, value{K: vObj, Obj: none, Lit: none})
		a.callAPI(arg, v, bp, bkw, t.Pos(arg))
	}
}

// handedAPIs judges a process API handed, with what follows it, to a
// function the file does not define (`executor.submit(subprocess.run,
// ["claude"])`, `loop.run_in_executor(None, subprocess.run, argv)`,
// `asyncio.to_thread(...)`, another module's `with_retry(fn, *args)`):
// such a function is there to call it, and the convention is that it
// passes it the arguments after it, so they are judged as its arguments
// where written (an over-approximation: the function may do otherwise).
// The calls handedCalls knows read otherwise: `threading.Thread(
// target=subprocess.run, args=(argv,))`, `pool.apply_async(f, (argv,))`,
// `pool.map(f, argvs)`. One of the file is followed instead (its
// parameter's call sites). Only an argument that names an import, or an
// attribute one of interestingNames, is evaluated.
func (a *analyzer) handedAPIs(fn int32, callee value, pos []int32, kw value) {
	t := a.t
	target := a.kwArg(kw, "target")
	if len(pos) < 2 && target == none {
		return
	}
	if !a.handsOn(fn, callee) {
		return
	}
	args := pos
	if target != none {
		args = []int32{target}
	} else {
		args = pos[:len(pos)-1]
	}
	for i, arg := range args {
		switch t.Nodes[arg].Kind {
		case kAttribute:
			if at := t.Child(arg, fAttribute); at == none || !interestingNames[t.Text(at)] {
				continue
			}
		case kIdentifier:
			bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[arg].Start:t.Nodes[arg].End], arg)
			if !ok || !slices.ContainsFunc(bs, func(b binding) bool { return b.ref }) {
				continue
			}
		default:
			continue
		}
		v := a.ev.Eval(arg)
		if v.K != vRef || !launching(apiOf(v)) {
			continue
		}
		switch apiOf(v) {
		case apiSDKQuery, apiSDKClient, apiOptions:
			continue
		}
		if target != none {
			i = -1
		}
		for _, h := range a.handedCalls(fn, callee, pos, kw, i, arg) {
			if h.each != none {
				// any element of an iterable not read one by one
				e := a.ev.Eval(h.each)
				if h.any {
					e = a.anyEntry(e, h.each)
				}
				if h.first {
					e = a.member(e, "#0", h.each)
				}
				a.judgeBound(v, e, h.kw, t.Pos(h.each))
				continue
			}
			bp, bkw := a.partialArgs(v, h.pos, h.kw)
			a.callAPI(arg, v, bp, bkw, t.Pos(h.at))
		}
		return
	}
}

// handsOn reports whether the call of fn, whose value is callee, may
// call a function handed to it: a library's or another module's function
// (not functools, whose partial binds it and is judged where called), or
// a method of an object the evaluator does not know (not `self`'s or
// `cls`'s: a method of the file's classes is followed there).
func (a *analyzer) handsOn(fn int32, callee value) bool {
	t := a.t
	switch {
	case callee.K == vRef && callee.Mod == "functools":
		return false
	case callee.K == vRef && !launching(apiOf(callee)) && !strings.HasPrefix(callee.Mod, "#"):
		return true
	case callee.K == vUnknown:
		if t.Nodes[fn].Kind == kAttribute {
			if obj := t.Child(fn, fObject); obj == none || t.Nodes[obj].Kind == kIdentifier && (t.Is(obj, "self") || t.Is(obj, "cls")) {
				return false
			}
		}
		return true
	}
	return false
}

// kwArg is the value node of keyword argument name among kw's (an
// argument list), or none.
func (a *analyzer) kwArg(kw value, name string) int32 {
	t := a.t
	if kw.Obj == none || t.Nodes[kw.Obj].Kind != kArgumentList {
		return none
	}
	for c := t.Nodes[kw.Obj].First; c != none; c = t.Nodes[c].Next {
		if t.Nodes[c].Kind == kKeywordArgument && t.Is(t.Child(c, fName), name) {
			return t.Child(c, fValue)
		}
	}
	return none
}

// handedCall is one call a library function makes of a callable handed
// to it: its positional arguments and keywords (an object), at node at;
// or, when each is set, the arguments are those of iterable each: any
// element of it (any) or it itself, and its first item is the first
// argument (first; else it is the one argument).
type handedCall struct {
	pos   []int32
	kw    value
	at    int32
	each  int32
	any   bool
	first bool
}

// handedKey is a function's key among the call sites ("review",
// ".method") and one site of it.
type handedKey struct {
	fn   string
	site int32
}

// noKeywords is a call's keywords when it passes none.
var noKeywords = value{K: vObj, Obj: none, Node: none, Lit: none}

// mapMethods are the names under which a library maps a function over an
// iterable (the builtin, itertools, multiprocessing's Pool, an executor);
// true when each element's items are the arguments.
var mapMethods = map[string]bool{"map": false, "imap": false, "imap_unordered": false, "map_async": false,
	"starmap": true, "starmap_async": true}

// handedCalls are the calls the call of fn (callee) makes of the callable
// it is handed at positional index i (-1: `target=`):
//
//   - `threading.Thread(target=f, args=(x,), kwargs={...})`,
//     multiprocessing.Process, and any call handing `args=` with it: f(x);
//   - `pool.apply(f, (x,), {...})`, `apply_async`: f(x);
//   - `pool.map(f, xs)` (imap, map_async, executor.map, the builtin):
//     f(e) for each element e of xs, `starmap(f, xs)` f(*e); past
//     maxMappedCalls elements, or over an iterable that is no list or
//     tuple literal, one call with any element;
//   - otherwise, by convention, the arguments after it:
//     `executor.submit(f, x)`, `loop.run_in_executor(None, f, x)`,
//     `atexit.register(f, x)`.
func (a *analyzer) handedCalls(fn int32, callee value, pos []int32, kw value, i int, at int32) []handedCall {
	t := a.t
	name := ""
	switch {
	case t.Nodes[fn].Kind == kAttribute:
		name = t.Text(t.Child(fn, fAttribute))
	case callee.K == vRef && len(callee.Path) > 0:
		name = callee.Path[len(callee.Path)-1]
	case t.Nodes[fn].Kind == kIdentifier:
		name = t.Text(fn)
	}
	if args := a.kwArg(kw, "args"); i < 0 || args != none {
		// Thread(target=f, args=(x,), kwargs={...})
		h := handedCall{kw: noKeywords, at: at, each: none}
		if k := a.kwArg(kw, "kwargs"); k != none {
			h.kw = a.ev.Eval(k)
		}
		if args != none {
			h.pos, h.each = a.tupleItems(args)
			h.first = h.each != none
		}
		return []handedCall{h}
	}
	rest := pos[i+1:]
	star, mapped := mapMethods[name]
	switch {
	case (name == "apply" || name == "apply_async") && len(rest) > 0:
		h := handedCall{kw: noKeywords, at: at, each: none}
		h.pos, h.each = a.tupleItems(rest[0])
		h.first = h.each != none
		if len(rest) > 1 {
			h.kw = a.ev.Eval(rest[1])
		}
		return []handedCall{h}
	case mapped && len(rest) > 0:
		xs := a.boundValue(rest[0])
		if xs == none || t.Nodes[xs].Kind != kList && t.Nodes[xs].Kind != kTuple || len(t.Children(xs)) > maxMappedCalls {
			return []handedCall{{kw: noKeywords, at: rest[0], each: rest[0], any: true, first: star}}
		}
		var out []handedCall
		for e := t.Nodes[xs].First; e != none; e = t.Nodes[e].Next {
			h := handedCall{pos: []int32{e}, kw: noKeywords, at: e, each: none}
			if star {
				h.pos, h.each = a.tupleItems(e)
				h.first = h.each != none
			}
			out = append(out, h)
		}
		return out
	}
	return []handedCall{{pos: rest, kw: kw, at: at, each: none}}
}

// tupleItems are the items of the tuple or list literal n (or a name
// bound only to one); else n is returned as an iterable any element of
// which is an argument.
func (a *analyzer) tupleItems(n int32) ([]int32, int32) {
	t := a.t
	if xs := a.boundValue(n); xs != none && (t.Nodes[xs].Kind == kTuple || t.Nodes[xs].Kind == kList) {
		return t.Children(xs), none
	}
	return nil, n
}

// maxMappedCalls bounds the elements of a list a mapped function is
// judged a call for (handedCalls).
const maxMappedCalls = 16

// partialCall reports whether node n is, as written, a call of a function
// named partial, or a name bound (once, through at most 4 names) to one.
func (a *analyzer) partialCall(n int32, depth int) bool {
	t := a.t
	switch t.Nodes[n].Kind {
	case kCall:
		fn := t.Child(n, fFunction)
		return fn != none && strings.HasSuffix(t.Text(fn), "partial")
	case kIdentifier:
		bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
		return ok && len(bs) == 1 && bs[0].value != none && !bs[0].ref && depth < 4 && a.partialCall(bs[0].value, depth+1)
	}
	return false
}

// partialArgs puts the arguments a functools.partial binds before those of
// the call; the call's keywords stand unless it has none.
func (a *analyzer) partialArgs(callee value, pos []int32, kw value) ([]int32, value) {
	if callee.K != vRef || callee.Bound <= 0 {
		return pos, kw
	}
	bp, bkw := a.callArgs(callee.Bound)
	if len(bp) > 0 {
		bp = bp[1:] // the function itself
	}
	if kw.Obj == none || a.t.ChildKind(kw.Obj, kKeywordArgument) == none {
		kw = bkw
	}
	return append(append([]int32{}, bp...), pos...), kw
}

// allShims reports whether every possibility of executable path e is a
// launch-runtime shim.
func allShims(e value) bool {
	for _, p := range e.Possibilities() {
		if !p.Usable() || !treesitter.ShimBase(p.S) {
			return false
		}
	}
	return true
}

// detectDangerous finds the primitive where the raw text search cannot:
// split over concatenated literals or list elements, held in constants,
// or written as an SDK option.
func (a *analyzer) detectDangerous() {
	for i := int32(0); i < int32(len(a.t.Nodes)); i++ {
		// The constants of other files a check reads name the chain of
		// the primitive it finds.
		mark := a.p.Mark()
		a.link.used = a.link.used[:0]
		a.dangerousAt(i)
		a.p.AddPrimitiveChain(mark, a.link.used)
	}
}

// dangerousAt checks node i for the primitive (detectDangerous).
func (a *analyzer) dangerousAt(i int32) {
	t := a.t
	switch t.Nodes[i].Kind {
	case kBinary:
		if par := t.Nodes[i].Parent; par != none && t.Nodes[par].Kind == kBinary {
			return
		}
		a.dangerousString(i)
	case kConcatenatedString:
		a.dangerousString(i)
	case kCall:
		// a string computed by methods ("-".join([...]), .format): the
		// outermost call of a chain
		fn := a.t.Child(i, fFunction)
		if par := t.Nodes[i].Parent; fn != none && t.Nodes[fn].Kind == kAttribute && (par == none || t.Nodes[par].Kind != kAttribute) {
			if at := t.Child(fn, fAttribute); at != none {
				if _, ok := strMethods[t.Text(at)]; ok || t.Is(at, "join") {
					a.dangerousString(i)
				}
			}
		}
	case kString:
		if par := t.Nodes[i].Parent; par != none && t.Nodes[par].Kind == kConcatenatedString {
			return
		}
		if t.ChildKind(i, kInterpolation) != none {
			a.dangerousString(i)
		}
	case kList, kTuple:
		v := a.ev.Eval(i)
		if v.K != vArr {
			return
		}
		var argv []scanner.Arg
		for _, e := range v.Elems {
			argv = append(argv, a.t.Arg(e))
		}
		if k := scanner.DangerousArgv(argv); k >= 0 {
			e := v.Elems[k]
			// a value of another file is judged here, where it is
			// put in an argv (its own file may hold a bare part)
			if e.Composite || argv[k].Value == "--permission-mode" || len(a.link.used) > 0 {
				pos := t.Pos(i)
				if e.Node != none {
					pos = t.Pos(e.Node)
				}
				a.p.ReportDangerous(pos, treesitter.DangerText(argv, k), true)
			}
		}
	case kPair:
		k := a.ev.Eval(t.Child(i, fKey))
		if !k.Known() {
			return
		}
		if text, ok := a.dangerousOption(k.S, t.Child(i, fValue)); ok {
			a.p.ReportDangerous(t.Pos(i), text, true)
		}
	case kKeywordArgument:
		nm := t.Child(i, fName)
		if nm == none {
			return
		}
		if text, ok := a.dangerousOption(t.Text(nm), t.Child(i, fValue)); ok {
			a.p.ReportDangerous(t.Pos(i), text, true)
		}
	case kAssignment:
		// options.permission_mode = "bypassPermissions" and
		// s["permissions"]["defaultMode"] = "bypassPermissions": the
		// option written after construction
		key := ""
		switch l := t.Child(i, fLeft); {
		case l == none:
		case t.Nodes[l].Kind == kAttribute:
			if at := t.Child(l, fAttribute); at != none {
				key = t.Text(at)
			}
		case t.Nodes[l].Kind == kSubscript:
			if k := a.ev.Eval(t.Child(l, fSubscript)); k.Known() && k.Alt == nil {
				key = k.S
			}
		}
		if key == "" {
			return
		}
		if text, ok := a.dangerousOption(key, t.Child(i, fRight)); ok {
			a.p.ReportDangerous(t.Pos(i), text, true)
		}
	}
}

// dangerousString reports the primitives in the string at n when it is
// built from pieces.
func (a *analyzer) dangerousString(n int32) {
	treesitter.ReportComposite(a.p, a.t, n, a.ev.Eval(n))
}

// dangerousOption recognises the primitive written as an option.
func (a *analyzer) dangerousOption(key string, val int32) (string, bool) {
	norm := strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(key))
	switch norm {
	case "permissionmode", "defaultmode":
		v := a.ev.Eval(val)
		if anyIs(v, scanner.BareMode) {
			return key + "=bypassPermissions", true
		}
		if a.p.Imports == nil && v.K == vRef && apiOf(v) == apiNone && !strings.HasPrefix(v.Mod, "#") {
			// a mode of another module, under any name
			a.p.Needs = appendOnce(a.p.Needs, v.Mod)
		}
	case "dangerouslyskippermissions", "allowdangerouslyskippermissions":
		if strings.Contains(key, "-") {
			return "--" + key, true
		}
		if v := a.ev.Eval(val); v.K == vBool && v.B {
			return key + "=True", true
		}
	}
	return "", false
}

// isPythonInterpreter reports whether a shebang program is Python.
func isPythonInterpreter(p string) bool {
	return p == "python" || strings.HasPrefix(p, "python2") || strings.HasPrefix(p, "python3") || p == "pypy" || p == "pypy3" || p == "uv"
}

// mayHoldPart: see scanner.MayHoldPart.
func mayHoldPart(p *scanner.Pass) bool { return scanner.MayHoldPart(p.Src, p.Hits) }

// execCode scans the code exec or eval (how) runs when the analysis knows
// its text (a string, or `compile` of one): its launches are reported at
// the call (scanner.Pass.ScanEvaluated).
func (a *analyzer) execCode(n int32, how string) {
	t := a.t
	pos, _ := a.callArgs(n)
	if len(pos) == 0 {
		return
	}
	code := pos[0]
	if t.Nodes[code].Kind == kCall {
		if fn := t.Child(code, fFunction); fn != none && t.Nodes[fn].Kind == kIdentifier && t.Is(fn, "compile") && !a.bound(fn) {
			if cp, _ := a.callArgs(code); len(cp) > 0 {
				code = cp[0]
			}
		}
	}
	if !a.p.Config.MentionsRuntime(t.Src[t.Nodes[code].Start:t.Nodes[code].End]) && t.Nodes[code].Kind != kIdentifier {
		return
	}
	for _, v := range a.ev.Eval(code).Possibilities() {
		if v.Known() && a.p.Config.MentionsRuntime([]byte(v.S)) {
			a.p.ScanEvaluated("code.py", v.S, a.t.Pos(n), how)
		}
	}
}
