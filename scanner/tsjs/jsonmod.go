package tsjs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
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
	if a.p.Imports == nil || !strings.EqualFold(path.Ext(mod), ".json") {
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

// jsonDoc is one JSON module a file imports.
type jsonDoc struct {
	file string
	src  []byte
	doc  any
}

// jsonConst is the value at node n of member key (pathKey's form) of the
// JSON module mod: a string, or an array of strings and numbers; the
// member's line is a step of the chain.
func (a *analyzer) jsonConst(mod, key string, n int32) (value, bool) {
	file, src, doc := a.jsonModule(mod)
	if doc == nil {
		return value{}, false
	}
	last := ""
	if key != "default" {
		for _, k := range strings.Split(key, ".") {
			switch m := doc.(type) {
			case map[string]any:
				doc = m[k]
			case []any:
				i, err := strconv.Atoi(strings.TrimPrefix(k, "#"))
				if err != nil || i < 0 || i >= len(m) {
					return value{}, false
				}
				doc = m[i]
			default:
				return value{}, false
			}
			last = k
		}
	}
	var v value
	switch x := doc.(type) {
	case string:
		v = treesitter.Str(x, n)
	case []any:
		v = value{K: vArr, Node: n, Lit: none}
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
	default:
		return value{}, false
	}
	line := 1
	if i := bytes.Index(src, []byte(strconv.Quote(last))); last != "" && i >= 0 {
		line += bytes.Count(src[:i], []byte("\n"))
	}
	a.useStep(scanner.Step{File: file, Line: line, Column: 1, Note: fmt.Sprintf("`%s` defined", key)})
	return v, true
}
