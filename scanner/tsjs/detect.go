package tsjs

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// Detector is the TypeScript/JavaScript detector. It is stateless; parsers
// and trees are pooled between files.
type Detector struct{}

// New returns the TypeScript/JavaScript detector.
func New() Detector { return Detector{} }

// Name is the detector's name; findings carry "typescript" or
// "javascript" by file.
const Name = "javascript"

// Name implements scanner.Detector.
func (Detector) Name() string { return Name }

// MaxTokens bounds the files the detector parses (scanner.TokenBounded).
func (Detector) MaxTokens() int { return treesitter.MaxParseTokens }

// Match claims TypeScript and JavaScript files by extension, and
// extension-less scripts whose shebang runs node, bun, deno, tsx, ts-node
// or zx.
func (Detector) Match(f *scanner.File) bool {
	switch f.Ext {
	case ".ts", ".mts", ".cts", ".tsx", ".js", ".mjs", ".cjs", ".jsx":
		return true
	case ".vue", ".svelte":
		// single-file components: their <script> blocks (componentPass)
		return true
	case "":
		return isNodeInterpreter(f.Interpreter())
	}
	return false
}

// grammarFor picks the grammar and the language name for a file.
func grammarFor(path string, src []byte) (*treesitter.Grammar, string) {
	ext := ""
	if i := strings.LastIndexByte(path, '.'); i >= 0 && !strings.Contains(path[i:], "/") {
		ext = strings.ToLower(path[i:])
	}
	switch ext {
	case ".ts", ".mts", ".cts":
		return grammarTS, "typescript"
	case ".tsx":
		return grammarTSX, "typescript"
	case ".js", ".mjs", ".cjs", ".jsx":
		return grammarJS, "javascript"
	}
	switch scanner.Interpreter(src) {
	case "deno", "bun", "tsx", "ts-node":
		return grammarTS, "typescript"
	}
	return grammarJS, "javascript"
}

// analyzer holds one file's analysis state: the TS/JS side of the shared
// evaluator (treesitter.Lang), which follows names, parameters, this.x
// and returns across the file.
type analyzer struct {
	writeSites int // the writes into other modules met so far (summarizeWrites)
	// writeSite is the last write counted in writeSites (node 0, the
	// file's root, is never one)
	writeSite int32
	t         *tree
	p         *scanner.Pass
	// mayHand caches the cheap test of the file's text for handed
	// commands (scanner.Config.MayHandCommand): 0 not made, 1 no, 2 yes
	mayHand int8
	// mayRender caches whether the file's text names a template API's
	// method (renderCall): 0 not made, 1 no, 2 yes
	mayRender  int8
	scopes     *treesitter.Scopes[binding]
	ev         *treesitter.Evaluator[binding]
	thisAttrs  map[string][]int32 // this.x = value and class fields, by name
	yields     map[int32][]int32  // the yield expressions of each generator (yielded)
	sets       []int32            // x.name = value assignments (options set after construction)
	objAssigns []int32            // Object.assign(o, ...) calls, which set o's properties too
	// assignSrcs: the sources of those calls that are no object literal
	// of the file, by the object they set (assignedFrom)
	assignSrcs map[int32][]int32
	classDecls map[string]int32 // the module-level class declarations by name (inheritedCtor); none for a name declared twice
	setsOf     map[int32]map[string][]int32
	zxGlobal   bool
	inputs     map[string]actionDefault // a JavaScript action's input defaults (actionInput), read on first use
	assigns    []int32                  // assignments of names, bound after the declarations
	assigning  bool
	// eachPattern: the pattern being bound takes any element of its
	// value (bindEach)
	eachPattern bool
	// paramTmpl, while a parameter's destructuring pattern is bound, is
	// the parameter (function, position) its names are members of
	paramTmpl *binding
	// aliasDepth bounds paramOf's walk through names bound to names
	aliasDepth int
	objMulti   map[treesitter.ScopeKey]objUnion // objectsOf's answers
	muts       map[string][]mutation
	mutating   map[string]bool
	mutMemo    map[mutKey]value  // mutated's answers for a name bound once
	mutArgs    map[int32][]value // the arguments of each change (mutationArgs)
	forceShell bool              // spawnLike judges a shell line (apiAnyMember)
	envSets    []int32           // process.env.X = value assignments
	// envSetVals: each envSets assignment's value, worked out once
	// (envSetValue); envBusy: the assignments being worked out
	envSetVals map[int32]value
	envBusy    map[int32]bool
	typeDecls  []int32 // type aliases and interfaces (kTypeDecl leaves)
	// types: the file's type aliases and interfaces by name, their text
	// after the name (typeDecl), read from typeDecls once
	types map[string][]string
	// typedFields: the name nodes of the class fields declared without
	// a value (`private runner!: Runner`), by name (typedField)
	typedFields map[string][]int32
	// typeBodies: bodyMembers' answers
	typeBodies map[string]map[string][]string
	options    treesitter.OptionTable // x.option(...) calls: command-line option declarations (options.go)
	link       linkState              // the repository phase (link.go)
	// localImports are the module-level names bound to a module of the
	// repository (deferIfImports), found on first use
	localImports map[string]bool
	// allConsts: the summary keeps every constant, not only those naming
	// a runtime (SummarizeName)
	allConsts bool
	// cbDone: the callbacks whose call sites callbackSites added; refs:
	// the names written as a call's argument (argRefs)
	cbDone map[string]bool
	refs   map[string][]int32
	// argVals, while judgeHelper judges a helper handed to an iteration
	// method (iterHelper), are the values of its arguments
	argVals []value
	// applied, while a process API called through apply (indirect) is
	// judged, is its array that is not a literal: read as a spread
	applied int32
	// over, while a process API handed to an iteration method is judged
	// (iterated), gives the node that names it the value of the
	// argument the API is called with: any element of the receiver
	over map[int32]value
	// defaults: the names the file exports as its default by name
	// (exportedAsDefault), read from the source once
	defaults map[string]bool
	// cpNamed: whether the file's text holds the process module's name
	// (namesProcessModule): 0 not read yet, 1 no, 2 yes
	cpNamed uint8
}

// evalShape is how the shared evaluator reads TS/JS.
var evalShape = treesitter.Shape{Calls: callShape, News: newShape, Aliases: []string{".bind", ".call", ".apply"}, Alias: indirectAlias, Return: kReturn, Operator: fOperator, Left: fLeft, Right: fRight, Lists: []treesitter.ValueKind{vArr}, Wins: []treesitter.ValueKind{vRef},
	Pure: []treesitter.Kind{kString, kStringFragment, kEscapeSequence, kTemplateString, kNumber, kTrue, kFalse, kNull, kUndefined,
		kArray, kObject, kPair, kPropertyIdentifier, kArguments, kBinary, kParen, kOperator}}

// indirectOf reads call site as a call made through Function.prototype
// or Reflect: `f.call(thisArg, a, ...)`, `f.apply(thisArg, arr)`,
// `Reflect.apply(f, thisArg, arr)` and `f.bind(thisArg, a, ...)` (whose
// bound arguments every call of the bound function passes first) call
// the function expression target with args, then, when applied is not
// none, the elements of the array applied (an apply's array that is not
// a literal: a spread of unknown length unless the evaluator knows it).
// A literal array is read as its elements. ok is false for any other
// call, and for a bind of no argument but the thisArg (it gives f
// nothing).
func indirectOf(t *treesitter.Tree, site int32) (target int32, args []int32, applied int32, ok bool) {
	target, applied = none, none
	fn := t.Child(site, fFunction)
	an := t.Child(site, fArguments)
	if fn != none && an != none && t.Nodes[an].Kind == kArguments {
		// timers call their first argument with the arguments after the
		// delay (setTimeout(spawn, 0, "claude")); process.nextTick and
		// setImmediate with those after it
		if from := timerArgsFrom(t, fn); from > 0 {
			all := t.Children(an)
			if len(all) == 0 || t.Nodes[all[0]].Kind == kSpread {
				return none, nil, none, false
			}
			return all[0], all[min(from, len(all)):], none, true
		}
		// partial application binds the arguments after the function
		// to its first parameters (lodash's `partial(execFile, "claude")`,
		// `_.partial(spawn, bin)`): the call it makes later is the
		// function's with those first
		if partialCallee(t, fn) {
			all := t.Children(an)
			if len(all) == 0 || t.Nodes[all[0]].Kind == kSpread {
				return none, nil, none, false
			}
			return all[0], all[1:], none, true
		}
	}
	if fn == none || t.Nodes[fn].Kind != kMember || an == none || t.Nodes[an].Kind != kArguments {
		return none, nil, none, false
	}
	p, obj := t.Child(fn, fProperty), t.Child(fn, fObject)
	if p == none || obj == none {
		return none, nil, none, false
	}
	all := t.Children(an)
	spread := func(arr int32) ([]int32, int32) {
		if t.Nodes[arr].Kind == kArray {
			return t.Children(arr), none
		}
		return nil, arr
	}
	switch name := t.Text(p); {
	case name == "call" && len(all) > 0:
		return obj, all[1:], none, true
	case name == "bind" && len(all) > 1:
		return obj, all[1:], none, true
	case name == "apply" && t.Is(obj, "Reflect"):
		if len(all) < 2 || t.Nodes[all[0]].Kind == kSpread {
			return none, nil, none, false
		}
		if len(all) > 2 {
			args, applied = spread(all[2])
		}
		return all[0], args, applied, true
	case name == "apply" && len(all) > 0:
		if len(all) > 1 {
			args, applied = spread(all[1])
		}
		return obj, args, applied, true
	}
	return none, nil, none, false
}

// timerArgsFrom is, for a callee that schedules its first argument's
// call, the position of the first argument that call is given:
// setTimeout and setInterval (bare, or on globalThis, window, global or
// the timers module) pass those after the delay, setImmediate and
// process.nextTick those after the function. 0 for any other callee.
func timerArgsFrom(t *treesitter.Tree, fn int32) int {
	name := ""
	switch t.Nodes[fn].Kind {
	case kIdentifier:
		name = t.Text(fn)
	case kMember:
		p, obj := t.Child(fn, fProperty), t.Child(fn, fObject)
		if p == none || obj == none || t.Nodes[obj].Kind != kIdentifier {
			return 0
		}
		switch o := t.Text(obj); {
		case o == "process" && t.Is(p, "nextTick"):
			return 1
		case o == "globalThis" || o == "window" || o == "global" || o == "timers" || o == "self":
			name = t.Text(p)
		}
	}
	switch name {
	case "setTimeout", "setInterval":
		return 2
	case "setImmediate":
		return 1
	}
	return 0
}

// partialCallee reports whether fn names a partial application (a bare
// `partial`, as lodash/partial's default import is usually named, or a
// member `partial` of any object: `_.partial`, `lodash.partial`).
func partialCallee(t *treesitter.Tree, fn int32) bool {
	switch t.Nodes[fn].Kind {
	case kIdentifier:
		return t.Is(fn, "partial")
	case kMember:
		p := t.Child(fn, fProperty)
		return p != none && t.Is(p, "partial")
	}
	return false
}

