package tsjs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// A JSON module (`import cfg from './agent.json'`, `require('./agent.json')`)
// is data, which another detector scans: phase two reads the member a
// call uses (`cfg.agentBin`) from the file itself.

// jsonModule is the parsed JSON file of the repository that mod names,
// memoized per file being judged (nil when it is none or does not parse).
func (a *analyzer) jsonModule(mod string) (file string, src []byte, doc any) {
	if a.p.Imports == nil || !isJSON(mod) {
		return "", nil, nil
	}
	if a.link.json == nil {
		a.link.json = map[string]jsonDoc{}
	}
	d, ok := a.link.json[mod]
	if !ok {
		if rel, b, found := a.p.Imports.Source(mod); found {
			d.file, d.src = rel, b
			if json.Unmarshal(b, &d.doc) != nil {
				d.doc = nil
			}
		}
		a.link.json[mod] = d
	}
	return d.file, d.src, d.doc
}

// isJSON reports whether module specifier mod names a JSON module.
func isJSON(mod string) bool { return strings.EqualFold(path.Ext(mod), ".json") }

// jsonDoc is one JSON module a file imports.
type jsonDoc struct {
	file string
	src  []byte
	doc  any
}

// jsonConst is the value at node n of member key (pathKey's form) of the
// JSON module mod: a string, or an array of strings and numbers; the
// member's line is a step of the chain. A segment scanner.AnyMember is
// any member there (`cfg.agents[kind].bin`): the union of their values.
func (a *analyzer) jsonConst(mod, key string, n int32) (value, bool) {
	file, src, doc := a.jsonModule(mod)
	if doc == nil {
		return value{}, false
	}
	docs, last := []any{doc}, ""
	if key != "default" {
		for _, k := range strings.Split(key, ".") {
			var next []any
			for _, d := range docs {
				next = jsonMembers(next, d, k)
			}
			if len(next) == 0 {
				return value{}, false
			}
			docs, last = next, k
		}
	}
	var vals []value
	for _, d := range docs {
		if v, ok := jsonValue(d, n); ok {
			vals = append(vals, v)
		}
	}
	if len(vals) == 0 {
		return value{}, false
	}
	line := 1
	if i := bytes.Index(src, []byte(strconv.Quote(last))); last != "" && last != scanner.AnyMember && i >= 0 {
		line += bytes.Count(src[:i], []byte("\n"))
	}
	a.useStep(scanner.Step{File: file, Line: line, Column: 1, Note: fmt.Sprintf("`%s` defined", key)})
	if len(vals) == 1 {
		return vals[0], true
	}
	return treesitter.Union(a.ev.Cfg, vals, n), true
}

// maxJSONMembers bounds how many members of a JSON module one key with
// scanner.AnyMember segments reads; past it the rest are not read, and
// the value's possibilities are bounded by treesitter.MaxPossibilities
// anyway (past that they are dynamic).
const maxJSONMembers = 4 * treesitter.MaxPossibilities

// jsonMembers appends to out the member k of JSON value d (every member
// for scanner.AnyMember, at most maxJSONMembers in all).
func jsonMembers(out []any, d any, k string) []any {
	switch m := d.(type) {
	case map[string]any:
		if k != scanner.AnyMember {
			if x, ok := m[k]; ok {
				out = append(out, x)
			}
			return out
		}
		keys := make([]string, 0, len(m))
		for key := range m {
			keys = append(keys, key)
		}
		slices.Sort(keys)
		for _, key := range keys {
			if len(out) >= maxJSONMembers {
				break
			}
			out = append(out, m[key])
		}
	case []any:
		if k == scanner.AnyMember {
			return append(out, m[:min(len(m), max(maxJSONMembers-len(out), 0))]...)
		}
		i, err := strconv.Atoi(strings.TrimPrefix(k, "#"))
		if err == nil && i >= 0 && i < len(m) {
			out = append(out, m[i])
		}
	}
	return out
}

// jsonValue is JSON value x as a value: a string, or an array of strings
// and numbers.
func jsonValue(x any, n int32) (value, bool) {
	switch x := x.(type) {
	case string:
		return treesitter.Str(x, n), true
	case []any:
		v := value{K: vArr, Node: n, Lit: none}
		for _, e := range x {
			switch e := e.(type) {
			case string:
				v.Elems = append(v.Elems, treesitter.Str(e, n))
			case float64:
				v.Elems = append(v.Elems, treesitter.Str(strconv.FormatFloat(e, 'f', -1, 64), n))
			default:
				v.Elems = append(v.Elems, treesitter.Unknown(n))
			}
		}
		return v, true
	}
	return value{}, false
}
