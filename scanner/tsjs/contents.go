package tsjs

import "github.com/leasegate/leasegate/scanner/treesitter"

// Container contents (docs/repository.md, "State another module
// writes"): what other modules hand a function that fills a module's
// container (`register('claude', { command: 'claude' })` doing
// `registry.set(name, def)`, Export.Contents) is any entry of the
// container, and any member of an entry: `registry.get(name).command`
// may be any string handed in. An over-approximation: the entries'
// shapes are not kept, only their strings.

// containerMod marks each string possibility of a container's contents.
const containerMod = "container:contents"

// asContents marks every possibility of v as a container's contents.
func asContents(v value) value {
	out := v
	for p := &out; p != nil; p = p.Alt {
		if p.K == vStr {
			p.Mod = containerMod
		}
		if p.Alt != nil {
			alt := *p.Alt
			p.Alt = &alt
		}
	}
	return out
}

// contentsRead is what reading member or calling accessor name of
// container contents v gives at node n: the contents again, unless the
// name is one every string has (`length`, `trim`).
func contentsRead(v value, name string, n int32) (value, bool) {
	if v.K != vStr || v.Mod != containerMod || stringMembers[name] {
		return value{}, false
	}
	if _, ok := strMethods[name]; ok {
		return value{}, false
	}
	out := asContents(v)
	out.Node, out.Lit = n, treesitter.None
	return out, true
}

// droppedNew reports whether n, the expression of statement stmt, is a `new` whose
// value the statement drops (`new Runtime('review', 'claude');`): the
// instance lives on only through what its constructor does with `this`
// (registering it in a static map, handing it to a registry), where this
// file does not see its methods called, so it leaves the file
// (instanceLeaves). An over-approximation: a constructor that keeps
// nothing makes the instance judged where it is made all the same.
func droppedNew(t *tree, n, stmt int32) bool {
	if t.Nodes[n].Kind != kNew || t.Nodes[stmt].First != n {
		return false
	}
	// the expression statement: an unnamed node whose parent is a
	// block, its only child the `new` (and the `;`)
	if c := t.Nodes[n].Next; c != none && t.Nodes[c].Kind != kOther {
		return false
	}
	b := t.Nodes[stmt].Parent
	return b != none && (t.Nodes[b].Kind == kProgram || t.Nodes[b].Kind == kStatementBlock)
}
