package tsjs

import (
	"bytes"
	"strings"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// Commands handed to code the analysis does not model (see
// scanner.HandedArgv): dockerode's `container.exec({Cmd: ["claude",
// "-p", x]})`, the Kubernetes client's `exec.exec(ns, pod, c, ["claude",
// ...])`, concurrently's `[{command: "claude -p x"}]`, a task runner's
// config object.

// maxHandedProps bounds the properties of object literal arguments read
// at one call; maxHandedDepth how deep object literals are read.
const (
	maxHandedProps = 256
	maxHandedDepth = 3
)

// handed judges the command-shaped values call n (callee fn) hands to a
// function the analysis does not model: every process API and every
// function the repository defines is modelled (judged at its call, or
// through its parameters' sinks), and a known inert sink
// (scanner.InertSink) runs nothing.
func (a *analyzer) handed(n, fn int32) {
	t := a.t
	if fn == none || a.p.Hits&scanner.HitRuntime == 0 && a.p.Imports == nil {
		return
	}
	if a.p.Imports == nil {
		// phase one reads no other module's value: a command handed
		// here is one of the file's literals, which the cheap test of
		// its text finds (every call of a large bundle was read for
		// nothing: 1.2 s of CPU on the real tree)
		if a.mayHand == 0 {
			a.mayHand = 1
			if a.p.Config.MayHandCommand(a.p.Src) {
				a.mayHand = 2
			}
		}
		if a.mayHand != 2 {
			return
		}
	}
	argsNode := t.Child(n, fArguments)
	if argsNode == none || t.Nodes[argsNode].Kind != kArguments {
		return
	}
	name := a.calleeName(fn)
	if scanner.InertSink(name) || a.inertCallee(fn) || a.colourToInert(n, fn) {
		return
	}
	switch name {
	case "require", "call", "apply", "bind":
		// a module loaded, a function of the file called indirectly:
		// modelled (indirect)
		return
	}
	if t.Nodes[fn].Kind == kMember {
		if obj := t.Child(fn, fObject); obj != none {
			switch t.Nodes[obj].Kind {
			case kThis:
				// a method of the file's own class: followed as a helper
				return
			case kIdentifier:
				if builtinObjects[t.Text(obj)] && !a.scopes.Bound(t.Src[t.Nodes[obj].Start:t.Nodes[obj].End]) {
					// Promise.all([...]), Array.from(...): values the
					// analysis models
					return
				}
			}
		}
	}
	type cand struct {
		node  int32
		keyed bool
	}
	var cands []cand
	budget := maxHandedProps
	var walk func(x int32, key string, depth int)
	walk = func(x int32, key string, depth int) {
		if budget <= 0 || x == none {
			return
		}
		budget--
		switch t.Nodes[x].Kind {
		case kObject:
			if depth >= maxHandedDepth {
				return
			}
			for _, c := range t.Children(x) {
				if t.Nodes[c].Kind != kPair {
					continue
				}
				k, v := t.Child(c, fKey), t.Child(c, fValue)
				if k == none || v == none {
					continue
				}
				walk(v, trimQuotes(t.Text(k)), depth+1)
			}
			return
		case kArray:
			// a list of option objects (`[{command: "..."}]`)
			objs := false
			for _, c := range t.Children(x) {
				if t.Nodes[c].Kind == kObject {
					objs = true
					walk(c, key, depth+1)
				}
			}
			if objs {
				return
			}
		case kSpread:
			return
		}
		switch t.Nodes[x].Kind {
		case kIdentifier, kMember:
			// a name bound to a list or a string, of this file or
			// another
		default:
			if !a.p.Config.MentionsRuntime(t.Src[t.Nodes[x].Start:t.Nodes[x].End]) {
				return
			}
		}
		cands = append(cands, cand{x, scanner.CommandKey(key)})
	}
	for _, c := range t.Children(argsNode) {
		walk(c, "", 0)
	}
	if len(cands) == 0 {
		return
	}
	callee := a.ev.Eval(fn)
	if callee.K == vFunc || apiOf(callee) != apiNone {
		return
	}
	if _, found := a.imported(callee); found {
		return
	}
	if callee.K == vRef && (isRelative(callee.Mod) || a.p.Imports != nil && callee.Mod != "" && a.repoModule(callee.Mod)) {
		// a function of another module of the repository: followed
		// through its summary
		return
	}
	if t.Nodes[fn].Kind == kMember {
		// a method of an array, an object, a string or a RegExp the
		// analysis holds (`argv.push(...)`, `re.exec("...")`): its value
		// is followed where it is used, or is no command
		if obj := t.Child(fn, fObject); obj != none {
			if isRegex(t, obj) {
				return
			}
			if a.regexName(obj) {
				return
			}
			v := a.ev.Eval(obj)
			switch v.K {
			case vArr, vObj, vStr:
				return
			case vRef:
				if builtinModules[v.Mod] || builtinModules[strings.TrimPrefix(v.Mod, "node:")] {
					// a method of a module of Node's that is no process
					// API (`require("fs").execSync`)
					return
				}
			}
			if v.Node != none && isRegex(t, v.Node) {
				return
			}
		}
	}
	for _, c := range t.Children(argsNode) {
		// a function of the file handed on (a callback, a task): what it
		// is called with is followed into it
		switch t.Nodes[c].Kind {
		case kIdentifier, kMember:
			if a.ev.Eval(c).K == vFunc {
				return
			}
		}
	}
	for _, c := range cands {
		treesitter.Handed(a.p, t, a.ev.Eval(c.node), c.keyed, t.Nodes[c.node].Kind == kArray)
	}
}

func trimQuotes(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') {
		return s[1 : len(s)-1]
	}
	return s
}