// calledProperty is the property a call site calls (`bind` for
// `f.bind(...)`), or "" when its callee is no member (`setTimeout(...)`).
func calledProperty(t *treesitter.Tree, site int32) string {
	if fn := t.Child(site, fFunction); fn != none && t.Nodes[fn].Kind == kMember {
		if p := t.Child(fn, fProperty); p != none {
			return t.Text(p)
		}
	}
	return ""
}

// indirectName is the callee name the target of an indirect call gives
// (CallSites' keys): `f`, or `.m` for `this.m` and `o.m`; "" for any
// other expression.
func indirectName(t *treesitter.Tree, target int32) string {
	switch {
	case target == none:
	case t.Nodes[target].Kind == kIdentifier:
		return t.Text(target)
	case t.Nodes[target].Kind == kMember:
		if p := t.Child(target, fProperty); p != none {
			return "." + t.Text(p)
		}
	}
	return ""
}

// indirectAlias is the function an indirect call site (indirectOf)
// calls: the site is also a site of it (evalParam reads its arguments
// past the thisArg, and an apply's array as a spread).
func indirectAlias(t *treesitter.Tree, site int32, _ string) string {
	target, _, _, ok := indirectOf(t, site)
	if !ok {
		return ""
	}
	return indirectName(t, target)
}

// siteArgs are the arguments call site passes the function whose
// CallSites key is key: its own, or those an indirect call of it passes
// (indirectOf: applied, when not none, is read as a spread after args),
// unless key is the method the site calls (`x.call(a)` of a method
// `call`).
func (a *analyzer) siteArgs(site int32, key string) (args []int32, applied int32, ok bool) {
	t := a.t
	if _, as, ap, ind := indirectOf(t, site); ind && key != "."+calledProperty(t, site) {
		return as, ap, true
	}
	an := t.Child(site, fArguments)
	if an == none || t.Nodes[an].Kind != kArguments {
		return nil, none, false
	}
	return t.Children(an), none, true
}

// Scan reports the launches and primitives of one TS/JS file.
func (d Detector) Scan(p *scanner.Pass) error {
	gpath, restore := componentPass(p)
	defer restore()
	g, lang := grammarFor(gpath, p.Src)
	p.Language = lang
	// A file that holds no trigger (scanner.Triggers) reports nothing by
	// itself, but it is still read when it calls a process API: its
	// helpers and the imports feeding its calls are what the repository
	// phase follows (a helper that spawns its parameter, a spawn of an
	// imported constant), so skipping it would hide launches made through
	// it. Measured on bench/real: skipping it saved 15% of the CPU.
	if p.Imports == nil {
		defer addReexports(p)
	}
	interp := scanner.Interpreter(p.Src)
	apiHint := interp == "zx" || mayNameAPI(p.Src)
	// a module loaded by a name computed at run time may be the process
	// module, in a file that names a runtime (requiredModule)
	apiHint = apiHint || p.Hits.Has(scanner.HitRuntime) && mayLoadComputed(p.Src)
	// ... or a module of a runtime's package by a name the repository
	// gave it (an npm alias: driver.packageFacts)
	apiHint = apiHint || p.Hits.Has(scanner.HitRuntime) && mayLoadPackageModule(p.Src, p.Config.Packages())
	// an extension of Pi in plain JavaScript binds no module: Pi hands
	// its default export the API (extensionParam)
	apiHint = apiHint || mayBeExtension(p.Path, p.Src)
	// A declaration file (`.d.ts`) is read like any other: Node runs any
	// file it is asked to, and a flag built from pieces there may be
	// required or printed (dts_pieces_required.txtar, dts_pieces_joined).
	dangerHint := p.Hits.Has(scanner.HitPieces)
	// In the repository phase a file that calls another file's helper is
	// read though it names no process API itself.
	linkHint := p.Imports != nil && p.Imports.Hint(p.Src)
	apiHint = apiHint || linkHint
	// ... and its values from other files may spell the primitive
	dangerHint = dangerHint || linkHint
	// ... and a file that sets an environment variable to a runtime's
	// name offers it to the files that read it (Summary.Env)
	envHint := p.Imports == nil && bytes.Contains(p.Src, []byte("process.env")) && setsEnvToRuntime(p)
	// ... and a file that declares a default naming a runtime (a
	// schema's, an option's) offers it under its key (Summary.Keys)
	keyHint := p.Imports == nil && p.Hits.Has(scanner.HitRuntime) && declaresRuntimeDefault(p)
	// ... and a process manager's app list naming a runtime (pm2's
	// ecosystem file: `apps: [{ script: "claude" }]`) starts it
	appsHint := p.Hits.Has(scanner.HitRuntime) && bytes.Contains(p.Src, []byte("apps")) && bytes.Contains(p.Src, []byte("script"))
	// ... and a file that registers a value with a dependency-injection
	// container (inject.go), or hands a token's factory to another module's
	// function (`provide("agentCommand", () => ["claude"])`: a module of
	// the repository imported, a runtime's name quoted, a function
	// written; any TS/JS file that names a runtime and writes a function,
	// parsed for this, cost the real tree of bench/real a fifth more CPU)
	diHint := mayInject(p.Src) || p.Hits.Has(scanner.HitRuntime) && (bytes.Contains(p.Src, []byte("=>")) || bytes.Contains(p.Src, []byte("function"))) &&
		mayWriteImport(p.Src, p.Config.RuntimeNames())
	// ... and a command handed to code the analysis does not model
	// (handed.go)
	handHint := !apiHint && p.Hits.Has(scanner.HitRuntime) && p.Config.MayHandCommand(p.Src)
	// ... and a file that writes a runtime's name into another module's
	// name offers it to every reader of that name (writes.go)
	writeHint := p.Imports == nil && p.Hits.Has(scanner.HitRuntime) && mayWriteAnyImport(p.Src, p.Config.RuntimeNames())
	// ... and a file that links or copies a runtime (fs.symlinkSync,
	// fs.copyFileSync) offers the link's name to the files that may run
	// it (scanner.Pass.CodeLink)
	linkMadeHint := p.Hits.Has(scanner.HitRuntime) && treesitter.ContainsAny(p.Src, codeLinkNeedles) && scanner.QuotesRuntime(p.Src, p.Config.RuntimeNames())
	// ... and a file that extracts a runtime's packed archive it names
	// or fetches (tar.x, decompress, extract-zip) offers the copy of the
	// package folder it makes (scanner.Pass.CodeExtract)
	archive := ""
	if treesitter.ContainsAny(p.Src, scanner.ExtractNeedles) {
		archive, _ = p.Config.ArchiveInText(p.Src)
	}
	// ... and a file that writes a script (`fs.writeFileSync(p,
	// "#!/bin/sh\n...")`) reads it where it is written
	// (scanner.Pass.ScanWritten)
	scriptHint := p.MayWriteScript()
	if !apiHint && !dangerHint && !envHint && !keyHint && !appsHint && !diHint && !handHint && !writeHint && !linkMadeHint && archive == "" && !scriptHint {
		return nil
	}
	t, err := g.ParsePass(p)
	if err != nil {
		return err
	}
	defer g.Done(p, t)
	a := newAnalyzer(t, p)
	if interp == "zx" {
		a.zxGlobal = true
	}
	a.collect()
	if linkMadeHint {
		// first: the file's own process API calls may run the links
		a.detectCodeLinks()
	}
	if archive != "" {
		a.detectExtracts(archive)
	}
	if scriptHint {
		a.detectWrites()
	}
	if apiHint {
		a.detectCalls()
		a.detectRuntimeCLI()
		a.fixedPoint()
		a.offerMethods()
		a.subclasses(true)
		a.sdkEscapes()
		a.aliasExports()
		if a.p.Imports == nil {
			// a process API or the SDK exported under another name: its
			// callers in other files are read in phase two
			a.summarizeExports()
		}
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
	if appsHint {
		a.detectApps()
	}
	if diHint {
		a.injections()
	}
	if envHint {
		a.summarizeEnv()
	}
	if keyHint {
		a.summarizeDefaults()
	}
	if writeHint {
		a.summarizeWrites()
	}
	if p.Imports == nil && a.ev.Unread {
		a.needAllImports()
	}
	// the links and copies of runtimes the code made (CodeLink)
	a.link.sum.KeepOffered(p.Summary)
	if len(a.link.sum.Sinks) > 0 || len(a.link.sum.APIs) > 0 || len(a.link.sum.Primitives) > 0 || len(a.link.sum.Env) > 0 || len(a.link.sum.Keys) > 0 || len(a.link.sum.Writes) > 0 {
		p.Summary = &a.link.sum
	}
	if t.HasError && apiHint {
		if at, ok := t.BrokenAt(kError, brokenNeedles, kCall, kNew); ok {
			return &scanner.ParseError{Pos: at, Msg: "syntax error around a process API call"}
		}
	}
	// A bound reached while evaluating is reported, never silent.
	return a.ev.Err()
}

// envSetRE finds an assignment to an environment variable
// (`process.env.X = v`, `process.env["X"] = v`, and the logical ones a
// default is set with, `process.env.X ||= v`, `??=`, `&&=`).
var envSetRE = regexp.MustCompile(`process\.env(?:\.[A-Za-z_$][\w$]*|\[[^\]\n]{1,100}\])\s*(?:\|\||\?\?|&&)?=[^=]`)

// maxEnvSets bounds the assignments to the environment setsEnvToRuntime
// reads in one file, and envValueSpan the bytes after each that it
// reads for a runtime's name.
const (
	maxEnvSets   = 64
	envValueSpan = 256
)

// setsEnvToRuntime reports whether p's file assigns an environment
// variable a value that names a runtime on the assignment's line
// (`process.env.AGENT = 'claude'`): such a file is parsed for
// Summary.Env. The line, not the file: a bundle that sets one variable
// and names `pi` somewhere else would cost a parse of megabytes.
func setsEnvToRuntime(p *scanner.Pass) bool {
	for _, m := range envSetRE.FindAllIndex(p.Src, maxEnvSets) {
		end := min(len(p.Src), m[1]+envValueSpan)
		if i := bytes.IndexByte(p.Src[m[1]-1:end], '\n'); i >= 0 {
			end = m[1] - 1 + i
		}
		if p.Config.MentionsRuntime(p.Src[m[1]-1 : end]) {
			return true
		}
		if len(p.Src) <= maxComputedEnvFile && computedValue(p.Src[m[1]-1:end]) {
			// process.env.X = AGENT: a value the line does not spell
			// (`["cla", "ude"].join("")` above) is read by evaluating it
			return true
		}
	}
	return false
}

// maxDefaults bounds the declared defaults declaresRuntimeDefault reads
// (past it a file is not parsed for its defaults: a residual).
const maxDefaults = 256

// declaresRuntimeDefault reports whether p's file declares a default
// whose line names a runtime (`AGENT: z.string().default("claude")`,
// `agent: { type: "string", default: "claude" }`): such a file is
// parsed for Summary.Keys. The line, not the file, as for
// setsEnvToRuntime; a plain search for the word, not a regular
// expression, since bundles that name a runtime run to megabytes.
func declaresRuntimeDefault(p *scanner.Pass) bool {
	src := p.Src
	word := []byte("default")
	for off, n := 0, 0; n < maxDefaults; {
		i := bytes.Index(src[off:], word)
		if i < 0 {
			return false
		}
		i += off
		off = i + len(word)
		if i > 0 && identByte(src[i-1]) || off < len(src) && identByte(src[off]) {
			continue // part of a longer word
		}
		j := off
		if j < len(src) && (src[j] == '"' || src[j] == '\'') {
			j++ // a quoted key
		}
		for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		// `.default(` or `default:`
		if j >= len(src) || !(src[j] == ':' || src[j] == '(' && i > 0 && src[i-1] == '.') {
			continue
		}
		n++
		if lit, ok := defaultString(src, j+1); ok && p.Config.MentionsRuntime(lit) {
			return true
		}
	}
	return false
}

// defaultString is the string literal a declared default's value starts
// with at src[i:] (after blanks, and a `[` of a list): `"claude"`,
// `['pi', ...]`; its text up to envValueSpan bytes. A default that is not
// written as a string (`default: return x` of a switch in a bundle) is
// none: only a literal can name a runtime there.
func defaultString(src []byte, i int) ([]byte, bool) {
	skip := func() {
		for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
			i++
		}
	}
	skip()
	if i < len(src) && src[i] == '[' {
		i++
		skip()
	}
	if i >= len(src) || src[i] != '"' && src[i] != '\'' && src[i] != '`' {
		return nil, false
	}
	q := src[i]
	end := min(len(src), i+1+envValueSpan)
	k := bytes.IndexByte(src[i+1:end], q)
	if k < 0 {
		return src[i+1 : end], true
	}
	return src[i+1 : i+1+k], true
}

