package tsjs

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/leasegate/leasegate/cmdline"
	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// The TS/JS side of the repository phase (docs/repository.md): what a
// module offers its importers (constants naming a runtime, helpers whose
// parameters reach a process API), and the judgement of a call site with
// what its imports bring in.

var _ scanner.Linker = Detector{}

// linkState is one file's part in the repository phase.
type linkState struct {
	sum     scanner.Summary
	helpers []helperCall       // calls of helpers, for the in-file fixed point
	used    []scanner.Step     // imported constants read while judging one call
	json    map[string]jsonDoc // JSON modules imported, by specifier (jsonmod.go)
	needAll bool               // every module imported is needed (needAllImports)
	// calledMods are the relative modules whose functions the file
	// calls, in order (mutatedElsewhere), and mutations memoizes the
	// strings each key's lookup in them gave
	calledMods []string
	mutations  map[string]mutatedBy
	// fieldQueues are the Put sinks of instance fields holding a queue
	// (`this.jobs`, queueArray), by field: the file's own, never offered
	fieldQueues map[string][]scanner.Sink
}

// mutatedBy is what the modules a file calls put into one array of
// another module in place, and where (mutatedElsewhere).
type mutatedBy struct {
	strs  []string
	steps []scanner.Step
}

// helperCall is a call of a function that is not a process API, which may
// be a helper (local or imported) whose parameters reach one.
type helperCall struct {
	n, fn, args int32 // the call, its callee and its arguments node
	// ind: the call is indirect (indirectOf: `f.call(null, x)`), fn
	// the function it calls; its arguments are read from n again
	ind bool
	// ref: the callee is a reference to another module's mod.path (what
	// imported reads); the whole value is not kept, since a bundle makes
	// a hundred thousand of these
	ref  bool
	mod  string
	path []string
}

// resolveExts are the files an extension-less (or `.js`) specifier may
// name, in the order TypeScript and Node try them.
var resolveExts = []string{".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"}

// Resolve implements scanner.Linker: relative specifiers, with or without
// an extension (a `.js` written for a `.ts` file), and folder index files.
func (Detector) Resolve(from, spec string, exists func(string) bool) (string, bool) {
	if spec != "." && spec != ".." && !strings.HasPrefix(spec, "./") && !strings.HasPrefix(spec, "../") {
		return "", false
	}
	base := path.Join(path.Dir(from), spec)
	if base == ".." || strings.HasPrefix(base, "../") {
		return "", false
	}
	try := []string{base}
	if ext := path.Ext(base); ext == ".js" || ext == ".mjs" || ext == ".cjs" || ext == ".jsx" {
		stem := strings.TrimSuffix(base, ext)
		for _, e := range resolveExts {
			try = append(try, stem+e)
		}
	}
	for _, e := range resolveExts {
		try = append(try, base+e)
	}
	for _, e := range resolveExts {
		try = append(try, path.Join(base, "index"+e))
	}
	for _, c := range try {
		if exists(c) {
			return c, true
		}
	}
	return "", false
}

// Summarize implements scanner.Linker: it parses the file and lists the
// module-level constants that name a runtime and the helpers whose
// parameters reach a process API (also through other helpers, in this
// file or, through p.Imports, in others).
func (d Detector) Summarize(p *scanner.Pass) (*scanner.Summary, error) {
	a, release, err := summaryAnalyzer(p, false)
	if err != nil {
		return nil, err
	}
	defer release()
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
		if fn == none || !a.worthEvaluating(fn) && !a.ownMethod(fn) {
			continue
		}
		callee := a.ev.Eval(fn)
		an := t.Child(i, fArguments)
		if an != none && t.Nodes[an].Kind == kTemplateString {
			if k := apiOf(callee); k == apiZx || k == apiBunShell {
				// $`${bin} -p x`: the parameters in the line
				a.sinkShellLine(an, a.step(i, ""))
				if e := a.leadingSubst(an); e != none {
					// $`${argv.agent} -p x`: the script's own
					// argument is the program (one word, quoted)
					a.sinkScriptArgs(apiSpawn, e, a.step(i, ""))
				}
			}
			continue
		}
		if an == none || t.Nodes[an].Kind != kArguments {
			continue
		}
		if c, as, applied, ind := a.indirect(i); ind {
			// runTool.call(null, bin), spawn.call(null, bin): a call of
			// runTool, of spawn
			switch kind := apiOf(c); {
			case kind == apiNone:
				a.noteHelper(i, fn, c, an, false, true)
				continue
			case applied == none:
				a.noteCall(i, kind, as)
				continue
			}
		}
		if kind := apiOf(callee); kind != apiNone {
			a.noteCall(i, kind, t.Children(an))
		} else {
			a.noteHelper(i, fn, callee, an, false, false)
		}
	}
	a.fixedPoint()
	a.offerMethods()
	a.subclasses(false)
	a.aliasExports()
	a.summarizeConsts()
	a.summarizeSetters()
	a.summarizeCallbacks()
	a.summarizeMethodCallbacks()
	a.summarizeExports()
	a.summarizeEnv()
	if p.Hits.Has(scanner.HitRuntime) && declaresRuntimeDefault(p) {
		a.summarizeDefaults()
	}
	// any name may hold a value (an export's many shapes are not told
	// apart here): while a value is valued with imports, any constant it
	// reads is asked for (scanner.Summary.Values)
	a.link.sum.Values = []string{"*"}
	return &a.link.sum, nil
}

var _ scanner.NameLinker = Detector{}

// SummarizeName implements scanner.NameLinker: the constants module-level
// name holds (its members by path; what it returns, for `name()`), every
// string kept, evaluated with p.Imports (a name of another module it
// reads is that module's value). Only that name is evaluated: what else
// the module holds does not matter.
func (d Detector) SummarizeName(p *scanner.Pass, name string) (*scanner.Summary, error) {
	a, release, err := summaryAnalyzer(p, true)
	if err != nil {
		return nil, err
	}
	defer release()
	// `cmd()` (a function's Pending entry): its value offers what it
	// returns as `cmd()`
	bare := strings.TrimSuffix(name, "()")
	bs := a.scopes.ModuleBindings(bare)
	if len(bs) == 1 && !bs[0].ref && !bs[0].param && bs[0].value != none {
		v := a.ev.Eval(bs[0].value)
		for _, p := range bs[0].path {
			v = a.member(v, p, bs[0].name)
		}
		a.exportValue(bare, v, bs[0].name, 0)
	}
	if bare == name && name != "" {
		// a class: its fields (`Class.` Pending)
		a.summarizeClassFields(name)
	}
	if name == "" || name == "default" || len(bs) == 0 {
		// module.exports = {...}, export default {...}: their members
		a.summarizeExports()
	}
	if err := a.ev.Err(); err != nil {
		a.link.sum.Truncated = true
	}
	return &a.link.sum, nil
}

// summaryAnalyzer parses p's file and binds its names, for a summary
// (allConsts: it keeps every constant); release hands the tree back.
func summaryAnalyzer(p *scanner.Pass, allConsts bool) (a *analyzer, release func(), err error) {
	gpath, restore := componentPass(p)
	g, lang := grammarFor(gpath, p.Src)
	p.Language = lang
	t, err := g.Borrow(p)
	if err != nil {
		restore()
		return nil, nil, err
	}
	a = newAnalyzer(t, p)
	a.allConsts = allConsts
	a.collect()
	return a, func() { g.Return(p, t); restore() }, nil
}

// summarizeEnv records the environment variables the module sets to a
// value naming a runtime (`process.env.AGENT_BIN = 'claude'`), anywhere
// in it: a file of the repository reading one may see the value
// (Summary.Env).
func (a *analyzer) summarizeEnv() {
	t := a.t
	for _, s := range a.envSets {
		k := a.envSetKey(s)
		if k == "" {
			continue
		}
		strs, _ := treesitter.Strings(a.ev.Eval(t.Child(s, fRight)))
		if len(strs) > 0 && a.p.Config.MentionsRuntime([]byte(strings.Join(strs, " "))) {
			a.link.sum.AddEnv(k, scanner.Const{Vals: strs, At: t.Pos(t.Child(s, fRight))})
		}
	}
}

// summarizeExports records what the module exports besides its named
// constants: re-exports (`export {a as b} from "./m"`, `export * from
// "./m"`), the exported names that are a package's process API or SDK
// function (`export { query as ask } from "…sdk"`, `export const ask =
// query`, `export default query`, `module.exports = { ask: query }`), and
// what a default export holds (`export default {...}`, `module.exports =
// {...}`), flattened like the constants.
func (a *analyzer) summarizeExports() {
	t := a.t
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		switch t.Nodes[i].Kind {
		case kExportStatement:
			a.exportStatement(i)
		case kCall:
			// Object.assign(module.exports, require('./spawn')): every
			// name of that module, as `export *`
			if f := t.Child(i, fFunction); f == none || !t.Is(f, "Object.assign") || a.scopes.Of(i) != a.scopes.Of(0) {
				continue
			}
			args := t.Child(i, fArguments)
			if args == none || t.Nodes[args].First == none {
				continue
			}
			if first := t.Nodes[args].First; !t.Is(first, "module.exports") && !t.Is(first, "exports") {
				continue
			}
			for c := t.Nodes[t.Nodes[args].First].Next; c != none; c = t.Nodes[c].Next {
				switch sv := a.ev.Eval(c); {
				case sv.K == vRef && local(sv.Mod) && len(sv.Path) == 0 && !slices.Contains(a.link.sum.Stars, sv.Mod):
					a.link.sum.Stars = append(a.link.sum.Stars, sv.Mod)
				case sv.K == vRef && !local(sv.Mod) && len(sv.Path) == 0:
					// Object.assign(module.exports, require('child_process')):
					// the process module's APIs, as `module.exports = cp`
					a.exportValue("", sv, c, 0)
				}
			}
		case kAssignment:
			// module.exports = v, module.exports.x = v, exports.x = v
			l := t.Child(i, fLeft)
			if l == none || t.Nodes[l].Kind != kMember || a.scopes.Of(i) != a.scopes.Of(0) {
				continue
			}
			switch lt := t.Text(l); {
			case lt == "module.exports":
				a.exportValue("", a.ev.Eval(t.Child(i, fRight)), i, 0)
				a.deferIfImports("*", t.Child(i, fRight))
			case strings.HasPrefix(lt, "module.exports.") || strings.HasPrefix(lt, "exports."):
				a.exportValue(lt[strings.LastIndexByte(lt, '.')+1:], a.ev.Eval(t.Child(i, fRight)), i, 0)
			}
		}
	}
}

// aliasExports gives the sinks of a named helper to the name the module
// exports it under, when that is another (`export default function
// run(b)`, `module.exports = run`, `exports.go = function run(b)`):
// importers look the helper up by the exported name.
func (a *analyzer) aliasExports() {
	t := a.t
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		var fn int32 = none
		switch t.Nodes[i].Kind {
		case kFunction, kArrow:
			fn = i
		case kIdentifier:
			if p := t.Nodes[i].Parent; p != none && (t.Nodes[p].Kind == kExportStatement && t.Child(p, fValue) == i ||
				t.Nodes[p].Kind == kAssignment && t.Child(p, fRight) == i) {
				fn = i
			}
		}
		if fn == none || a.scopes.Of(fn) != a.scopes.Of(0) {
			continue
		}
		to := exportName(t, fn)
		from := ""
		switch {
		case to == "":
			continue
		case t.Nodes[fn].Kind == kIdentifier:
			from = t.Text(fn)
		default:
			if nm := t.Child(fn, fName); nm != none && t.Nodes[nm].Kind == kIdentifier {
				from = t.Text(nm)
			}
		}
		if from == "" || from == to {
			continue
		}
		for _, k := range a.link.sum.Sinks[from] {
			a.link.sum.AddSink(to, k)
		}
	}
}

// exportStatement records one `export ...` statement (summarizeExports).
func (a *analyzer) exportStatement(i int32) {
	t := a.t
	clause := t.ChildKind(i, kExportClause)
	if src := t.Child(i, fSource); src != none {
		spec := propName(t, src)
		// own: the file's re-export, not one of an ambient module it
		// declares (`declare module "child_process" { export * from
		// "node:child_process" }` in @types/node)
		own := t.Nodes[i].Parent != none && t.Nodes[t.Nodes[i].Parent].Kind == kProgram
		if ns := t.ChildKind(i, kNamespaceExport); ns != none && clause == none {
			// export * as cp from "child_process": the module under a
			// name of this one, as `export const cp = require(...)`
			// (repo_namespace_reexport.txtar)
			for nm := t.Nodes[ns].First; nm != none && !isRelative(spec); nm = t.Nodes[nm].Next {
				if k := t.Nodes[nm].Kind; k == kIdentifier || k == kString {
					a.exportValue(propName(t, nm), value{K: vRef, Mod: spec, Node: src, Lit: none}, ns, 0)
				}
			}
			return
		}
		if clause == none {
			// export * from "m"
			if !slices.Contains(a.link.sum.Stars, spec) {
				a.link.sum.Stars = append(a.link.sum.Stars, spec)
			}
			if !isRelative(spec) {
				for _, name := range apiNames(normModule(spec)) {
					a.offerAPI(name, value{K: vRef, Mod: normModule(spec), Path: []string{name}}, own)
				}
			}
			return
		}
		for s := t.Nodes[clause].First; s != none; s = t.Nodes[s].Next {
			name, alias := t.Child(s, fName), t.Child(s, fAlias)
			if t.Nodes[s].Kind != kExportSpecifier || name == none {
				continue
			}
			if alias == none {
				alias = name
			}
			member := propName(t, name)
			a.link.sum.AddReexport(propName(t, alias), scanner.Ref{Spec: spec, Name: member, At: t.Pos(s)})
			if !isRelative(spec) {
				a.offerAPI(propName(t, alias), value{K: vRef, Mod: normModule(spec), Path: []string{member}}, own)
			}
		}
		return
	}
	if clause != none {
		// export { query as ask }: a name of this module under another
		for s := t.Nodes[clause].First; s != none; s = t.Nodes[s].Next {
			name, alias := t.Child(s, fName), t.Child(s, fAlias)
			if t.Nodes[s].Kind != kExportSpecifier || name == none || t.Nodes[name].Kind != kIdentifier {
				continue
			}
			if alias == none {
				alias = name
			}
			a.exportValue(propName(t, alias), a.ev.Eval(name), s, 0)
		}
		return
	}
	if v := t.Child(i, fValue); v != none {
		// export default <expression>
		a.exportValue("default", a.ev.Eval(v), i, 0)
		a.deferIfImports("*", v)
		return
	}
	isDefault := strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(t.Text(i), "export")), "default")
	for c := t.Nodes[i].First; c != none; c = t.Nodes[c].Next {
		switch {
		case t.Nodes[c].Kind == kFunction && isDefault:
			a.exportValue("default", treesitter.FuncAt(c), c, 0)
		case t.Nodes[c].Kind == kFunction:
			// export async function getSdk() { return import('…sdk') }
			if nm := t.Child(c, fName); nm != none && t.Nodes[nm].Kind == kIdentifier {
				a.exportSDKLoader(t.Text(nm), c)
			}
		case t.Nodes[c].Kind != kFunction:
			// export const ask = query: an API under another name
			for d := t.Nodes[c].First; d != none; d = t.Nodes[d].Next {
				if nm := t.Child(d, fName); t.Nodes[d].Kind == kVariableDeclarator && nm != none && t.Nodes[nm].Kind == kIdentifier {
					switch v := a.ev.Eval(nm); {
					case v.K == vRef:
						a.exportValue(t.Text(nm), v, nm, 0)
					case v.K == vFunc && v.Fn != none:
						a.exportSDKLoader(t.Text(nm), v.Fn)
					case launchingPackage(v):
						// export const SDK = "@anthropic-ai/claude-agent-sdk":
						// a file that imports it by that name (`await
						// import(SDK)`) is read in phase two
						a.link.sum.AddAPI(t.Text(nm))
					}
				}
			}
		}
	}
}

// maxExportDepth bounds how deep an exported object, array or function's
// result is flattened into the summary; a deeper one marks the summary
// truncated, so a name it does not hold is dynamic where a call names a
// runtime (docs/repository.md, bounds).
const maxExportDepth = 4

