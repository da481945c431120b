package tsjs

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// Dependency injection across modules (docs/tsjs.md, "Values the
// analysis loses track of"). A class whose method spawns a constructor
// parameter property a decorator injects by a token
// (`constructor(@inject(TOKENS.AgentBinary) private bin: string)`, then
// `execFile(this.bin, ...)`) offers a sink under the token's name, as a
// method any file may reach (Summary.Methods: the driver reads again, in
// phase two, every file that names the token). A file that registers a
// value for that token with a container is judged there with it:
//
//   - tsyringe `container.register(TOKEN, { useValue: v })`, `{
//     useFactory: () => v }` (what the factory returns) and
//     `container.registerInstance(TOKEN, v)`;
//   - InversifyJS `container.bind(TOKEN).toConstantValue(v)` and
//     `.toDynamicValue(() => v)`;
//   - NestJS providers, `{ provide: TOKEN, useValue: v }` and `{ provide:
//     TOKEN, useFactory: () => v }`.
//
// The token is matched by its last name (`TOKENS.AgentBinary` and
// `AgentBinary`, a string token's text), an over-approximation: two
// tokens of one name in two modules are one.

// injectParam is Sink.Param for a sink offered under an injection token:
// no position of an ordinary call reaches it.
const injectParam = 1 << 21

// injectedTokenRE matches a constructor's parameter property a decorator
// injects by a token, the token (group 1) and the property (group 2).
var injectedTokenRE = regexp.MustCompile(`@(?:inject|Inject|InjectToken|injectToken)\(\s*([^)\n]{1,200}?)\s*\)\s+(?:(?:private|public|protected|readonly)\s+)+([\w$]+)`)

// tokenName is the name a token expression is matched by: the last
// identifier of a member chain, or a string's text.
func tokenName(expr string) string {
	expr = strings.TrimSpace(expr)
	if len(expr) >= 2 && strings.ContainsRune(`"'`+"`", rune(expr[0])) && expr[len(expr)-1] == expr[0] {
		s := expr[1 : len(expr)-1]
		if strings.ContainsAny(s, " \t\n${}") {
			return ""
		}
		return s
	}
	if i := strings.LastIndexByte(expr, '.'); i >= 0 {
		expr = expr[i+1:]
	}
	for _, r := range expr {
		if !(r == '_' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return ""
		}
	}
	return expr
}

// injectedToken is the token name of field `this.name`, read at n, when
// it is a parameter property of the enclosing class's constructor that a
// decorator injects by a token.
func (a *analyzer) injectedToken(n int32, name string) (string, bool) {
	t := a.t
	for p, depth := t.Nodes[n].Parent, 0; p != none && depth < 64; p, depth = t.Nodes[p].Parent, depth+1 {
		if t.Nodes[p].Kind != kClassDecl {
			continue
		}
		body := t.Src[t.Nodes[p].Start:t.Nodes[p].End]
		i := bytes.Index(body, []byte("constructor("))
		if i < 0 {
			return "", false
		}
		for _, m := range injectedTokenRE.FindAllSubmatch(body[i:min(len(body), i+4096)], 32) {
			if string(m[2]) == name {
				tok := tokenName(string(m[1]))
				return tok, tok != ""
			}
		}
		return "", false
	}
	return "", false
}

// sinkInjected offers k, a sink of field `this.field` read at n, under
// the field's injection token, if it has one (see above).
func (a *analyzer) sinkInjected(n int32, field string, k scanner.Sink) {
	if field == "" || strings.Contains(field, ".") {
		return
	}
	tok, ok := a.injectedToken(n, field)
	if !ok {
		return
	}
	c := k
	c.Param, c.Field, c.Ctor = injectParam, "", false
	c.At.Note = fmt.Sprintf("`this.%s`, injected as `%s`, is handed to a process API", field, tok)
	if a.link.sum.AddSink(tok, c) {
		a.link.sum.AddMethod(tok)
	}
}

// maxBindChain bounds the calls an InversifyJS binding is read through
// (`container.bind(T).toDynamicValue(f)`, with `.inSingletonScope()`
// and the like after `bind`).
const maxBindChain = 4