// summarizeDefaults offers the defaults the module declares that name a
// runtime under the key they are the default of (schemaDefault, and the
// command-line options of optionValues): a module reading that key of a
// value it cannot follow (`env.AGENT_BIN` of another module's
// `z.object({...}).parse(process.env)`) may see it (Summary.Keys,
// Imports.Key).
func (a *analyzer) summarizeDefaults() {
	a.options.Each(a.collectOption, func(name string, strs []string, at int32) {
		if at != none && a.p.Config.MentionsRuntime([]byte(strings.Join(strs, " "))) {
			a.link.sum.AddKey(name, scanner.Const{Vals: strs, At: a.t.Pos(at)})
		}
	})
}

// maxComputedEnvFile bounds the size of a file parsed because it sets an
// environment variable to a computed value (setsEnvToRuntime): a bundle
// past it is not parsed for that (docs/tsjs.md, a residual).
const maxComputedEnvFile = 64 << 10

// computedValue reports whether the right side of an assignment, rest,
// starts with a name, a call, an array or a template: a value its line
// may not spell, unlike a literal or another environment variable.
func computedValue(rest []byte) bool {
	rest = bytes.TrimLeft(rest, " \t")
	if len(rest) == 0 || bytes.HasPrefix(rest, []byte("process.env")) {
		return false
	}
	switch c := rest[0]; {
	case c == '[' || c == '`' || c == '(':
		return true
	case c == '_' || c == '$' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
		for _, kw := range []string{"true", "false", "undefined", "null", "String(", "Number("} {
			if bytes.HasPrefix(rest, []byte(kw)) {
				return false
			}
		}
		return true
	}
	return false
}

// brokenNeedles inside a syntax error make the file unparseable: a launch
// may hide in the part the parser could not read.
var brokenNeedles = [][]byte{
	[]byte("child_process"), []byte("spawn"), []byte("exec"), []byte("fork"), []byte("$`"),
	[]byte("query("), []byte("Command("), []byte("Bun."), []byte("Deno."), []byte("require("), []byte("import"),
}

// detectCalls finds every call of a process API and judges it.
func (a *analyzer) detectCalls() {
	t := a.t
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		var fn int32
		switch t.Nodes[i].Kind {
		case kCall:
			fn = t.Child(i, fFunction)
		case kNew:
			fn = t.Child(i, fConstructor)
		default:
			continue
		}
		// The constants other files define that the call reads name the
		// chain of what it launches.
		if fn != none {
			a.evaluated(i, fn)
			a.computedRequire(i, fn)
		}
		mark := a.p.Mark()
		a.link.used = a.link.used[:0]
		a.call(i, fn)
		if !a.p.LaunchSince(mark) {
			// a command handed to code the analysis does not model
			a.handed(i, fn)
		}
		a.p.AddChain(mark, a.link.used)
		if len(a.link.used) > 0 && scanner.FindDangerous(t.Text(i)) == nil {
			// the primitive in its argv came from another file
			a.p.AddPrimitiveChain(mark, a.link.used)
		}
	}
}

// worthEvaluating is the cheap filter on a callee before evaluating it.
func (a *analyzer) worthEvaluating(fn int32) bool {
	t := a.t
	n := &t.Nodes[fn]
	if timerArgsFrom(t, fn) > 0 || partialCallee(t, fn) {
		return true // setTimeout(spawn, 0, ...), _.partial(spawn, ...): indirectOf
	}
	switch n.Kind {
	case kIdentifier:
		name := t.Src[n.Start:n.End]
		if a.scopes.Bound(name) {
			return true
		}
		return string(name) == "$" && a.zxGlobal
	case kMember:
		p := t.Child(fn, fProperty)
		if p == none {
			return false
		}
		pn := &t.Nodes[p]
		name := string(t.Src[pn.Start:pn.End])
		if name == "call" || name == "apply" || name == "bind" {
			// f.call(...), Reflect.apply(f, ...): worth it when f may be
			// a process API
			obj := t.Child(fn, fObject)
			return obj != none && (t.Is(obj, "Reflect") || a.worthEvaluating(obj))
		}
		// in the repository phase a method may be another file's helper
		if interestingMembers[name] || a.p.Imports != nil && a.p.Imports.Hint([]byte(name)) {
			return true
		}
		if (name == "push" || name == "unshift") && a.p.Imports != nil {
			// jobs.push(job) of a queue another module drains
			// (scanner.Sink.Put): the array is the helper's name
			if obj := t.Child(fn, fObject); obj != none && t.Nodes[obj].Kind == kIdentifier && a.p.Imports.Hint(t.Src[t.Nodes[obj].Start:t.Nodes[obj].End]) {
				return true
			}
		}
		// a member of an object literal of the file (`runners.sp(...)`
		// with `const runners = { sp: spawn }`): its value may be a
		// process API under any name
		return a.objectLiteralName(t.Child(fn, fObject))
	case kCall, kParen, kAwait, kAsExpr, kSubscript:
		return true
	}
	return false
}

// objectLiteralName reports whether node o is a name the file binds to an
// object literal (in any of its bindings).
func (a *analyzer) objectLiteralName(o int32) bool {
	t := a.t
	if o == none || t.Nodes[o].Kind != kIdentifier {
		return false
	}
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[o].Start:t.Nodes[o].End], o)
	if !ok {
		return false
	}
	for i := range bs {
		if v := bs[i].value; v != none && len(bs[i].path) == 0 && t.Nodes[v].Kind == kObject {
			return true
		}
	}
	return false
}

func (a *analyzer) call(n, fn int32) {
	t := a.t
	if a.p.Imports != nil {
		// xs.forEach(spawnIt): another module's helper handed on
		if args := t.Child(n, fArguments); args != none && t.Nodes[args].Kind == kArguments {
			a.iterHelper(n, args)
		}
	}
	if fn != none && t.Nodes[n].Kind == kNew && a.p.Imports != nil {
		// new AgentRunner('claude') of `class AgentRunner extends Runner
		// {}`: the base's constructor, of another module
		if b, found := a.inheritedCtor(fn); found {
			a.noteHelper(n, fn, b, t.Child(n, fArguments), true, false)
			return
		}
	}
	if fn == none {
		return
	}
	if t.Nodes[fn].Kind == kMember && t.Text(fn) == "process.chdir" {
		// the folder the process's later commands run in (Pass.AddDir)
		if args := t.Child(n, fArguments); args != none && t.Nodes[args].First != none {
			for _, d := range a.t.Args(a.ev.Eval(t.Nodes[args].First)) {
				a.p.AddDir(d, t.Pos(n))
			}
		}
		return
	}
	if a.iterated(n, fn) {
		return
	}
	if !a.worthEvaluating(fn) && !a.ownMethod(fn) {
		return
	}
	argsNode := t.Child(n, fArguments)
	callee, args, applied, ok := a.indirect(n)
	if !ok {
		callee = a.ev.Eval(fn)
		if argsNode != none && t.Nodes[argsNode].Kind != kTemplateString {
			args = t.Children(argsNode)
		}
	}
	kind := apiOf(callee)
	if kind == apiNone {
		switch {
		case ok && calledProperty(t, n) == "bind":
			// another module's helper with arguments bound: judged with
			// them (its fixed point reads the bind as a call site)
			if a.p.Imports != nil && (callee.K == vRef || newInstance(callee)) {
				if e, found := a.imported(callee); found {
					a.judgeHelper(n, a.calleeName(t.Child(fn, fObject)), e, args, none, callee)
				}
			}
		case argsNode != none && t.Nodes[argsNode].Kind == kArguments:
			a.noteHelper(n, fn, callee, argsNode, true, ok)
		case argsNode != none && t.Nodes[argsNode].Kind == kTemplateString && a.p.Imports != nil && (callee.K == vRef || newInstance(callee)):
			// another module's tag (`` $`claude -p x` ``): judged with
			// what the template gives its parameters (taggedParam)
			if e, found := a.imported(callee); found && a.argVals == nil {
				vals := []value{a.taggedParam(argsNode, &binding{index: 0})}
				for i := 1; i <= len(e.Sinks) && i < 8; i++ {
					vals = append(vals, a.taggedParam(argsNode, &binding{index: i}))
				}
				places := make([]int32, len(vals))
				for i := range places {
					places[i] = argsNode
				}
				a.argVals = vals
				a.judgeHelper(n, a.calleeName(fn), e, places, none, callee)
				a.argVals = nil
			}
		}
		// a callee that is one of several (`const q = open ? mine :
		// query`): a process API or the SDK among them is judged as
		// that, whichever branch comes first
		for _, p := range callee.Possibilities()[1:] {
			if k := apiOf(p); k != apiNone {
				callee, kind = p, k
				break
			}
		}
		if kind == apiNone {
			return
		}
	}
	a.apiCall(n, argsNode, callee, kind, args, applied)
}