// exportValue records exported value v under name ("" for the module
// itself, `module.exports`): a package's API under another name is a
// re-export of it; an object, an array or a function's result is
// flattened into constants named by their path (`config.agent.command`,
// `argv.#0`, `getAgentCommand()`, `getSpec().command`); a string that
// names a runtime is a constant.
func (a *analyzer) exportValue(name string, v value, at int32, depth int) {
	t := a.t
	key := func(k string) string {
		if name == "" || name == "default" {
			// the members of the module's default export are read as
			// the import's own (`import settings from`; `settings.x`)
			return k
		}
		return name + "." + k
	}
	switch {
	case v.K == vRef && !isRelative(v.Mod) && apiOf(v) != apiNone:
		if name == "" {
			name = "default"
		}
		a.link.sum.AddReexport(name, scanner.Ref{Spec: v.Mod, Name: strings.Join(v.Path, "."), At: t.Pos(at)})
		a.offerAPI(name, v, true)
	case v.K == vRef && !isRelative(v.Mod) && len(v.Path) == 0 && name != "" && sdkModule(v.Mod):
		// getSdk() returning (await import('@anthropic-ai/claude-agent-sdk')),
		// export const sdk = require(...): the Agent SDK's module under
		// another name; an importer reads its `query` off it
		a.link.sum.AddReexport(name, scanner.Ref{Spec: v.Mod, Name: "default", At: t.Pos(at)})
		a.link.sum.AddAPI(strings.TrimSuffix(name, "()"))
	case v.K == vRef && !isRelative(v.Mod) && len(v.Path) == 0 && v.Alt == nil && len(apiNames(normModule(v.Mod))) > 0:
		// module.exports = cp, export default cp, module.exports = { cp }:
		// a process module under another name; an importer reads its
		// APIs off it, as those of `export * from` (module_reexported.txtar)
		for _, m := range apiNames(normModule(v.Mod)) {
			a.exportValue(key(m), value{K: vRef, Mod: normModule(v.Mod), Path: []string{m}, Node: v.Node, Lit: none}, at, depth+1)
		}
		if name == "" || name == "default" {
			// its importers call `proc.spawn` under the names of the
			// APIs themselves: they are read by the module's name
			a.link.sum.AddAPI(scanner.DefaultExport)
		} else {
			// `import { cp as proc }`: read by the module's name and cp
			a.link.sum.AddAPI(name)
		}
	case depth >= maxExportDepth:
		switch {
		case v.K == vFunc:
			a.link.sum.Truncated = true // a helper may be lost
		case v.K == vObj && name != "" && v.Obj != none && !a.ev.MayName(v.Obj):
			// members that cannot name a launch
		case (v.K == vObj || v.K == vArr) && name != "":
			// the members are not read: this constant is cut, not the
			// summary
			a.link.sum.AddConst(name, scanner.Const{Cut: true, At: t.Pos(at)})
		case v.K == vObj || v.K == vArr:
			a.link.sum.Truncated = true
		}
	case v.K == vObj && v.Obj != none && v.Alt != nil:
		// one of several objects (treesitter.Union: a function returning
		// one of them): each member is the union of theirs
		var keys []string
		for _, o := range v.Possibilities() {
			if o.K != vObj || o.Obj == none {
				continue
			}
			for c := t.Nodes[o.Obj].First; c != none; c = t.Nodes[c].Next {
				k := ""
				switch t.Nodes[c].Kind {
				case kPair:
					if kn := t.Child(c, fKey); kn != none {
						k = propName(t, kn)
					}
				case kShorthandProperty:
					k = t.Text(c)
				}
				if k != "" && !slices.Contains(keys, k) {
					keys = append(keys, k)
				}
			}
		}
		for _, k := range keys {
			if p, ok := a.prop(v, k); ok {
				a.exportValue(key(k), p, at, depth+1)
			}
		}
	case v.K == vObj && v.Obj != none:
		for c := t.Nodes[v.Obj].First; c != none; c = t.Nodes[c].Next {
			switch t.Nodes[c].Kind {
			case kSpread:
				// { ...DEFAULTS, timeout: 1 }: the spread object's members,
				// unless a later entry sets them
				sv := a.ev.Eval(t.Nodes[c].First)
				switch {
				case sv.K == vObj && sv.Obj != v.Obj:
					a.exportValue(name, sv, c, depth+1)
				case sv.K == vRef && local(sv.Mod) && len(sv.Path) > 0 && name != "" && name != "default":
					// another module's object: its members, by path
					a.link.sum.AddReexport(name+".*", scanner.Ref{Spec: sv.Mod, Name: pathKey(sv.Path), At: t.Pos(c)})
				case sv.K == vRef && local(sv.Mod) && len(sv.Path) == 0 && (name == "" || name == "default") && !slices.Contains(a.link.sum.Stars, sv.Mod):
					// module.exports = { ...require('./spawn') }: every
					// name of that module, as `export *`
					a.link.sum.Stars = append(a.link.sum.Stars, sv.Mod)
				case sv.K == vRef && !local(sv.Mod) && len(sv.Path) == 0:
					// module.exports = { ...require('child_process') }: the
					// process module's APIs, as `module.exports = cp`
					// (repo_cjs_process_barrel.txtar)
					a.exportValue(name, sv, c, depth+1)
				}
			case kPair:
				if k := t.Child(c, fKey); k != none {
					a.exportValue(key(propName(t, k)), a.ev.Eval(t.Child(c, fValue)), c, depth+1)
				}
			case kShorthandProperty:
				a.exportValue(key(t.Text(c)), a.evalIdent(c), c, depth+1)
			case kFunction:
				// { review(p) { return [...] } }: what agents.review() returns
				if k := t.Child(c, fName); k != none {
					if v, ok := a.prop(v, propName(t, k)); ok {
						if v.K == vRef && local(v.Mod) && len(v.Path) > 0 && a.isGetter(c) {
							// get bin() { return NAMES.main }: a member of
							// another module, as a method's return is
							a.link.sum.AddReexport(key(propName(t, k)), scanner.Ref{Spec: v.Mod, Name: pathKey(v.Path), At: t.Pos(c)})
							continue
						}
						a.exportValue(key(propName(t, k)), v, c, depth+1)
					}
				}
			case kEnumAssignment:
				// export enum Agent { Claude = 'claude' }: Agent.Claude
				if k := t.Child(c, fName); k != none {
					a.exportValue(key(propName(t, k)), a.ev.Eval(t.Child(c, fValue)), c, depth+1)
				}
			}
		}
	case v.K == vArr:
		for i, e := range v.Elems {
			a.exportValue(key("#"+strconv.Itoa(i)), e, at, depth+1)
		}
		if name != "" {
			a.exportList(name, v, at)
		}
		if vals, ok := pairValues(v); ok && name != "" {
			// new Map([[k, v], ...]): `.get(k)` is any of its values (the
			// key is not followed into the entries: an over-approximation)
			a.exportValue(key("get()"), treesitter.Union(a.ev.Cfg, vals, v.Node), at, depth+1)
		}
	case v.K == vFunc && v.Fn != none:
		if name == "" {
			name = "default"
		}
		rv := a.ev.ReturnValue(v.Fn, at)
		a.exportValue(name+"()", rv, at, depth+1)
		if a.returnsParam(v.Fn) && rv.K != vObj {
			// (an object returned is offered by its members above)
			// withProgram(argv, prog) { argv.unshift(prog); return argv },
			// (prog, ...extra) => [prog].concat(extra): what it returns is
			// built from its arguments (importedResult); a string (`dir +
			// '/' + name`) is one of them, else an array of them
			kind := "list"
			if rv.K == vStr {
				kind = "string"
			}
			vals := []string{kind}
			if shape, ok := a.returnShape(v.Fn); ok && kind == "list" {
				// return ["git", "--no-pager", ...extra]: each place is
				// known, the caller's values are put in theirs
				vals = append(vals, shape...)
			}
			a.link.sum.AddConst(name+argsKey, scanner.Const{Vals: vals, At: t.Pos(at)})
		}
	case v.Alt != nil && strings.HasSuffix(name, "()") && slices.ContainsFunc(v.Possibilities(), isMemberRef):
		// return x ? A.bin : B.bin
		a.offerRefs(name, []value{v}, at)
	case v.K == vRef && local(v.Mod) && name != "" && len(v.Path) > 0 && (strings.HasSuffix(name, "()") || isJSON(v.Mod)):
		// return cfg.agent.bin: a member of another module (a JSON
		// module's, read where it is used), offered as a re-export of it
		a.link.sum.AddReexport(name, scanner.Ref{Spec: v.Mod, Name: pathKey(v.Path), At: t.Pos(at)})
	case name != "":
		strs := usableStrings(v)
		if len(strs) > 0 && (a.allConsts || a.p.Config.MentionsRuntime([]byte(strings.Join(strs, " "))) || slices.ContainsFunc(strs, scanner.PrimitivePart)) {
			a.link.sum.AddConst(name, scanner.Const{Vals: strs, At: t.Pos(at)})
		}
	}
}

// isMemberRef reports whether v is a member of another module of the
// repository (`AGENTS.primary`).
func isMemberRef(v value) bool {
	return v.K == vRef && local(v.Mod) && len(v.Path) > 0 && apiOf(v) == apiNone
}

// exportList records exported array v whole, as a list of its elements
// in order (an unknown one as treesitter.UnknownPart), when one of them
// names a runtime or spells the primitive: an importer that spreads it
// (`[...AGENT_CMD, '-p']`, `Bun.spawn({cmd: AGENT_CMD})`) reads the argv,
// not only the elements it indexes.
func (a *analyzer) exportList(name string, v value, at int32) {
	elems := make([]string, len(v.Elems))
	for i, e := range v.Elems {
		elems[i] = treesitter.UnknownPart
		for k, p := range e.Possibilities() {
			if p.Usable() && (k == 0 || elems[i] == treesitter.UnknownPart || a.p.Config.MentionsRuntime([]byte(p.S))) {
				elems[i] = p.S
			}
		}
	}
	if a.allConsts || a.p.Config.MentionsRuntime([]byte(strings.Join(elems, " "))) || slices.ContainsFunc(elems, scanner.PrimitivePart) {
		a.link.sum.AddConst(name, scanner.Const{Vals: elems, List: true, At: a.t.Pos(at)})
	}
}

// usableStrings are the strings v may hold, a part not known statically
// written treesitter.UnknownPart (`path.join(os.homedir(), '.claude',
// 'local', 'claude')` is `…/.claude/local/claude`): the importer reads
// such a string as partly unknown (treesitter.FromExport), as the file
// itself does.
func usableStrings(v value) []string {
	var out []string
	for _, p := range v.Possibilities() {
		if p.Usable() {
			out = append(out, p.S)
		}
	}
	return out
}

// offerAPI lists exported name, which is API v, among the names whose
// callers in other files phase two reads (Summary.APIs): an API under
// another name (`ask` for query), or the Agent SDK's own names. A
// process API under its own name (`export * from "child_process"`) is
// not listed by that name: `spawn`, `exec` are written in most files that
// mention the module, and reading them all again cost more than the whole
// first phase (docs/repository.md, what is not followed). The module is
// offered as a default export instead, when the re-export is the file's
// own (own: not inside an ambient `declare module` block, whose exports
// are another module's: reading every file that names @types/node and a
// runtime cost a real tree's npm scan six times over).
func (a *analyzer) offerAPI(name string, v value, own bool) {
	if kind := apiOf(v); kind == apiSDK || len(v.Path) == 0 || name != v.Path[len(v.Path)-1] {
		a.link.sum.AddAPI(name)
		return
	}
	if own {
		// under its own name, re-exported by the file itself: read, as
		// a default export is, the files that name the module and a
		// runtime (repo_star_reexport_process.txtar)
		a.link.sum.AddAPI(scanner.DefaultExport)
	}
}