// injectVerbs are the words a file that registers a value with a
// container holds (injections).
var injectVerbs = [][]byte{[]byte("useValue"), []byte("useFactory"), []byte("registerInstance"), []byte("toConstantValue"), []byte("toDynamicValue")}

// mayInject reports whether src may register a value with a container:
// a verb called (`registerInstance(`, `toConstantValue(`) or written as
// an object's key (`{ useValue: ...}`, `useFactory: () => ...`). A name
// alone is not one: tslib's `__runInitializers`, in every bundle that
// inlines it (typescript's tsc.js), has `var useValue = ...`, and the
// hint would have the bundle parsed for nothing.
func mayInject(src []byte) bool {
	// The verbs' rarer capitalised parts are searched (`Value`,
	// `Factory`, `Instance`), each place then read back for its verb:
	// a search for `use` or `to` stops at every such word of a bundle.
	for _, tail := range [][]byte{[]byte("Value"), []byte("Factory"), []byte("Instance")} {
		for off := 0; off < len(src); {
			i := bytes.Index(src[off:], tail)
			if i < 0 {
				break
			}
			at := off + i
			off = at + len(tail)
			for _, w := range injectVerbs {
				if !bytes.HasSuffix(w, tail) || at+len(tail) < len(w) || !bytes.Equal(src[at+len(tail)-len(w):at+len(tail)], w) {
					continue
				}
				j := off
				for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
					j++
				}
				if j < len(src) && (src[j] == ':' || src[j] == '(') {
					return true
				}
			}
		}
	}
	return false
}

// injections judges, in the repository phase, each value the file
// registers with a container for a token another file's class spawns
// (see above); in phase one it records the modules the token and the
// value read (Pass.Needs), so the file is read again in phase two.
func (a *analyzer) injections() {
	t := a.t
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		switch t.Nodes[i].Kind {
		case kCall:
			a.injectionCall(i)
		case kObject:
			// NestJS: { provide: TOKEN, useValue | useFactory }
			if tok := a.objectEntry(i, "provide"); tok != none {
				a.injectionObject(i, tok)
			}
		}
	}
}

// injectionCall judges call n when it registers a value for a token.
func (a *analyzer) injectionCall(n int32) {
	t := a.t
	fn := t.Child(n, fFunction)
	a.injectionFactory(n, fn)
	if fn == none || t.Nodes[fn].Kind != kMember {
		return
	}
	m := t.Child(fn, fProperty)
	an := t.Child(n, fArguments)
	if m == none || an == none {
		return
	}
	args := t.Children(an)
	switch t.Text(m) {
	case "register":
		if len(args) >= 2 && t.Nodes[args[1]].Kind == kObject {
			a.injectionObject(args[1], args[0])
		}
	case "registerInstance":
		if len(args) >= 2 {
			a.judgeInjected(args[0], args[1], a.ev.Eval(args[1]))
		}
	case "toConstantValue", "toDynamicValue":
		if len(args) == 0 {
			return
		}
		// the bind(TOKEN) call the binding is made on
		obj := t.Child(fn, fObject)
		for depth := 0; obj != none && depth < maxBindChain; depth++ {
			if t.Nodes[obj].Kind != kCall {
				return
			}
			f := t.Child(obj, fFunction)
			if f == none || t.Nodes[f].Kind != kMember {
				return
			}
			if p := t.Child(f, fProperty); p != none && t.Is(p, "bind") {
				if ba := t.Child(obj, fArguments); ba != none {
					if bs := t.Children(ba); len(bs) > 0 {
						v := a.ev.Eval(args[0])
						if t.Is(m, "toDynamicValue") {
							v = a.factoryReturn(v, args[0])
						}
						a.judgeInjected(bs[0], args[0], v)
					}
				}
				return
			}
			obj = t.Child(f, fObject)
		}
	}
}