// apiCall judges call n of a process API (callee, of kind) with the
// argument nodes args (argsNode, the call's arguments or template);
// applied, when not none, is an apply's array read as a spread.
func (a *analyzer) apiCall(n, argsNode int32, callee value, kind api, args []int32, applied int32) {
	t := a.t
	if kind == apiWhich || kind == apiPromisify || kind == apiPathJoin || kind == apiBasename {
		return
	}
	at := t.Pos(n)
	// a value past a bound read anywhere in the call, whatever became of
	// its mark, with no launch known: the bound reported
	seen, mark := a.ev.CutSeen, a.p.Mark()
	defer func() {
		if a.ev.CutSeen > seen && !a.p.LaunchSince(mark) {
			a.p.ReportCut(at)
		}
	}()
	if argsNode != none && t.Nodes[argsNode].Kind == kTemplateString {
		switch kind {
		case apiZx, apiBunShell:
			a.shellTemplate(argsNode, kind == apiBunShell)
			// a helper's parameter in the line: its callers choose it
			a.sinkShellLine(argsNode, a.step(n, ""))
		case apiExecaTemplate, apiExeca:
			a.judge(a.templateArgv(argsNode), at, nil)
		}
		return
	}
	if applied != none {
		// spawn.apply(null, CMD): the array's elements are the
		// arguments from there on, read as a spread of it
		args = append(slices.Clone(args), applied)
		a.applied = applied
		defer func() { a.applied = none }()
	}
	a.noteCall(n, kind, args)
	switch kind {
	case apiSpawn, apiExeca, apiExecaTemplate:
		if kind == apiExecaTemplate && (len(args) == 0 || t.Nodes[args[0]].Kind == kObject) {
			return // $({options}) binds options; the template call is the launch
		}
		a.spawnLike(n, args)
	case apiShell:
		// exec(line), exec.apply(null, LINE), exec(...xs, line)
		if v, ok := a.posArg(args, 0, n); ok {
			var opts value
			if o, ok := a.posArg(args, 1, n); ok {
				opts = o
			}
			a.shellValue(n, v, opts)
			if v.Known() && !strings.ContainsAny(v.S, "|;&<>$`") && len(args) > 1 {
				var argv []scanner.Arg
				for _, w := range strings.Fields(v.S) {
					argv = append(argv, scanner.Lit(w))
				}
				a.stdinInput(n, argv, a.ev.Eval(args[len(args)-1]))
			}
		}
	case apiAnyMember:
		// cp[k](...): spawn, exec or any other API of the module, so the
		// command and its arguments as the line a shell runs
		a.forceShell = true
		a.spawnLike(n, args)
		a.forceShell = false
	case apiFork:
		a.fork(n, args)
	case apiBunSpawn:
		if len(args) == 0 {
			return
		}
		v := a.ev.Eval(args[0])
		if v.K == vObj {
			v, _ = a.prop(v, "cmd")
		}
		if v.K == vArr {
			a.judge(a.argvOf(nil, v), at, nil)
		}
	case apiDenoCommand:
		if len(args) == 0 {
			return
		}
		cmd := a.ev.Eval(args[0])
		var rest value
		if len(args) > 1 {
			rest, _ = a.prop(a.ev.Eval(args[1]), "args")
		}
		a.judge(a.argvOf(&cmd, rest), at, cmd.Alt)
	case apiDenoRun:
		if len(args) == 0 {
			return
		}
		if v, ok := a.prop(a.ev.Eval(args[0]), "cmd"); ok && v.K == vArr {
			a.judge(a.argvOf(nil, v), at, nil)
		}
	case apiSDK:
		if a.piSessionFactory(n, callee) {
			return
		}
		a.sdk(n, args, callee)
	case apiArgvOrShell, apiSpawnOrArgv:
		v, ok := a.posArg(args, 0, n)
		if !ok {
			return
		}
		switch {
		case v.K == vArr:
			var alt *value
			if len(v.Elems) > 0 {
				alt = v.Elems[0].Alt
			}
			a.judge(a.argvOf(nil, v), at, alt)
		case kind == apiArgvOrShell:
			a.shellValue(n, v, value{})
		default:
			a.spawnLike(n, args)
		}
	case apiArgs:
		var argv []scanner.Arg
		if a.applied != none {
			vals, _ := treesitter.Spread(args, a.spreadOfApplied(a.applied), a.ev.Eval)
			for _, v := range vals {
				argv = append(argv, a.t.Arg(v))
			}
		}
		for _, c := range args {
			if a.applied == none {
				argv = append(argv, a.t.Arg(a.ev.Eval(c)))
			}
		}
		if len(argv) > 0 {
			a.judge(argv, at, a.ev.Eval(args[0]).Alt)
		}
	case apiTerminal:
		a.terminal(n, args)
	case apiShellAt1:
		if v, ok := a.posArg(args, 1, n); ok {
			a.shellValue(n, v, value{})
		}
	case apiActionsExec:
		// exec(commandLine, args?): the line is split into words (no
		// shell runs it), the args follow
		if len(args) == 0 {
			return
		}
		line := a.ev.Eval(args[0])
		words := treesitter.Split(line, " ", n)
		var argv []scanner.Arg
		for _, w := range words.Elems {
			if w.K == vStr && w.S == "" {
				continue
			}
			argv = append(argv, a.t.Arg(w))
		}
		if len(args) > 1 {
			argv = append(argv, a.argvOf(nil, a.ev.Eval(args[1]))...)
		}
		if len(argv) > 0 {
			a.judge(argv, at, line.Alt)
		}
	}
}

// indirect reads call n made through Function.prototype or Reflect
// (indirectOf): the function it calls, with its arguments; applied, when
// not none, is an apply's array that is not a literal, whose elements
// follow args. ok is false for any other call.
func (a *analyzer) indirect(n int32) (callee value, args []int32, applied int32, ok bool) {
	t := a.t
	target, args, applied, ok := indirectOf(t, n)
	if !ok {
		return value{}, nil, none, false
	}
	if target != t.Child(t.Child(n, fFunction), fObject) && a.scopes.Bound([]byte("Reflect")) {
		return value{}, nil, none, false // a Reflect of the file's own
	}
	return a.ev.Eval(target), args, applied, true
}

// argvOf builds an argv from a command value and an array of arguments
// (either may be absent).
func (a *analyzer) argvOf(cmd *value, arr value) []scanner.Arg {
	var argv []scanner.Arg
	if cmd != nil {
		argv = append(argv, a.t.Arg(*cmd))
	}
	switch arr.K {
	case vArr:
		for _, e := range arr.Elems {
			argv = append(argv, a.t.Arg(e))
		}
	case vUnknown:
		if arr.Node != none {
			argv = append(argv, scanner.Arg{})
		}
	}
	return argv
}

// options splits spawn-style arguments: (cmd, args?, opts?).
func (a *analyzer) spawnArgs(args []int32) (cmd, arr, opts value, hasOpts bool) {
	arr = value{K: vArr, Node: none, Lit: none}
	if t := a.t; t.Nodes[args[0]].Kind == kSpread || args[0] == a.applied {
		// spawn(...CMD), spawn.apply(null, CMD): a const tuple spread
		// into the call
		x := args[0]
		if x != a.applied {
			x = t.Nodes[x].First
		}
		if v := a.ev.Eval(x); v.K == vArr && len(v.Elems) > 0 {
			arr.Elems = v.Elems[1:]
			return v.Elems[0], arr, opts, false
		}
		return treesitter.Unknown(args[0]), arr, opts, false
	}
	cmd = a.ev.Eval(args[0])
	if len(args) > 1 {
		v1 := a.ev.Eval(args[1])
		switch v1.K {
		case vObj:
			return cmd, arr, v1, true
		case vNull:
		default:
			arr = v1
		}
	}
	if len(args) > 2 {
		opts = a.ev.Eval(args[2])
		hasOpts = opts.K != vNull && opts.K != vFunc
	}
	return cmd, arr, opts, hasOpts
}

// spawnLike handles spawn/execFile/execa/cross-spawn: an argv, or a shell
// string when the shell option is set.
func (a *analyzer) spawnLike(n int32, args []int32) {
	if len(args) == 0 {
		return
	}
	cmd, arr, opts, hasOpts := a.spawnArgs(args)
	if r, ok := a.packageInstanceMember(cmd, cmd.Node); ok {
		// spawn(new Binary("claude")): the instance as a string may be
		// what it was given
		cmd = r
	}
	shell, shellKnown := false, true
	if hasOpts {
		if opts.K == vObj {
			if sv, ok := a.prop(opts, "shell"); ok {
				shell, shellKnown = sv.Truthy()
			} else if no, ok := a.prop(opts, "nodeOptions"); ok {
				// tinyexec: x(cmd, args, { nodeOptions: { shell } })
				shellKnown = no.K == vObj
				if sv, ok := a.prop(no, "shell"); ok && shellKnown {
					shell, shellKnown = sv.Truthy()
				}
			}
		} else {
			shellKnown = false
		}
	}
	if arr.K == vUnknown || arr.K == vRef {
		// an unknown second argument (another module's name not
		// resolved) may be the options, `shell: true` among them
		shellKnown = shellKnown && arr.Node == none
	}
	if a.forceShell {
		shell = true
	}
	if !shell && !shellKnown && cmd.Usable() && strings.ContainsAny(cmd.S, " \t;|&") {
		shell = true // a command line only works when a shell runs it
	}
	at := a.t.Pos(n)
	if shell {
		// each possibility of the command is a line the shell may run
		for _, c := range cmd.Possibilities() {
			text, ok := treesitter.ShellText(c)
			if !ok {
				continue
			}
			if arr.K == vArr {
				for _, e := range arr.Elems {
					if s, ok := treesitter.ShellText(e); ok {
						text += " " + s
					} else {
						text += " " + unknownShellWord
					}
				}
			}
			a.p.ScanShellEnv(text, a.textPos(c, at), "", a.shellEnv(opts))
		}
		return
	}
	argv := a.argvOf(&cmd, arr)
	input := hasOpts && a.stdinInput(n, argv, opts)
	if hasOpts && opts.K == vObj {
		// { cwd }: the folder a relative file is run from
		if cwd, ok := a.prop(opts, "cwd"); ok {
			defer a.p.RunIn(a.t.Args(cwd))()
		}
	}
	treesitter.JudgeInput(a.p, a.t, argv, at, cmd.Alt, a.lost(cmd), input)
	a.scriptCalls(argv, nil)
}

// codeLinkNeedles prefilter the files detectCodeLinks reads.
var codeLinkNeedles = [][]byte{[]byte("symlink"), []byte("link("), []byte("linkSync("), []byte("copyFile"), []byte("cp("), []byte("cpSync("), []byte("rename")}

// detectCodeLinks records the links and copies of runtimes the file's
// calls of Node's fs module make (codeLink).
func (a *analyzer) detectCodeLinks() {
	t := a.t
	for n := int32(0); n < int32(len(t.Nodes)); n++ {
		if t.Nodes[n].Kind != kCall {
			continue
		}
		if fn := t.Child(n, fFunction); fn != none {
			a.codeLink(n, fn)
		}
	}
}