// launchingPackage reports whether v is the name of a package that
// launches (the Agent SDK, a process API's module), in every possibility.
func launchingPackage(v value) bool {
	strs, ok := treesitter.Strings(v)
	if !ok || len(strs) == 0 {
		return false
	}
	for _, s := range strs {
		found := false
		for k, kind := range apis {
			if m, _, _ := strings.Cut(k, ":"); m == normModule(s) && (kind == apiSDK || kind == apiSpawn || kind == apiShell || kind == apiExeca) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// exportSDKLoader offers exported function fn, named name, when it
// returns the Agent SDK's module (a lazy loader: `return (mod ??= await
// import('@anthropic-ai/claude-agent-sdk'))`): its callers in other files
// read `query` off what it returns, so they are read in phase two. Only a
// file that names an SDK package is asked.
func (a *analyzer) exportSDKLoader(name string, fn int32) {
	if !mentionsSDK(a.p.Src) {
		return
	}
	if v := a.ev.ReturnValue(fn, fn); v.K == vRef && len(v.Path) == 0 && sdkModule(v.Mod) {
		a.exportValue(name+"()", v, fn, 0)
	}
}

// sdkPackages are the Agent SDK's package names (apiSDK members' modules).
var sdkPackages = func() [][]byte {
	var out [][]byte
	for k, kind := range apis {
		if m, _, _ := strings.Cut(k, ":"); kind == apiSDK && !slices.ContainsFunc(out, func(b []byte) bool { return string(b) == m }) {
			out = append(out, []byte(m))
		}
	}
	return out
}()

// mentionsSDK reports whether src names an Agent SDK package.
func mentionsSDK(src []byte) bool {
	for _, m := range sdkPackages {
		if bytes.Contains(src, m) {
			return true
		}
	}
	return false
}

// sdkModule reports whether package mod is an Agent SDK (a member of it
// is apiSDK).
func sdkModule(mod string) bool {
	mod = normModule(mod)
	for k, kind := range apis {
		if m, _, _ := strings.Cut(k, ":"); m == mod && kind == apiSDK {
			return true
		}
	}
	return false
}

// apiNames are the members of package mod that are process APIs (what
// `export * from mod` offers).
func apiNames(mod string) []string {
	var out []string
	for k := range apis {
		if m, member, _ := strings.Cut(k, ":"); m == mod && member != "" && !strings.Contains(member, ".") {
			out = append(out, member)
		}
	}
	slices.Sort(out)
	return out
}

// pathKey is the summary's name of a member path of an import: the
// names joined with dots ("default" for the module itself), an index as
// `#i`.
func pathKey(path []string) string {
	if len(path) == 0 {
		return "default"
	}
	out := make([]string, len(path))
	for i, p := range path {
		if _, err := strconv.Atoi(p); err == nil {
			p = "#" + p
		}
		out[i] = p
	}
	return strings.Join(out, ".")
}

// newAnalyzer is the analyzer of one parsed file.
func newAnalyzer(t *tree, p *scanner.Pass) *analyzer {
	a := &analyzer{t: t, p: p, scopes: treesitter.NewScopes[binding](t, kFunction, kArrow), thisAttrs: map[string][]int32{}, applied: none}
	a.ev = treesitter.NewEvaluator(t, p.Config, a.scopes, treesitter.Lang[binding](a), evalShape)
	a.ev.Seed = p.Hits.Seed() || p.Imports != nil
	return a
}

// summarizeConsts records the module-level constants whose strings name
// a runtime (the others cannot change a verdict in another file).
func (a *analyzer) summarizeConsts() {
	for _, name := range a.scopes.ModuleNames() {
		bs := a.scopes.ModuleBindings(name)
		if len(bs) != 1 || bs[0].ref || bs[0].param || bs[0].value == none {
			continue
		}
		v := a.ev.Eval(bs[0].value)
		for _, p := range bs[0].path {
			v = a.member(v, p, bs[0].name)
		}
		if ms := a.muts[name]; len(ms) > 0 && len(bs[0].path) == 0 && v.K == vArr && !a.mutating[name] && a.mutationsName(ms) {
			// the module's own changes in place (`AGENTS.set(k, v)`,
			// `LIST.push(x)`, at its top level or in its functions): an
			// importer reads the list once they may have run; only
			// when one names a runtime in its text, as the summary
			// offers only values naming one (a registry of functions
			// filled by a parameter adds nothing to it)
			if a.mutating == nil {
				a.mutating = map[string]bool{}
			}
			a.mutating[name] = true
			v = a.applyMutationsAt(v, ms, a.t.Nodes[0].End, a.scopes.Of(bs[0].name), bs[0].name)
			delete(a.mutating, name)
		}
		a.exportValue(name, v, bs[0].name, 0)
		if len(bs[0].path) == 0 {
			a.deferIfImports(name, bs[0].value)
		}
	}
	a.summarizeClassFields("")
	a.summarizeImportMutations()
}

// mutationsName reports whether the text of one of ms names a runtime.
func (a *analyzer) mutationsName(ms []mutation) bool {
	for _, m := range ms {
		nd := a.t.Nodes[m.node]
		if a.ev.Cfg.NamesRuntime(a.t.Src[nd.Start:nd.End]) {
			return true
		}
	}
	return false
}

// mutatesKey prefixes, in a summary, an array of another module the
// module changes in place (`CMD.splice(0, 2, 'claude')`, CMD imported):
// `(mutates)src/cmd:CMD`, the module's path without its extension.
const mutatesKey = "(mutates)"

// summarizeImportMutations offers the strings the module puts in place
// into an array another module of the repository exports (`push`,
// `unshift`, `splice`, `fill`, `x[i] = v`, anywhere in the module):
// a file that reads that array and calls a function of this module may
// see them (importedConst).
func (a *analyzer) summarizeImportMutations() {
	t := a.t
	names := make([]string, 0, len(a.muts))
	for name := range a.muts {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		bs := a.scopes.ModuleBindings(name)
		if len(bs) != 1 || !bs[0].ref || !isRelative(bs[0].mod) || len(bs[0].path) == 0 {
			continue
		}
		var strs []string
		for _, m := range a.muts[name] {
			args := m.args
			if m.op == "splice" {
				args = args[min(2, len(args)):]
			}
			for _, c := range args {
				strs = append(strs, usableStrings(a.ev.Eval(c))...)
			}
		}
		if len(strs) == 0 {
			continue
		}
		key := mutatesKey + modStem(path.Join(path.Dir(a.p.Path), bs[0].mod)) + ":" + strings.Join(bs[0].path, ".")
		a.link.sum.AddConst(key, scanner.Const{Vals: strs, At: t.Pos(a.muts[name][0].node)})
	}
}

// mutatedElsewhere is c (have false when the module offers none), the
// value of name of module mod (an array, or an element `CMD.#0`), with
// the strings a module whose function this file calls puts into it in
// place (summarizeImportMutations) as further possibilities of each
// element: an over-approximation of where they go. False when no such
// module changes it.
func (a *analyzer) mutatedElsewhere(c value, have bool, mod, name string, n int32) (value, bool) {
	head, elem, _ := strings.Cut(name, ".")
	if elem != "" && (!strings.HasPrefix(elem, "#") || strings.Contains(elem, ".")) || len(a.link.calledMods) == 0 || !isRelative(mod) {
		return value{}, false
	}
	key := mutatesKey + modStem(path.Join(path.Dir(a.p.Path), mod)) + ":" + head
	by, done := a.link.mutations[key]
	if !done {
		for _, m := range a.link.calledMods {
			if m == mod {
				continue
			}
			e, ok := a.p.Imports.Lookup(m, key)
			if !ok || e.Dynamic || len(e.Consts) == 0 {
				continue
			}
			by.steps = append(by.steps, scanner.Step{File: e.File, Line: max(e.At.Line, 1), Column: max(e.At.Column, 1),
				Note: fmt.Sprintf("`%s` is changed in place there", head)})
			by.strs = append(by.strs, e.Consts...)
		}
		if a.link.mutations == nil {
			a.link.mutations = map[string]mutatedBy{}
		}
		a.link.mutations[key] = by
	}
	if len(by.strs) == 0 {
		return value{}, false
	}
	for _, st := range by.steps {
		a.useStep(st)
	}
	strs := by.strs
	add := make([]value, len(strs))
	for i, s := range strs {
		add[i] = treesitter.Str(s, n)
	}
	switch {
	case have && c.K == vArr:
		out := c
		out.Elems = make([]value, len(c.Elems))
		for i, e := range c.Elems {
			out.Elems[i] = treesitter.Union(a.ev.Cfg, append([]value{e}, add...), n)
		}
		if len(out.Elems) == 0 {
			out.Elems = []value{treesitter.Union(a.ev.Cfg, add, n)}
		}
		return out, true
	case !have && elem == "":
		// the array is not offered (its own elements name nothing)
		return value{K: vArr, Elems: []value{treesitter.Union(a.ev.Cfg, add, n)}, Node: n, Lit: none}, true
	case have:
		// CMD[0]: the element, or any string put in
		return treesitter.Union(a.ev.Cfg, append([]value{c}, add...), n), true
	}
	return treesitter.Union(a.ev.Cfg, add, n), true
}

// modStem is a module's root-relative path without a script extension
// or a folder's `/index`, as both sides of summarizeImportMutations
// write it.
func modStem(p string) string {
	for _, e := range resolveExts {
		if strings.HasSuffix(p, e) {
			p = strings.TrimSuffix(p, e)
			break
		}
	}
	return strings.TrimSuffix(p, "/index")
}

// deferIfImports lists module-level name among the summary's Pending
// when its value (node value) reads a name imported from a module of the
// repository (`[...BASE, '-p']`, `PREFIX + 'claude'`, `path.join(DIR,
// NAME)`), or, as `name()`, when it is a function one of whose own
// returns is a literal array, object, string or operator that does
// (`return [...BASE, 'review', p]`): made without imports, the summary
// cannot hold what it is, so the driver asks the module for that name's
// value again with them when an importer looks it up
// (scanner.NameLinker). Only in a summary made without imports. A
// function returning a name or a call is not listed: importers read
// what nearly every call of another module's function returns, and
// valuing each again would cost as much as Python found.
func (a *analyzer) deferIfImports(name string, value int32) {
	if a.p.Imports != nil || value == none {
		return
	}
	t := a.t
	if k := t.Nodes[value].Kind; k == kFunction || k == kArrow {
		if slices.Contains(a.link.sum.Pending, name+"()") {
			return
		}
		for _, e := range a.returnExprs(value) {
			switch t.Nodes[e].Kind {
			case kArray, kObject, kString, kTemplateString, kBinary:
				if a.readsLocalImport(e) {
					a.link.sum.Pending = append(a.link.sum.Pending, name+"()")
					return
				}
			}
		}
		return
	}
	if !slices.Contains(a.link.sum.Pending, name) && a.readsLocalImport(value) {
		a.link.sum.Pending = append(a.link.sum.Pending, name)
	}
}

// readsLocalImport reports whether expression value reads a name
// imported from a module of the repository (not inside a function or
// class it holds).
func (a *analyzer) readsLocalImport(value int32) bool {
	if a.localImports == nil {
		a.localImports = map[string]bool{}
		for _, n := range a.scopes.ModuleNames() {
			for _, b := range a.scopes.ModuleBindings(n) {
				if b.ref && local(b.mod) || b.value != none && a.isLocalRequire(b.value) {
					a.localImports[n] = true
				}
			}
		}
	}
	if len(a.localImports) == 0 {
		return false
	}
	t := a.t
	end := t.Nodes[value].End
	for j := value; j < int32(len(t.Nodes)) && (j == value || t.Nodes[j].Start < end); j++ {
		switch t.Nodes[j].Kind {
		case kFunction, kArrow, kClassDecl:
			// a function's body is not the constant's value (what a
			// function of another module returns is read otherwise)
			skip := t.Nodes[j].End
			for j+1 < int32(len(t.Nodes)) && t.Nodes[j+1].Start < skip {
				j++
			}
		case kIdentifier:
			if a.localImports[t.Text(j)] {
				return true
			}
		}
	}
	return false
}

// isLocalRequire reports whether expression n is `require('./m')` (or a
// member of it) of a module that may be a file of the repository.
func (a *analyzer) isLocalRequire(n int32) bool {
	t := a.t
	for n != none && t.Nodes[n].Kind == kMember {
		n = t.Child(n, fObject)
	}
	if n == none || t.Nodes[n].Kind != kCall || !t.Is(t.Child(n, fFunction), "require") {
		return false
	}
	args := t.Child(n, fArguments)
	if args == none || t.Nodes[args].First == none {
		return false
	}
	return local(normModule(propName(t, t.Nodes[args].First)))
}

// summarizeClassFields offers the fields a module-level class declares
// with a value (`static readonly AGENT_BIN = 'claude'`, `bin = 'claude'`)
// as Class.field: an importer reads `Defaults.AGENT_BIN`, or a field of
// an instance, as any field of that name (the file's own reading). only,
// when set, is the one class read (SummarizeName). A class one of whose
// fields reads a name imported from a module of the repository (`static
// argv = [...BASE, '-p']`) is Pending as `Class.` (deferIfImports).
func (a *analyzer) summarizeClassFields(only string) {
	t := a.t
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		if t.Nodes[i].Kind != kClassDecl || a.scopes.Of(i) != a.scopes.Of(0) {
			continue
		}
		nm := t.Child(i, fName)
		body := t.Child(i, fBody)
		if nm == none || body == none || only != "" && t.Text(nm) != only {
			continue
		}
		fields := map[string][][2]int32{} // by name, the values given it and where
		var order []string
		add := func(name string, v, at int32) {
			if _, ok := fields[name]; !ok {
				order = append(order, name)
			}
			fields[name] = append(fields[name], [2]int32{v, at})
		}
		for c := t.Nodes[body].First; c != none; c = t.Nodes[c].Next {
			if t.Nodes[c].Kind == kFunction {
				a.summarizeMethod(t.Text(nm), c)
				continue
			}
			if t.Nodes[c].Kind != kField {
				continue
			}
			k, v := t.Child(c, fName), t.Child(c, fValue)
			if k == none {
				k = t.Child(c, fProperty)
			}
			if k == none || v == none {
				continue
			}
			add(propName(t, k), v, c)
			// a field built from an import: phase two values the class
			// again with its module's imports (Summary.Pending)
			if pend := t.Text(nm) + "."; a.p.Imports == nil && !slices.Contains(a.link.sum.Pending, pend) && a.readsLocalImport(v) {
				a.link.sum.Pending = append(a.link.sum.Pending, pend)
			}
		}
		// this.bin = opts.bin ?? DEFAULT_BIN in its methods (its
		// constructor): a subclass of another module reads them
		end := t.Nodes[i].End
		for j := body + 1; j < int32(len(t.Nodes)) && t.Nodes[j].Start < end; j++ {
			if t.Nodes[j].Kind != kAssignment {
				continue
			}
			l := t.Child(j, fLeft)
			if l == none || t.Nodes[l].Kind != kMember {
				continue
			}
			if o, p := t.Child(l, fObject), t.Child(l, fProperty); o != none && p != none && t.Nodes[o].Kind == kThis {
				add(t.Text(p), t.Child(j, fRight), j)
			}
		}
		for _, name := range order {
			a.offerField(t.Text(nm)+"."+name, fields[name])
		}
	}
}

// offerField offers class field key (`Base.bin`) given the values vals
// (its declaration's, its assignments'): their strings, or the member of
// another module one of them reads (`this.bin = opts.bin ??
// DEFAULT_BIN`), as a re-export of it; a union of such a member with
// other members or strings is more than the summary holds, so it is cut
// (dynamic where spawned).
func (a *analyzer) offerField(key string, vals [][2]int32) {
	var all []value
	for _, v := range vals {
		all = append(all, a.ev.Eval(v[0]))
	}
	at := vals[0][1]
	if a.offerRefs(key, all, at) {
		return
	}
	if inst, ok := soleInstance(all); ok {
		// svc = new Svc(), this.svc = new Svc() of a class another module
		// exports: a member read through the field is that class's
		// (`new Core().svc.start()` is `new Svc.start()` there), offered
		// as a re-export of the instance
		// (repo_field_instance_of_imported_class.txtar)
		a.link.sum.AddReexport(key, scanner.Ref{Spec: inst.Mod, Name: inst.Path[0], At: a.t.Pos(at)})
		return
	}
	switch {
	case len(all) == 1:
		a.exportValue(key, all[0], at, 1)
	default:
		a.exportValue(key, treesitter.Union(a.ev.Cfg, all, at), at, 1)
	}
}

// soleInstance is the one instance of a class another module exports
// (`new Svc()`, see evalNew) that every possibility of vals is; ok is
// false when any possibility is something else.
func soleInstance(vals []value) (value, bool) {
	var inst value
	found := false
	for _, v := range vals {
		for _, p := range v.Possibilities() {
			if p.Cut || p.K != vUnknown || !local(p.Mod) || len(p.Path) != 1 || !strings.HasPrefix(p.Path[0], "new ") ||
				found && (p.Mod != inst.Mod || p.Path[0] != inst.Path[0]) {
				return value{}, false
			}
			inst, found = p, true
		}
	}
	return inst, found
}

// offerRefs offers name, whose value is one of vals, when a possibility
// of them is a member of another module (isMemberRef): that member alone
// among values that name nothing is a re-export of it; with another
// member or a string the summary cannot hold the union, so the name is
// cut (a launch of it is dynamic, never silent). False when none is.
func (a *analyzer) offerRefs(name string, vals []value, at int32) bool {
	var refs []value
	other := false
	for _, v := range vals {
		for _, p := range v.Possibilities() {
			switch {
			case isMemberRef(p):
				refs = append(refs, p)
			case p.K != vUnknown:
				other = true
			}
		}
	}
	switch {
	case len(refs) == 0:
		return false
	case len(refs) == 1 && !other:
		a.link.sum.AddReexport(name, scanner.Ref{Spec: refs[0].Mod, Name: pathKey(refs[0].Path), At: a.t.Pos(at)})
	default:
		a.link.sum.AddConst(name, scanner.Const{Cut: true, At: a.t.Pos(at)})
	}
	return true
}

// summarizeMethod offers what method fn of class cls returns: a static
// method as `Agents.review()` (`static review(p) { return ['claude', '-p',
// p] }`, read as `Agents.review(x)`), a static getter as `Agents.bin`; an
// instance method as `new Agents.review()` and a getter as `new
// Agents.bin` (read through `new Agents().review()`, see evalNew). The
// instance's only in a file that names a runtime: a class's methods are
// many, and a method returning a command names its program.
func (a *analyzer) summarizeMethod(cls string, fn int32) {
	t := a.t
	k := t.Child(fn, fName)
	if k == none {
		return
	}
	if a.isGetter(fn) {
		if inst, ok := soleInstance([]value{a.ev.ReturnValue(fn, fn)}); ok {
			// get tasks() { return this._tasks } of a field holding an
			// instance of a class another module exports: offered as
			// that field is (offerField), for the class and its
			// instances, in any file
			// (repo_getter_instance_of_imported_class.txtar)
			a.link.sum.AddReexport(cls+"."+propName(t, k), scanner.Ref{Spec: inst.Mod, Name: inst.Path[0], At: t.Pos(fn)})
			return
		}
	}
	key := cls + "." + propName(t, k) + "()"
	if !strings.HasPrefix(t.Text(fn), "static") {
		if !a.p.Hits.Has(scanner.HitRuntime) || propName(t, k) == "constructor" {
			return
		}
		key = "new " + key
	}
	if a.isGetter(fn) {
		key = strings.TrimSuffix(key, "()") // get bin(): Agents.bin
	}
	a.exportValue(key, a.ev.ReturnValue(fn, fn), fn, 1)
}

// primitiveConsts lists the module-level names whose value spells the
// raw primitive or a part of it (Summary.Primitives), read as
// summarizeConsts reads them: the files that use one are read in phase
// two and judge it where they put it.
func (a *analyzer) primitiveConsts() {
	keep := a.link.sum
	a.link.sum = scanner.Summary{}
	a.summarizeConsts()
	found := a.link.sum
	a.link.sum = keep
	a.link.sum.AddPrimitives(found.Consts)
}

// step is a link of a chain at node n of this file.
func (a *analyzer) step(n int32, note string) scanner.Step {
	at := a.t.Pos(n)
	return scanner.Step{File: a.p.Path, Line: at.Line, Column: at.Column, Note: note}
}

// noteCall records what a process API call at n tells the repository
// phase: the parameters of the function around it that reach it (a
// helper), and the imports whose values reach it (Pass.Needs).
func (a *analyzer) noteCall(n int32, kind api, args []int32) {
	if len(args) == 0 {
		return
	}
	at := a.step(n, "")
	if a.p.Imports == nil {
		for _, arg := range args {
			a.needsIn(arg)
		}
	}
	for _, arg := range args[:min(len(args), 2)] {
		// an imported name, or what an imported function returns; in an
		// argv array too (a flag of another module, under any name)
		v := a.ev.Eval(arg)
		vals := []value{v}
		if v.K == vArr {
			vals = append(vals, v.Elems...)
		}
		for _, v := range vals {
			a.needFrom(v)
		}
	}
	if a.sinkSpreadRest(kind, args[0], at) || a.sinkScriptArgs(kind, args[0], at) {
		return
	}
	switch kind {
	case apiSpawn, apiExeca:
		if !a.sinkParam(args[0], scanner.Sink{Role: scanner.SinkProgram, At: at}) {
			a.sinkThisCall(args[0], scanner.Sink{Role: scanner.SinkProgram, At: at})
		}
		if len(args) > 1 {
			prog := ""
			if v := a.ev.Eval(args[0]); v.Known() {
				prog = v.S
			}
			a.sinkParam(args[1], scanner.Sink{Role: scanner.SinkArgs, Program: prog, At: at})
			for _, arr := range a.argvLiterals(args[1]) {
				a.sinkElems(prog, arr, at)
			}
		}
	case apiShell, apiAnyMember:
		if !a.sinkParam(args[0], scanner.Sink{Role: scanner.SinkShell, At: at}) &&
			!a.sinkThisCall(args[0], scanner.Sink{Role: scanner.SinkShell, At: at}) &&
			!a.sinkJoinedParam(args[0], at) {
			a.sinkShellLine(args[0], at)
		}
	case apiBunSpawn:
		a.sinkBunArgv(args[0], at)
	}
}

// sinkBunArgv records the parameters that reach Bun.spawn's argv n (or
// the `cmd` of its options object): the whole argv (`Bun.spawn(argv)`,
// `[...argv]`), its program (`[bin, ...args]`) and the arguments spread
// after it.
func (a *analyzer) sinkBunArgv(n int32, at scanner.Step) {
	t := a.t
	if t.Nodes[n].Kind == kObject {
		var cmd int32 = none
		for c := t.Nodes[n].First; c != none; c = t.Nodes[c].Next {
			if k := t.Child(c, fKey); t.Nodes[c].Kind == kPair && k != none && propName(t, k) == "cmd" {
				cmd = t.Child(c, fValue)
			}
		}
		if cmd == none {
			return
		}
		n = cmd
	}
	if a.sinkParam(n, scanner.Sink{Role: scanner.SinkArgv, At: at}) || t.Nodes[n].Kind != kArray {
		return
	}
	first := t.Nodes[n].First
	if first == none {
		return
	}
	if t.Nodes[first].Kind == kSpread {
		a.sinkParam(t.Nodes[first].First, scanner.Sink{Role: scanner.SinkArgv, At: at})
		return
	}
	a.sinkParam(first, scanner.Sink{Role: scanner.SinkProgram, At: at})
	prog := ""
	if v := a.ev.Eval(first); v.Known() {
		prog = v.S
	}
	if next := t.Nodes[first].Next; next != none && t.Nodes[next].Kind == kSpread && t.Nodes[next].Next == none {
		a.sinkParam(t.Nodes[next].First, scanner.Sink{Role: scanner.SinkArgs, Program: prog, At: at})
	}
	a.sinkElems(prog, n, at)
}

// sinkSpreadRest records the sinks of a helper that hands its rest
// parameter on whole as the process API's arguments (`(...a) =>
// spawn(...a, opts)`): the helper's argument at the rest's index is the
// program (or the shell line), the next the arguments.
func (a *analyzer) sinkSpreadRest(kind api, first int32, at scanner.Step) bool {
	t := a.t
	if t.Nodes[first].Kind != kSpread {
		return false
	}
	id := t.Nodes[first].First
	if id == none || t.Nodes[id].Kind != kIdentifier {
		return false
	}
	bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[id].Start:t.Nodes[id].End], id)
	if !found || len(bs) != 1 || !bs[0].rest || bs[0].fn == "" {
		return false
	}
	fn, i := bs[0].fn, bs[0].index
	at.Note = fmt.Sprintf("`%s` hands its arguments to a process API", fn)
	switch kind {
	case apiSpawn, apiExeca:
		a.link.sum.AddSink(fn, scanner.Sink{Param: i, Role: scanner.SinkProgram, At: at})
		a.link.sum.AddSink(fn, scanner.Sink{Param: i + 1, Role: scanner.SinkArgs, At: at})
	case apiShell:
		a.link.sum.AddSink(fn, scanner.Sink{Param: i, Role: scanner.SinkShell, At: at})
	default:
		return false
	}
	return true
}

