package tsjs

import (
	"fmt"
	"path"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// actionInput is the value of `core.getInput(name)` (@actions/core) in a
// JavaScript action: the input's default in the action's metadata
// (action.yml or action.yaml in the file's folder or up to
// maxActionLevels folders above it, inside the scan), as a run-time value
// (class dynamic: a workflow's `with:` may pass another). An input with
// no default, or a file in no action, is unknown: the caller decides.
func (a *analyzer) actionInput(name string, n int32) value {
	if a.inputs == nil {
		a.inputs = readActionDefaults(a.p)
	}
	if in, ok := a.inputs[strings.ToLower(name)]; ok && in.def != "" {
		a.useStep(scanner.Step{File: in.file, Line: in.line, Column: in.col, Note: fmt.Sprintf("input `%s` defaults to `%s`", name, in.def)})
		return treesitter.DynamicStr(in.def, n)
	}
	return treesitter.Unknown(n)
}

// actionDefault is one input's default in an action's metadata.
type actionDefault struct {
	def, file string
	line, col int
}

// maxActionLevels is how many folders above a file an action's metadata
// is looked for (dist/index.js, lib/main.js).
const maxActionLevels = 2

// readActionDefaults finds the action metadata above p's file and returns
// its inputs' defaults by lower-cased name (never nil).
func readActionDefaults(p *scanner.Pass) map[string]actionDefault {
	out := map[string]actionDefault{}
	if p.Shared == nil || p.Shared.Read == nil {
		return out
	}
	dir := path.Dir(p.Path)
	for level := 0; level <= maxActionLevels; level++ {
		for _, name := range []string{"action.yml", "action.yaml"} {
			rel := path.Join(dir, name)
			src, ok := p.Shared.Read(rel)
			if !ok {
				continue
			}
			var doc yaml.Node
			if yaml.Unmarshal(src, &doc) != nil || len(doc.Content) == 0 {
				return out
			}
			inputs := mapValue(doc.Content[0], "inputs")
			if inputs == nil || inputs.Kind != yaml.MappingNode {
				return out
			}
			for k := 0; k+1 < len(inputs.Content); k += 2 {
				d := mapValue(inputs.Content[k+1], "default")
				if d != nil && d.Kind == yaml.ScalarNode {
					out[strings.ToLower(inputs.Content[k].Value)] = actionDefault{def: d.Value, file: rel, line: d.Line, col: d.Column}
				}
			}
			return out
		}
		if dir == "." {
			break
		}
		dir = path.Dir(dir)
	}
	return out
}

// mapValue is the value of key in the YAML mapping m (nil when m is not
// a mapping or has no such key).
func mapValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for k := 0; k+1 < len(m.Content); k += 2 {
		if m.Content[k].Value == key {
			return m.Content[k+1]
		}
	}
	return nil
}