// codeLink records a link or copy of a runtime call n of fn makes
// (`fs.symlinkSync(require.resolve("@anthropic-ai/claude-code/cli.js"),
// "/usr/local/bin/helper")`, scanner.Pass.CodeLink), and reports whether
// fn is such a function of Node's fs module. Only a file that names a
// runtime is read for them.
func (a *analyzer) codeLink(n, fn int32) bool {
	t := a.t
	name := t.Text(fn)
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	if !scanner.CodeLinkFuncs[name] {
		return false
	}
	v := a.ev.Eval(fn)
	mod := strings.TrimPrefix(v.Mod, "node:")
	if v.K != vRef || mod != "fs" && mod != "fs/promises" || len(v.Path) == 0 || !scanner.CodeLinkFuncs[v.Path[len(v.Path)-1]] {
		return false
	}
	args := t.Child(n, fArguments)
	if args == none || t.Nodes[args].Kind != kArguments {
		return true
	}
	ch := t.Children(args)
	if len(ch) < 2 {
		return true
	}
	a.p.CodeLink(t.Args(a.ev.Eval(ch[0])), t.Args(a.ev.Eval(ch[1])), t.Pos(n))
	return true
}

// extractFuncs are the names of the functions of archive libraries that
// extract an archive: node-tar's `x` and `extract`, decompress,
// extract-zip, adm-zip's `extractAllTo`, unzipper's `Extract`.
var extractFuncs = map[string]bool{"x": true, "extract": true, "Extract": true, "extractAll": true, "extractAllTo": true,
	"decompress": true, "unpack": true, "untar": true, "unzip": true}

// extractFolderProps and extractFileProps are the options that name the
// folder an archive is extracted into, and the archive.
var (
	extractFolderProps = []string{"C", "cwd", "dir", "path", "target", "dest", "destination"}
	extractFileProps   = []string{"file", "f", "archive", "source", "src"}
)

// calledName is, for a call node n with an argument list, the last
// name of its callee (`x` of `tar.x(...)`) and its arguments.
func calledName(t *treesitter.Tree, n int32) (string, int32, bool) {
	if t.Nodes[n].Kind != kCall {
		return "", none, false
	}
	fn := t.Child(n, fFunction)
	args := t.Child(n, fArguments)
	if fn == none || args == none || t.Nodes[args].Kind != kArguments {
		return "", none, false
	}
	name := t.Text(fn)
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	return name, args, true
}

// detectExtracts records the copies of runtimes' package folders the
// file's extract calls make (`tar.x({ file: tgz, C: "opt/p" })`,
// `decompress(tgz, "opt/p")`): an archive the call does not name is
// archive, the one the file names or fetches (scanner.Pass.CodeExtract).
// A call is known by its name only: the file names or fetches a
// runtime's archive, so what it extracts may be that archive.
func (a *analyzer) detectExtracts(archive string) {
	t := a.t
	for n := int32(0); n < int32(len(t.Nodes)); n++ {
		name, args, ok := calledName(t, n)
		if !ok {
			continue
		}
		if !extractFuncs[name] {
			continue
		}
		var archives, dsts []scanner.Arg
		strip := false
		var plain []value
		for _, c := range t.Children(args) {
			v := a.ev.Eval(c)
			if v.K != vObj {
				plain = append(plain, v)
				continue
			}
			for _, k := range extractFileProps {
				if f, ok := a.prop(v, k); ok {
					archives = append(archives, t.Args(f)...)
				}
			}
			for _, k := range extractFolderProps {
				if d, ok := a.prop(v, k); ok {
					dsts = append(dsts, t.Args(d)...)
				}
			}
			if s, ok := a.prop(v, "strip"); ok && (s.Node == none || t.Text(s.Node) != "0") {
				strip = true
			}
		}
		if name == "extractAllTo" && len(plain) > 0 {
			// adm-zip: extractAllTo(dir)
			plain = append([]value{{}}, plain...)
		} else if len(plain) > 0 {
			archives = append(archives, t.Args(plain[0])...)
		}
		if len(plain) > 1 && len(dsts) == 0 {
			dsts = t.Args(plain[1])
		}
		if len(dsts) == 0 {
			dsts = []scanner.Arg{scanner.Lit("")}
		}
		a.p.CodeExtract(archives, archive, dsts, strip, t.Pos(n))
	}
}

// detectWrites reads the scripts the file's write calls write where
// they are written (scanner.Pass.ScanWritten): the data of
// `fs.writeFileSync(p, data)`, `writeFile`, `appendFile` and their
// promise forms, and of a stream's `write(data)`.
func (a *analyzer) detectWrites() {
	t := a.t
	for n := int32(0); n < int32(len(t.Nodes)); n++ {
		name, args, ok := calledName(t, n)
		if !ok {
			continue
		}
		i := 1
		switch name {
		case "writeFileSync", "writeFile", "appendFileSync", "appendFile", "outputFileSync", "outputFile":
		case "write":
			i = 0
		default:
			continue
		}
		ch := t.Children(args)
		if len(ch) <= i {
			continue
		}
		a.p.ScanWrittenArgs(t.Args(a.ev.Eval(ch[i])), t.Pos(n))
	}
}

// stdinInput scans the `input` option of process API call n as the script
// a shell reads from its standard input, when argv runs such a shell
// (`spawnSync("sh", [], { input: "claude -p" })`, `execSync("bash -s",
// { input })`; scanner.Config.ReadsStdin).
// It reports whether the input was known, and so followed.
func (a *analyzer) stdinInput(n int32, argv []scanner.Arg, opts value) bool {
	if opts.K != vObj {
		return false
	}
	in, ok := a.prop(opts, "input")
	if !ok || !a.p.Config.ReadsStdin(argv) {
		return false
	}
	known := true
	for _, v := range in.Possibilities() {
		if text, ok := treesitter.ShellText(v); ok && v.Known() {
			a.p.ScanShell(text, a.textPos(v, a.t.Pos(n)), scanner.ClassEval)
		} else {
			known = false
		}
	}
	return known
}

// judge judges the argv a process API runs, and the repository's shell
// scripts it runs by path with the arguments it gives them (scriptCalls).
func (a *analyzer) judge(argv []scanner.Arg, at scanner.Pos, alt *value) {
	a.judgeLost(argv, at, alt, false)
}

// judgeLost is judge for a program whose value the analysis may have
// lost track of (lost; scanner.Command.Lost).
func (a *analyzer) judgeLost(argv []scanner.Arg, at scanner.Pos, alt *value, lost bool) {
	treesitter.JudgeLost(a.p, a.t, argv, at, alt, lost)
	a.scriptCalls(argv, nil)
}

// scriptCalls judges the repository's shell scripts argv runs by path
// with the arguments it gives them (scanner.Pass.ScriptsToJudge), through
// the helper chain via, if any.
func (a *analyzer) scriptCalls(argv []scanner.Arg, via []scanner.Step) {
	for _, r := range a.p.ScriptsToJudge(argv) {
		if ex, ok := a.p.Imports.Script(r.Spec); ok {
			a.p.JudgeScript(r, ex, via)
		}
	}
}

// textPos is where a string's text starts in the file: inside the literal
// when the value is a literal at the call, else at the call.
func (a *analyzer) textPos(v value, call scanner.Pos) scanner.Pos {
	if v.Lit != none {
		return a.t.PosAt(int(a.t.Nodes[v.Lit].Start) + 1)
	}
	return call
}

// shellValue scans line, a string a shell runs (exec, execSync,
// shelljs.exec, execaCommand) at call n.
func (a *analyzer) shellValue(n int32, line value, opts value) {
	vars := a.shellEnv(opts)
	// each possibility of the text is a command line the shell may run
	for _, v := range line.Possibilities() {
		if text, ok := treesitter.ShellText(v); ok {
			a.p.ScanShellEnv(text, a.textPos(v, a.t.Pos(n)), "", vars)
		}
	}
}

// maxEnvVars bounds the variables shellEnv reads off an `env` option.
const maxEnvVars = 64

// shellEnv is what the `env` option of a process API's options opts
// sets (`{ env: { ...process.env, AGENT: 'claude' } }`): the shell that
// runs its line expands them. A variable whose value is not one known
// string is unknown; past maxEnvVars keys the rest are not read (and
// stay what the shell would read without them: unknown).
func (a *analyzer) shellEnv(opts value) map[string][]scanner.Arg {
	if opts.K != vObj {
		return nil
	}
	e, ok := a.prop(opts, "env")
	if !ok || e.K != vObj {
		return nil
	}
	keys := a.objectKeys(e, e.Node)
	var vars map[string][]scanner.Arg
	for i, k := range keys.Elems {
		if i >= maxEnvVars {
			break
		}
		if !k.Known() || k.Alt != nil {
			continue
		}
		v, _ := a.prop(e, k.S)
		if vars == nil {
			vars = map[string][]scanner.Arg{}
		}
		if v.Known() && v.Alt == nil {
			vars[k.S] = []scanner.Arg{scanner.Lit(v.S)}
		} else {
			vars[k.S] = []scanner.Arg{{}}
		}
	}
	return vars
}

// posArg is argument i of process API call n given args: a spread among
// them (`...xs`, or an apply's array not written out, a.applied) gives
// its elements the positions from there on (treesitter.Spread; past one
// of unknown length any of them); false when the call passes nothing
// there.
func (a *analyzer) posArg(args []int32, i int, n int32) (value, bool) {
	t := a.t
	if a.applied == none && !slices.ContainsFunc(args, func(c int32) bool { return t.Nodes[c].Kind == kSpread }) {
		if i < len(args) {
			return a.ev.Eval(args[i]), true
		}
		return value{}, false
	}
	vals, exactTo := treesitter.Spread(args, a.spreadOfApplied(a.applied), a.ev.Eval)
	return treesitter.SpreadParam(a.ev.Cfg, vals, exactTo, i, n)
}

// fork runs node with a module path: fork(module, args?, {execPath}).
func (a *analyzer) fork(n int32, args []int32) {
	if len(args) == 0 {
		return
	}
	mod, arr, opts, hasOpts := a.spawnArgs(args)
	exe := treesitter.Str("node", none)
	if !hasOpts && len(args) > 1 {
		if v := a.ev.Eval(args[1]); v.K == vObj {
			opts, hasOpts = v, true
		}
	}
	if hasOpts {
		if e, ok := a.prop(opts, "execPath"); ok {
			exe = e
		}
	}
	argv := []scanner.Arg{a.t.Arg(exe), a.t.Arg(mod)}
	argv = append(argv, a.argvOf(nil, arr)...)
	a.judge(argv, a.t.Pos(n), nil)
}

// shellTemplate scans a zx or Bun `$` template as shell text:
// interpolations are quoted words.
func (a *analyzer) shellTemplate(tpl int32, bun bool) {
	t := a.t
	var b strings.Builder
	for c := t.Nodes[tpl].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kStringFragment:
			b.WriteString(t.Text(c))
		case kEscapeSequence:
			b.WriteString(decodeEscape(t.Text(c)))
		case kTemplateSubstitution:
			v := a.templateValue(c)
			if raw, ok := a.bunRaw(v, c); bun && ok {
				// Bun inserts an object's `raw` text unescaped: a
				// command line of its own (`{ raw: "claude -p x" }`)
				b.WriteString(raw)
				continue
			}
			b.WriteString(quotedWord(v))
		}
	}
	a.p.ScanShell(b.String(), t.PosAt(int(t.Nodes[tpl].Start)+1), "")
}

