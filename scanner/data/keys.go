package data

import (
	"fmt"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// maxKeyDepth bounds the nesting offerKeys reads in a document (the
// parsers stop at the same depth); past it the file is reported
// (unparseable) and nothing deeper is offered.
const maxKeyDepth = 1000

// offerKeys records in the file's summary each key of the document whose
// value names a runtime as a command: a string whose first word is a
// runtime's command or path (`bin: claude`, `runner = "/usr/bin/pi"`), or
// a list whose first element is one (`"argv": ["claude", "-p"]`). Code of
// any language that reads a document at run time (`json.load`,
// `yaml.safe_load`, `JSON.parse(readFileSync(...))`) and runs the key's
// value is judged with it in phase two (Summary.Keys, Imports.Key): the
// data file is configuration its code reads, and which document a read
// opens is not followed, so any key of the repository's data files is a
// possibility of a read of that key.
func (s *scan) offerKeys(d *node) {
	sum := s.p.Summary
	if sum == nil {
		sum = &scanner.Summary{}
	}
	type item struct {
		n     *node
		depth int
	}
	stack := []item{{d, 0}}
	// a YAML alias shares its node: each is read once (an alias bomb
	// stays as small as its text)
	seen := map[*node]bool{}
	for len(stack) > 0 && !sum.Truncated {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.n
		if n == nil || seen[n] {
			continue
		}
		if it.depth > maxKeyDepth {
			// a bound reached is reported, never silent: what lies
			// deeper is not offered
			at := s.pos(n.off)
			s.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Class: scanner.ClassUnparseable,
				Message: fmt.Sprintf("this file nests deeper than %d levels: its keys there are not offered to the code that reads it, so its launches cannot be checked", maxKeyDepth)})
			break
		}
		seen[n] = true
		switch n.kind {
		case kindArray:
			for i := len(n.elems) - 1; i >= 0; i-- {
				stack = append(stack, item{n.elems[i], it.depth + 1})
			}
		case kindObject:
			// the keys in the order of the document, then the values
			// that are not commands, read after them
			var deeper []*node
			argsBeside := false
			for _, k := range n.keys {
				argsBeside = argsBeside || argsKeys[k.str]
			}
			for i, k := range n.keys {
				v := n.vals[i]
				c, ok := s.commandConst(v)
				if !ok || k.str == "" || identityKeys[k.str] && !argsBeside {
					deeper = append(deeper, v)
					continue
				}
				if !sum.AddKey(k.str, c) {
					// a bound reached is reported, never silent: the
					// keys past it are not offered
					sum.Truncated = true
					at := s.pos(k.off)
					s.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Class: scanner.ClassUnparseable,
						Message: fmt.Sprintf("more than %d keys of this file hold a runtime: the rest are not offered to the code that reads it, so its launches cannot be checked", scanner.MaxSummaryEntries)})
					break
				}
			}
			for i := len(deeper) - 1; i >= 0; i-- {
				stack = append(stack, item{deeper[i], it.depth + 1})
			}
		}
	}
	if len(sum.Keys) > 0 || sum.Truncated {
		s.p.Summary = sum
		s.p.Module = sum
	}
}

// identityKeys name what an entry is, not what it runs (`"name":
// "claude"` of an agent's entry, a package's name): they are not offered,
// or every file that names anything would be read again in phase two for
// them. A program read under one of them is still judged where the file
// names the runtime as a command (an unknown the analysis lost track of).
// An entry that holds arguments beside one (argsKeys) is a command: its
// identity key is offered.
var identityKeys = map[string]bool{
	"name": true, "id": true, "title": true, "label": true, "description": true,
	"type": true, "kind": true, "provider": true, "model": true, "version": true,
}

// argsKeys hold a command's arguments: an entry that has one beside an
// identity key (`{name: claude, args: [-p, x]}`) is a command whose
// program the identity key names, and that key is offered too.
var argsKeys = map[string]bool{
	"args": true, "argv": true, "arguments": true, "flags": true, "cmd_args": true, "extra_args": true,
}

// commandConst is the constant a data value is when it names a runtime as
// a command: a string whose first word does, or a list of strings whose
// first element does.
func (s *scan) commandConst(v *node) (scanner.Const, bool) {
	cfg := s.p.Config
	names := func(str string) bool {
		f := strings.Fields(str)
		if len(f) == 0 {
			return false
		}
		_, ok := cfg.RuntimeForCommand(f[0])
		return ok
	}
	switch {
	case v == nil:
	case v.kind == kindScalar && v.isString && names(v.str):
		return scanner.Const{Vals: []string{v.str}, At: s.pos(v.off)}, true
	case v.kind == kindArray && len(v.elems) > 0 && v.elems[0].kind == kindScalar && names(v.elems[0].str):
		var vals []string
		for _, e := range v.elems {
			if e.kind != kindScalar {
				break
			}
			vals = append(vals, e.str)
		}
		return scanner.Const{Vals: vals, List: true, At: s.pos(v.off)}, true
	}
	return scanner.Const{}, false
}