// injectionFactory judges call n of fn, a function or method of another
// module handed a token and a factory (`provide("agentCommand", () =>
// ["claude", "-p"])` of an in-repository container, whose resolve
// calls the factory: resolvedToken): what the factory returns is the
// value registered for the token, an unknown when it cannot be read.
func (a *analyzer) injectionFactory(n, fn int32) {
	t := a.t
	an := t.Child(n, fArguments)
	if fn == none || an == none || t.Nodes[fn].Kind != kIdentifier && t.Nodes[fn].Kind != kMember {
		return
	}
	args := t.Children(an)
	if len(args) != 2 || t.Nodes[args[1]].Kind != kArrow && t.Nodes[args[1]].Kind != kFunction {
		return
	}
	if _, ok := a.importRoot(fn, 0); !ok || tokenName(t.Text(args[0])) == "" {
		return
	}
	v := a.factoryReturn(a.ev.Eval(args[1]), args[1])
	if v.K == vUnknown {
		// a factory whose return cannot be read: any program (a bound,
		// reported dynamic, never silent)
		v = treesitter.CutAt(args[1])
	}
	a.judgeInjected(args[0], args[1], v)
}

// injectionObject judges the value object o (`{ useValue: v }`, `{
// useFactory: () => v }`) registers for token tok.
func (a *analyzer) injectionObject(o, tok int32) {
	if v := a.objectEntry(o, "useValue"); v != none {
		a.judgeInjected(tok, v, a.ev.Eval(v))
	}
	if f := a.objectEntry(o, "useFactory"); f != none {
		a.judgeInjected(tok, f, a.factoryReturn(a.ev.Eval(f), f))
	}
}

// objectEntry is the value node of property name of object literal o (a
// method `name() {...}` is the method itself), or none.
func (a *analyzer) objectEntry(o int32, name string) int32 {
	t := a.t
	for c := t.Nodes[o].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kPair:
			if k := t.Child(c, fKey); k != none && propName(t, k) == name {
				return t.Child(c, fValue)
			}
		case kFunction:
			if k := t.Child(c, fName); k != none && t.Text(k) == name {
				return c
			}
		}
	}
	return none
}

// factoryReturn is what factory f (a function value, written at n) returns;
// an unknown when it is not a function of the file.
func (a *analyzer) factoryReturn(f value, n int32) value {
	if f.K == vFunc && f.Fn != none {
		return a.ev.ReturnValue(f.Fn, n)
	}
	if a.t.Nodes[n].Kind == kFunction || a.t.Nodes[n].Kind == kArrow {
		return a.ev.ReturnValue(n, n)
	}
	return treesitter.Unknown(n)
}

// judgeInjected judges v, the value registered at node at for token
// expression tok, against the sinks another file's classes offer under
// the token's name.
func (a *analyzer) judgeInjected(tok, at int32, v value) {
	t := a.t
	name := tokenName(t.Text(tok))
	if name == "" {
		return
	}
	if a.p.Imports == nil {
		// an instance, a function, a string naming no runtime: no
		// program another module may run (Angular's `{ provide:
		// Service, useValue: mock }` is not read again)
		if a.mayBeProgram(v) {
			a.needsIn(tok)
			a.needsIn(at)
			if t.Nodes[tok].Kind == kString || t.Nodes[tok].Kind == kTemplateString {
				// a string token (`register("AgentBin", ...)`) names no
				// module: the file itself is what the repository phase
				// must read again, against the sinks offered under it
				// (sinkInjected, sinkResolved)
				a.p.Needs = appendOnce(a.p.Needs, "./"+path.Base(a.p.Path))
			}
		}
		return
	}
	e, ok := a.p.Imports.Method(name)
	if !ok {
		return
	}
	var sinks []scanner.Sink
	for _, k := range e.Sinks {
		if k.Param == injectParam {
			k.Param = 0
			sinks = append(sinks, k)
		}
	}
	if len(sinks) == 0 && !e.Dynamic {
		return
	}
	e.Sinks = sinks
	saved := a.argVals
	a.argVals = []value{v}
	a.judgeHelper(at, name, e, []int32{at}, none, value{})
	a.argVals = saved
}

