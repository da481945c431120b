package tsjs

import (
	"fmt"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// An Agent SDK loaded at run time whose module leaves the expression that
// loads it (review 22, case 010): `anthropic: () =>
// import("@anthropic-ai/claude-agent-sdk")` in a table of providers,
// `return require("@mariozechner/pi-coding-agent")`, `[import(SDK)]`.
// Which call of it runs is decided where the analysis does not follow
// (a factory map read with a key, a loader another module calls): an
// unknown is never absent, so the load is the SDK's launch, RED sdk at
// the import, unless the file judges an SDK call of its own already.

// sdkEscapes reports each SDK module a dynamic import or require hands
// out of the expression that loads it.
func (a *analyzer) sdkEscapes() {
	t := a.t
	if !a.p.Hits.Has(scanner.HitRuntime) {
		return
	}
	for _, f := range a.p.Findings() {
		if f.Class == scanner.ClassSDK || f.Class == scanner.ClassGated {
			return
		}
	}
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		if t.Nodes[i].Kind != kCall {
			continue
		}
		fn := t.Child(i, fFunction)
		if fn == none || !(t.Nodes[fn].Kind == kImport || t.Nodes[fn].Kind == kIdentifier && t.Is(fn, "require")) {
			continue
		}
		args := t.Child(i, fArguments)
		if args == none || t.Nodes[args].First == none || t.Nodes[t.Nodes[args].First].Kind != kString {
			continue
		}
		mod := normModule(strings.Trim(t.Text(t.Nodes[args].First), "\"'`"))
		rt, ok := a.sdkModule(mod)
		if !ok || !a.escapes(i) || a.exportedLoader(i) {
			continue
		}
		at := t.Pos(i)
		a.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: rt, Class: scanner.ClassSDK,
			Message: fmt.Sprintf("the Agent SDK `%s` is loaded here and handed on where the analysis does not follow which of its functions runs: it may start %s, bypassing launch-runtime", mod, rt)})
	}
}

// sdkModule reports whether mod is a module holding an Agent SDK entry
// point (apis), and the runtime it runs.
func (a *analyzer) sdkModule(mod string) (string, bool) {
	for k, x := range apis {
		if x == apiSDK && strings.HasPrefix(k, mod+":") {
			rt := "claude"
			if r, ok := a.p.Config.RuntimeForPackage(mod); ok {
				rt = r
			}
			return rt, true
		}
	}
	return "", false
}

// escapes reports whether the value of expression n leaves it other than
// by a name of the file bound to it: an arrow's body, a returned value,
// an object's member, an array's element, an argument of a call (through
// `await` and parentheses).
func (a *analyzer) escapes(n int32) bool {
	t := a.t
	c := n
	for k := 0; k < 8; k++ {
		p := t.Nodes[c].Parent
		if p == none {
			return false
		}
		switch t.Nodes[p].Kind {
		case kParen, kAwait, kAsExpr:
			c = p
			continue
		case kArrow:
			return t.Child(p, fBody) == c
		case kReturn, kPair, kArray, kArguments:
			return true
		}
		return false
	}
	// past the wrappers read: it may leave (deny by default)
	return true
}

// exportedLoader reports whether n is inside a function the file exports
// by name (`export const loadSdk = () => import(SDK)`, `export async
// function getSdk() { return import(SDK) }`, `export { getSdk }`): the
// repository phase offers it as the SDK's module, and its callers'
// queries are judged where they are made.
func (a *analyzer) exportedLoader(n int32) bool {
	t := a.t
	fn := t.Nodes[n].Parent
	for k := 0; fn != none && k < 64 && t.Nodes[fn].Kind != kArrow && t.Nodes[fn].Kind != kFunction; k++ {
		fn = t.Nodes[fn].Parent
	}
	if fn == none || t.Nodes[fn].Kind != kArrow && t.Nodes[fn].Kind != kFunction {
		return false
	}
	holder := fn
	name := t.Child(fn, fName)
	if p := t.Nodes[fn].Parent; name == none && p != none && t.Nodes[p].Kind == kVariableDeclarator {
		holder, name = p, t.Child(p, fName)
	}
	if name == none {
		return false
	}
	for s := t.Nodes[holder].Parent; s != none; s = t.Nodes[s].Parent {
		if t.Nodes[s].Kind == kExportStatement {
			return true
		}
		if t.Nodes[s].Kind == kProgram {
			break
		}
	}
	return a.exportsName(t.Text(name))
}
