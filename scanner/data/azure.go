package data

import (
	"regexp"
	"strings"
)

// azureParamRE is an Azure Pipelines template expression that reads a
// parameter: `${{ parameters.agent }}`, `${{parameters['agent']}}`.
var azureParamRE = regexp.MustCompile(`\$\{\{\s*parameters(?:\.([A-Za-z_][A-Za-z0-9_-]*)|\[\s*'([^']+)'\s*\])\s*\}\}`)

// azureParams puts in place, in every string of an Azure Pipelines file
// (a pipeline or a template), each `${{ parameters.NAME }}` whose
// top-level `parameters:` declares a string default (`- name: agent`,
// `default: claude`; or the older mapping `parameters: {agent: claude}`):
// the default is what the template runs unless a caller passes another
// value, which a caller in another file may do and is not followed
// (review 098). A parameter with no default stays as written.
func (s *scan) azureParams(d *node) {
	ps := d.get("parameters")
	if ps == nil || !strings.Contains(string(s.src), "parameters") {
		return
	}
	defs := map[string]string{}
	switch ps.kind {
	case kindArray:
		for _, p := range ps.elems {
			name, def := p.get("name"), p.get("default")
			if name != nil && name.kind == kindScalar && def != nil && def.kind == kindScalar {
				defs[name.str] = def.str
			}
		}
	case kindObject:
		for i, k := range ps.keys {
			if v := ps.vals[i]; v.kind == kindScalar {
				defs[k.str] = v.str
			}
		}
	}
	if len(defs) == 0 {
		return
	}
	stack := []*node{d}
	seen := map[*node]bool{}
	for len(stack) > 0 && len(seen) < maxNodes {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil || seen[n] {
			continue
		}
		seen[n] = true
		switch n.kind {
		case kindObject:
			stack = append(stack, n.vals...)
		case kindArray:
			stack = append(stack, n.elems...)
		case kindScalar:
			if !n.isString || !strings.Contains(n.str, "${{") {
				continue
			}
			t := n.text()
			var b builder
			last := 0
			for _, m := range azureParamRE.FindAllStringSubmatchIndex(t.s, -1) {
				name := ""
				if m[2] >= 0 {
					name = t.s[m[2]:m[3]]
				} else {
					name = t.s[m[4]:m[5]]
				}
				v, ok := defs[name]
				if !ok {
					continue
				}
				for k := last; k < m[0]; k++ {
					b.add(t.s[k:k+1], t.fileOff(k))
				}
				b.addAt(v, t.fileOff(m[0]))
				last = m[1]
			}
			if last == 0 {
				continue
			}
			for k := last; k < len(t.s); k++ {
				b.add(t.s[k:k+1], t.fileOff(k))
			}
			nt := b.text(t.fileOff(len(t.s)))
			n.str, n.smap = nt.s, nt.m
		}
	}
}
