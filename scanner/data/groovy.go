package data

import (
	"regexp"
	"strings"
)

// Jenkins pipelines (docs/data.md): the steps `sh`, `bat`, `powershell`
// and `pwsh` of a Jenkinsfile run their argument, a string or `script:`,
// as a command line. The Groovy source is read token by token (comments
// and strings honoured, no full parse); the argument's string literals
// are its text, and anything else in it (a Groovy variable, a call, a
// `${...}` or `$name` interpolation of a double-quoted string) is an
// unknown part (substitute): dynamic when the file assigns its name a
// literal naming a runtime, or when its text names one.

// gtok is one Groovy token.
type gtok struct {
	kind       byte // 'i' identifier, 's' string, 'n' newline, 'p' punctuation
	s          string
	start, end int
	*gstr      // a string's text (nil for other tokens)
}

// gstr is a string token's decoded text, its interpolations kept raw,
// and their spans (offsets in str).
type gstr struct {
	str   text
	spans [][]int
}

// groovySteps are the pipeline steps that run a command line; true for a
// POSIX shell.
var groovySteps = map[string]bool{"sh": true, "bat": false, "powershell": false, "pwsh": false}

// groovyEnvRE is a string literal `NAME=value` (withEnv(['AGENT=claude'])).
var groovyEnvRE = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)=([^\s'"]+)$`)

// groovyNameRE is an interpolation or expression that is a dotted name
// (`params.AGENT`, `env.AGENT`, `agent`).
var groovyNameRE = regexp.MustCompile(`^\$?\{?\s*(?:[A-Za-z_][A-Za-z0-9_]*\.)*([A-Za-z_][A-Za-z0-9_]*)\s*\}?$`)

func groovyName(expr string) string {
	if m := groovyNameRE.FindStringSubmatch(expr); m != nil {
		return m[1]
	}
	return ""
}

// jenkinsfile scans a Jenkinsfile's command steps. A string, comment or
// interpolation left open at the end of the file, or a step's argument
// list, hides what follows: with a runtime named in the file it is
// unparseable there.
func (s *scan) jenkinsfile() {
	src := string(s.src)
	toks, broken := lexGroovy(src)
	values := groovyValues(toks)
	var env []envVar
	for name := range values.all {
		if v, ok := values.get(s, name); ok && isEnvName(name) {
			env = append(env, envVar{name: name, val: v, dflt: true})
		}
	}
	sortEnv(env)
	funcs := groovyFuncs(toks)
	budget := maxStepTokens
	for k, t := range toks {
		posix, ok := groovySteps[t.s]
		if t.kind != 'i' || !ok || k+1 >= len(toks) || k > 0 && toks[k-1].s == "." && !groovyStepReceiver(toks, k-2) {
			continue
		}
		args, ok := groovyStepArg(src, toks, k+1, &budget)
		if !ok && args != nil {
			s.hitLimit(t.start, "the steps' arguments run past the scan's bound; the rest is not scanned")
			break
		}
		// a function of the file called as the argument (`sh
		// agentCmd('triage')`): what it returns is each a command line
		if name, ok := groovyCalled(toks, k+1); ok {
			for _, r := range funcs[name] {
				if more, ok := groovyStepArg(src, toks, r+1, &budget); ok {
					args = append(args, more...)
				}
			}
		}
		for _, arg := range args {
			cmd, subEnv := s.substituteSpans(arg.str, arg.spans, groovyName, values)
			if posix {
				s.shell(withEnv(cmd, append(append([]envVar(nil), env...), subEnv...)), "", nil)
			} else {
				s.powershell(cmd)
			}
		}
	}
	if broken >= 0 && s.p.Config.MentionsRuntime(s.src) {
		s.p.ReportUnparseable(s.pos(broken), "a string, comment or call is not closed; what follows is not scanned")
	}
}

// groovyFuncs indexes the functions a Jenkinsfile defines (`def
// agentCmd(String task) {`, `String agentCmd(...) {`) by name: the
// places of the `return` tokens of each one's body. A function's returns
// are the command lines a step running its call runs.
func groovyFuncs(toks []gtok) map[string][]int {
	funcs := map[string][]int{}
	for k := 0; k+2 < len(toks); k++ {
		t, name := toks[k], toks[k+1]
		if t.kind != 'i' || name.kind != 'i' || toks[k+2].s != "(" || !(t.s == "def" || t.s[0] >= 'A' && t.s[0] <= 'Z') {
			continue
		}
		// the parameters, then the body's brace
		j, depth := k+2, 0
		for ; j < len(toks); j++ {
			if toks[j].s == "(" {
				depth++
			} else if toks[j].s == ")" {
				if depth--; depth == 0 {
					break
				}
			}
		}
		j++
		for j < len(toks) && toks[j].kind == 'n' {
			j++
		}
		if j >= len(toks) || toks[j].s != "{" {
			continue
		}
		var rets []int
		depth = 0
		for ; j < len(toks); j++ {
			switch {
			case toks[j].kind == 'p' && toks[j].s == "{":
				depth++
			case toks[j].kind == 'p' && toks[j].s == "}":
				depth--
			case toks[j].kind == 'i' && toks[j].s == "return" && j+1 < len(toks):
				rets = append(rets, j)
			}
			if depth == 0 {
				break
			}
		}
		if len(rets) > 0 && len(funcs[name.s]) == 0 {
			funcs[name.s] = rets
		}
		k = j
	}
	return funcs
}

// groovyCalled is the function a step's argument at toks[k] calls when
// the argument is a call of a name (`agentCmd('x')`, `(agentCmd('x'))`).
func groovyCalled(toks []gtok, k int) (string, bool) {
	if k < len(toks) && toks[k].s == "(" && toks[k].kind == 'p' {
		k++
	}
	if k+1 < len(toks) && toks[k].kind == 'i' && toks[k+1].s == "(" {
		return toks[k].s, true
	}
	return "", false
}

// groovyStepReceiver reports whether toks[k] is a receiver whose `sh`
// method is the pipeline step: `steps.sh` (a shared library class given
// the pipeline's steps), `this.sh`, `script.sh`.
func groovyStepReceiver(toks []gtok, k int) bool {
	if k < 0 || toks[k].kind != 'i' {
		return false
	}
	switch toks[k].s {
	case "steps", "this", "script", "pipeline", "ctx", "context", "dsl":
		return true
	}
	return false
}

// sortEnv orders variables by name, so the text given to the shell does
// not depend on map order.
func sortEnv(env []envVar) {
	for i := 1; i < len(env); i++ {
		for j := i; j > 0 && env[j].name < env[j-1].name; j-- {
			env[j], env[j-1] = env[j-1], env[j]
		}
	}
}

// groovyValues gathers the literals a Jenkinsfile gives names: literal
// assignments (`def agent = 'claude'`, `AGENT = 'claude'` in
// environment {}), the defaultValue and choices of a parameter's call
// with `name:` (`string(name: 'AGENT', defaultValue: 'claude')`), and
// `NAME=value` strings (withEnv). Control flow is not followed, so each is
// only a possibility (dynamic). One pass, with a stack of the brackets
// open.
func groovyValues(toks []gtok) *valueSet {
	values := newValueSet(nil)
	type group struct {
		key, name string
		vals      []text
		listOf    *group // a `[` list that is the choices of its parent
	}
	stack := []*group{{}}
	flush := func(g *group) {
		if g.name != "" {
			for _, v := range g.vals {
				values.add(g.name, v)
			}
		}
	}
	for k, t := range toks {
		g := stack[len(stack)-1]
		switch {
		case t.kind == 'p' && (t.s == "(" || t.s == "[" || t.s == "{"):
			n := &group{}
			if t.s == "[" && g.key == "choices" {
				n.listOf = g
			}
			stack = append(stack, n)
		case t.kind == 'p' && (t.s == ")" || t.s == "]" || t.s == "}"):
			if len(stack) > 1 {
				flush(g)
				stack = stack[:len(stack)-1]
			}
		case t.kind == 'p' && t.s == ",":
			g.key = ""
		case t.kind == 'i' && k+1 < len(toks) && toks[k+1].s == ":":
			g.key = t.s
		case t.kind == 'i' && k+2 < len(toks) && toks[k+1].kind == 'p' && toks[k+1].s == "=" &&
			toks[k+2].kind == 's' && toks[k+2].spans == nil && (k+3 >= len(toks) || toks[k+3].s != "="):
			values.add(t.s, toks[k+2].str)
		case t.kind == 's':
			switch {
			case g.listOf != nil:
				g.listOf.vals = append(g.listOf.vals, t.str)
			case g.key == "name" && t.spans == nil:
				g.name = t.str.s
			case g.key == "defaultValue" || g.key == "choices":
				g.vals = append(g.vals, t.str)
			}
			if t.spans == nil {
				if m := groovyEnvRE.FindStringSubmatchIndex(t.str.s); m != nil {
					values.add(t.str.s[m[2]:m[3]], text{s: t.str.s[m[4]:m[5]], m: t.str.m[m[4] : m[5]+1]})
				}
			}
		}
	}
	for _, g := range stack {
		flush(g)
	}
	return values
}

// maxStepTokens bounds the tokens of the steps' arguments read in one
// file (steps nested in each other's arguments are read again).
const maxStepTokens = 1 << 20

// groovyStepArg returns the command argument of the step whose name is
// the token before k: `sh 'x'`, `sh("x")`, `sh script: 'x', returnStdout:
// true`, `sh(script: "x")`. An argument that is a `+` concatenation is
// one text: its string literals as they are, its other operands unknown
// spans. Any other expression (`cond ? 'claude -p' : 'x'`, a method
// called on a literal) gives each of its string literals as a text of
// its own, each a possibility. Past the budget of tokens it returns a
// non-nil slice and false.
func groovyStepArg(src string, toks []gtok, k int, budget *int) ([]gtok, bool) {
	paren := toks[k].kind == 'p' && toks[k].s == "("
	if paren {
		k++
	} else if toks[k].kind != 's' && toks[k].kind != 'i' {
		return nil, true
	}
	// The arguments: up to the closing parenthesis, or without one to the
	// end of the line (a line ending in `,` or `+` continues).
	var args [][]gtok
	var cur []gtok
	depth := 0
	for ; k < len(toks); k++ {
		if *budget--; *budget < 0 {
			return []gtok{}, false
		}
		t := toks[k]
		if t.kind == 'n' {
			if paren || depth > 0 || len(cur) > 0 && cur[len(cur)-1].s == "+" || len(cur) == 0 && len(args) > 0 {
				continue
			}
			break
		}
		if t.kind == 'p' {
			switch t.s {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				if depth == 0 {
					goto done
				}
				depth--
			case ",":
				if depth == 0 {
					args = append(args, cur)
					cur = nil
					continue
				}
			}
		}
		cur = append(cur, t)
	}
done:
	if len(cur) > 0 {
		args = append(args, cur)
	}
	var expr []gtok
	for _, a := range args {
		if len(a) >= 2 && a[0].kind == 'i' && a[1].s == ":" {
			if a[0].s == "script" {
				expr = a[2:]
				break
			}
			continue
		}
		if expr == nil {
			expr = a
		}
	}
	if len(expr) == 0 || expr[0].kind == 'p' && expr[0].s == "=" {
		return nil, true
	}
	concat := true
	for i, t := range expr {
		if t.kind == 's' && (i > 0 && expr[i-1].s != "+" || i+1 < len(expr) && expr[i+1].s != "+") {
			concat = false
		}
	}
	if !concat {
		var out []gtok
		for _, t := range expr {
			if t.kind == 's' {
				out = append(out, t)
			}
		}
		return out, true
	}
	// The text: strings as they are, other operands (a variable, a call)
	// unknown parts.
	var b builder
	var spans [][]int
	for i := 0; i < len(expr); i++ {
		t := expr[i]
		switch {
		case t.kind == 's':
			base := b.len()
			b.add(t.str.s, 0)
			copy(b.m[base:], t.str.m[:len(t.str.s)])
			for _, sp := range t.spans {
				spans = append(spans, []int{base + sp[0], base + sp[1]})
			}
		case t.kind == 'p' && t.s == "+":
		default:
			j := i
			for j+1 < len(expr) && expr[j+1].kind != 's' && expr[j+1].s != "+" {
				j++
			}
			start := b.len()
			b.addAt(src[t.start:expr[j].end], t.start)
			spans = append(spans, []int{start, b.len()})
			i = j
		}
	}
	end := expr[len(expr)-1].end
	return []gtok{{kind: 's', gstr: &gstr{str: b.text(end), spans: spans}}}, true
}

// lexGroovy splits Groovy source into tokens. It returns the offset of a
// string, comment or interpolation left open at the end (-1 if none).
func lexGroovy(src string) ([]gtok, int) {
	toks := make([]gtok, 0, len(src)/4)
	broken := -1
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			toks = append(toks, gtok{kind: 'n', s: "\n", start: i, end: i + 1})
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case i == 0 && strings.HasPrefix(src, "#!"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				if broken < 0 {
					broken = i
				}
				i = len(src)
				continue
			}
			i += end + 4
		case c == '\'' || c == '"':
			t, next, ok := lexGroovyString(src, i)
			if !ok && broken < 0 {
				broken = i
			}
			toks = append(toks, t)
			i = next
		case c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i + 1
			for j < len(src) && (isNameByte(src[j]) || src[j] == '$') {
				j++
			}
			toks = append(toks, gtok{kind: 'i', s: src[i:j], start: i, end: j})
			i = j
		default:
			toks = append(toks, gtok{kind: 'p', s: src[i : i+1], start: i, end: i + 1})
			i++
		}
	}
	return toks, broken
}