// bunRaw is the text Bun's shell inserts unescaped for v, an object
// with a `raw` member (`{ raw: "claude -p review" }`), read at n: the
// member's string, or an unknown word's text when it is not known; false
// when v is no such object.
func (a *analyzer) bunRaw(v value, n int32) (string, bool) {
	if v.K != vObj || v.Obj == none || !a.hasKey(v.Obj, "raw") {
		return "", false
	}
	r := a.member(v, "raw", n)
	if r.K == vStr && r.Known() {
		return r.S, true
	}
	return `"` + unknownShellWord + `"`, true
}

// hasKey reports whether object literal obj writes key name (`name: v`,
// `"name": v`, or shorthand `name`).
func (a *analyzer) hasKey(obj int32, name string) bool {
	t := a.t
	if t.Nodes[obj].Kind != kObject {
		return false
	}
	for c := t.Nodes[obj].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kPair:
			if k := t.Child(c, fKey); k != none && strings.Trim(t.Text(k), `"'`) == name {
				return true
			}
		case kShorthandProperty:
			if t.Is(c, name) {
				return true
			}
		}
	}
	return false
}

// templateValue is the value a process API's tagged template
// interpolates at substitution c; one read from another module (execa's
// $ with an imported BIN) makes phase two read the file again with it
// (Pass.Needs).
func (a *analyzer) templateValue(c int32) value {
	v := a.ev.Eval(a.t.Nodes[c].First)
	if a.p.Imports == nil {
		a.needFrom(v)
		if v.K == vArr {
			for _, e := range v.Elems {
				a.needFrom(e)
			}
		}
	}
	return v
}

// templateArgv splits an execa template into an argv: spaces separate
// arguments, an interpolated string joins the word it touches, an
// interpolated array adds one argument per element.
func (a *analyzer) templateArgv(tpl int32) []scanner.Arg {
	t := a.t
	var argv []scanner.Arg
	var cur strings.Builder
	curKnown, curAny := true, false
	var curPos scanner.Pos
	flush := func() {
		if curAny {
			if curKnown {
				argv = append(argv, scanner.Arg{Value: cur.String(), Known: true, Pos: curPos})
			} else {
				argv = append(argv, scanner.Arg{Pos: curPos})
			}
		}
		cur.Reset()
		curKnown, curAny = true, false
	}
	addText := func(s string, off int) {
		for i, r := range s {
			if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
				flush()
				continue
			}
			if !curAny {
				curPos = t.PosAt(off + i)
			}
			cur.WriteRune(r)
			curAny = true
		}
	}
	for c := t.Nodes[tpl].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kStringFragment:
			addText(t.Text(c), int(t.Nodes[c].Start))
		case kEscapeSequence:
			addText(decodeEscape(t.Text(c)), int(t.Nodes[c].Start))
		case kTemplateSubstitution:
			v := a.templateValue(c)
			if v.K == vArr {
				flush()
				for _, e := range v.Elems {
					argv = append(argv, a.t.Arg(e))
				}
				continue
			}
			if !curAny {
				curPos = t.Pos(c)
			}
			curAny = true
			if v.Known() {
				cur.WriteString(v.S)
			} else {
				curKnown = false
			}
		}
	}
	flush()
	return argv
}

// sdk reports an Agent SDK query(): class sdk unless the executable option
// points at a launch-runtime shim.
// piSessionFactory reports whether call n of a Pi SDK value that no
// table lists (apiOf's deny by default) is inside the session factory the
// file hands to a listed entry point (`createAgentSessionRuntime(
// createRuntime, ...)`, whose factory calls createAgentSessionFromServices):
// the session the factory makes is the one that call starts, which is
// reported there (one finding per launch).
func (a *analyzer) piSessionFactory(n int32, callee value) bool {
	t := a.t
	if callee.Mod != piSDK || len(callee.Path) != 1 || apis[piSDK+":"+callee.Path[0]] == apiSDK {
		return false
	}
	f := t.Nodes[n].Parent
	for k := 0; f != none && t.Nodes[f].Kind != kArrow && t.Nodes[f].Kind != kFunction; k++ {
		if k > treesitter.MaxEvalDepth {
			return false
		}
		f = t.Nodes[f].Parent
	}
	if f == none {
		return false
	}
	// the factory as an argument, or the name it is bound to
	name := ""
	if d := t.Nodes[f].Parent; d != none && t.Nodes[d].Kind == kVariableDeclarator {
		if id := t.Child(d, fName); id != none && t.Nodes[id].Kind == kIdentifier {
			name = t.Text(id)
		}
	} else if t.Nodes[f].Kind == kFunction {
		if id := t.Child(f, fName); id != none {
			name = t.Text(id)
		}
	}
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		if t.Nodes[i].Kind != kCall || i == n {
			continue
		}
		fn, args := t.Child(i, fFunction), t.Child(i, fArguments)
		if fn == none || args == none || t.Nodes[args].Kind != kArguments {
			continue
		}
		handed := false
		for _, c := range t.Children(args) {
			if c == f || name != "" && t.Nodes[c].Kind == kIdentifier && t.Text(c) == name {
				handed = true
			}
		}
		if !handed {
			continue
		}
		if v := a.ev.Eval(fn); v.Mod == piSDK && len(v.Path) == 1 && apis[piSDK+":"+v.Path[0]] == apiSDK {
			return true
		}
	}
	return false
}

func (a *analyzer) sdk(n int32, args []int32, callee value) {
	// the runtime is the one whose npm package the SDK is (packages in
	// the config): Pi's SDK runs Pi, in this process, with no executable
	// to point at a shim
	rt, what := "claude", "query"
	if r, ok := a.p.Config.RuntimeForPackage(normModule(callee.Mod)); ok && len(callee.Path) > 0 {
		rt, what = r, callee.Path[len(callee.Path)-1]
	}
	if sdkWrappers[normModule(callee.Mod)] && len(callee.Path) > 0 {
		what = callee.Path[len(callee.Path)-1]
	}
	gated := false
	for _, arg := range args {
		v := a.ev.Eval(arg)
		if v.K != vObj || rt != "claude" {
			continue
		}
		opts := v
		if o, ok := a.prop(v, "options"); ok {
			opts = o
		} else if o, ok := a.prop(v, "defaultSettings"); ok {
			// createClaudeCode({ defaultSettings }) of an SDK wrapper
			opts = o
		}
		if e, ok := a.prop(opts, "pathToClaudeCodeExecutable"); ok && allShims(e) {
			gated = true
		}
	}
	cls := scanner.ClassSDK
	if gated {
		cls = scanner.ClassGated
	}
	at := a.t.Pos(n)
	a.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: rt, Class: cls,
		Message: scanner.LaunchMessage(rt, what, cls)})
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

// anyIs reports whether any possibility of v is the known string s.
func anyIs(v value, s string) bool {
	for _, p := range v.Possibilities() {
		if p.Known() && p.S == s {
			return true
		}
	}
	return false
}

// detectDangerous finds the primitive where the raw text search cannot:
// split over concatenated literals or array elements, held in constants,
// or written as an SDK option in an object literal.
func (a *analyzer) detectDangerous() {
	t := a.t
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
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
			return // only the top of a concatenation
		}
		a.dangerousString(i)
	case kTemplateString:
		a.dangerousString(i)
	case kArray:
		v := a.ev.Eval(i)
		if v.K != vArr {
			return
		}
		argv := a.argvOf(nil, v)
		if k := scanner.DangerousArgv(argv); k >= 0 {
			e := v.Elems[k]
			// a value of another file is judged here, where it is
			// put in an argv (its own file may hold a bare part)
			if e.Composite || argv[k].Value == "--permission-mode" || len(a.link.used) > 0 {
				a.p.ReportDangerous(a.posOrNode(e, i), treesitter.DangerText(argv, k), true)
			}
		}
	case kPair:
		k := t.Child(i, fKey)
		if k == none {
			return
		}
		if text, ok := a.dangerousOption(propName(t, k), t.Child(i, fValue)); ok {
			a.p.ReportDangerous(t.Pos(i), text, true)
		}
	case kAssignment:
		// options.permissionMode = "bypassPermissions": the option set
		// after construction
		l := t.Child(i, fLeft)
		if l == none || t.Nodes[l].Kind != kMember {
			return
		}
		if p := t.Child(l, fProperty); p != none {
			if text, ok := a.dangerousOption(t.Text(p), t.Child(i, fRight)); ok {
				a.p.ReportDangerous(t.Pos(i), text, true)
			}
		}
	case kCall:
		fn := t.Child(i, fFunction)
		if fn == none || t.Nodes[fn].Kind != kMember {
			if fn != none && t.Nodes[fn].Kind == kIdentifier && isStrFunc(t.Text(fn)) {
				a.dangerousString(i) // atob('...')
			}
			return
		}
		if par := t.Nodes[i].Parent; (par == none || t.Nodes[par].Kind != kMember) && computesString(t, fn) {
			// a string computed by methods (['--dangerously', 'skip',
			// 'permissions'].join('-')): the outermost call of a chain
			a.dangerousString(i)
		}
		// q.setPermissionMode("bypassPermissions")
		if p := t.Child(fn, fProperty); p != none && t.Is(p, "setPermissionMode") {
			if args := t.Child(i, fArguments); args != none && t.Nodes[args].First != none {
				if text, ok := a.dangerousOption("permissionMode", t.Nodes[args].First); ok {
					a.p.ReportDangerous(t.Pos(i), text, true)
				}
			}
		}
	}
}

func (a *analyzer) posOrNode(v value, n int32) scanner.Pos {
	if v.Node != none {
		return a.t.Pos(v.Node)
	}
	return a.t.Pos(n)
}

// dangerousString reports the primitives in the string at n when it is
// built from pieces.
func (a *analyzer) dangerousString(n int32) {
	treesitter.ReportComposite(a.p, a.t, n, a.ev.Eval(n))
}

// dangerousOption recognises the primitive written as an option: a
// permission mode of bypassPermissions, or a skip-permissions switch.
func (a *analyzer) dangerousOption(key string, val int32) (string, bool) {
	norm := strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(key))
	switch norm {
	case "permissionmode", "defaultmode":
		v := a.ev.Eval(val)
		if anyIs(v, scanner.BareMode) {
			return key + ": bypassPermissions", true
		}
		if a.p.Imports == nil {
			a.needFrom(v) // a mode of another module, under any name
		}
	case "dangerouslyskippermissions", "allowdangerouslyskippermissions":
		if strings.Contains(key, "-") {
			return "--" + key, true // extraArgs: {'dangerously-skip-permissions': null}
		}
		if v := a.ev.Eval(val); v.K == vBool && v.B {
			return key + ": true", true
		}
	}
	return "", false
}

// isNodeInterpreter reports whether a shebang program runs JS/TS.
func isNodeInterpreter(p string) bool {
	switch p {
	case "node", "nodejs", "bun", "deno", "tsx", "ts-node", "zx":
		return true
	}
	return false
}

// computesString reports whether the method a member callee names is one
// the evaluator computes a string with (join, or a string method).
func computesString(t *tree, fn int32) bool {
	p := t.Child(fn, fProperty)
	if p == none {
		return false
	}
	name := t.Text(p)
	_, ok := strMethods[name]
	return ok || name == "join"
}