// detectHanded reads every call for handed commands, in a file that
// names no process API (detectCalls does it in one that does).
func (a *analyzer) detectHanded() {
	t := a.t
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		switch t.Nodes[i].Kind {
		case kCall:
			a.handed(i, t.Child(i, fFunction))
		case kNew:
			a.handed(i, t.Child(i, fConstructor))
		}
	}
}

// inertCallee reports whether callee fn runs nothing it is given: a
// constructor or conversion of a global that holds values (`new
// Set(['claude', 'codex'])`, `Map(...)`, `Array(...)`), or a test's
// matcher (`expect.arrayContaining([...])`, `expect(x).to.have.members([...])`,
// `assert.sameMembers(...)`, `jasmine.arrayContaining(...)`): a member
// chain whose root is the assertion library's `expect`, `assert`,
// `chai` or `jasmine`, global or imported from a test library. A name
// the file binds to anything else is not inert.
func (a *analyzer) inertCallee(fn int32) bool {
	t := a.t
	if t.Nodes[fn].Kind == kIdentifier {
		return builtinObjects[t.Text(fn)] && !a.scopes.Bound(t.Src[t.Nodes[fn].Start:t.Nodes[fn].End])
	}
	root := fn
	for k := 0; root != none && k < treesitter.MaxEvalDepth; k++ {
		switch t.Nodes[root].Kind {
		case kMember:
			root = t.Child(root, fObject)
			continue
		case kCall:
			root = t.Child(root, fFunction)
			continue
		}
		break
	}
	if root == none || root == fn || t.Nodes[root].Kind != kIdentifier || !testRoots[t.Text(root)] {
		return false
	}
	if !a.scopes.Bound(t.Src[t.Nodes[root].Start:t.Nodes[root].End]) {
		return true
	}
	v := a.ev.Eval(root)
	return v.K == vRef && testModules[strings.TrimPrefix(v.Mod, "node:")]
}

// testRoots are the names an assertion library's matchers hang from;
// testModules the packages that export them.
var (
	testRoots   = map[string]bool{"expect": true, "assert": true, "chai": true, "jasmine": true}
	testModules = map[string]bool{"vitest": true, "@jest/globals": true, "bun:test": true, "chai": true, "expect": true,
		"assert": true, "assert/strict": true, "@playwright/test": true, "node:test": true, "test": true, "uvu/assert": true,
		"@std/assert": true, "@std/expect": true, "power-assert": true, "jasmine": true}
)