// lexGroovyString reads the string literal at i: '...', "...", ”'...”'
// or """...""". Escapes are decoded; a double-quoted string keeps its
// interpolations (`${...}`, `$name.name`) raw and records their spans.
func lexGroovyString(src string, i int) (gtok, int, bool) {
	q := src[i : i+1]
	triple := strings.HasPrefix(src[i:], q+q+q)
	open := q
	if triple {
		open = q + q + q
	}
	gstring := q == `"`
	var b builder
	var spans [][]int
	j := i + len(open)
	for j < len(src) {
		c := src[j]
		switch {
		case strings.HasPrefix(src[j:], open):
			t := gtok{kind: 's', start: i, end: j + len(open), gstr: &gstr{str: b.text(j)}}
			if gstring {
				t.spans = spans
			}
			return t, j + len(open), true
		case c == '\n' && !triple:
			t := gtok{kind: 's', start: i, end: j, gstr: &gstr{str: b.text(j), spans: spans}}
			return t, j, false
		case c == '\\' && j+1 < len(src):
			e := src[j+1]
			switch e {
			case '\n':
				// a line continuation
			case 'n':
				b.add("\n", j)
			case 't':
				b.add("\t", j)
			case 'r', 'b', 'f':
			default:
				b.add(string(e), j+1)
			}
			j += 2
		case gstring && c == '$' && j+1 < len(src) && src[j+1] == '{':
			start := b.len()
			depth := 0
			k := j
			for ; k < len(src); k++ {
				if src[k] == '{' {
					depth++
				} else if src[k] == '}' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if k >= len(src) {
				b.add(src[j:], j)
				return gtok{kind: 's', start: i, end: len(src), gstr: &gstr{str: b.text(len(src)), spans: append(spans, []int{start, b.len()})}}, len(src), false
			}
			b.add(src[j:k+1], j)
			spans = append(spans, []int{start, b.len()})
			j = k + 1
		case gstring && c == '$' && j+1 < len(src) && (src[j+1] == '_' || src[j+1] >= 'a' && src[j+1] <= 'z' || src[j+1] >= 'A' && src[j+1] <= 'Z'):
			k := j + 1
			for k < len(src) && (isNameByte(src[k]) || src[k] == '.' && k+1 < len(src) && (isNameByte(src[k+1]) && !(src[k+1] >= '0' && src[k+1] <= '9'))) {
				k++
			}
			start := b.len()
			b.add(src[j:k], j)
			spans = append(spans, []int{start, b.len()})
			j = k
		default:
			b.add(src[j:j+1], j)
			j++
		}
	}
	return gtok{kind: 's', start: i, end: len(src), gstr: &gstr{str: b.text(len(src)), spans: spans}}, len(src), false
}