// sinkElems records the parameters written as elements of a process
// API's argument array (`spawn("npx", ["-y", pkg, ...rest])`) when the
// program runs its arguments (a package runner, a shell, a wrapper) or
// is not known: a caller's value there may be what finally runs.
func (a *analyzer) sinkElems(prog string, arr int32, at scanner.Step) {
	t := a.t
	if t.Nodes[arr].Kind != kArray {
		return
	}
	if _, runs := cmdline.Lookup(prog); prog != "" && !runs {
		return
	}
	var tmpl []scanner.Arg
	var params []int32
	lines := map[int]int32{} // an element that holds a parameter inside it, by place
	for c := t.Nodes[arr].First; c != none; c = t.Nodes[c].Next {
		if t.Nodes[c].Kind == kSpread {
			tmpl = append(tmpl, scanner.Arg{}) // what it spreads is unknown here
			break
		}
		if _, _, _, ok := a.paramOf(c); ok {
			params = append(params, c)
			tmpl = append(tmpl, scanner.Arg{Pos: t.Pos(c)})
			continue
		}
		if k := t.Nodes[c].Kind; (k == kTemplateString || k == kBinary) && a.holdsParam(c) {
			lines[len(tmpl)] = c
		}
		tmpl = append(tmpl, a.t.Arg(a.ev.Eval(c)))
	}
	if len(lines) > 0 {
		// ["-lc", `set -e; ${line}`]: an element holding a parameter
		// that a shell of the argv runs as its string is a shell line
		// the callers' arguments complete
		words := make([]cmdline.Word, 0, len(tmpl)+1)
		words = append(words, cmdline.Lit(prog))
		for _, x := range tmpl {
			words = append(words, cmdline.Word{Text: x.Value, Known: x.Known})
		}
		for _, in := range cmdline.Unwrap(words).Inners {
			if c, ok := lines[in.Arg-1]; ok && in.Kind == cmdline.KindShell {
				a.sinkShellLine(c, at)
				delete(lines, in.Arg-1)
			}
		}
	}
	for _, c := range params {
		for j, x := range tmpl {
			if x.Pos == t.Pos(c) && !x.Known {
				a.sinkParam(c, scanner.Sink{Role: scanner.SinkArgElem, Program: prog, Elem: j, Args: tmpl, At: at})
			}
		}
	}
}

// argvLiterals are the array literals the arguments n of a process API
// may be: n itself, or, for a name bound once to it, the array or the
// branches of a conditional of arrays (`const nodeArgs = found ?
// [command, ...args] : ['--no-warnings', script, ...args]`), so a
// parameter in an element is the helper's (sinkElems) either way.
func (a *analyzer) argvLiterals(n int32) []int32 {
	t := a.t
	if t.Nodes[n].Kind == kIdentifier {
		bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
		if !found || len(bs) != 1 || bs[0].param || bs[0].ref || bs[0].each || bs[0].rest || bs[0].value == none || len(bs[0].path) > 0 {
			return []int32{n}
		}
		n = bs[0].value
	}
	var out []int32
	stack := []int32{n}
	for len(stack) > 0 && len(out) < 4 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for e != none && (t.Nodes[e].Kind == kParen || t.Nodes[e].Kind == kAsExpr) {
			e = t.Nodes[e].First
		}
		switch {
		case e == none:
		case t.Nodes[e].Kind == kTernary:
			stack = append(stack, t.Child(e, fAlternative), t.Child(e, fConsequence))
		case t.Nodes[e].Kind == kArray:
			out = append(out, e)
		}
	}
	return out
}

// maxNeedNodes bounds the nodes needsIn reads for one argument; past it
// the call's module imports are all needed (an over-approximation).
const maxNeedNodes = 256

// needsIn records the modules of the repository whose imported names the
// expression n reads anywhere inside it, also through the values of the
// names it reads (`Bun.spawn({cmd: [...AGENT_CMD]})`, `const o = {cmd:
// BIN}; spawn(o.cmd)`): the value that reaches the process API may be
// known only in phase two, whatever form holds it (an object, a spread,
// a template), so the file is read again there. The walk is syntactic
// and bounded (maxNeedNodes); a name bound to a parameter is the
// caller's, followed by the helper's sinks instead.
func (a *analyzer) needsIn(n int32) {
	t := a.t
	stack := []int32{n}
	var walked []int32 // the functions whose returns are read
	seen := 0
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen++; seen > maxNeedNodes {
			a.needAllImports()
			return
		}
		switch t.Nodes[c].Kind {
		case kIdentifier, kShorthandProperty:
			bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[c].Start:t.Nodes[c].End], c)
			if !ok {
				continue
			}
			for _, b := range bs {
				switch {
				case b.ref:
					if local(b.mod) {
						a.p.Needs = appendOnce(a.p.Needs, b.mod)
					}
				case b.value != none && !b.param && (b.value < c || t.Nodes[b.value].Start > t.Nodes[c].End):
					stack = append(stack, b.value)
				case b.param && b.fn != "":
					// a callback handed to another module's function
					a.callbackNeeds(&b)
				}
			}
		case kFunction, kArrow:
			// a callback's body is not the value handed on
		case kCall:
			// pick(k) of a function of the file: what it returns
			if fn := a.localCallee(c); fn != none && !slices.Contains(walked, fn) {
				walked = append(walked, fn)
				stack = append(stack, a.returnExprs(fn)...)
			}
			for k := t.Nodes[c].First; k != none; k = t.Nodes[k].Next {
				stack = append(stack, k)
			}
		default:
			for k := t.Nodes[c].First; k != none; k = t.Nodes[k].Next {
				stack = append(stack, k)
			}
		}
	}
}

// needAllImports records every module of the repository the file
// imports (Pass.Needs): a bound was reached (maxNeedNodes, or a value left
// unread, Evaluator.Unread), and what was not read may come from any of
// them. Import and export statements, require() and import() of a
// literal.
func (a *analyzer) needAllImports() {
	if a.link.needAll {
		return
	}
	a.link.needAll = true
	t := a.t
	need := func(src int32) {
		if src == none || t.Nodes[src].Kind != kString {
			return
		}
		if mod := normModule(propName(t, src)); local(mod) {
			a.p.Needs = appendOnce(a.p.Needs, mod)
		}
	}
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		switch t.Nodes[i].Kind {
		case kImportStatement, kExportStatement:
			need(t.Child(i, fSource))
			if rc := t.ChildKind(i, kImportRequireClause); rc != none {
				need(t.Child(rc, fSource))
			}
		case kCall:
			f := t.Child(i, fFunction)
			if f == none || !(t.Nodes[f].Kind == kImport || t.Nodes[f].Kind == kIdentifier && t.Is(f, "require")) {
				continue
			}
			if args := t.Child(i, fArguments); args != none {
				need(t.Nodes[args].First)
			}
		}
	}
}

// needArg records the modules of what a call site hands a parameter of
// this file's function, when it is another module's value: the
// parameter's value may be known only in the repository phase
// (run('git'); run(AGENT)), where call sites that disagree keep only the
// known strings.
func (a *analyzer) needArg(v value) value {
	if a.p.Imports == nil {
		for _, p := range v.Possibilities() {
			a.needFrom(p)
		}
	}
	return v
}

// needFrom records the module a value read from another module comes
// from (Pass.Needs).
func (a *analyzer) needFrom(v value) {
	if (v.K == vRef || v.K == vUnknown) && local(v.Mod) {
		a.p.Needs = appendOnce(a.p.Needs, v.Mod)
	}
}

func appendOnce(ss []string, s string) []string {
	for _, x := range ss {
		if x == s {
			return ss
		}
	}
	return append(ss, s)
}

// relSpec is the relative specifier by which file from names file to
// (both root-relative).
func relSpec(from, to string) string {
	up := path.Dir(from)
	prefix := "./"
	for up != "." && !strings.HasPrefix(to, up+"/") {
		up = path.Dir(up)
		if prefix == "./" {
			prefix = "../"
		} else {
			prefix += "../"
		}
	}
	if up == "." {
		return prefix + to
	}
	return prefix + strings.TrimPrefix(to, up+"/")
}

func isRelative(m string) bool { return strings.HasPrefix(m, "./") || strings.HasPrefix(m, "../") }

// sinkParam records k on the function whose parameter expression n is
// (or whose parameter's property n reads).
func (a *analyzer) sinkParam(n int32, k scanner.Sink) bool {
	if k.Field == "" {
		if ok, added := a.sinkFieldProp(n, k); ok {
			return added
		}
	}
	fn, idx, field, ok := a.paramOf(n)
	if !ok {
		if a.sinkResolved(n, k) {
			return true
		}
		return a.sinkQueued(n, k)
	}
	if field != "" {
		if idx == scanner.ParamThis && k.Field != "" {
			return false // a property of a field: sinkFieldProp
		}
		f, ok := joinField(field, k.Field)
		if !ok {
			return false
		}
		k.Field = f
	}
	k.Param = idx
	if k.At.Note == "" {
		k.At.Note = fmt.Sprintf("`%s` hands it to a process API", fn)
	}
	if idx == scanner.ParamThis {
		// this.bin set from a constructor parameter: `new C(x)` gives it
		for _, set := range a.thisAttrs[k.Field] {
			setter, i, field, ok := a.paramOf(set)
			switch {
			case !ok || field != "" || i < 0:
			case strings.HasPrefix(setter, "new "):
				c := k
				c.Param, c.Ctor, c.Field = i, true, ""
				a.link.sum.AddSink(fn, c)
				if cls := a.classAround(set); cls != "" {
					// super("claude") in a subclass of another module
					c.At.Note = fmt.Sprintf("`%s` stores its constructor's argument in `this.%s`, which `%s` hands to a process API", cls, k.Field, fn)
					a.link.sum.AddSink(cls, c)
				}
			case setter != fn:
				// setBin(b) { this.bin = b }: the field is every value
				// any method assigns, so the setter's argument may run
				c := k
				c.Param, c.Field = i, ""
				c.At.Note = fmt.Sprintf("`%s` stores it in `this.%s`, which `%s` hands to a process API", setter, k.Field, fn)
				a.link.sum.AddSink(setter, c)
			}
		}
		// a field a container injects by a token: the value a file
		// registers for the token runs (inject.go)
		a.sinkInjected(n, k.Field, k)
		// a subclass in another module that sets the field chooses what
		// runs: the class offers the field (subclass.go)
		if cls := a.classAround(n); cls != "" {
			c := k
			c.At.Note = fmt.Sprintf("`%s` hands `this.%s` to a process API", cls, k.Field)
			a.link.sum.AddSink(cls, c)
		}
	}
	return a.link.sum.AddSink(fn, k)
}

// fieldPath is the member of v that sink field path f names (`agent.bin`,
// `#0`), read at n; false when v has no such member.
func (a *analyzer) fieldPath(v value, f string, n int32) (value, bool) {
	for _, seg := range strings.Split(f, ".") {
		if strings.HasPrefix(seg, "#") && v.K == vArr {
			v = a.member(v, seg, n)
			continue
		}
		if seg == scanner.AnyMember {
			// argv.pop(), argv.splice(...): any element
			v = a.anyEntry(v, n)
			continue
		}
		if seg == "()" {
			// getBin(): what the function given returns
			if v.K != vFunc || v.Fn == none {
				return value{}, false
			}
			v = a.ev.ReturnValue(v.Fn, n)
			continue
		}
		if v.K == vRef && local(v.Mod) {
			// run(DEFAULTS) with `spawn(o.bin)`: the member of another
			// module's constant the caller hands over
			v = a.member(v, seg, n)
			continue
		}
		var ok bool
		if v, ok = a.prop(v, seg); !ok {
			return value{}, false
		}
	}
	if v.K == vRef && local(v.Mod) && apiOf(v) == apiNone {
		// a member the other module offers no value for: as before,
		// the caller's argument is not read (the helper's own lost
		// program is judged where it spawns)
		return value{}, false
	}
	return v, true
}

// literalEntry is, for name obj bound once to an object literal, the
// expression that gives its property prop: the value of the last entry
// setting prop, or the last spread after it with member prop (`{ bin:
// 'git', ...opts }` is `opts` and "bin"); else none.
func (a *analyzer) literalEntry(obj int32, prop string) (int32, string) {
	t := a.t
	if t.Nodes[obj].Kind != kIdentifier {
		return none, ""
	}
	bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[obj].Start:t.Nodes[obj].End], obj)
	if !found || len(bs) != 1 || bs[0].param || bs[0].ref || bs[0].value == none || len(bs[0].path) > 0 || t.Nodes[bs[0].value].Kind != kObject {
		return none, ""
	}
	var last int32 = none
	member := ""
	for c := t.Nodes[bs[0].value].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kPair:
			if k := t.Child(c, fKey); k != none && propName(t, k) == prop {
				last, member = t.Child(c, fValue), ""
			}
		case kShorthandProperty:
			if t.Is(c, prop) {
				last, member = c, ""
			}
		case kSpread:
			if inner := t.Nodes[c].First; inner != none {
				if _, _, _, ok := a.paramOf(inner); ok {
					last, member = inner, prop
				}
			}
		}
	}
	return last, member
}

// maxFieldDepth bounds the members of a parameter a sink follows
// (`o.agent.cmd[0]` is three); a deeper read is not a sink.
const maxFieldDepth = 4

// joinField is the member path inner then outer (`agent.bin`, `cmd.#0`),
// dot-separated; false past maxFieldDepth segments.
func joinField(inner, outer string) (string, bool) {
	switch {
	case inner == "":
		return outer, strings.Count(outer, ".") < maxFieldDepth
	case outer == "":
		return inner, strings.Count(inner, ".") < maxFieldDepth
	}
	f := inner + "." + outer
	return f, strings.Count(f, ".") < maxFieldDepth
}

// sinkFieldProp records k for n = `this.opts.command` in a method, a
// property of a field the constructor stores from its parameter
// (`constructor(private opts: Opts)`, `this.opts = opts`): `new C({command:
// 'claude'}).start()` gives it (a Ctor sink with the property as Field).
// ok is false when n is not such a read.
func (a *analyzer) sinkFieldProp(n int32, k scanner.Sink) (ok, added bool) {
	t := a.t
	if t.Nodes[n].Kind != kMember {
		return false, false
	}
	obj, prop := t.Child(n, fObject), t.Child(n, fProperty)
	if obj == none || prop == none || t.Nodes[obj].Kind != kMember {
		return false, false
	}
	this, fld := t.Child(obj, fObject), t.Child(obj, fProperty)
	if this == none || fld == none || t.Nodes[this].Kind != kThis {
		return false, false
	}
	m := a.methodOf(n)
	if m == "" {
		return false, false
	}
	for _, set := range a.thisAttrs[t.Text(fld)] {
		setter, i, field, ok := a.paramOf(set)
		if !ok || field != "" || i < 0 || !strings.HasPrefix(setter, "new ") {
			continue
		}
		c := k
		c.Param, c.Ctor, c.Field = i, true, t.Text(prop)
		if c.At.Note == "" {
			c.At.Note = fmt.Sprintf("`%s` hands `this.%s.%s` to a process API", m, t.Text(fld), t.Text(prop))
		}
		added = a.link.sum.AddSink(m, c) || added
	}
	return true, added
}