// isStrFunc reports whether name is a global function computing a string.
func isStrFunc(name string) bool {
	_, ok := strFuncs[name]
	return ok
}

// mayHoldPart: see scanner.MayHoldPart.
func mayHoldPart(p *scanner.Pass) bool { return scanner.MayHoldPart(p.Src, p.Hits) }

// lost reports whether the analysis lost track of v, a process API's
// program (scanner.Command.Lost): a possibility that is unknown, not read
// from the environment, and comes from a parameter of a function no name
// holds (a callback handed to a call the analysis does not model, a
// function another returns), from `arguments`, or from a caught value.
// A named function's parameter is not lost: the calls of the function
// are followed (evalParam), and a helper's summary carries it to other
// modules.
func (a *analyzer) lost(v value) bool {
	for _, p := range v.Possibilities() {
		if !p.Known() && !p.Env && !p.Cut && p.K != vRef && p.K != vFunc && (p.Mod == proxyMod || !local(p.Mod) && a.lostNode(p.Node) || a.lostResult(p) || a.containerResolved(p)) {
			return true
		}
	}
	return false
}

// lostResult reports whether p, an unknown, is what a method returns of
// an object a function of another module of the repository returns
// (`getBackend(id).argv(p)`, its elements), which the repository phase,
// having read that module, could not name: the object's class is chosen
// at run time (a registry filled by other modules, a value typed by an
// interface), and which method runs is not followed. A property of the
// object or the function's own result (`getShellConfig().shell`) is
// not: the phase reads the function's returns. Phase one does not know
// the module yet and keeps it.
func (a *analyzer) lostResult(p value) bool {
	if a.p.Imports == nil || !local(p.Mod) || !slices.ContainsFunc(p.Path, func(s string) bool { return strings.Count(s, "()") >= 2 && strings.HasSuffix(s, "()") }) {
		return false
	}
	_, _, ok := a.p.Imports.Source(p.Mod)
	return ok
}

// containerResolved reports whether p, an unknown, is what an object of
// a package hands out by a key (`container.resolve("AgentBin")` of
// tsyringe or awilix, `container.get(TYPES.Bin)` of InversifyJS,
// `Container.get(...)` of typedi): a dependency-injection container
// supplies it, from what any module registered with it, as it does a
// constructor's injected parameter (injectedField). A module of the
// repository is read instead (in phase one a bare name may be one: the
// value is kept as lost until phase two says it is not), unless it does
// not offer the object, which is then a package's container too.
func (a *analyzer) containerResolved(p value) bool {
	if p.Mod == "" || p.Mod == proxyMod || len(p.Path) == 0 {
		return false
	}
	path, ok := strings.CutSuffix(strings.Join(p.Path, "."), "()")
	if !ok {
		return false
	}
	// a method of an object: `container.resolve`, not a function `get`
	dot := strings.LastIndexByte(path, '.')
	if dot <= 0 || !resolverMethods[path[dot+1:]] {
		return false
	}
	if !isRelative(p.Mod) && a.p.Imports == nil {
		return true
	}
	if a.p.Imports == nil {
		return false // phase two reads the module
	}
	if _, _, ok := a.p.Imports.Source(p.Mod); !ok {
		return !isRelative(p.Mod) // a package's
	}
	// A module of the repository: an object it offers is read (a
	// registry it fills); one it does not, an instance of a package's
	// class (`export const ioc = new Container()`), hands out what a
	// module registered with it.
	_, offered := a.p.Imports.Lookup(p.Mod, path[:dot])
	return !offered
}

// resolverMethods are the methods by which a container hands out what a
// module registered under a key.
var resolverMethods = map[string]bool{
	"resolve": true, "resolveAsync": true, "resolveAll": true,
	"get": true, "getAsync": true, "getNamed": true, "getTagged": true, "getAll": true, "getAllAsync": true,
}

// maxLostMembers bounds the members lostNode reads back to a name.
const maxLostMembers = 16

// lostNode is lost for the node an unknown value stands for.
func (a *analyzer) lostNode(n int32) bool {
	t := a.t
	if n <= 0 || int(n) >= len(t.Nodes) {
		return false
	}
	switch t.Nodes[n].Kind {
	case kSubscript, kMember:
		obj := t.Nodes[n].First
		if obj != none && t.Nodes[obj].Kind == kThis && t.Nodes[n].Kind == kMember {
			if p := t.Child(n, fProperty); p != none {
				return a.injectedField(n, t.Text(p))
			}
		}
		if obj != none && t.Nodes[obj].Kind == kIdentifier && t.Text(obj) == "arguments" {
			return true
		}
		// job.cmd, job.spec.bin: a member of a lost value is lost (an
		// event handler's parameter), at most maxLostMembers deep
		for k := 0; obj != none && k < maxLostMembers; k++ {
			switch t.Nodes[obj].Kind {
			case kIdentifier:
				return a.lostParam(obj)
			case kMember, kSubscript:
				obj = t.Nodes[obj].First
			default:
				return false
			}
		}
		return false
	case kSpread:
		// f(...a): a's elements
		c := t.Nodes[n].First
		return c != none && t.Nodes[c].Kind == kIdentifier && a.lostNode(c)
	case kIdentifier:
	default:
		return false
	}
	// a name used here: where it is bound
	if bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n); ok {
		for _, b := range bs {
			switch {
			case b.ref || b.name == none || b.name == n:
				// an import: the repository phase follows it
			case b.each && !b.keys:
				// for (const exe of agentsFor(...)): a loop over a value
				// the analysis cannot read (a for...in variable is a key
				// the evaluator reads)
				return true
			case b.param && a.lostDecl(b.name):
				return true
			case !b.param && !b.each && b.value != none && !a.fromArgv(b.value):
				// const {program} = JSON.parse(input): a name bound to a
				// value the analysis cannot read (the command line's
				// arguments come from outside the file)
				return true
			case b.param && b.fn == "" && !a.formalParam(b.name):
				// const [cmd, ...rest] = ..., a destructured or rest name
				// of a value the analysis cannot read
				return true
			}
		}
		return false
	}
	return a.lostDecl(n)
}

// injectedRE matches a constructor's parameter property a decorator
// marks (`@inject(TYPES.Bin) private bin`, `@Inject() readonly bin`).
var injectedRE = regexp.MustCompile(`@[\w.$]+(?:\([^)\n]{0,200}\))?\s+(?:(?:private|public|protected|readonly)\s+)+([\w$]+)`)

// injectedField reports whether this.name, read at n, is a parameter
// property of the enclosing class's constructor that a decorator marks:
// a dependency-injection container supplies it, not the calls the
// analysis follows, so its value is lost.
func (a *analyzer) injectedField(n int32, name string) bool {
	t := a.t
	for p, depth := t.Nodes[n].Parent, 0; p != none && depth < 64; p, depth = t.Nodes[p].Parent, depth+1 {
		if t.Nodes[p].Kind != kClassDecl {
			continue
		}
		body := t.Src[t.Nodes[p].Start:t.Nodes[p].End]
		i := bytes.Index(body, []byte("constructor("))
		if i < 0 {
			return false
		}
		for _, m := range injectedRE.FindAllSubmatch(body[i:min(len(body), i+4096)], 32) {
			if string(m[1]) == name {
				return true
			}
		}
		return false
	}
	return false
}

// lostParam reports whether the name n is bound only where the analysis
// cannot follow what it is given: a parameter of a function no name holds
// (an event handler's), a caught value. A member of such a name is lost (`bus.on("job", job =>
// spawn(job.cmd))`); one of a name bound to a value (an unmodelled call's
// result, which may hand back what it is given) is not.
func (a *analyzer) lostParam(n int32) bool {
	t := a.t
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
	if !ok {
		return false
	}
	for _, b := range bs {
		switch {
		case b.ref || b.name == none || b.name == n || b.each:
			// a loop's element: the evaluator follows the list
		case b.param && a.lostDecl(b.name) && !a.iterationParam(b.name):
			return true
		case !b.param && b.value != none && a.loadsRuntimeModule(b.value, 0, nil):
			// a module named at run time (`require(path.join(dir, f))`)
			return true
		}
	}
	return false
}

// loadsRuntimeModule reports whether expression e loads a module named by
// a value that is not a literal (`require(path.join(dir, f))`,
// `import(url)`), directly or through the names it reads (at most
// maxLostMembers names deep, each expression read once): no pass
// follows what such a module holds.
func (a *analyzer) loadsRuntimeModule(e int32, depth int, seen map[int32]bool) bool {
	t := a.t
	if depth > maxLostMembers {
		// a chain of names this deep is no module's load the rule
		// reads: the value stays as the evaluator has it (a bound of
		// its own, bound_deep_spreads.ts, reports it)
		return false
	}
	if seen == nil {
		seen = map[int32]bool{}
	}
	if seen[e] {
		return false // read already, from another name
	}
	seen[e] = true
	end := t.Nodes[e].End
	for i := e; i < int32(len(t.Nodes)) && t.Nodes[i].Start < end; i++ {
		switch t.Nodes[i].Kind {
		case kCall:
			fn := t.Child(i, fFunction)
			if fn == none || !(t.Nodes[fn].Kind == kImport || t.Nodes[fn].Kind == kIdentifier && t.Is(fn, "require")) {
				continue
			}
			args := t.Child(i, fArguments)
			if args == none || t.Nodes[args].First == none {
				continue
			}
			if k := t.Nodes[t.Nodes[args].First].Kind; k != kString && !(k == kTemplateString && !strings.Contains(t.Text(t.Nodes[args].First), "${")) {
				return true
			}
		case kIdentifier:
			bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[i].Start:t.Nodes[i].End], i)
			if !ok || len(bs) != 1 || bs[0].param || bs[0].ref || bs[0].value == none || bs[0].value == e {
				continue
			}
			if v := bs[0].value; (v < e || t.Nodes[v].Start >= end) && a.loadsRuntimeModule(v, depth+1, seen) {
				return true
			}
		}
	}
	return false
}

// iterationParam reports whether the name node n is a parameter of a
// callback handed to an array's iteration method
// (`later.forEach((argv) => ...)`, iterCallback): an element of the
// array, which the evaluator follows.
func (a *analyzer) iterationParam(n int32) bool {
	t := a.t
	fn := t.Nodes[n].Parent
	for k := 0; fn != none && k < 4 && t.Nodes[fn].Kind != kArrow && t.Nodes[fn].Kind != kFunction; k++ {
		fn = t.Nodes[fn].Parent
	}
	return fn != none && (t.Nodes[fn].Kind == kArrow || t.Nodes[fn].Kind == kFunction) && a.iterCallback(fn) != none
}

