package tsjs

import (
	"bytes"
	"path"
	"slices"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// Writes to another module's names (docs/repository.md, "State another
// module writes"): a module that assigns an imported binding or a member
// of one (`config.bin = "claude"`, `AGENTS.claude = {...}`,
// `require("./config").bin = x`, `Config.instance.bin ||= x`), merges
// into it (`Object.assign(config, {bin: "pi"})`) or fills it (`push`,
// `unshift`, `splice`, `set`, `add`) offers what it writes, when that
// names a runtime, under Summary.Writes. The driver unions it into every
// read of that name in any file of the repository: shared state is the
// union of its declared value and everything written to it.

// maxWriteSites bounds the writes one file offers with their values, and
// maxWriteDepth the member chain and the object nesting read for one;
// past either the write is offered as cut (Const.Cut: the reader's use
// is dynamic), past maxWriteSites as the whole name written.
const (
	maxWriteSites = 64
	maxWriteDepth = 6
	// maxWriteChain bounds the nodes of one written member chain walked
	// to its root (writeTarget); a longer chain is no real code's
	maxWriteChain = 4096
	maxWriteVals  = 64
)

// mayWriteImport reports whether src may write a runtime's name into a
// relative module's name: it names a relative specifier and starts a
// string with a runtime's name, or ends a path with it (`"claude"`,
// `'pi -p'`, `"/usr/bin/claude"`). Only such a file is parsed for its
// writes: a word in prose or an identifier (`pi` of a bundle's maths)
// cannot be written as a program.
func mayWriteImport(src []byte, names []string) bool {
	if !bytes.Contains(src, []byte(`"./`)) && !bytes.Contains(src, []byte(`'./`)) &&
		!bytes.Contains(src, []byte(`"../`)) && !bytes.Contains(src, []byte(`'../`)) {
		return false
	}
	return scanner.QuotesRuntime(src, names)
}

// mayWriteAnyImport is mayWriteImport for a module imported by any
// specifier, one the repository may map to its own file (tsconfig
// `paths`, a workspace package: `@lib/config`), for the writes only.
func mayWriteAnyImport(src []byte, names []string) bool {
	if !bytes.Contains(src, []byte(`from "`)) && !bytes.Contains(src, []byte(`from '`)) && !bytes.Contains(src, []byte(`require(`)) {
		return false
	}
	return scanner.QuotesRuntime(src, names)
}

// summarizeWrites records the file's writes to names of relative modules
// whose written value names a runtime (Summary.Writes).
func (a *analyzer) summarizeWrites() {
	t := a.t
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		switch t.Nodes[i].Kind {
		case kAssignment, kAugmentedAssignment:
			// every write is read: its text need not name a runtime
			// (`config.bin = AGENT`, `Object.assign(config, defaults)`)
			// when its value does (offerWrite keeps only those)
			if stem, p, ok := a.writeTarget(t.Child(i, fLeft)); ok {
				a.offerWrite(stem, p, t.Child(i, fRight), i, false)
			}
		case kCall:
			fn := t.Child(i, fFunction)
			an := t.Child(i, fArguments)
			if fn == none || an == none || t.Nodes[an].Kind != kArguments {
				continue
			}
			args := t.Children(an)
			if t.Nodes[fn].Kind == kIdentifier {
				// configure("claude"), register("claude", {...}): a
				// function of another module that may write what it is
				// given into the module's state (Summary.Setters)
				if v := a.ev.Eval(fn); v.K == vRef && isRelative(v.Mod) && len(v.Path) > 0 {
					stem := modStem(path.Join(path.Dir(a.p.Path), v.Mod))
					p := []string{pathKey(v.Path) + "()"}
					for _, c := range args {
						a.offerWrite(stem, p, c, i, true)
					}
				}
				continue
			}
			if t.Nodes[fn].Kind != kMember {
				continue
			}
			if t.Text(fn) == "Object.assign" && len(args) > 1 {
				stem, p, ok := a.writeTarget(args[0])
				if !ok {
					continue
				}
				for _, c := range args[1:] {
					a.offerWrite(stem, p, c, i, false)
				}
				continue
			}
			switch t.Text(fn) {
			case "Reflect.set", "Object.defineProperty", "Reflect.defineProperty":
				// Reflect.set(cfg, "bin", "claude"), defineProperty(cfg,
				// "bin", { value: "claude" }): a member of the target,
				// whatever the key, written with the value (a
				// descriptor's value; another descriptor's strings, a
				// getter's among them)
				if len(args) < 3 {
					continue
				}
				stem, p, ok := a.writeTarget(args[0])
				if !ok {
					continue
				}
				v, flat := args[2], false
				if t.Text(fn) != "Reflect.set" {
					// the descriptor's value, or every string it holds
					flat = true
					if t.Nodes[v].Kind == kObject {
						if e := a.objectEntry(v, "value"); e != none {
							v, flat = e, false
						}
					}
				}
				a.offerWrite(stem, append(p, scanner.AnyMember), v, i, flat)
				continue
			}
			prop := t.Child(fn, fProperty)
			if prop == none {
				continue
			}
			switch t.Text(prop) {
			case "push", "unshift", "splice", "set", "add", "fill":
			default:
				continue
			}
			stem, p, ok := a.writeTarget(t.Child(fn, fObject))
			if !ok {
				continue
			}
			p = append(p, scanner.AnyMember)
			for _, c := range args {
				a.offerWrite(stem, p, c, i, false)
			}
		}
	}
}