// paramOf reports which parameter of a named function expression n is
// (or reads a property of).
func (a *analyzer) paramOf(n int32) (fn string, idx int, field string, ok bool) {
	fn, idx, field, ok = a.paramOfAny(n)
	if strings.HasPrefix(fn, cbPrefix) {
		// a callback's parameter: no helper of the file (its values
		// are the function's it is handed to, evalParam)
		return "", 0, "", false
	}
	return fn, idx, field, ok
}

// paramOfAny is paramOf, a callback's parameter included.
func (a *analyzer) paramOfAny(n int32) (fn string, idx int, field string, ok bool) {
	t := a.t
	for n != none {
		switch t.Nodes[n].Kind {
		case kParen, kAwait, kAsExpr:
			n = t.Nodes[n].First
			continue
		case kMember:
			obj, prop := t.Child(n, fObject), t.Child(n, fProperty)
			if obj != none && prop != none && a.thisLike(obj) {
				// this.bin in a method: the instance's field (a static
				// one read through this.constructor too)
				if m := a.methodOf(n); m != "" {
					return m, scanner.ParamThis, t.Text(prop), true
				}
			}
			if obj == none || prop == none {
				return "", 0, "", false
			}
			if k := t.Nodes[obj].Kind; k != kIdentifier && k != kMember && k != kSubscript {
				return "", 0, "", false
			}
			if e, member := a.literalEntry(obj, t.Text(prop)); e != none && a.aliasDepth < maxFieldDepth {
				// const o = { bin: 'git', ...opts }; o.bin: opts.bin
				a.aliasDepth++
				fn, idx, f, ok := a.paramOf(e)
				a.aliasDepth--
				if !ok || member == "" {
					return fn, idx, f, ok
				}
				if idx == scanner.ParamThis {
					return "", 0, "", false
				}
				f, ok = joinField(f, member)
				return fn, idx, f, ok
			}
			// o.bin, o.agent.bin: a property (path) of the parameter
			fn, idx, inner, ok := a.paramOf(obj)
			if !ok || inner != "" && idx == scanner.ParamThis {
				return "", 0, "", false
			}
			f, ok := joinField(inner, t.Text(prop))
			return fn, idx, f, ok
		case kCall:
			if callee := t.Child(n, fFunction); callee != none && t.Nodes[callee].Kind == kIdentifier {
				// getBin(): what the function it is given returns
				fn, idx, inner, ok := a.paramOfAny(callee)
				if !ok || idx == scanner.ParamThis || inner != "" {
					return "", 0, "", false
				}
				return fn, idx, "()", true
			}
			// args.shift(), args.pop(): an element the helper takes off
			// its parameter
			obj, f, list := a.removedFrom(n)
			if obj == none || list {
				return "", 0, "", false
			}
			return a.paramMember(obj, f)
		case kSubscript:
			obj, ix := t.Child(n, fObject), t.Child(n, fIndex)
			if obj == none || ix == none {
				return "", 0, "", false
			}
			if o, f, list := a.removedFrom(obj); o != none && list {
				// args.splice(0, 1)[0]: one of the elements taken off
				return a.paramMember(o, f)
			}
			k, err := strconv.Atoi(t.Text(ix))
			if err != nil || k < 0 {
				return "", 0, "", false
			}
			if t.Nodes[obj].Kind == kIdentifier {
				// argv[0] of a rest parameter: the argument at that position
				bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[obj].Start:t.Nodes[obj].End], obj)
				if found && len(bs) == 1 && bs[0].rest {
					return bs[0].fn, bs[0].index + k, "", true
				}
			}
			if kk := t.Nodes[obj].Kind; kk != kIdentifier && kk != kMember {
				return "", 0, "", false
			}
			// argv[0], o.cmd[0]: an element of the parameter
			fn, idx, inner, ok := a.paramOf(obj)
			if !ok || idx == scanner.ParamThis {
				return "", 0, "", false
			}
			f, ok := joinField(inner, "#"+strconv.Itoa(k))
			return fn, idx, f, ok
		case kIdentifier, kShorthandProperty:
			bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
			if found && len(bs) == 1 && !bs[0].param && !bs[0].ref && !bs[0].each && bs[0].value != none && a.aliasDepth < maxFieldDepth {
				// const [c, ...r] = argv; const bin = o.bin: a name bound
				// once to (a member of) a parameter is that member
				if o, f, list := a.removedFrom(bs[0].value); list && len(bs[0].path) == 1 {
					// const [bin] = args.splice(0, 1): one taken off
					a.aliasDepth++
					fn, idx, inner, ok := a.paramMember(o, f)
					a.aliasDepth--
					return fn, idx, inner, ok
				}
				a.aliasDepth++
				fn, idx, inner, ok := a.paramOf(bs[0].value)
				a.aliasDepth--
				if !ok || idx == scanner.ParamThis && (strings.Contains(inner, ".") || len(bs[0].path) > 0) {
					// (const bin = this.bin, or a static field through
					// the class, `(this.constructor as typeof T).id`: the
					// instance's field)
					return "", 0, "", false
				}
				if len(bs[0].path) == 0 {
					return fn, idx, inner, true
				}
				if slices.ContainsFunc(bs[0].path, func(p string) bool { return strings.HasPrefix(p, restFrom) }) {
					return "", 0, "", false
				}
				f, ok := joinField(inner, pathKey(bs[0].path))
				return fn, idx, f, ok
			}
			if found && len(bs) > 1 && a.aliasDepth < maxFieldDepth {
				// let bin = cmd; if (win) bin = "cmd.exe"; spawn(bin):
				// a name given (a member of) the parameter by one of its
				// assignments hands the parameter on (claude-code-webui's
				// runtime/node.ts)
				for _, b := range bs {
					switch {
					case len(b.path) > 0 || b.each || b.rest || b.ref:
					case b.param && b.fn != "":
						return b.fn, b.index, "", true
					case !b.param && b.value != none:
						a.aliasDepth++
						fn, idx, inner, ok := a.paramOf(b.value)
						a.aliasDepth--
						if ok && idx != scanner.ParamThis {
							return fn, idx, inner, true
						}
					}
				}
			}
			if !found || len(bs) != 1 || !bs[0].param || bs[0].fn == "" || bs[0].each || bs[0].rest {
				return "", 0, "", false
			}
			// a name destructured from the parameter ({cmd, args}) is
			// that member of it
			if len(bs[0].path) == 0 {
				return bs[0].fn, bs[0].index, "", true
			}
			if slices.ContainsFunc(bs[0].path, func(p string) bool { return strings.HasPrefix(p, restFrom) }) {
				return "", 0, "", false // ({...rest}), [c, ...r]: not followed
			}
			f, ok := joinField("", pathKey(bs[0].path))
			return bs[0].fn, bs[0].index, f, ok
		}
		return "", 0, "", false
	}
	return "", 0, "", false
}

// removedFrom is, for call n taking elements off an array in place, the
// array's expression and which element the call gives: `xs.shift()` the
// first (`#0`), `xs.pop()` and `xs.splice(...)` any one
// (scanner.AnyMember: which one is not followed), list set when the call
// gives an array of them (splice). obj is none for any other call.
func (a *analyzer) removedFrom(n int32) (obj int32, field string, list bool) {
	t := a.t
	if n == none || t.Nodes[n].Kind != kCall {
		return none, "", false
	}
	fn := t.Child(n, fFunction)
	if fn == none || t.Nodes[fn].Kind != kMember {
		return none, "", false
	}
	obj = t.Child(fn, fObject)
	switch prop := t.Child(fn, fProperty); {
	case prop == none || obj == none:
		return none, "", false
	case t.Is(prop, "shift"):
		return obj, "#0", false
	case t.Is(prop, "pop"):
		return obj, scanner.AnyMember, false
	case t.Is(prop, "splice"):
		return obj, scanner.AnyMember, true
	}
	return none, "", false
}

// paramMember is paramOf(obj) with member f of it.
func (a *analyzer) paramMember(obj int32, f string) (string, int, string, bool) {
	if k := a.t.Nodes[obj].Kind; k != kIdentifier && k != kMember {
		return "", 0, "", false
	}
	if bs, _, found := a.scopes.Lookup(a.t.Src[a.t.Nodes[obj].Start:a.t.Nodes[obj].End], obj); found && len(bs) == 1 && bs[0].rest && bs[0].fn != "" && f == "#0" {
		// (...argv) => argv.shift(): the first argument
		return bs[0].fn, bs[0].index, "", true
	}
	fn, idx, inner, ok := a.paramOf(obj)
	if !ok || idx == scanner.ParamThis {
		return "", 0, "", false
	}
	f, ok = joinField(inner, f)
	return fn, idx, f, ok
}

// methodOf is the name of the method whose `this` node n sees (arrows
// keep their method's `this`), or "".
func (a *analyzer) methodOf(n int32) string {
	fn := a.scopes.Of(n)
	for k := 0; fn != none && a.t.Nodes[fn].Kind == kArrow && k < scanner.MaxLinkDepth; k++ {
		fn = a.scopes.Of(fn)
	}
	if fn == none {
		return ""
	}
	m, _ := a.Method(fn)
	if m == "constructor" {
		return ""
	}
	return m
}

// offerMethods offers each method of the file's classes that implement
// an interface (`class NodeRuntime implements Runtime`) and hand a
// parameter to a process API (a sink of its name) as a method a file may
// reach through a parameter typed with the interface (Summary.Methods,
// anyMethod). Only those: every method offered makes every file calling
// a method of its name a candidate of the repository phase, and a
// bundle's many classes offered `slice` and the like.
func (a *analyzer) offerMethods() {
	t := a.t
	for name, fns := range a.ev.Methods() {
		if name == "constructor" || !slices.ContainsFunc(a.link.sum.Sinks[name], func(k scanner.Sink) bool { return k.Param >= 0 && !k.Ctor }) {
			continue
		}
		for _, fn := range fns {
			if implementsAny(t, fn) {
				a.link.sum.AddMethod(name)
				break
			}
		}
	}
}

// implementsAny reports whether method fn belongs to a class declared
// with an implements clause.
func implementsAny(t *treesitter.Tree, fn int32) bool {
	for p := t.Nodes[fn].Parent; p != none; p = t.Nodes[p].Parent {
		if t.Nodes[p].Kind != kClassDecl {
			continue
		}
		end := t.Nodes[p].End
		if b := t.Child(p, fBody); b != none {
			end = t.Nodes[b].Start
		}
		head := t.Src[t.Nodes[p].Start:end]
		i := bytes.Index(head, []byte("implements"))
		return i > 0 && !wordByte(head[i-1]) && (i+len("implements") == len(head) || !wordByte(head[i+len("implements")]))
	}
	return false
}

// wordByte reports whether b may be part of an identifier (ASCII).
func wordByte(b byte) bool {
	return b == '_' || b == '$' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// anyMethod is, for the method m of a parameter typed with another
// module's type that offers nothing under m (`runtime.runCommand(...)`
// with `runtime: Runtime`, an interface: typedInstance), every method
// named m of the repository's classes that hands a parameter to a
// process API (offerMethods): any object of the type's shape may be
// handed in, an instance of a class implementing it or not. ok is false
// when v is no such member or no file offers the method.
func (a *analyzer) anyMethod(v value) (scanner.Export, bool) {
	if a.p.Imports == nil || len(v.Path) != 2 || !newInstance(v) && (v.K != vRef || !local(v.Mod) || !strings.HasSuffix(v.Path[0], "()")) {
		return scanner.Export{}, false
	}
	m := v.Path[1]
	if !a.p.Imports.Hint([]byte(m)) {
		return scanner.Export{}, false
	}
	// only a type the module declares as an interface, or as an alias
	// of another shape (`type Runtime = { runCommand(...): ... }`): a
	// class has the methods it declares (`r: Logger` of a class whose
	// `run` logs), and a value of plain JavaScript is what its
	// constructor makes
	typ := strings.TrimSuffix(strings.TrimPrefix(v.Path[0], "new "), "()")
	if _, src, ok := a.p.Imports.Source(v.Mod); !ok || !declaresShape(src, typ, 0) {
		return scanner.Export{}, false
	}
	return a.p.Imports.Method(m)
}

// maxAliasHops bounds the type aliases declaresShape follows.
const maxAliasHops = 4

// declaresShape reports whether TypeScript source src declares name as
// an interface, or as a type alias of anything but a class it declares
// (an object type, a union, another such alias), following at most
// maxAliasHops aliases. A class (also merged with an interface of its
// name) is no shape: its methods are known.
func declaresShape(src []byte, name string, hops int) bool {
	if name == "" || hops > maxAliasHops || !identRE.MatchString(name) {
		return false
	}
	q := regexp.QuoteMeta(name)
	if regexp.MustCompile(`\bclass\s+` + q + `\b`).Match(src) {
		return false
	}
	if regexp.MustCompile(`\binterface\s+` + q + `\b`).Match(src) {
		return true
	}
	m := regexp.MustCompile(`\btype\s+` + q + `\s*(?:<[^=]*>)?\s*=\s*([^;\n]*)`).FindSubmatch(src)
	if m == nil {
		return false
	}
	rhs := strings.TrimSpace(string(m[1]))
	if identRE.MatchString(rhs) {
		return declaresShape(src, rhs, hops+1)
	}
	return rhs != ""
}

// identRE is a JavaScript identifier (ASCII).
var identRE = regexp.MustCompile(`^[A-Za-z_$][\w$]*$`)

// newInstance reports whether v is a member of an instance of a class
// another module exports (`new Runner().run`, see evalNew).
func newInstance(v value) bool {
	return v.K == vUnknown && local(v.Mod) && len(v.Path) >= 2 && strings.HasPrefix(v.Path[0], "new ")
}

// noteHelper records a call that is not a process API: a call of another
// file's helper is judged here with the arguments it is given (judge),
// and every helper call feeds the fixed point.
//
// ind says the call is indirect (`runTool.call(null, 'claude')`,
// `runTool.apply(null, CMD)`, `Reflect.apply(runTool, null, CMD)`: see
// indirectOf) and callee the value of the function it calls: the helper is
// judged with the arguments it passes, an apply's array spread.
func (a *analyzer) noteHelper(n, fn int32, callee value, args int32, judge, ind bool) {
	// a method of an instance of another module's class (`new R().run`,
	// `this.runner.run` of `runner: R`) is read as that module offers it
	// (imported), so the fixed point follows a parameter handed to it
	h := helperCall{n: n, fn: fn, args: args, ref: callee.K == vRef || newInstance(callee)}
	as, applied := a.t.Children(args), int32(none)
	if ind {
		var target int32
		target, as, applied, _ = indirectOf(a.t, n)
		h.fn, h.ind = target, true
		fn = target
	}
	if h.ref {
		h.mod, h.path = callee.Mod, callee.Path
	}
	if !a.ev.Budget.Keep(n) {
		return // past the file's bound, which the evaluator reports
	}
	a.link.helpers = append(a.link.helpers, h)
	if h.ref && isRelative(h.mod) && !slices.Contains(a.link.calledMods, h.mod) {
		a.link.calledMods = append(a.link.calledMods, h.mod)
		a.link.mutations = nil // a module more to ask
	}
	if judge && (callee.K == vRef || newInstance(callee)) {
		if e, ok := a.imported(callee); ok {
			a.judgeHelper(n, a.calleeName(fn), e, as, applied, callee)
		} else if e, ok := a.anyMethod(callee); ok {
			a.judgeHelper(n, a.calleeName(fn), e, as, applied, callee)
		}
	} else if judge && treesitter.IsDynamicExport(callee) {
		// a name imported from a module whose summary a bound cut: the
		// lookup gave the dynamic value, not the reference, and the
		// helper it may be is judged as one past a bound, also when it
		// reached the call through a name of the file (`const f = h.run`)
		mod, ok := a.importRoot(fn, 0)
		switch {
		case callee.Mod == typeCut:
			mod = fmt.Sprintf("a parameter's type of more than %d aliases", maxTypeDepth)
		case !ok:
			mod = "another module"
		}
		a.judgeHelper(n, a.calleeName(fn), scanner.Export{Dynamic: true, File: mod}, as, applied, callee)
	}
}

// argsMayName reports whether the arguments of a call of a helper past a
// bound may name a runtime by their values (treesitter.MayNameRuntime:
// also an object literal's values), or read a value past a bound
// (Evaluator.CutSeen: `String(x)` drops the mark, not the bound).
func (a *analyzer) argsMayName(args []int32) bool {
	t := a.t
	seen := a.ev.CutSeen
	for i, c := range args {
		var v value
		switch {
		case a.argVals != nil && i < len(a.argVals):
			v = a.argVals[i]
		case t.Nodes[c].Kind == kSpread:
			v = a.ev.Eval(t.Nodes[c].First)
		default:
			v = a.ev.Eval(c)
		}
		if treesitter.MayNameRuntime(a.p.Config, v, a.memberValues) || a.ev.CutSeen > seen {
			return true
		}
	}
	return false
}

// memberValues are the values of an object literal's members (a spread's
// whole value): what an object handed to a helper may carry.
func (a *analyzer) memberValues(v value) []value {
	t := a.t
	if v.Obj == none || t.Nodes[v.Obj].Kind != kObject {
		return nil
	}
	var out []value
	for c := t.Nodes[v.Obj].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kPair:
			out = append(out, a.ev.Eval(t.Child(c, fValue)))
		case kShorthandProperty:
			out = append(out, a.evalIdent(c))
		case kSpread:
			out = append(out, a.ev.Eval(t.Nodes[c].First))
		}
	}
	return out
}

