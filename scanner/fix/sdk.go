package fix

import (
	"strings"

	ts "github.com/tree-sitter/go-tree-sitter"
)

// sdkCall gates an Agent SDK call (TS query({prompt, options: {...}}),
// Python query(..., options=ClaudeAgentOptions(...)) and
// ClaudeSDKClient(options=...)): its executable option is set to the
// shim, replaced or added to the options written as a literal in the
// call. Options held elsewhere (a variable, a spread) are left.
func (fx *fixer) sdkCall(off int) []Edit {
	tree := fx.parse()
	if tree == nil {
		return nil
	}
	defer tree.Close()
	var call *ts.Node
	for n := tree.RootNode().DescendantForByteRange(uint(off), uint(off)); n != nil; n = n.Parent() {
		if k := n.Kind(); k == "call_expression" || k == "call" {
			call = n
			break
		}
	}
	if call == nil {
		return nil
	}
	args := call.ChildByFieldName("arguments")
	if args == nil || args.Kind() != "arguments" && args.Kind() != "argument_list" {
		return nil
	}
	if strings.HasSuffix(fx.rel, ".py") {
		return fx.pySDK(args)
	}
	return fx.tsSDK(args)
}

// text is the source of a node.
func (fx *fixer) text(n *ts.Node) string { return string(fx.src[n.StartByte():n.EndByte()]) }

// tsSDK sets pathToClaudeCodeExecutable in the options object of the
// call's first object argument.
func (fx *fixer) tsSDK(args *ts.Node) []Edit {
	var obj *ts.Node
	for i := uint(0); i < args.NamedChildCount(); i++ {
		if c := args.NamedChild(i); c.Kind() == "object" {
			obj = c
			break
		}
	}
	if obj == nil {
		return nil
	}
	q := "'"
	if strings.Count(fx.text(args), `"`) > strings.Count(fx.text(args), "'") {
		q = `"`
	}
	shim := q + ShimPath + q
	opts := fx.tsProp(obj, "options")
	if opts == nil && fx.tsOpaque(obj) {
		return nil // options may come from a shorthand or a spread
	}
	if opts == nil {
		if fx.tsProp(obj, "pathToClaudeCodeExecutable") != nil {
			return nil // the option outside options: not the SDK's form
		}
		return fx.addProp(obj, "options: { pathToClaudeCodeExecutable: "+shim+" }")
	}
	v := opts.ChildByFieldName("value")
	if v == nil || v.Kind() != "object" {
		return nil
	}
	if p := fx.tsProp(v, "pathToClaudeCodeExecutable"); p != nil {
		pv := p.ChildByFieldName("value")
		if pv == nil {
			return nil
		}
		return []Edit{{Start: int(pv.StartByte()), End: int(pv.EndByte()), Text: shim}}
	}
	return fx.addProp(v, "pathToClaudeCodeExecutable: "+shim)
}

// tsProp returns the pair of an object literal whose key is name; a
// spread or a computed key among its members makes it unknown (nil).
func (fx *fixer) tsProp(obj *ts.Node, name string) *ts.Node {
	for i := uint(0); i < obj.NamedChildCount(); i++ {
		c := obj.NamedChild(i)
		if c.Kind() != "pair" {
			continue
		}
		k := c.ChildByFieldName("key")
		if k != nil && strings.Trim(fx.text(k), `"'`) == name {
			return c
		}
	}
	return nil
}

// tsOpaque reports an object literal with members other than plain
// pairs (a shorthand, a spread, a method), which may set any key.
func (fx *fixer) tsOpaque(obj *ts.Node) bool {
	for i := uint(0); i < obj.NamedChildCount(); i++ {
		if k := obj.NamedChild(i).Kind(); k != "pair" && k != "comment" {
			return true
		}
	}
	return false
}

// addProp adds a member after the last one of an object literal (or
// dictionary, or argument list), on its line, so lines hold.
func (fx *fixer) addProp(obj *ts.Node, member string) []Edit {
	var last *ts.Node
	for i := uint(0); i < obj.NamedChildCount(); i++ {
		if c := obj.NamedChild(i); c.Kind() != "comment" {
			last = c
		}
	}
	if last == nil {
		open := int(obj.StartByte()) + 1
		inner := strings.TrimSpace(string(fx.src[open : int(obj.EndByte())-1]))
		if inner != "" {
			return nil // comments only: left
		}
		sep := " "
		if fx.src[open-1] == '(' {
			sep = ""
		}
		return []Edit{{Start: open, End: int(obj.EndByte()) - 1, Text: sep + member + sep}}
	}
	end := int(last.EndByte())
	return []Edit{{Start: end, End: end, Text: ", " + member}}
}

// pySDK sets cli_path in the options=ClaudeAgentOptions(...) keyword of
// the call.
func (fx *fixer) pySDK(args *ts.Node) []Edit {
	opts := fx.pyKeyword(args, "options")
	if opts == nil {
		return nil
	}
	v := opts.ChildByFieldName("value")
	if v == nil || v.Kind() != "call" {
		return nil
	}
	inner := v.ChildByFieldName("arguments")
	if inner == nil || inner.Kind() != "argument_list" {
		return nil
	}
	q := `"`
	if strings.Count(fx.text(args), "'") > strings.Count(fx.text(args), `"`) {
		q = "'"
	}
	shim := q + ShimPath + q
	if p := fx.pyKeyword(inner, "cli_path"); p != nil {
		pv := p.ChildByFieldName("value")
		if pv == nil {
			return nil
		}
		return []Edit{{Start: int(pv.StartByte()), End: int(pv.EndByte()), Text: shim}}
	}
	for i := uint(0); i < inner.NamedChildCount(); i++ {
		if k := inner.NamedChild(i).Kind(); k == "dictionary_splat" || k == "list_splat" {
			return nil // **kwargs may set it too
		}
	}
	return fx.addProp(inner, "cli_path="+shim)
}

// pyKeyword returns the keyword argument name=... of an argument list.
func (fx *fixer) pyKeyword(args *ts.Node, name string) *ts.Node {
	for i := uint(0); i < args.NamedChildCount(); i++ {
		c := args.NamedChild(i)
		if c.Kind() != "keyword_argument" {
			continue
		}
		if n := c.ChildByFieldName("name"); n != nil && fx.text(n) == name {
			return c
		}
	}
	return nil
}