// writeTarget is the module (its stem, modStem) and member path that
// expression n, written to, names: a member chain whose root is a name
// imported from a relative module (or `require("./m")`). An index not
// known statically is AnyMember. The chain is walked to its root, at
// most maxWriteChain nodes: a path longer than maxWriteDepth is cut by
// offerWrite, never dropped.
func (a *analyzer) writeTarget(n int32) (string, []string, bool) {
	t := a.t
	var segs []string
	for d := 0; n != none && d < maxWriteChain; d++ {
		switch t.Nodes[n].Kind {
		case kParen, kAsExpr:
			n = t.Nodes[n].First
			continue
		case kMember:
			p := t.Child(n, fProperty)
			if p == none {
				return "", nil, false
			}
			segs = append(segs, t.Text(p))
			n = t.Child(n, fObject)
			continue
		case kSubscript:
			k := t.Child(n, fIndex)
			seg := scanner.AnyMember
			if k != none && t.Nodes[k].Kind == kString {
				seg = propName(t, k)
			}
			segs = append(segs, seg)
			n = t.Child(n, fObject)
			continue
		case kIdentifier, kCall:
			v := a.ev.Eval(n)
			if v.K != vRef || !local(v.Mod) {
				return "", nil, false
			}
			out := slices.Clone(v.Path)
			for i := len(segs) - 1; i >= 0; i-- {
				out = append(out, segs[i])
			}
			if !isRelative(v.Mod) {
				// a specifier the repository phase resolves (tsconfig
				// `paths`, a workspace package: scanner.WriteSpec)
				return scanner.WriteSpec + v.Mod, out, true
			}
			return modStem(path.Join(path.Dir(a.p.Path), v.Mod)), out, true
		}
		return "", nil, false
	}
	return "", nil, false
}

// offerWrite offers the strings of value node v written at member path
// p of module stem, an object literal's members under their keys (flat
// all under p: every string of an argument of a setter's call). A path
// deeper than maxWriteDepth is offered cut at its first segments.
func (a *analyzer) offerWrite(stem string, p []string, v, at int32, flat bool) {
	t := a.t
	// a site counts (maxWriteSites) when its text names a runtime, or
	// when it offers something
	counted := a.writeSite == at
	if nd := t.Nodes[at]; !counted && a.p.Config.MentionsRuntime(t.Src[nd.Start:nd.End]) {
		counted = true
		a.writeSite = at
		a.writeSites++
	}
	add := func(p []string, strs []string, cut, list bool) {
		if !cut && !a.p.Config.MentionsRuntime([]byte(strings.Join(strs, " "))) {
			return
		}
		if !counted {
			// a write site that offers something
			counted = true
			a.writeSite = at
			a.writeSites++
		}
		key := scanner.WriteKey(stem, pathKey(p))
		// List: the strings of a list written whole (`queue.push(['claude',
		// '-p', x])`), read as a container's contents (its elements'
		// shapes are not kept)
		c := scanner.Const{Vals: strs, At: t.Pos(at), Cut: cut, List: list}
		if old, ok := a.link.sum.Consts[key]; ok {
			for _, s := range old.Vals {
				if !slices.Contains(c.Vals, s) {
					c.Vals = append(c.Vals, s)
				}
			}
			c.Cut, c.At, c.List = c.Cut || old.Cut, old.At, c.List || old.List
		}
		if a.link.sum.AddConst(key, c) && !slices.Contains(a.link.sum.Writes, key) {
			a.link.sum.Writes = append(a.link.sum.Writes, key)
		}
	}
	var walk func(p []string, v int32, d int)
	walk = func(p []string, v int32, d int) {
		if v == none {
			return
		}
		if d > maxWriteDepth {
			add(p, nil, true, false)
			return
		}
		switch t.Nodes[v].Kind {
		case kObject:
			for c := t.Nodes[v].First; c != none; c = t.Nodes[c].Next {
				switch t.Nodes[c].Kind {
				case kPair:
					if k := t.Child(c, fKey); k != none {
						q := p
						if !flat {
							q = append(slices.Clip(p), propName(t, k))
						}
						walk(q, t.Child(c, fValue), d+1)
					}
				case kSpread:
					q := p
					if !flat && !a.isObjectLiteral(t.Nodes[c].First) {
						// the strings of a value of unknown shape, under
						// any member; an object literal's members keep
						// their keys (`{...extra}`)
						q = append(slices.Clip(p), scanner.AnyMember)
					}
					walk(q, t.Nodes[c].First, d+1)
				}
			}
			return
		}
		val := a.ev.Eval(v)
		var strs []string
		a.deepStrings(val, &strs, 0)
		list := false
		for _, q := range val.Possibilities() {
			if q.K == vObj && q.Obj != none && t.Nodes[q.Obj].Kind == kObject && q.Obj != v {
				// an object the value is (`Object.assign(config,
				// defaults)`, `{...extra}`): its members, under their keys
				walk(p, q.Obj, d+1)
			}
			list = list || q.K == vArr
		}
		if len(strs) > 0 {
			add(p, strs, false, list)
		}
	}
	if a.writeSites > maxWriteSites {
		// past the sites a summary holds: the name written, whole, cut
		add(p[:min(len(p), 1)], nil, true, false)
		return
	}
	if len(p) > maxWriteDepth {
		// a chain deeper than read: its first segments, cut, which
		// every read below them matches (the reader's use is dynamic)
		add(p[:maxWriteDepth], nil, true, false)
		return
	}
	walk(p, v, 0)
}