// importRoot is the module the callee expression fn reads from: its
// root name (`run`, `h` of `h.run`) bound once, by an import.
func (a *analyzer) importRoot(fn int32, depth int) (string, bool) {
	t := a.t
	if fn == none || depth > treesitter.MaxEvalDepth {
		return "", false
	}
	switch t.Nodes[fn].Kind {
	case kMember:
		return a.importRoot(t.Child(fn, fObject), depth+1)
	case kIdentifier:
		bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[fn].Start:t.Nodes[fn].End], fn)
		if ok && len(bs) == 1 && bs[0].ref && local(bs[0].mod) {
			return bs[0].mod, true
		}
	}
	return "", false
}

// calleeName is the name a call's callee gives the function it calls: an
// identifier or a method name ("" when none).
func (a *analyzer) calleeName(fn int32) string {
	t := a.t
	switch t.Nodes[fn].Kind {
	case kIdentifier:
		return t.Text(fn)
	case kMember:
		if p := t.Child(fn, fProperty); p != none {
			return t.Text(p)
		}
	}
	return ""
}

// imported is what another file of the repository offers as ref v.
func (a *analyzer) imported(v value) (scanner.Export, bool) {
	if a.p.Imports == nil {
		return scanner.Export{}, false
	}
	name := "default"
	if len(v.Path) > 0 {
		name = v.Path[0]
	}
	e, ok := a.p.Imports.Lookup(v.Mod, name)
	if !ok && len(v.Path) > 1 {
		// helpers.run(): a method of an exported object
		e, ok = a.p.Imports.Lookup(v.Mod, v.Path[len(v.Path)-1])
	}
	return e, ok
}

// importedConst is the value at node n of name imported from mod, when
// another file of the repository defines it as a constant (a member path
// is named as pathKey names it), or re-exports a package's process API
// or SDK function under it. The definition is a step of the chain.
func (a *analyzer) importedConst(mod, name string, n int32) (value, bool) {
	if a.p.Imports == nil || !local(mod) {
		return value{}, false
	}
	e, ok := a.p.Imports.Lookup(mod, name)
	if !ok {
		if v, ok := a.mutatedElsewhere(value{}, false, mod, name, n); ok {
			// CMD = ['git'] offers nothing, but a module this file
			// calls puts 'claude' into it
			return v, true
		}
		return a.jsonConst(mod, name, n)
	}
	for _, x := range e.Extern {
		v := value{K: vRef, Mod: normModule(x.Spec), Path: strings.Split(x.Name, "."), Node: n, Lit: none}
		if x.Name == "default" {
			v.Path = nil
		}
		if apiOf(v) == apiNone && (v.Path != nil || !sdkModule(v.Mod)) {
			continue
		}
		a.useStep(scanner.Step{File: e.File, Line: max(x.At.Line, 1), Column: max(x.At.Column, 1),
			Note: fmt.Sprintf("`%s` is `%s` of %s", e.Name, x.Name, x.Spec)})
		return v, true
	}
	if e.Member != "" {
		// a member of a JSON module that a function of mod returns
		return a.jsonConst(relSpec(a.p.Path, e.File), e.Member, n)
	}
	if len(e.Consts) == 0 && !e.Dynamic {
		return value{}, false
	}
	a.useStep(scanner.Step{File: e.File, Line: max(e.At.Line, 1), Column: max(e.At.Column, 1), Note: fmt.Sprintf("`%s` defined", e.Name)})
	c := treesitter.FromExport(a.p.Config, e, n)
	if e.Contents {
		c = asContents(c)
	}
	if v, ok := a.mutatedElsewhere(c, true, mod, name, n); ok {
		return v, true
	}
	return c, true
}

// useStep adds a step to the chain of the call being judged, once.
func (a *analyzer) useStep(st scanner.Step) {
	if !slices.Contains(a.link.used, st) {
		a.link.used = append(a.link.used, st)
	}
}

// argsKey suffixes a function's name in a summary (`withProgram(args)`)
// when what it returns reads its parameters (returnsParam).
const argsKey = "(args)"

// returnsParam reports whether a return expression of function fn reads
// one of fn's own parameters (`return argv`, `[prog].concat(extra)`),
// within maxNeedNodes nodes.
func (a *analyzer) returnsParam(fn int32) bool {
	t := a.t
	seen := 0
	for _, e := range a.returnExprs(fn) {
		end := t.Nodes[e].End
		for j := e; j < int32(len(t.Nodes)) && t.Nodes[j].Start < end; j++ {
			if seen++; seen > maxNeedNodes {
				return false
			}
			if t.Nodes[j].Kind != kIdentifier {
				continue
			}
			bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[j].Start:t.Nodes[j].End], j)
			if ok && len(bs) > 0 && bs[0].param && !bs[0].each && a.scopes.Of(bs[0].name) == a.scopes.Of(t.Child(fn, fBody)) {
				return true
			}
		}
	}
	return false
}

// importedResult is the value at node n of a call of callee, a function
// another module exports: the constant its result is (`getAgentCommand()`),
// else an unknown value that remembers the module (Needs) and the path
// read from it (`getSpec().command`). A function whose return reads its
// parameters (argsKey: `withProgram(argv, 'claude')` returning argv
// after `argv.unshift(prog)`) gives an array any element of which may be
// any of the arguments' values (an array argument's elements): the
// caller's values are not put in the function's own places, an
// over-approximation.
func (a *analyzer) importedResult(callee value, n int32) value {
	key := pathKey(callee.Path) + "()"
	if c, ok := a.importedConst(callee.Mod, key, n); ok {
		return c
	}
	if v, ok := a.builtFromArgs(callee, n); ok {
		return v
	}
	u := treesitter.Unknown(n)
	u.Mod, u.Path = callee.Mod, []string{key}
	return u
}

// builtFromArgs is the value of call n of callee, another module's
// function whose return reads its parameters (importedResult).
func (a *analyzer) builtFromArgs(callee value, n int32) (value, bool) {
	t := a.t
	if a.p.Imports == nil || t.Nodes[n].Kind != kCall {
		return value{}, false
	}
	e, ok := a.p.Imports.Lookup(callee.Mod, pathKey(callee.Path)+argsKey)
	if !ok || e.Dynamic || len(e.Consts) == 0 {
		return value{}, false
	}
	args := t.Child(n, fArguments)
	if args == none || t.Nodes[args].Kind != kArguments {
		return value{}, false
	}
	if v, ok := a.placedArgs(e, args, n); ok {
		return v, true
	}
	var cands []value
	for c := t.Nodes[args].First; c != none; c = t.Nodes[c].Next {
		x := c
		if t.Nodes[c].Kind == kSpread {
			x = t.Nodes[c].First
		}
		v := a.ev.Eval(x)
		if v.K == vArr {
			cands = append(cands, v.Elems...)
		} else {
			cands = append(cands, v.Possibilities()...)
		}
	}
	if len(cands) == 0 {
		return value{}, false
	}
	a.useStep(scanner.Step{File: e.File, Line: max(e.At.Line, 1), Column: max(e.At.Column, 1),
		Note: fmt.Sprintf("`%s` returns a value built from its arguments", strings.TrimSuffix(e.Name, argsKey))})
	u := treesitter.Union(a.ev.Cfg, cands, n)
	if e.Consts[0] == "string" {
		return u, true
	}
	elems := make([]value, min(len(cands), treesitter.MaxPossibilities))
	for i := range elems {
		elems[i] = u
	}
	// the call it is (Mod, Path), for a member no array has (member)
	return value{K: vArr, Elems: elems, Node: n, Lit: none, Mod: callee.Mod, Path: []string{pathKey(callee.Path) + "()"}}, true
}

// judgeHelper judges a call of another file's helper: the arguments at
// the parameters that reach its process API are the command.
//
// recv is the callee: for a method of another module's class, it holds
// the `new` expression (Obj), whose arguments the constructor's sinks
// read; the instance's fields are the ones the file sets (r.bin = ...).
func (a *analyzer) judgeHelper(n int32, name string, e scanner.Export, args []int32, applied int32, recv value) {
	t := a.t
	at := t.Pos(n)
	isSpread := func(c int32) bool { return t.Nodes[c].Kind == kSpread || c == applied }
	if applied != none {
		args = append(slices.Clone(args), applied)
	}
	if e.Dynamic {
		// A bound cut the way to the helper: a call that names a runtime,
		// in its text or by its arguments' values (an imported constant,
		// a name bound to one), is dynamic, never silently green. The
		// text names one as a word (Config.NamesRuntime): a free name
		// `apiKey` holds `pi` but is judged by its value, like `warp`.
		if a.p.Config.NamesRuntime(t.Src[t.Nodes[n].Start:t.Nodes[n].End]) || a.argsMayName(args) {
			a.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: "unknown", Class: scanner.ClassDynamic,
				Message: fmt.Sprintf("`%s` from %s may launch a runtime named in its arguments, but following it reached a bound of the repository phase", name, e.File)})
		}
		return
	}
	var prog, rest, argv *value
	var progSink scanner.Sink
	var used scanner.Sink
	var elems []scanner.Arg // the arguments with the caller's values at the parameters (SinkArgElem)
	var elemSink scanner.Sink
	// runTool(...CMD): a spread among the arguments gives its elements
	// the positions from there on
	var spread []value
	exactTo := -1
	if a.argVals == nil && slices.ContainsFunc(args, isSpread) {
		spread, exactTo = treesitter.Spread(args, a.spreadOfApplied(applied), a.ev.Eval)
	}
	for _, k := range e.Sinks {
		var v value
		switch {
		case k.Put:
			// jobs.push(a, b) of a queue another module drains: any
			// element put is what the loop there reads
			var ok bool
			if v, ok = a.putValue(n, args, k.Field, isSpread); !ok {
				continue
			}
			k.Field = ""
		case k.Param == scanner.ParamThis:
			if !newInstance(recv) || strings.HasSuffix(k.Field, "()") {
				continue
			}
			v = a.instanceAttr(k.Field, n)
			k.Field = ""
		case k.Ctor:
			var cargs int32 = none
			switch {
			case newInstance(recv) && recv.Obj > 0 && t.Nodes[recv.Obj].Kind == kNew:
				cargs = t.Child(recv.Obj, fArguments)
			case recv.K == vRef && t.Nodes[n].Kind == kNew && a.instanceLeaves(n, 0):
				// export const svc = new AgentService(exec, 'claude'),
				// return new AgentService(...): the instance leaves
				// the file, whose methods are called where this file
				// does not see; judged where it is made
				cargs = t.Child(n, fArguments)
			}
			if cargs == none {
				continue
			}
			cs := t.Children(cargs)
			if k.Param >= len(cs) || t.Nodes[cs[k.Param]].Kind == kSpread {
				continue
			}
			v = a.ev.Eval(cs[k.Param])
		case exactTo >= 0:
			if k.Param < 0 {
				continue
			}
			var ok bool
			if v, ok = treesitter.SpreadParam(a.ev.Cfg, spread, exactTo, k.Param, n); !ok {
				continue
			}
		case k.Param < 0 || k.Param >= len(args) || isSpread(args[k.Param]):
			continue
		case a.argVals != nil:
			v = a.argVals[k.Param]
		default:
			v = a.ev.Eval(args[k.Param])
		}
		if k.Field != "" {
			var ok bool
			if v, ok = a.fieldPath(v, k.Field, n); !ok {
				continue
			}
		}
		switch k.Role {
		case scanner.SinkProgram:
			if prog == nil {
				prog, progSink, used = &v, k, k
			}
		case scanner.SinkArgs:
			if rest == nil {
				rest = &v
				if prog == nil && k.Program != "" {
					pv := treesitter.Str(k.Program, none)
					prog, progSink, used = &pv, k, k
				}
			}
		case scanner.SinkArgv:
			if argv == nil {
				argv, used = &v, k
			}
		case scanner.SinkArgElem:
			if elems == nil {
				elems, elemSink = slices.Clone(k.Args), k
			}
			if k.At == elemSink.At && k.Elem < len(elems) {
				elems[k.Elem] = a.t.Arg(v)
			}
		case scanner.SinkShell:
			for _, c := range v.Possibilities() {
				if text, ok := treesitter.ShellText(c); ok {
					mark := a.p.Mark()
					pos := a.textPos(c, at)
					a.p.ScanShell(k.Around[0]+text+k.Around[1], pos, "")
					if k.Around[0] != "" {
						// the line no longer starts at the caller's value:
						// what it launches is reported there
						fs := a.p.Findings()
						for i := mark; i < len(fs); i++ {
							fs[i].Line, fs[i].Column = pos.Line, pos.Column
						}
					}
					a.p.AddChain(mark, k.Chain())
				}
			}
		}
	}
	switch {
	case prog != nil && rest == nil && elems != nil:
		// run(prog, pkg) => spawn(prog, ["-y", pkg])
		argv := append([]scanner.Arg{a.t.Arg(*prog)}, elems...)
		a.p.JudgeThrough(scanner.Command{Argv: argv, At: at, API: true, Alts: treesitter.AltArgs(a.t, prog.Alt)}, progSink.Chain())
		a.scriptCalls(argv, progSink.Chain())
	case prog != nil:
		r := value{K: vArr, Node: none, Lit: none}
		if rest != nil {
			r = *rest
		}
		argv := a.argvOf(prog, r)
		a.p.JudgeThrough(scanner.Command{Argv: argv, At: at, API: true, Alts: treesitter.AltArgs(a.t, prog.Alt)}, progSink.Chain())
		a.scriptCalls(argv, progSink.Chain())
	case elems != nil && elemSink.Program != "":
		// npx(pkg) => spawn("npx", ["-y", pkg])
		argv := append([]scanner.Arg{scanner.Lit(elemSink.Program)}, elems...)
		a.p.JudgeThrough(scanner.Command{Argv: argv, At: at, API: true}, elemSink.Chain())
		a.scriptCalls(argv, elemSink.Chain())
	case argv != nil && argv.K == vArr:
		whole := a.argvOf(nil, *argv)
		a.p.JudgeThrough(scanner.Command{Argv: whole, At: at, API: true}, used.Chain())
		a.scriptCalls(whole, used.Chain())
	}
}

// instanceLeaves reports whether the value of expression n (a `new`, or
// an object holding it) leaves the file, so the methods of the instance
// are called where this file does not see: it is exported (`export const
// svc = new C(...)`, `export default new C(...)`, `const svc = ...;
// export { svc }`, `module.exports = ...`, `exports.x = ...`), returned
// (`return new C(...)`, an arrow's body), handed to a call of no function
// of the file (`register(new C(...))`), or an entry of an object that
// does. An instance whose method the file calls (`new C(...).run()`,
// `const c = new C(...); c.run()`, a class field read as `this.c`) is
// judged at that call instead.
func (a *analyzer) instanceLeaves(n int32, depth int) bool {
	t := a.t
	if depth > 4 {
		return false
	}
	p := t.Nodes[n].Parent
	for p != none && (t.Nodes[p].Kind == kParen || t.Nodes[p].Kind == kAsExpr || t.Nodes[p].Kind == kAwait) {
		n, p = p, t.Nodes[p].Parent
	}
	if p == none {
		return false
	}
	switch t.Nodes[p].Kind {
	case kExportStatement, kReturn, kArrow:
		return t.Nodes[p].Kind != kArrow || t.Child(p, fBody) == n
	case kOther:
		// `new Runtime('review', 'claude');` dropped: only what its
		// constructor does with `this` keeps it (a static registry,
		// `Runtime.all.set(name, this)`), which other files read
		return droppedNew(t, n, p)
	case kArguments:
		call := t.Nodes[p].Parent
		return call != none && t.Nodes[call].Kind == kCall && a.localCallee(call) == none
	case kPair:
		if obj := t.Nodes[p].Parent; obj != none && t.Nodes[obj].Kind == kObject && t.Child(p, fValue) == n {
			return a.instanceLeaves(obj, depth+1)
		}
	case kArray:
		return a.instanceLeaves(p, depth+1)
	case kVariableDeclarator:
		d := t.Nodes[p].Parent
		if d == none {
			return false
		}
		if e := t.Nodes[d].Parent; e != none && t.Nodes[e].Kind == kExportStatement {
			return true
		}
		nm := t.Child(p, fName)
		return nm != none && t.Nodes[nm].Kind == kIdentifier && a.exportsName(t.Text(nm))
	case kAssignment:
		left := t.Child(p, fLeft)
		if left == none || t.Child(p, fRight) != n {
			return false
		}
		l := t.Text(left)
		return l == "module.exports" || strings.HasPrefix(l, "module.exports.") || strings.HasPrefix(l, "exports.")
	}
	return false
}