// colourToInert reports whether call n (callee fn) colours or formats
// text for a terminal (chalk, kleur, picocolors, colors, ansi-colors and
// the like: `chalk.green("claude < file")`, `pc.bold(...)`) and its value
// goes straight to an inert sink (`console.log(chalk.green(...))`), through
// other such calls: printed text. Coloured text handed to any other call
// is that call's argument, judged there.
func (a *analyzer) colourToInert(n, fn int32) bool {
	t := a.t
	if !a.colourCallee(fn) {
		return false
	}
	for k := 0; k < maxHandedDepth*4; k++ {
		args := t.Nodes[n].Parent
		if args == none || t.Nodes[args].Kind != kArguments {
			return false
		}
		call := t.Nodes[args].Parent
		if call == none || t.Nodes[call].Kind != kCall {
			return false
		}
		f := t.Child(call, fFunction)
		if f == none {
			return false
		}
		if scanner.InertSink(a.calleeName(f)) {
			return true
		}
		if !a.colourCallee(f) {
			return false
		}
		n = call
	}
	return false
}

// colourCallee reports whether callee fn is a function of a terminal
// colouring package (a member chain whose root is imported from one,
// `chalk.bold.green`, or a function imported from one, `green`).
func (a *analyzer) colourCallee(fn int32) bool {
	t := a.t
	root := fn
	for k := 0; root != none && t.Nodes[root].Kind == kMember && k < treesitter.MaxEvalDepth; k++ {
		root = t.Child(root, fObject)
	}
	if root == none || t.Nodes[root].Kind != kIdentifier {
		return false
	}
	v := a.ev.Eval(root)
	return v.K == vRef && colourModules[v.Mod]
}

// colourModules are the packages that colour text for a terminal.
var colourModules = map[string]bool{"chalk": true, "kleur": true, "kleur/colors": true, "picocolors": true, "colors": true,
	"colors/safe": true, "ansi-colors": true, "colorette": true, "kolorist": true, "cli-color": true, "yoctocolors": true,
	"@colors/colors": true, "@colors/colors/safe": true, "turbocolor": true, "nanocolors": true}

// builtinObjects are the globals whose methods build values the analysis
// models or run nothing.
var builtinObjects = map[string]bool{
	"Promise": true, "Array": true, "Object": true, "JSON": true, "Set": true, "Map": true, "String": true,
	"Number": true, "Math": true, "RegExp": true, "Symbol": true, "WeakMap": true, "WeakSet": true,
}

// isRegex reports whether node n is a RegExp literal or construction.
func isRegex(t *tree, n int32) bool {
	x := t.Src[t.Nodes[n].Start:t.Nodes[n].End]
	return len(x) > 1 && x[0] == '/' || bytes.HasPrefix(x, []byte("new RegExp")) || bytes.HasPrefix(x, []byte("RegExp("))
}

// regexName reports whether node o is a name the file binds to a RegExp.
func (a *analyzer) regexName(o int32) bool {
	t := a.t
	if t.Nodes[o].Kind != kIdentifier {
		return false
	}
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[o].Start:t.Nodes[o].End], o)
	if !ok {
		return false
	}
	for i := range bs {
		if v := bs[i].value; v != none && isRegex(t, v) {
			return true
		}
		if nm := bs[i].name; nm != none && nm < int32(len(t.Nodes)) {
			// a literal the binding keeps no value of
			if d := t.Nodes[nm].Parent; d != none {
				// `re = /x/`: the declaration's text after its name
				x := t.Src[t.Nodes[nm].End:t.Nodes[d].End]
				x = bytes.TrimSpace(x)
				if len(x) > 0 && x[0] == '=' {
					x = bytes.TrimSpace(x[1:])
					if len(x) > 1 && x[0] == '/' || bytes.HasPrefix(x, []byte("new RegExp")) {
						return true
					}
				}
			}
		}
	}
	return false
}

// repoModule reports whether spec names a module of the repository.
func (a *analyzer) repoModule(spec string) bool {
	_, _, ok := a.p.Imports.Source(spec)
	return ok
}