// isObjectLiteral reports whether expression n's value may be an object
// literal.
func (a *analyzer) isObjectLiteral(n int32) bool {
	if n == none {
		return false
	}
	for _, q := range a.ev.Eval(n).Possibilities() {
		if q.K == vObj && q.Obj != none && a.t.Nodes[q.Obj].Kind == kObject {
			return true
		}
	}
	return false
}

// deepStrings appends the known strings value v may hold, an array's
// elements too, at most maxWriteVals.
func (a *analyzer) deepStrings(v value, out *[]string, d int) {
	for _, p := range v.Possibilities() {
		if len(*out) >= maxWriteVals || d > maxWriteDepth {
			return
		}
		switch {
		case p.K == vArr:
			for _, e := range p.Elems {
				a.deepStrings(e, out, d+1)
			}
		case p.Usable():
			if !slices.Contains(*out, p.S) {
				*out = append(*out, p.S)
			}
		}
	}
}

// maxSetterNodes bounds the nodes of one function summarizeSetters reads.
const maxSetterNodes = 1024

// summarizeSetters records, for each module-level name, the module's
// functions that write into it (`agentBin = bin`, `registry.set(k, v)`,
// `TASKS.push(t)`, `CONF.bin ||= b`, Summary.Setters): what another
// module hands such a function (Summary.Writes, `configure()`) is a
// possibility of the name wherever it is read.
func (a *analyzer) summarizeSetters() {
	t := a.t
	for _, name := range a.scopes.ModuleNames() {
		bs := a.scopes.ModuleBindings(name)
		if len(bs) != 1 || bs[0].ref || bs[0].value == none {
			continue
		}
		fn := bs[0].value
		if k := t.Nodes[fn].Kind; k != kFunction && k != kArrow {
			continue
		}
		end := t.Nodes[fn].End
		for j, seen := fn+1, 0; j < int32(len(t.Nodes)) && t.Nodes[j].Start < end && seen < maxSetterNodes; j, seen = j+1, seen+1 {
			var target int32 = none
			switch t.Nodes[j].Kind {
			case kAssignment, kAugmentedAssignment:
				target = t.Child(j, fLeft)
			case kCall:
				f := t.Child(j, fFunction)
				if f == none || t.Nodes[f].Kind != kMember {
					continue
				}
				switch p := t.Child(f, fProperty); {
				case p == none:
					continue
				default:
					switch t.Text(p) {
					case "push", "unshift", "splice", "set", "add", "fill":
						target = t.Child(f, fObject)
					}
				}
			}
			if target == none {
				continue
			}
			for d := 0; d < maxWriteDepth && target != none && (t.Nodes[target].Kind == kMember || t.Nodes[target].Kind == kSubscript); d++ {
				target = t.Child(target, fObject)
			}
			if target == none || t.Nodes[target].Kind != kIdentifier {
				continue
			}
			tb, key, ok := a.scopes.Lookup(t.Src[t.Nodes[target].Start:t.Nodes[target].End], target)
			if !ok || key.Scope != none || len(tb) == 0 || tb[0].ref {
				continue
			}
			head := t.Text(target)
			if head == name {
				continue
			}
			if a.link.sum.Setters == nil {
				a.link.sum.Setters = map[string][]string{}
			}
			if !slices.Contains(a.link.sum.Setters[head], name) {
				a.link.sum.Setters[head] = append(a.link.sum.Setters[head], name)
			}
		}
	}
}