// lostDecl is lost for the name node n where it is bound.
func (a *analyzer) lostDecl(n int32) bool {
	t := a.t
	prev := n
	for p, depth := t.Nodes[n].Parent, 0; p != none && depth < 8; prev, p, depth = p, t.Nodes[p].Parent, depth+1 {
		switch t.Nodes[p].Kind {
		case kCatch:
			return true
		case kFormalParameters:
			if prev != n && bytes.HasPrefix(t.Src[t.Nodes[prev].Start:t.Nodes[prev].End], []byte("@")) {
				// `constructor(@inject(TYPES.Bin) private bin: string)`:
				// a dependency-injection container supplies it, not
				// the calls the analysis follows
				return true
			}
			fn := t.Nodes[p].Parent
			return fn != none && !a.heldByName(fn)
		case kArrow:
			// `x => spawn(x)`: the one parameter has no list
			if t.Nodes[p].First == n {
				return !a.heldByName(p)
			}
			return false
		case kStatementBlock, kProgram, kCall, kFunction:
			return false
		}
	}
	return false
}

// fromArgv reports whether the expression n reads the command line
// (`process.argv`, `process.argv.slice(2)`, `Deno.args`).
func (a *analyzer) fromArgv(n int32) bool {
	txt := a.t.Text(n)
	return strings.HasPrefix(txt, "process.argv") || strings.HasPrefix(txt, "Deno.args") || strings.HasPrefix(txt, "Bun.argv")
}

// formalParam reports whether the name node n is a parameter of a
// function or an arrow (in its list, or an arrow's one parameter).
func (a *analyzer) formalParam(n int32) bool {
	t := a.t
	for p, depth := t.Nodes[n].Parent, 0; p != none && depth < 8; p, depth = t.Nodes[p].Parent, depth+1 {
		switch t.Nodes[p].Kind {
		case kFormalParameters:
			return true
		case kArrow:
			return t.Nodes[p].First == n
		case kStatementBlock, kProgram, kCall, kFunction:
			return false
		}
	}
	return false
}

// heldByName reports whether the function fn is declared with a name, is
// a method, or is what a declaration, an assignment or an object's
// property holds: a function whose calls the analysis follows.
func (a *analyzer) heldByName(fn int32) bool {
	t := a.t
	if t.Child(fn, fName) != none {
		return true
	}
	p := t.Nodes[fn].Parent
	for p != none && (t.Nodes[p].Kind == kParen || t.Nodes[p].Kind == kAsExpr) {
		p = t.Nodes[p].Parent
	}
	if p == none {
		return false
	}
	switch t.Nodes[p].Kind {
	case kVariableDeclarator, kAssignment, kPair, kField:
		return true
	}
	return false
}

// vmRunners are the node:vm functions and classes that run their first
// argument as JavaScript.
var vmRunners = map[string]bool{"runInThisContext": true, "runInNewContext": true, "runInContext": true, "Script": true, "compileFunction": true, "SourceTextModule": true}

// evaluated scans the JavaScript a call or new at n hands the interpreter
// (`eval(code)`, `new Function(..., body)` and `Function(...)`,
// node:vm's runners), when the analysis knows its text: its launches are
// reported at n (scanner.Pass.ScanEvaluated).
func (a *analyzer) evaluated(n, fn int32) {
	t := a.t
	args := t.Child(n, fArguments)
	if args == none || t.Nodes[args].Kind != kArguments || t.Nodes[args].First == none {
		return
	}
	all := t.Children(args)
	code, how := int32(none), ""
	switch t.Nodes[fn].Kind {
	case kIdentifier:
		switch {
		case t.Is(fn, "eval") && !a.scopes.Bound([]byte("eval")):
			code, how = all[0], "eval"
		case t.Is(fn, "Function") && !a.scopes.Bound([]byte("Function")):
			code, how = all[len(all)-1], "Function"
		}
	case kMember:
		p := t.Child(fn, fProperty)
		if p == none {
			return
		}
		if t.Is(p, "Worker") {
			code, how = a.workerCode(n, fn, all)
			break
		}
		if !vmRunners[string(t.Src[t.Nodes[p].Start:t.Nodes[p].End])] {
			return
		}
		if v := a.ev.Eval(t.Child(fn, fObject)); v.K == vRef && normModule(v.Mod) == "vm" && len(v.Path) == 0 {
			code, how = all[0], "vm."+t.Text(p)
		}
	}
	if code == none && t.Nodes[fn].Kind == kIdentifier && t.Is(fn, "Worker") {
		code, how = a.workerCode(n, fn, all)
	}
	if code == none || t.Nodes[code].Kind == kSpread {
		return
	}
	for _, v := range a.ev.Eval(code).Possibilities() {
		if !v.Known() {
			continue
		}
		mark := a.p.Mark()
		if a.p.Config.MentionsRuntime([]byte(v.S)) {
			a.p.ScanEvaluated("code.js", v.S, t.Pos(n), how)
		}
		if !a.p.LaunchSince(mark) && !strings.Contains(v.S, "child_process") && evalCallsAPI.MatchString(v.S) {
			// the code calls a process API on a value it is handed
			// (`new Function("cp", "bin", "cp.spawn(bin)")`, a vm
			// context's `cp`, eval's enclosing scope), as it loads no
			// process module itself: its own scan does not know it, so
			// a program the analysis cannot name (the lost-value rule)
			a.p.NoteOpaque(t.Pos(n))
		}
	}
}

// workerCode is the code a worker thread made at n runs as JavaScript
// (`new Worker(code, { eval: true })` of node:worker_threads), with how
// the report names it; none when its options say no eval (false, or an
// object without it), where the first argument is a file (judged as a
// module load). Options not known may say eval.
func (a *analyzer) workerCode(n, fn int32, args []int32) (int32, string) {
	t := a.t
	if t.Nodes[n].Kind != kNew || len(args) < 2 {
		return none, ""
	}
	if v := a.ev.Eval(fn); v.K != vRef || normModule(v.Mod) != "worker_threads" || pathKey(v.Path) != "Worker" {
		return none, ""
	}
	opts := a.ev.Eval(args[1])
	if e, ok := a.prop(opts, "eval"); ok && e.K == vBool && !e.B || !ok && opts.K == vObj {
		return none, ""
	}
	return args[0], "new Worker"
}

// evalCallsAPI matches code that calls a child_process API by name.
var evalCallsAPI = regexp.MustCompile(`\b(spawn|spawnSync|exec|execSync|execFile|execFileSync|fork)\s*\(`)

// computedRequire records, in phase one, the module of the repository a
// require or import() at n names by a path it computes beside the file
// (`require(path.join(__dirname, "lib", "proc.js"))`, besideModule): the
// repository phase reads the file with that module's summary
// (Pass.Needs), as it does for a literal.
func (a *analyzer) computedRequire(n, fn int32) {
	t := a.t
	if a.p.Imports != nil || !(t.Nodes[fn].Kind == kImport || t.Nodes[fn].Kind == kIdentifier && t.Is(fn, "require") && !a.scopes.Bound([]byte("require"))) {
		return
	}
	args := t.Child(n, fArguments)
	if args == none || t.Nodes[args].First == none || t.Nodes[t.Nodes[args].First].Kind != kCall {
		return
	}
	if v := a.ev.Eval(t.Nodes[args].First); v.Known() && v.Alt == nil && isRelative(v.S) {
		a.p.Needs = appendOnce(a.p.Needs, normModule(v.S))
	}
}

// iterated judges call n of an iteration method handed a process API by
// reference (`bins.map(execFileSync)`, `xs.forEach(spawn)`,
// `Array.from(bins, spawn)`): the API is
// called with each element of the receiver as its first argument (the
// element's index and the array follow, and are not read), so it is a
// call of the API whose first argument is any element. It reports
// whether n was such a call.
func (a *analyzer) iterated(n, fn int32) bool {
	t := a.t
	if t.Nodes[n].Kind != kCall || t.Nodes[fn].Kind != kMember {
		return false
	}
	p, recv := t.Child(fn, fProperty), t.Child(fn, fObject)
	args := t.Child(n, fArguments)
	if p == none || recv == none || args == none || t.Nodes[args].Kind != kArguments {
		return false
	}
	f := t.Nodes[args].First
	switch {
	case iterMethods[t.Text(p)]:
	case t.Is(p, "from") && t.Is(recv, "Array") && !a.scopes.Bound([]byte("Array")) && f != none:
		// Array.from(xs, execFileSync): the map function is called
		// with each element of xs
		recv, f = f, t.Nodes[f].Next
	default:
		return false
	}
	if f == none || !a.mayNameAPIValue(f) {
		return false
	}
	callee := a.ev.Eval(f)
	kind := apiOf(callee)
	if kind == apiNone {
		return false
	}
	if a.over == nil {
		a.over = map[int32]value{}
	}
	a.over[f] = a.eachElem(&binding{value: recv, each: true, name: f})
	defer delete(a.over, f)
	a.apiCall(n, args, callee, kind, []int32{f}, none)
	return true
}

// terminal judges a terminal VS Code opens (`createTerminal(options)` or
// `(name, shellPath, shellArgs)`): it runs its shellPath with its
// shellArgs, an array or (Windows) one command line. A terminal with no
// shellPath runs the user's shell: what is typed into it (sendText) is
// judged there.
func (a *analyzer) terminal(n int32, args []int32) {
	if len(args) == 0 {
		return
	}
	var shell, rest value
	v := a.ev.Eval(args[0])
	switch {
	case v.K == vObj:
		var ok bool
		if shell, ok = a.prop(v, "shellPath"); !ok {
			return
		}
		rest, _ = a.prop(v, "shellArgs")
	case len(args) > 1:
		shell = a.ev.Eval(args[1])
		if len(args) > 2 {
			rest = a.ev.Eval(args[2])
		}
	default:
		return
	}
	if shell.K == vNull {
		return
	}
	argv := a.argvOf(&shell, rest)
	if rest.K == vStr {
		argv = append(argv, a.t.Arg(rest))
	}
	a.judge(argv, a.t.Pos(n), shell.Alt)
}

// mayNameAPIValue is the cheap filter on a function handed by reference
// (iterated): a member whose name a process API has (`cp.spawn`), or a
// name of such a member or bound to an import or a require
// (`execFileSync`, `const run = require("child_process").spawn`), an
// alias or a promisified API. A name of the file's own function or
// parameter, which bundles hand to `map` everywhere, is not evaluated.
func (a *analyzer) mayNameAPIValue(f int32) bool {
	t := a.t
	switch t.Nodes[f].Kind {
	case kMember:
		p := t.Child(f, fProperty)
		return p != none && interestingMembers[t.Text(p)] && a.worthEvaluating(f)
	case kIdentifier:
		name := t.Src[t.Nodes[f].Start:t.Nodes[f].End]
		if interestingMembers[string(name)] {
			return a.scopes.Bound(name)
		}
		bs, _, ok := a.scopes.Lookup(name, f)
		if !ok {
			return false
		}
		for i := range bs {
			b := &bs[i]
			if b.ref || len(b.path) > 0 {
				return true
			}
			if b.value == none {
				continue
			}
			switch t.Nodes[b.value].Kind {
			case kMember, kIdentifier:
				return true // const run = cp.spawn, const run = spawn
			case kCall:
				// const run = promisify(execFile)
				if c := t.Child(b.value, fFunction); c != none && strings.HasSuffix(t.Text(c), "promisify") {
					return true
				}
			}
		}
	}
	return false
}
