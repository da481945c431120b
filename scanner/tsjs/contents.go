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
