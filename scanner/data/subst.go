package data

import (
	"regexp"
	"strconv"
	"strings"
)

// Substitutions a format makes in a command before it runs (a Groovy
// `${...}`, tox's `{posargs}`, supervisord's `%(ENV_X)s`, a Jinja or Tera
// `{{ ... }}`) are unknown parts: never dropped, never a launch by
// themselves. One whose value the file gives (a literal it assigns to the
// name) or whose text names a runtime (`{posargs:claude}`, `{{ 'pi' }}`)
// may be that runtime: it is given to the shell as a variable with that
// default, so a launch through it is dynamic. Any other is the neutral
// word makePlaceholder.

// substPrefix names the variables substitutions become in the shell text.
const substPrefix = "__subst_"

// valueSet holds the literals a file assigns to names, each a
// possibility; a name's value is the first that names a runtime, else the
// last (chosen once per name). A set may extend another (a task's loop
// items over the file's variables).
type valueSet struct {
	all    map[string][]text
	chosen map[string]text
	parent *valueSet
}

func newValueSet(parent *valueSet) *valueSet {
	return &valueSet{all: map[string][]text{}, chosen: map[string]text{}, parent: parent}
}

func (v *valueSet) add(name string, t text) { v.all[name] = append(v.all[name], t) }

// get returns the value of name and whether the set (or its parent) has
// one.
func (v *valueSet) get(s *scan, name string) (text, bool) {
	if v == nil {
		return text{}, false
	}
	if t, ok := v.chosen[name]; ok {
		return t, true
	}
	vs := v.all[name]
	if len(vs) == 0 {
		return v.parent.get(s, name)
	}
	t := vs[len(vs)-1]
	for _, x := range vs {
		if s.runtimeIn(x.s) != "" {
			t = x
			break
		}
	}
	v.chosen[name] = t
	return t, true
}

// substitute rewrites the matches of re in t. values gives the literals
// the file assigns to the name a substitution refers to (nil: none);
// named, when set, maps a match to that name.
func (s *scan) substitute(t text, re *regexp.Regexp, named func(expr string) string, values *valueSet) (text, []envVar) {
	return s.substituteSpans(t, re.FindAllStringIndex(t.s, -1), named, values)
}

// substituteSpans rewrites the spans ms (start and end offsets in t, in
// order) as substitute does.
func (s *scan) substituteSpans(t text, ms [][]int, named func(expr string) string, values *valueSet) (text, []envVar) {
	if ms == nil {
		return t, nil
	}
	var b builder
	var env []envVar
	last := 0
	for _, m := range ms {
		for k := last; k < m[0]; k++ {
			b.add(t.s[k:k+1], t.fileOff(k))
		}
		last = m[1]
		expr := t.s[m[0]:m[1]]
		var val text
		found := false
		if named != nil {
			val, found = values.get(s, named(expr))
		}
		if !found {
			if rt := s.runtimeIn(expr); rt != "" {
				k := strings.Index(expr, rt)
				val, found = verbatim(rt, t.fileOff(m[0]+k)), true
				val.m = constMap(len(rt), t.fileOff(m[0]+k))
			}
		}
		if !found {
			b.addAt(makePlaceholder, t.fileOff(m[0]))
			continue
		}
		name := substPrefix + strconv.Itoa(s.nsubst)
		s.nsubst++
		env = append(env, envVar{name: name, val: val, dflt: true})
		b.addAt("${"+name+"}", t.fileOff(m[0]))
	}
	for k := last; k < len(t.s); k++ {
		b.add(t.s[k:k+1], t.fileOff(k))
	}
	return b.text(t.fileOff(len(t.s))), env
}

// runtimeIn returns the first word of s (split at anything that cannot be
// part of a command or package name) that names a runtime's command or
// package, or "".
func (s *scan) runtimeIn(str string) string {
	if !s.p.Config.MentionsRuntime([]byte(str)) {
		return ""
	}
	cfg := s.p.Config
	for _, w := range strings.FieldsFunc(str, func(r rune) bool {
		return !(r == '_' || r == '-' || r == '.' || r == '/' || r == '@' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) {
		if _, ok := cfg.RuntimeForCommand(w); ok {
			return w
		}
		if _, ok := cfg.RuntimeForPackage(w); ok {
			return w
		}
	}
	return ""
}
