package data

import (
	"strconv"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// Compose interpolates `${X}` and `$X` in a compose file before it runs
// anything, from the host's environment, else from the project's `.env`
// beside the compose file, which it reads by itself (no `env_file:`
// needed). `${X:-d}` and `${X-d}` fall back to d, `${X:?e}` and `${X?e}`
// fail when X is unset, `${X:+r}` and `${X+r}` are r when X is set, and
// `$$` is a literal `$`. The host may set any name, so a value found here
// is a default the run may replace: a launch through it is dynamic. A
// reference neither the .env nor a default resolves is the host's and
// unknown.

// maxInterpDepth bounds the nesting of defaults read (`${A:-${B:-x}}`);
// past it the reference is unknown.
const maxInterpDepth = 8

// composeVars are the values of a compose file's project `.env`.
type composeVars map[string]text

// composeDotenv reads the `.env` beside the compose file (a file of the
// scan), the values compose interpolates with.
func (s *scan) composeDotenv() composeVars {
	vars := composeVars{}
	for _, e := range s.envFile(".env", 0) {
		vars[e.name] = e.val
	}
	return vars
}

// interpRef is one `${...}` or `$NAME` reference at t.s[start:end].
type interpRef struct {
	start, end int
	name       string
	op         string // "", ":-", "-", ":?", "?", ":+", "+"
	arg        text   // the default, error or replacement
}

// composeRefs lists the references of t in order, `$$` passed over.
func composeRefs(t text) []interpRef {
	var refs []interpRef
	for i := 0; i < len(t.s); i++ {
		if t.s[i] != '$' || i+1 >= len(t.s) {
			continue
		}
		switch c := t.s[i+1]; {
		case c == '$':
			i++
		case c == '{':
			depth, j := 0, i+1
			for ; j < len(t.s); j++ {
				if t.s[j] == '{' {
					depth++
				} else if t.s[j] == '}' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if j >= len(t.s) {
				return refs
			}
			body := i + 2
			k := body
			for k < j && isNameByte(t.s[k]) {
				k++
			}
			r := interpRef{start: i, end: j + 1, name: t.s[body:k]}
			rest := t.s[k:j]
			for _, op := range []string{":-", ":?", ":+", "-", "?", "+"} {
				if strings.HasPrefix(rest, op) {
					r.op = op
					a := k + len(op)
					r.arg = text{s: t.s[a:j], m: t.m[a : j+1]}
					break
				}
			}
			if r.name != "" && (r.op != "" || rest == "") {
				refs = append(refs, r)
			}
			i = j
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			k := i + 1
			for k < len(t.s) && isNameByte(t.s[k]) {
				k++
			}
			refs = append(refs, interpRef{start: i, end: k, name: t.s[i+1 : k]})
			i = k - 1
		}
	}
	return refs
}

// value is what a reference becomes: ok is false when it is the host's
// and unknown.
func (v composeVars) value(r interpRef, depth int) (string, bool) {
	val, set := v[r.name]
	switch r.op {
	case "":
		return val.s, set
	case ":-", "-":
		if set && (val.s != "" || r.op == "-") {
			return val.s, true
		}
		if depth >= maxInterpDepth {
			return "", false
		}
		d, ok := v.interp(r.arg, depth+1)
		return d.s, ok
	case ":?", "?":
		return val.s, set
	}
	// :+ and +: the replacement when the host or the .env sets the
	// name, else nothing: unknown unless the .env sets it
	if !set || r.op == ":+" && val.s == "" || depth >= maxInterpDepth {
		return "", false
	}
	d, ok := v.interp(r.arg, depth+1)
	return d.s, ok
}

// interp puts in place every reference of t: known is false when one is
// the host's (its text is then left as written).
func (v composeVars) interp(t text, depth int) (out text, known bool) {
	refs := composeRefs(t)
	if len(refs) == 0 {
		return t, true
	}
	var b builder
	last := 0
	known = true
	for _, r := range refs {
		for k := last; k < r.start; k++ {
			b.add(t.s[k:k+1], t.fileOff(k))
		}
		last = r.end
		val, ok := v.value(r, depth)
		if !ok {
			known = false
			for k := r.start; k < r.end; k++ {
				b.add(t.s[k:k+1], t.fileOff(k))
			}
			continue
		}
		b.addAt(val, t.fileOff(r.start))
	}
	for k := last; k < len(t.s); k++ {
		b.add(t.s[k:k+1], t.fileOff(k))
	}
	return b.text(t.fileOff(len(t.s))), known
}

// composeShell puts in place, in shell text a service runs, each
// reference the .env or a default resolves, as a variable of the shell
// given that value as a default (so a launch through it is dynamic); a
// reference to the host's environment is left to the shell, unknown.
func (s *scan) composeShell(t text, vars composeVars) (text, []envVar) {
	refs := composeRefs(t)
	if len(refs) == 0 {
		return t, nil
	}
	var b builder
	var env []envVar
	last := 0
	for _, r := range refs {
		for k := last; k < r.start; k++ {
			b.add(t.s[k:k+1], t.fileOff(k))
		}
		last = r.end
		val, ok := vars.value(r, 0)
		if !ok {
			for k := r.start; k < r.end; k++ {
				b.add(t.s[k:k+1], t.fileOff(k))
			}
			continue
		}
		name := substPrefix + strconv.Itoa(s.nsubst)
		s.nsubst++
		env = append(env, envVar{name: name, val: text{s: val, m: constMap(len(val), t.fileOff(r.start))}, dflt: true})
		b.addAt("${"+name+"}", t.fileOff(r.start))
	}
	for k := last; k < len(t.s); k++ {
		b.add(t.s[k:k+1], t.fileOff(k))
	}
	return b.text(t.fileOff(len(t.s))), env
}

// word puts the references of an argv word in place: one the host may set
// makes the word unknown, and a value the .env or a default gives makes
// it dynamic.
func (v composeVars) word(w word) word {
	if len(composeRefs(w.t)) == 0 {
		return w
	}
	t, known := v.interp(w.t, 0)
	if !known {
		// the host's value: unknown, its text kept for a shell parse
		// (`sh -c "${X} -p"` reads X from the shell's environment)
		return word{t: w.t}
	}
	return word{t: t, known: true, via: scanner.ClassDynamic}
}