// exportsName reports whether the file exports its name by an export
// clause (`export { svc }`, `export { svc as agent }`) or as its default
// (`export default svc`, `module.exports = svc`).
func (a *analyzer) exportsName(name string) bool {
	t := a.t
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		if t.Nodes[i].Kind != kExportSpecifier {
			continue
		}
		if c := t.Nodes[i].First; c != none && t.Is(c, name) {
			return true
		}
	}
	if a.defaults == nil {
		a.defaults = map[string]bool{}
		for _, m := range defaultExportRE.FindAllSubmatch(t.Src, -1) {
			a.defaults[string(m[1])] = true
		}
	}
	return a.defaults[name]
}

// fixedPoint makes a helper of every function that hands its parameter
// to a helper's sink (in this file or, through the imports, another),
// round by round; a cap reached marks the summary truncated.
func (a *analyzer) fixedPoint() {
	t := a.t
	a.queuePuts()
	if len(a.link.helpers) == 0 {
		return
	}
	for round := 0; ; round++ {
		if round == scanner.MaxFixedPoint {
			a.link.sum.Truncated = true
			return
		}
		changed := false
		for _, h := range a.link.helpers {
			var sinks []scanner.Sink
			var file string
			if h.fn == none {
				continue
			}
			name := a.calleeName(h.fn)
			if local, ok := a.link.sum.Sinks[name]; ok && !h.ref {
				sinks, file = local, a.p.Path
			} else if h.ref {
				if e, ok := a.imported(value{K: vRef, Mod: h.mod, Path: h.path}); ok {
					sinks, file = e.Sinks, e.File
				}
			}
			var args []int32
			applied := int32(none)
			if len(sinks) > 0 && h.ind {
				_, args, applied, _ = indirectOf(a.t, h.n)
			} else if len(sinks) > 0 {
				args = a.t.Children(h.args)
			}
			// (...a) => runTool(...a), runTool.apply(null, a): the
			// caller's rest parameter spread from position j on
			j, rest := a.restSpread(args, applied)
			for _, k := range a.putSinks(sinks, h.fn, len(args)) {
				if k.Param < 0 || k.Ctor {
					continue
				}
				if rest != nil && k.Param >= j {
					nk := k
					nk.Param = rest.index + k.Param - j
					nk.Via = scanner.CutVia(append([]scanner.Step{a.step(h.n, fmt.Sprintf("`%s` hands its arguments to `%s`", rest.fn, name))}, k.Via...))
					have := len(a.link.sum.Sinks[rest.fn])
					a.link.sum.AddSink(rest.fn, nk)
					if len(a.link.sum.Sinks[rest.fn]) > have {
						changed = true
					}
					continue
				}
				if k.Param >= len(args) || t.Nodes[args[k.Param]].Kind == kSpread {
					continue
				}
				caller, _, _, ok := a.paramOf(args[k.Param])
				if !ok {
					// this.spawnPty(this.binary(), args): what the method
					// returns, overridden in subclasses (subclass.go)
					if a.sinkThisCallArg(h.n, name, file, args[k.Param], k) {
						changed = true
					}
					continue
				}
				nk := k
				note := fmt.Sprintf("`%s` calls `%s`", caller, name)
				if file != a.p.Path {
					note += " of " + file
				}
				nk.Via = append([]scanner.Step{a.step(h.n, note)}, k.Via...)
				nk.Via = scanner.CutVia(nk.Via)
				if a.addSinkFrom(args[k.Param], nk) {
					changed = true
				}
			}
		}
		if !changed {
			return
		}
	}
}

// restSpread finds, among a helper call's arguments args (then the
// apply's array applied, when not none), a spread of the calling
// function's rest parameter (`...a`, or `a` applied) with no spread
// before it: its position j and the rest parameter's binding (nil when
// there is none).
func (a *analyzer) restSpread(args []int32, applied int32) (j int, rest *binding) {
	t := a.t
	x := int32(none)
	for i, c := range args {
		if t.Nodes[c].Kind == kSpread {
			x, j = t.Nodes[c].First, i
			break
		}
	}
	if x == none && applied != none {
		x, j = applied, len(args)
	}
	if x == none || t.Nodes[x].Kind != kIdentifier {
		return 0, nil
	}
	bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[x].Start:t.Nodes[x].End], x)
	if !found || len(bs) != 1 || !bs[0].rest || bs[0].fn == "" {
		return 0, nil
	}
	return j, &bs[0]
}

// addSinkFrom records k for the parameter n is, when it is one, and
// reports whether that is new.
func (a *analyzer) addSinkFrom(n int32, k scanner.Sink) bool {
	fn, _, _, ok := a.paramOf(n)
	if !ok {
		return false
	}
	have := len(a.link.sum.Sinks[fn])
	a.sinkParam(n, k)
	return len(a.link.sum.Sinks[fn]) > have
}

// Mentions implements scanner.Linker: a relative specifier of the module
// holds its base name after a slash (`./run`, `../lib/run.js`,
// `../index`), or names its folder, whose index may re-export it or be it:
// by the folder's name (`./lib`) or, for an index file and a file of the
// root, by dots alone (`..`, `../..`, `.`) or dots and a slash (`../`); a
// package of the repository is also named by the folder above its `src`
// or `lib` (`'agent-kit'`, `@acme/agent-kit`).
func (Detector) Mentions(rel string) [][]byte {
	b := path.Base(rel)
	b = strings.TrimSuffix(b, path.Ext(b))
	dir := path.Dir(rel)
	out := [][]byte{[]byte("/" + b)}
	// a part of a path joined beside the caller
	// (`path.join(__dirname, "lib", "proc.js")`: besideModule)
	if ext := path.Ext(rel); ext != "" && b != "index" && !strings.HasSuffix(b, ".d") {
		for _, q := range []string{"'", `"`} {
			out = append(out, []byte(q+b+ext+q), []byte(q+b+q))
		}
	}
	if dir != "." {
		out = append(out, []byte("/"+path.Base(dir)))
	}
	if b == "index" || dir == "." {
		for _, q := range []string{"'", `"`, "`"} {
			out = append(out, []byte(".."+q), []byte("../"+q), []byte(q+"."+q), []byte(q+"./"+q))
		}
	}
	if d := path.Dir(rel); path.Base(d) == "src" || path.Base(d) == "lib" {
		if pkg := path.Base(path.Dir(d)); pkg != "." && pkg != "/" {
			out = append(out, []byte("/"+pkg), []byte("'"+pkg), []byte(`"`+pkg))
		}
	}
	return out
}

// pairValues are the second elements of v when every element of v is a
// pair (`new Map([['c', 'claude']])` evaluates to its entries).
func pairValues(v value) ([]value, bool) {
	if len(v.Elems) == 0 {
		return nil, false
	}
	vals := make([]value, 0, len(v.Elems))
	for _, e := range v.Elems {
		if e.K != vArr || len(e.Elems) != 2 {
			return nil, false
		}
		vals = append(vals, e.Elems[1])
	}
	return vals, true
}

// maxLineParts bounds the parts of a shell line a helper builds around
// its parameters (template substitutions and `+` operands); a longer one
// marks the summary truncated.
const maxLineParts = 64

// sinkShellLine records the parameters written inside a shell line that
// a process API runs (`exec(`${bin} -p x`)`, `execSync("cd /repo && " +
// bin)`): a caller's value is judged in that line, the helper's other
// unknown parts as unknown words.
func (a *analyzer) sinkShellLine(n int32, at scanner.Step) {
	t := a.t
	type part struct {
		text  string
		param int32 // a parameter's node, or none for text
	}
	var parts []part
	leaf := func(n int32) {
		if _, _, _, ok := a.paramOf(n); ok {
			parts = append(parts, part{param: n})
			return
		}
		if v := a.ev.Eval(n); v.K == vStr {
			parts = append(parts, part{text: v.Sh, param: none})
			return
		}
		parts = append(parts, part{text: unknownShellWord, param: none})
	}
	for work := []int32{n}; len(work) > 0; {
		if len(parts)+len(work) > maxLineParts {
			a.link.sum.Truncated = true
			return
		}
		c := work[len(work)-1]
		work = work[:len(work)-1]
		switch t.Nodes[c].Kind {
		case kParen:
			work = append(work, t.Nodes[c].First)
		case kTemplateString:
			var subs []int32
			for s := t.Nodes[c].First; s != none; s = t.Nodes[s].Next {
				subs = append(subs, s)
			}
			for i := len(subs) - 1; i >= 0; i-- {
				work = append(work, subs[i])
			}
		case kStringFragment:
			parts = append(parts, part{text: t.Text(c), param: none})
		case kEscapeSequence:
			parts = append(parts, part{text: decodeEscape(t.Text(c)), param: none})
		case kTemplateSubstitution:
			leaf(t.Nodes[c].First)
		case kBinary:
			if a.ev.Op(c) != "+" {
				leaf(c)
				continue
			}
			work = append(work, t.Child(c, fRight), t.Child(c, fLeft))
		default:
			leaf(c)
		}
	}
	for j, p := range parts {
		if p.param == none {
			continue
		}
		var around [2]string
		for i, q := range parts {
			s := q.text
			if q.param != none {
				s = unknownShellWord
			}
			switch {
			case i < j:
				around[0] += s
			case i > j:
				around[1] += s
			}
		}
		a.sinkParam(p.param, scanner.Sink{Role: scanner.SinkShell, At: at, Around: around})
	}
}

// reexportRE matches a re-export of a relative module at an `export`
// (`export * from './x'`, `export { a, b as c } from "../y"`).
var reexportRE = regexp.MustCompile(`^export\s*(\*|\{[^}]*\})\s*from\s*['"](\.{1,2}/[^'"\n]{0,300})['"]`)

// maxReexports bounds the re-exports a file's text is read for.
const maxReexports = 64

// addReexports records, in phase one, the relative modules p's file
// re-exports (Summary.Stars and Reexports), read from its text, when its
// summary does not hold them already: phase two follows a helper
// re-exported by a file that is not a folder's index (`export * from
// './spawnit'` in lib.ts) to the files that import it from there.
func addReexports(p *scanner.Pass) {
	if p.Summary != nil && (len(p.Summary.Stars) > 0 || len(p.Summary.Reexports) > 0) {
		return
	}
	var s scanner.Summary
	src := p.Src
	for off, n := 0, 0; n < maxReexports; {
		i := bytes.Index(src[off:], []byte("export"))
		if i < 0 {
			break
		}
		at := off + i
		off = at + len("export")
		if at > 0 && (isIdentByte(src[at-1]) || src[at-1] == '.') {
			continue
		}
		m := reexportRE.FindSubmatch(src[at:min(len(src), at+2400)])
		if m == nil {
			continue
		}
		n++
		spec := string(m[2])
		if string(m[1]) == "*" {
			if !slices.Contains(s.Stars, spec) {
				s.Stars = append(s.Stars, spec)
			}
			continue
		}
		for _, part := range strings.Split(strings.Trim(string(m[1]), "{}"), ",") {
			f := strings.Fields(part)
			switch {
			case len(f) == 1:
				s.AddReexport(f[0], scanner.Ref{Spec: spec, Name: f[0]})
			case len(f) == 3 && f[1] == "as":
				s.AddReexport(f[2], scanner.Ref{Spec: spec, Name: f[0]})
			}
		}
	}
	if len(s.Stars) == 0 && len(s.Reexports) == 0 {
		return
	}
	if p.Summary == nil {
		p.Summary = &s
		return
	}
	p.Summary.Stars = s.Stars
	for k, r := range s.Reexports {
		p.Summary.AddReexport(k, r)
	}
}

// isIdentByte reports whether c may be part of an identifier.
func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// localCallee is the function of the file call n calls by a name bound
// once to it (`pick(k)` with `function pick(k) {...}`), else none.
func (a *analyzer) localCallee(n int32) int32 {
	t := a.t
	callee := t.Child(n, fFunction)
	if callee == none || t.Nodes[callee].Kind != kIdentifier {
		return none
	}
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[callee].Start:t.Nodes[callee].End], callee)
	if !ok || len(bs) != 1 || bs[0].ref || bs[0].value == none || len(bs[0].path) > 0 {
		return none
	}
	if k := t.Nodes[bs[0].value].Kind; k != kFunction && k != kArrow {
		return none
	}
	return bs[0].value
}

// returnExprs are the expressions function fn returns (an arrow's
// expression body, its own `return` statements': not those of functions
// inside it), at most maxNeedNodes.
func (a *analyzer) returnExprs(fn int32) []int32 {
	t := a.t
	body := t.Child(fn, fBody)
	if body == none {
		return nil
	}
	if t.Nodes[body].Kind != kStatementBlock {
		return []int32{body}
	}
	var out []int32
	sc := a.scopes.Of(body)
	end := t.Nodes[fn].End
	for j := body; j < int32(len(t.Nodes)) && t.Nodes[j].Start < end && len(out) < maxNeedNodes; j++ {
		if t.Nodes[j].Kind == kReturn && a.scopes.Of(j) == sc {
			if e := t.Nodes[j].First; e != none {
				out = append(out, e)
			}
		}
	}
	return out
}

// holdsParam reports whether expression n (a template or a
// concatenation) holds a parameter of its function among its parts,
// reading at most maxLineParts of them.
func (a *analyzer) holdsParam(n int32) bool {
	t := a.t
	work := []int32{n}
	for read := 0; len(work) > 0 && read < maxLineParts; read++ {
		c := work[len(work)-1]
		work = work[:len(work)-1]
		if c == none {
			continue
		}
		switch t.Nodes[c].Kind {
		case kParen, kTemplateSubstitution:
			if f := t.Nodes[c].First; f != none {
				work = append(work, f)
			}
		case kTemplateString:
			for s := t.Nodes[c].First; s != none; s = t.Nodes[s].Next {
				work = append(work, s)
			}
		case kBinary:
			work = append(work, t.Child(c, fLeft), t.Child(c, fRight))
		case kIdentifier:
			if _, _, _, ok := a.paramOf(c); ok {
				return true
			}
		}
	}
	return false
}

// ImportSpecs lists the modules src imports, read from its text
// (scanner.ImportLister), at most scanner.MaxImportSpecs: a quoted
// specifier after `from`, a bare `import`, `require(` or `import(`. It
// runs over every file of the repository in the serial phase, so it is
// a keyword search (memchr-fast) rather than a regular expression; the
// test keeps the expression it replaced as its oracle.
func (Detector) ImportSpecs(src []byte) []string {
	// One left-to-right pass, as the expression's FindAll: the next
	// place any keyword occurs (each keyword's next place kept until
	// passed), a match resumes after its closing quote.
	var next [len(importKeywords)]int
	for k := range next {
		next[k] = -1
	}
	var out []string
	for i, found := 0, 0; found < 4*scanner.MaxImportSpecs; {
		best, at := -1, len(src)
		for k, kw := range importKeywords {
			if next[k] < i && next[k] != len(src) {
				j := bytes.Index(src[i:], kw.word)
				if j < 0 {
					next[k] = len(src)
				} else {
					next[k] = i + j
				}
			}
			if next[k] < at {
				best, at = k, next[k]
			}
		}
		if best < 0 {
			break
		}
		i = at + 1
		if at > 0 && isWordByte(src[at-1]) {
			continue
		}
		spec, end, ok := specAfter(src, at+len(importKeywords[best].word), importKeywords[best].call)
		if !ok {
			continue
		}
		found++
		i = end
		if !slices.Contains(out, spec) {
			out = append(out, spec)
			if len(out) == scanner.MaxImportSpecs {
				break
			}
		}
	}
	return out
}

// importKeywords are the words a module specifier follows; call marks
// one that needs (require) or allows (import) a `(` before it.
var importKeywords = [3]struct {
	word []byte
	call int // 0: no paren; 1: paren allowed; 2: paren needed
}{{[]byte("from"), 0}, {[]byte("import"), 1}, {[]byte("require"), 2}}