// mayBeProgram reports whether v, a value registered with a container,
// may be a program once the repository phase knows the values of other
// modules: a possibility that is another module's value, an unknown, a
// list, or a string naming a runtime.
func (a *analyzer) mayBeProgram(v value) bool {
	for _, p := range v.Possibilities() {
		switch p.K {
		case vRef, vUnknown, vArr:
			return true
		case vStr:
			if !p.Known() || a.p.Config.MentionsRuntime([]byte(p.S)) {
				return true
			}
		}
	}
	return false
}

// resolveVerbs are the methods by which a container object hands out
// what a token holds (tsyringe `container.resolve(T)`, InversifyJS and
// typedi `container.get(T)`, awilix `resolve`, NestJS `moduleRef.get`).
var resolveVerbs = map[string]bool{"resolve": true, "get": true, "resolveAsync": true, "getAsync": true}

// maxResolveHops bounds the names, each bound once, a process API's
// value is followed through back to a container's resolve call.
const maxResolveHops = 8

// maxResolvePath bounds the destructuring path of a name bound to what a
// container resolves (`const [cmd, ...args] = resolve(k)`).
const maxResolvePath = 2

// resolvedToken is the token name of the container call whose result n
// is (`container.resolve<string>("AgentBin")`, `await c.getAsync(TYPES.Bin)`,
// through names bound once), where the container is an object imported
// from a package (not a relative module: an in-repository container is
// read through its own code). An over-approximation: any such object's
// resolve or get with a token a registering file can name.
func (a *analyzer) resolvedToken(n int32) (tok, field string, ok bool) {
	t := a.t
	for hop := 0; n != none && hop < maxResolveHops; hop++ {
		for n != none && (t.Nodes[n].Kind == kParen || t.Nodes[n].Kind == kAwait || t.Nodes[n].Kind == kAsExpr) {
			n = t.Nodes[n].First
		}
		if n == none {
			return "", "", false
		}
		switch t.Nodes[n].Kind {
		case kIdentifier:
			bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
			if !ok || len(bs) != 1 || bs[0].ref || bs[0].param || bs[0].value == none || len(bs[0].path) > maxResolvePath {
				return "", "", false
			}
			if len(bs[0].path) > 0 {
				// `const [cmd, ...args] = resolve("agentCommand")`
				if field != "" {
					return "", "", false
				}
				field = strings.Join(bs[0].path, ".")
			}
			n = bs[0].value
		case kCall:
			fn, an := t.Child(n, fFunction), t.Child(n, fArguments)
			if fn != none && t.Nodes[fn].Kind == kAwait {
				// `await c.get<T>(k)`: the grammar reads the type
				// arguments' call as the awaited member's
				fn = t.Nodes[fn].First
			}
			if fn == none || an == none {
				return "", "", false
			}
			// a container's method, or a module's own resolve function
			// (`import { resolve } from "./container"`)
			p, obj := fn, fn
			if t.Nodes[fn].Kind == kMember {
				p, obj = t.Child(fn, fProperty), t.Child(fn, fObject)
			} else if t.Nodes[fn].Kind != kIdentifier {
				return "", "", false
			}
			args := t.Children(an)
			if p == none || !resolveVerbs[t.Text(p)] || len(args) == 0 {
				return "", "", false
			}
			if _, ok := a.importRoot(obj, 0); !ok {
				return "", "", false
			}
			tok := tokenName(t.Text(args[0]))
			return tok, field, tok != ""
		default:
			return "", "", false
		}
	}
	return "", "", false
}

// sinkResolved offers k, a sink of expression n, under the token of the
// container call n's value comes from (resolvedToken): a value a file
// registers for the token runs, as for a constructor parameter a
// decorator injects (sinkInjected).
func (a *analyzer) sinkResolved(n int32, k scanner.Sink) bool {
	if k.Field != "" {
		return false
	}
	tok, field, ok := a.resolvedToken(n)
	if !ok {
		return false
	}
	c := k
	c.Param, c.Ctor, c.Field = injectParam, false, field
	c.At.Note = fmt.Sprintf("what a container resolves for `%s` is handed to a process API", tok)
	if a.link.sum.AddSink(tok, c) {
		a.link.sum.AddMethod(tok)
	}
	return true
}
