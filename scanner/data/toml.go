package data

import (
	"fmt"

	"github.com/pelletier/go-toml/v2/unstable"
)

// tomlDoc parses a TOML document into a tree: tables and array tables
// become nested objects, dotted keys nested keys.
// Expressions beyond maxNodes are passed to onLimit and not read.
func tomlDoc(src []byte, onLimit func(off int, msg string)) (root *node, err error) {
	defer func() {
		if r := recover(); r != nil {
			root, err = nil, &jsonError{msg: "TOML parser failure"}
		}
	}()
	var p unstable.Parser
	p.Reset(src)
	root = &node{kind: kindObject}
	cur := root
	budget := maxNodes
	for p.NextExpression() {
		e := p.Expression()
		if budget--; budget <= 0 {
			onLimit(int(e.Raw.Offset), fmt.Sprintf("the document has more than %d expressions; the rest is not scanned", maxNodes))
			break
		}
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			path := keyPath(e.Key())
			if len(path) == 0 {
				continue
			}
			parent := descend(root, path[:len(path)-1], int(e.Raw.Offset))
			last := path[len(path)-1]
			if e.Kind == unstable.Table {
				cur = child(parent, last, int(e.Raw.Offset))
				continue
			}
			arr := parent.get(last)
			if arr == nil || arr.kind != kindArray {
				arr = &node{kind: kindArray, off: int(e.Raw.Offset)}
				parent.keys = append(parent.keys, &node{kind: kindScalar, isString: true, str: last, off: int(e.Raw.Offset)})
				parent.vals = append(parent.vals, arr)
			}
			cur = &node{kind: kindObject, off: int(e.Raw.Offset)}
			arr.elems = append(arr.elems, cur)
		case unstable.KeyValue:
			addKeyValue(&p, src, cur, e, 0, onLimit)
		}
	}
	if err := p.Error(); err != nil {
		return nil, &jsonError{msg: err.Error()}
	}
	return root, nil
}

func keyPath(it unstable.Iterator) []string {
	var out []string
	for it.Next() {
		out = append(out, string(it.Node().Data))
	}
	return out
}

// descend walks (creating) nested objects along path.
func descend(n *node, path []string, off int) *node {
	for _, k := range path {
		n = child(n, k, off)
	}
	return n
}

// child returns the object under key k of n, creating it; under an array
// (of tables) it is the last element's.
func child(n *node, k string, off int) *node {
	v := n.get(k)
	if v != nil && v.kind == kindArray && len(v.elems) > 0 && v.elems[len(v.elems)-1].kind == kindObject {
		return v.elems[len(v.elems)-1]
	}
	if v != nil && v.kind == kindObject {
		return v
	}
	v = &node{kind: kindObject, off: off}
	n.keys = append(n.keys, &node{kind: kindScalar, isString: true, str: k, off: off})
	n.vals = append(n.vals, v)
	return v
}

func addKeyValue(p *unstable.Parser, src []byte, obj *node, e *unstable.Node, depth int, onLimit func(off int, msg string)) {
	path := keyPath(e.Key())
	if len(path) == 0 {
		return
	}
	if depth > maxDepth {
		onLimit(int(e.Raw.Offset), fmt.Sprintf("nested more than %d levels deep; the rest is not scanned", maxDepth))
		return
	}
	parent := descend(obj, path[:len(path)-1], 0)
	v := tomlValue(p, src, e.Value(), depth+1, onLimit)
	parent.keys = append(parent.keys, &node{kind: kindScalar, isString: true, str: path[len(path)-1], off: v.off})
	parent.vals = append(parent.vals, v)
}

func tomlValue(p *unstable.Parser, src []byte, v *unstable.Node, depth int, onLimit func(off int, msg string)) *node {
	if v == nil {
		return &node{kind: kindScalar}
	}
	if depth > maxDepth {
		onLimit(int(v.Raw.Offset), fmt.Sprintf("nested more than %d levels deep; the rest is not scanned", maxDepth))
		return &node{kind: kindScalar}
	}
	off := int(v.Raw.Offset)
	switch v.Kind {
	case unstable.String:
		raw := p.Raw(v.Raw)
		start := off
		switch {
		case len(raw) >= 3 && (string(raw[:3]) == `"""` || string(raw[:3]) == `'''`):
			start += 3
			if start < len(src) && src[start] == '\n' {
				start++
			} else if start+1 < len(src) && src[start] == '\r' && src[start+1] == '\n' {
				start += 2
			}
		case len(raw) > 0:
			start++
		}
		n := &node{kind: kindScalar, isString: true, str: string(v.Data), off: start}
		if start+len(n.str) > len(src) || string(src[start:start+len(n.str)]) != n.str {
			n.smap = locate(src, start, n.str)
		}
		return n
	case unstable.Array:
		n := &node{kind: kindArray, off: off}
		it := v.Children()
		for it.Next() {
			n.elems = append(n.elems, tomlValue(p, src, it.Node(), depth+1, onLimit))
		}
		return n
	case unstable.InlineTable:
		n := &node{kind: kindObject, off: off}
		it := v.Children()
		for it.Next() {
			if kv := it.Node(); kv.Kind == unstable.KeyValue {
				addKeyValue(p, src, n, kv, depth+1, onLimit)
			}
		}
		return n
	}
	return &node{kind: kindScalar, str: string(v.Data), off: off}
}