// specAfter reads, at src[i:], blanks, the `(` call asks for, blanks and
// a quoted specifier of 1 to 300 characters with no quote or newline in it; it
// returns the specifier and where the match ends.
func specAfter(src []byte, i, call int) (string, int, bool) {
	i = skipBlanks(src, i)
	if call > 0 && i < len(src) && src[i] == '(' {
		i = skipBlanks(src, i+1)
	} else if call == 2 {
		return "", 0, false
	}
	if i >= len(src) || src[i] != '\'' && src[i] != '"' {
		return "", 0, false
	}
	i++
	j, runes := i, 0
	for j < len(src) && runes <= 300 && src[j] != '\'' && src[j] != '"' && src[j] != '\n' {
		if src[j] < utf8.RuneSelf {
			j++
		} else {
			_, w := utf8.DecodeRune(src[j:])
			j += w
		}
		runes++
	}
	if runes == 0 || runes > 300 || j >= len(src) || src[j] == '\n' {
		return "", 0, false
	}
	return string(src[i:j]), j + 1, true
}

// skipBlanks skips what `\s` matches in RE2: tab, newline, form feed,
// carriage return and space.
func skipBlanks(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\f' || src[i] == '\r') {
		i++
	}
	return i
}

// isWordByte is `\w` of RE2: an ASCII letter, digit or underscore.
func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// argvAt is where the expression n reads the script's own command line:
// at the script argument pos (0 is `process.argv[2]`, Deno.args[0]), or
// from pos on as a list (rest: `process.argv.slice(2)`, the rest of a
// destructuring of it). ok is false when n is not read off the command
// line at a known place. A name is followed through one binding: the
// const a script destructures its arguments into.
func (a *analyzer) argvAt(n int32) (pos int, rest, ok bool) {
	t := a.t
	for depth := 0; n != none && depth < 4; depth++ {
		for n != none && (t.Nodes[n].Kind == kParen || t.Nodes[n].Kind == kAsExpr) {
			n = t.Nodes[n].First
		}
		if n == none {
			return 0, false, false
		}
		switch t.Nodes[n].Kind {
		case kSubscript:
			off, ok := a.argvBase(t.Child(n, fObject))
			idx := a.ev.Eval(t.Child(n, fIndex))
			i, err := strconv.Atoi(idx.S)
			if !ok || !idx.Known() || err != nil || i+off < 0 {
				return 0, false, false
			}
			return i + off, false, true
		case kIdentifier:
			bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
			if !found || len(bs) != 1 || bs[0].value == none || bs[0].param || bs[0].each || bs[0].ref {
				return 0, false, false
			}
			b := bs[0]
			if len(b.path) == 0 {
				n = b.value
				continue
			}
			off, ok := a.argvBase(b.value)
			if !ok || len(b.path) != 1 {
				return 0, false, false
			}
			seg, isRest := strings.CutPrefix(b.path[0], restFrom)
			if !isRest {
				if seg, ok = strings.CutPrefix(b.path[0], "#"); !ok {
					return 0, false, false
				}
			}
			i, err := strconv.Atoi(seg)
			if err != nil || i+off < 0 {
				return 0, false, false
			}
			return i + off, isRest, true
		default:
			off, ok := a.argvBase(n)
			if !ok || off < 0 {
				return 0, false, false
			}
			return off, true, true
		}
	}
	return 0, false, false
}

// argvBase is, for an expression n that is the command line as a list
// (`process.argv`, `process.argv.slice(2)`, `Deno.args`), the script
// argument its element 0 is (-2 for process.argv, whose first two are
// the interpreter and the script).
func (a *analyzer) argvBase(n int32) (int, bool) {
	t := a.t
	for n != none && (t.Nodes[n].Kind == kParen || t.Nodes[n].Kind == kAsExpr) {
		n = t.Nodes[n].First
	}
	if n == none {
		return 0, false
	}
	switch t.Text(n) {
	case "process.argv", "Bun.argv":
		return -2, true
	case "Deno.args":
		return 0, true
	}
	if t.Nodes[n].Kind != kCall {
		return 0, false
	}
	fn := t.Child(n, fFunction)
	if fn == none || t.Nodes[fn].Kind != kMember || propName(t, t.Child(fn, fProperty)) != "slice" {
		return 0, false
	}
	off, ok := a.argvBase(t.Child(fn, fObject))
	if !ok {
		return 0, false
	}
	args := t.Child(n, fArguments)
	if args == none || t.Nodes[args].First == none {
		return off, true
	}
	v := a.ev.Eval(t.Nodes[args].First)
	i, err := strconv.Atoi(v.S)
	if !v.Known() || err != nil || i < 0 {
		return 0, false
	}
	return off + i, true
}

// sinkScriptArgs records that the script runs its own command line (a
// process API given `process.argv[2]`, `process.argv.slice(2)` or names
// destructured from them) under scanner.ScriptArgs: where another file
// runs the script (`node run.mjs claude -p x`, fork, a package.json
// script) the arguments it gives are judged there.
func (a *analyzer) sinkScriptArgs(kind api, first int32, at scanner.Step) bool {
	pos, _, ok := a.argvAt(first)
	opt, isOpt := a.argvOption(first)
	if !ok && !isOpt {
		return false
	}
	role := scanner.SinkArgv
	switch kind {
	case apiSpawn, apiExeca, apiBunSpawn:
	case apiShell:
		role = scanner.SinkShell
	default:
		return false
	}
	at.Note = "`" + path.Base(a.p.Path) + "` runs its arguments"
	if isOpt {
		return a.link.sum.AddSink(scanner.ScriptArgs, scanner.Sink{Option: opt, Role: role, At: at})
	}
	// the program and what follows it: the arguments the script hands on
	// are a suffix of its own, an over-approximation of the ones it keeps
	return a.link.sum.AddSink(scanner.ScriptArgs, scanner.Sink{Param: pos, Rest: true, Role: role, At: at})
}

// leadingSubst is the expression of the substitution a template starts
// with, past blank text (`${bin} -p x`), or none.
func (a *analyzer) leadingSubst(tmpl int32) int32 {
	t := a.t
	for c := t.Nodes[tmpl].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kStringFragment:
			if strings.TrimSpace(t.Text(c)) != "" {
				return none
			}
		case kTemplateSubstitution:
			return t.Nodes[c].First
		default:
			return none
		}
	}
	return none
}

// argvOption is the option of the script's command line whose value the
// expression n is, as an option parser gives it: node:util's parseArgs
// (`const { values } = parseArgs(...)`, then `values.agent`: `--agent`),
// or a parser that returns the options as an object's members
// (`minimist(process.argv.slice(2)).agent`, mri, yargs-parser,
// `yargs(hideBin(process.argv)).argv`, and `argv["agent"]`). A name is
// followed through its bindings (`const agent = argv.agent`), at most 8
// steps.
func (a *analyzer) argvOption(n int32) (string, bool) {
	t := a.t
	var members []string
	for depth := 0; n != none && depth < 8; depth++ {
		switch t.Nodes[n].Kind {
		case kParen, kAsExpr, kAwait:
			n = t.Nodes[n].First
			continue
		case kMember:
			members = append([]string{propName(t, t.Child(n, fProperty))}, members...)
			n = t.Child(n, fObject)
			continue
		case kSubscript:
			idx := a.ev.Eval(t.Child(n, fIndex))
			if !idx.Known() || idx.S == "" {
				return "", false
			}
			members = append([]string{idx.S}, members...)
			n = t.Child(n, fObject)
			continue
		case kIdentifier:
			bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
			if !found || len(bs) != 1 || bs[0].value == none || bs[0].param || bs[0].each || bs[0].ref {
				return "", false
			}
			members = append(append([]string(nil), bs[0].path...), members...)
			n = bs[0].value
			continue
		case kCall:
			return a.parsedOption(n, members)
		}
		return "", false
	}
	return "", false
}

// parsedOption is the option whose value members (the members read off
// call's result) are, when call is an option parser given the script's
// command line (argvOption).
func (a *analyzer) parsedOption(call int32, members []string) (string, bool) {
	t := a.t
	fn := t.Child(call, fFunction)
	if fn == none || len(members) == 0 {
		return "", false
	}
	name := t.Text(fn)
	switch {
	case members[0] == "argv" && a.isYargs(call):
		// yargs(hideBin(process.argv)).option(...).argv
		members = members[1:]
	case strings.HasSuffix(name, "parseArgs"):
		if len(members) != 2 || members[0] != "values" || members[1] == "" {
			return "", false
		}
		return "--" + members[1], true
	case name == "minimist" || name == "mri" || name == "yargsParser" || name == "parser":
		if !a.givenArgv(call) {
			return "", false
		}
	case t.Nodes[fn].Kind == kMember && (propName(t, t.Child(fn, fProperty)) == "parse" || propName(t, t.Child(fn, fProperty)) == "parseSync"):
		// yargs(hideBin(process.argv)).parse()
		if !a.isYargs(t.Child(fn, fObject)) {
			return "", false
		}
	default:
		return "", false
	}
	if len(members) != 1 || members[0] == "" || members[0] == "_" {
		return "", false
	}
	if len(members[0]) == 1 {
		return "-" + members[0], true
	}
	return "--" + members[0], true
}

// givenArgv reports whether call's first argument is the script's
// command line (`process.argv.slice(2)`, `hideBin(process.argv)`).
func (a *analyzer) givenArgv(call int32) bool {
	t := a.t
	args := t.Child(call, fArguments)
	if args == none || t.Nodes[args].First == none {
		return false
	}
	x := t.Nodes[args].First
	if t.Nodes[x].Kind == kCall && strings.HasSuffix(t.Text(t.Child(x, fFunction)), "hideBin") {
		xa := t.Child(x, fArguments)
		if xa == none || t.Nodes[xa].First == none {
			return false
		}
		x = t.Nodes[xa].First
	}
	_, ok := a.argvBase(x)
	return ok
}

// isYargs reports whether n is `yargs(ARGV)` with more calls chained on
// it (`.option(...)`) given the script's command line.
func (a *analyzer) isYargs(n int32) bool {
	t := a.t
	for depth := 0; n != none && depth < 32; depth++ {
		if t.Nodes[n].Kind != kCall {
			return false
		}
		fn := t.Child(n, fFunction)
		if fn == none {
			return false
		}
		if t.Nodes[fn].Kind == kIdentifier {
			return t.Text(fn) == "yargs" && a.givenArgv(n)
		}
		if t.Nodes[fn].Kind != kMember {
			return false
		}
		n = t.Child(fn, fObject)
	}
	return false
}

// Places of a returned array's shape (returnShape): a literal, a plain
// parameter, the arguments from a rest parameter's position on.
const (
	shapeLit  = "="
	shapeArg  = "$"
	shapeRest = "..."
)

// returnShape is the shape of what function fn returns when its body is
// only the return of an array literal whose elements are string literals
// and its own parameters (`return ["git", "--no-pager", ...extra]`,
// `(bin, ...rest) => [bin, "-q", ...rest]`): one place a string. Its
// parameters are then not changed before they are returned, so the
// caller's arguments stand in their places (placedArgs).
func (a *analyzer) returnShape(fn int32) ([]string, bool) {
	t := a.t
	body := t.Child(fn, fBody)
	if body == none {
		return nil, false
	}
	e := body
	if t.Nodes[body].Kind == kStatementBlock {
		st := t.Nodes[body].First
		if st == none || t.Nodes[st].Next != none || t.Nodes[st].Kind != kReturn {
			return nil, false
		}
		e = t.Nodes[st].First
	}
	for e != none && (t.Nodes[e].Kind == kParen || t.Nodes[e].Kind == kAsExpr) {
		e = t.Nodes[e].First
	}
	if e == none || t.Nodes[e].Kind != kArray {
		return nil, false
	}
	var shape []string
	for c := t.Nodes[e].First; c != none; c = t.Nodes[c].Next {
		if len(shape) >= treesitter.MaxPossibilities {
			return nil, false
		}
		switch t.Nodes[c].Kind {
		case kString:
			v := a.ev.Eval(c)
			if !v.Known() {
				return nil, false
			}
			shape = append(shape, shapeLit+v.S)
		case kIdentifier, kSpread:
			id := c
			if t.Nodes[c].Kind == kSpread {
				id = t.Nodes[c].First
			}
			if id == none || t.Nodes[id].Kind != kIdentifier {
				return nil, false
			}
			bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[id].Start:t.Nodes[id].End], id)
			if !ok || len(bs) != 1 || !bs[0].param || bs[0].fn == "" || len(bs[0].path) > 0 || bs[0].each ||
				bs[0].def != none || a.scopes.Of(bs[0].name) != a.scopes.Of(body) && t.Nodes[body].Kind == kStatementBlock {
				return nil, false
			}
			switch {
			case t.Nodes[c].Kind == kSpread && bs[0].rest:
				shape = append(shape, shapeRest+strconv.Itoa(bs[0].index))
			case t.Nodes[c].Kind == kIdentifier && !bs[0].rest:
				shape = append(shape, shapeArg+strconv.Itoa(bs[0].index))
			default:
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return shape, true
}

// placedArgs is the array call n (its arguments args) of another
// module's function returns, built by the function's shape (e.Consts
// after the kind; returnShape) with the call's arguments in their places.
// ok is false when the function has no shape or an argument spread is
// not a known array (its places are not known).
func (a *analyzer) placedArgs(e scanner.Export, args, n int32) (value, bool) {
	t := a.t
	if len(e.Consts) < 2 || e.Consts[0] != "list" {
		return value{}, false
	}
	var given []value
	for c := t.Nodes[args].First; c != none; c = t.Nodes[c].Next {
		if t.Nodes[c].Kind != kSpread {
			given = append(given, a.ev.Eval(c))
			continue
		}
		v := a.ev.Eval(t.Nodes[c].First)
		if v.K != vArr || v.Alt != nil || v.MaybeOther() {
			return value{}, false
		}
		given = append(given, v.Elems...)
	}
	var elems []value
	for _, place := range e.Consts[1:] {
		switch {
		case strings.HasPrefix(place, shapeLit):
			elems = append(elems, treesitter.Str(strings.TrimPrefix(place, shapeLit), n))
		case strings.HasPrefix(place, shapeRest):
			i, err := strconv.Atoi(strings.TrimPrefix(place, shapeRest))
			if err != nil {
				return value{}, false
			}
			if i < len(given) {
				elems = append(elems, given[i:]...)
			}
		case strings.HasPrefix(place, shapeArg):
			i, err := strconv.Atoi(strings.TrimPrefix(place, shapeArg))
			if err != nil {
				return value{}, false
			}
			if i < len(given) {
				elems = append(elems, given[i])
			} else {
				elems = append(elems, treesitter.Unknown(n))
			}
		default:
			return value{}, false
		}
	}
	a.useStep(scanner.Step{File: e.File, Line: max(e.At.Line, 1), Column: max(e.At.Column, 1),
		Note: fmt.Sprintf("`%s` returns a value built from its arguments", strings.TrimSuffix(e.Name, argsKey))})
	return value{K: vArr, Elems: elems, Node: n, Lit: none}, true
}

// sinkJoinedParam records a helper that runs the text of a list parameter
// joined (`execSync(parts.join(" "))`, `strings.reduce((a, s, i) => a + s
// + (vals[i] ?? ""), "")`): a tag's first parameter, the list holding its
// template's text (taggedParam), so the template is the shell line; of a
// list given by a plain call, its first element starts the line.
func (a *analyzer) sinkJoinedParam(n int32, at scanner.Step) bool {
	t := a.t
	for n != none && (t.Nodes[n].Kind == kParen || t.Nodes[n].Kind == kAsExpr) {
		n = t.Nodes[n].First
	}
	if n == none || t.Nodes[n].Kind != kCall {
		return false
	}
	fn := t.Child(n, fFunction)
	if fn == none || t.Nodes[fn].Kind != kMember {
		return false
	}
	switch propName(t, t.Child(fn, fProperty)) {
	case "join", "reduce":
	default:
		return false
	}
	return a.sinkParam(t.Child(fn, fObject), scanner.Sink{Role: scanner.SinkShell, Field: "#0", At: at})
}

// DynamicImports reports whether src requires or imports a module named
// by a value that is not a literal (scanner.DynamicImporter):
// `require(path.join(dir, f))`, `import(url)`, a template with a
// substitution (import of a template `./plugins/${name}.js`).
func (Detector) DynamicImports(src []byte) bool {
	for _, kw := range [][]byte{[]byte("require("), []byte("import(")} {
		for off := 0; off < len(src); {
			i := bytes.Index(src[off:], kw)
			if i < 0 {
				break
			}
			at := off + i
			off = at + len(kw)
			if at > 0 && (isWordByte(src[at-1]) || src[at-1] == '.') {
				continue // a method of the same name, another word
			}
			j := skipBlanks(src, off)
			if j >= len(src) {
				break
			}
			switch c := src[j]; {
			case c == '\'' || c == '"' || c == ')':
				continue
			case c == '`':
				end := bytes.IndexByte(src[j+1:], '`')
				if end >= 0 && bytes.Contains(src[j+1:j+1+end], []byte("${")) {
					return true
				}
			default:
				return true
			}
		}
	}
	return false
}
