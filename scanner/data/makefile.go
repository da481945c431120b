package data

import (
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// Limits of Makefile variable expansion: a variable that refers to itself
// (directly or through others) is expanded once, references nest at most
// maxMakeDepth deep, and a file's expansions together produce at most
// maxMakeOutput bytes, so recursive and exponentially growing definitions
// cannot hang the scan. 16 MiB is far beyond the recipes of any real
// Makefile and keeps the offset map of the expanded text (8 bytes per
// byte) near 128 MiB. Reaching either bound leaves text unexpanded, which
// Scan reports.
const (
	maxMakeDepth  = 16
	maxMakeOutput = 16 << 20
)

// makePlaceholder stands for what make substitutes but the scan cannot
// know (automatic variables, functions, undefined variables): a word that
// names no program.
const makePlaceholder = "__make__"

// makeVar is one Makefile variable.
type makeVar struct {
	value text
	// via is the class a launch named by this variable gets:
	// variable-execution, or dynamic for `?=` (the environment may
	// override it) and for `$(shell which NAME)`.
	via scanner.Class
	// from is where an included file sets it (nil for the file itself).
	from *scanner.Step
	// target says a target-specific assignment set it (targetSpecific).
	target bool
}

type makeRef struct {
	start, end int
	via        scanner.Class
	from       *scanner.Step
}

// mline is one physical line of a Makefile.
type mline struct {
	s   string
	off int
}

var (
	makeAssignRE = regexp.MustCompile(`^\s*(?:(?:export|override|private)\s+)*([^\s:#=?+!$()]+|\$\([^)]*\))\s*(\?=|:::=|::=|:=|\+=|!=|=)`)
	makeWhichRE  = regexp.MustCompile(`^\s*\$[({]shell\s+(?:which|command\s+-v|type\s+-[pP])\s+([\w./@-]+)(?:\s+2>\s*/dev/null|\s+2>&1|\s+>\s*/dev/null\s+2>&1)?(?:\s*\|\|\s*(?:true|:|echo\s+[\w./@-]*))?\s*[)}]\s*$`)
	makeRuleRE   = regexp.MustCompile(`^[^\t#=]*?[^:=\s]?\s*::?(?:[^=]|$)`)
)

// makeState is a Makefile being scanned.
type makeState struct {
	s        *scan
	vars     map[string]*makeVar
	budget   int
	oneshell bool
	// shellFuncs counts the $(shell ...) scanned; at most maxShellFuncs.
	shellFuncs int
	// stack names the variables being expanded, outermost first.
	stack []string
	// locals are the names $(call) and $(foreach) bind, innermost last.
	locals []map[string]string
	// unknownFn records that a function whose result is unknown (and
	// whose arguments name a runtime) was expanded.
	unknownFn bool
	// from is the included file's definition last expanded (for the
	// chain of a launch through it).
	from *scanner.Step
	// foreign is set while an included file is read: its $(shell ...)
	// calls and `!=` commands are scanned in that file, not here.
	foreign bool
	// includes are the files the Makefile includes (Linker specs);
	// undefined says a recipe reads a variable the file does not set.
	includes  []string
	undefined bool
	inRecipe  bool
	// reading are the included files being read, outermost first;
	// includeAt is where the Makefile's own include line of them is.
	reading   []string
	includeAt int
	// names says the file (or one it includes) mentions a runtime: only
	// then can an unknown function's arguments name one, so only then
	// are they expanded to look.
	names bool
	// ruleWords are the targets and prerequisites of the file's rules
	// (read when it mentions a runtime): the stems of its pattern rules
	// are matched against them; auto binds the automatic variables
	// while a recipe is expanded with them (see autoBindings).
	ruleWords []string
	auto      map[string]string
}

// maxShellFuncs bounds the $(shell ...) calls scanned in one Makefile.
const maxShellFuncs = 10000

// makefile scans Makefile recipes. Each recipe line (after the @, - and +
// prefixes) is one shell command line, with backslash continuations kept
// for the shell; under .ONESHELL a recipe is one script. $(VAR) and ${VAR}
// are replaced by the variable's value from the same Makefile (any
// assignment flavour; the last one wins, += appends); a launch whose name
// came from a variable is variable-execution (dynamic for ?= and for
// $(shell which NAME)). $(shell ...) anywhere is scanned as a command
// substitution, and the right side of != as a command.
func (s *scan) makefile() {
	m := &makeState{s: s, vars: map[string]*makeVar{}, budget: maxMakeOutput,
		names: s.p.Config.MentionsRuntime(s.src)}
	for name, v := range s.overrides {
		// a sub-make's command line: the file's assignments are ignored
		m.vars[name] = &makeVar{value: text{s: v, m: constMap(len(v), 0)}, via: scanner.ClassVariableExecution}
		m.names = m.names || s.p.Config.MentionsRuntime([]byte(v))
	}
	recipes := m.read(string(s.src), 0)
	for _, r := range recipes {
		for _, bind := range m.autoBindings(r) {
			// the automatic variables ($*, $@, $<, $^) bound to values
			// that name a runtime: the lines that read them once more
			m.auto = bind
			for _, l := range r.lines {
				if usesAuto(l.s) {
					m.recipeLine(l)
				}
			}
			m.auto = nil
		}
		if m.oneshell && len(r.lines) > 1 {
			var b builder
			for k, l := range r.lines {
				if k > 0 {
					b.add("\n", l.fileOff(0))
				}
				b.add(l.s, 0)
				copy(b.m[len(b.m)-len(l.s):], l.m[:len(l.s)])
			}
			m.recipeLine(b.text(r.lines[len(r.lines)-1].fileOff(len(r.lines[len(r.lines)-1].s))))
			continue
		}
		for _, l := range r.lines {
			m.recipeLine(l)
		}
	}
	m.shellVar(len(recipes) > 0)
	if m.undefined && len(m.includes) > 0 && s.p.Imports == nil {
		// A recipe reads a variable the file does not set, and the file
		// includes others: the repository phase reads them.
		s.p.Needs = append(s.p.Needs, m.includes...)
	}
}

// shellVar judges the program make runs each recipe line with: $(SHELL)
// (its words), then $(.SHELLFLAGS), then the line. `SHELL := claude`
// with `.SHELLFLAGS := -p` hands every recipe line to the agent. It is
// judged at the SHELL assignment when the file has recipes.
func (m *makeState) shellVar(recipes bool) {
	v, ok := m.vars["SHELL"]
	if !ok || !recipes {
		return
	}
	var ws []word
	for _, cmd := range splitSystemd(m.expandText(v.value)) {
		ws = append(ws, cmd...)
	}
	if f, ok := m.vars[".SHELLFLAGS"]; ok {
		for _, cmd := range splitSystemd(m.expandText(f.value)) {
			ws = append(ws, cmd...)
		}
	}
	if len(ws) == 0 {
		return
	}
	m.s.judge(append(ws, shellScriptWord(ws[len(ws)-1])), "")
}

// recipe is the command lines of one rule, with its targets (or target
// patterns) and prerequisites when the file mentions a runtime (see
// autoBindings).
type recipe struct {
	lines            []text
	targets, prereqs []string
}

// read reads the lines of a Makefile: the file itself (depth 0), or one
// it includes (depth > 0; only its variables are kept: its recipes and
// $(shell ...) calls are scanned in that file). It returns the recipes.
func (m *makeState) read(src string, depth int) []*recipe {
	var phys []mline
	for off := 0; off <= len(src); {
		end := strings.IndexByte(src[off:], '\n')
		if end < 0 {
			phys = append(phys, mline{strings.TrimSuffix(src[off:], "\r"), off})
			break
		}
		phys = append(phys, mline{strings.TrimSuffix(src[off:off+end], "\r"), off})
		off += end + 1
	}
	var recipes []*recipe
	var cur *recipe
	for i := 0; i < len(phys); i++ {
		l := phys[i]
		if strings.HasPrefix(l.s, "\t") && cur != nil {
			var b builder
			first := true
			for {
				body, off := l.s, l.off
				if strings.HasPrefix(body, "\t") {
					body, off = body[1:], off+1
				}
				if first {
					for len(body) > 0 && strings.ContainsRune("@-+ \t", rune(body[0])) {
						body, off = body[1:], off+1
					}
					first = false
				}
				b.add(body, off)
				if !continued(body) || i+1 >= len(phys) {
					break
				}
				b.add("\n", l.off+len(l.s))
				i++
				l = phys[i]
			}
			cur.lines = append(cur.lines, b.text(l.off+len(l.s)))
			continue
		}
		// A logical line: continuations joined with a space, as make does.
		var b builder
		for {
			body := l.s
			if continued(body) && i+1 < len(phys) {
				b.add(strings.TrimRight(body[:len(body)-1], " \t"), l.off)
				b.add(" ", l.off+len(body)-1)
				i++
				l = phys[i]
				continue
			}
			b.add(body, l.off)
			break
		}
		lt := b.text(l.off + len(l.s))
		trimmed := strings.TrimSpace(lt.s)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
			continue
		case strings.HasPrefix(trimmed, "define ") || trimmed == "define":
			name := strings.Fields(trimmed + " _")[1]
			var vb builder
			for i+1 < len(phys) {
				i++
				if strings.TrimSpace(phys[i].s) == "endef" {
					break
				}
				if vb.len() > 0 {
					vb.add("\n", phys[i].off-1)
				}
				vb.add(phys[i].s, phys[i].off)
			}
			name = strings.TrimRight(name, ":=+?!")
			m.vars[name] = &makeVar{value: vb.text(phys[i].off), via: scanner.ClassVariableExecution}
			cur = nil
			continue
		case isConditional(trimmed):
			continue
		}
		if a := makeAssignRE.FindStringSubmatchIndex(lt.s); a != nil && !isRuleWithAssign(lt.s, a) {
			m.assign(lt, a)
			cur = nil
			continue
		}
		if k := targetAssign(lt.s); k > 0 {
			// target: VAR = value, the variable's value in that target's
			// recipes: kept as its value when it names a runtime and the
			// file-wide one does not (targetSpecific)
			sub := text{s: lt.s[k:], m: lt.m[k:]}
			if a := makeAssignRE.FindStringSubmatchIndex(sub.s); a != nil {
				m.targetSpecific(sub, a)
			}
			cur = nil
			continue
		}
		if makeRuleRE.MatchString(lt.s) && strings.Contains(lt.s, ":") {
			target := strings.TrimSpace(lt.s[:strings.IndexByte(lt.s, ':')])
			if target == ".ONESHELL" {
				m.oneshell = true
			}
			m.scanShellFuncs(lt)
			cur = &recipe{}
			recipes = append(recipes, cur)
			if m.names {
				m.ruleHead(cur, lt)
			}
			if semi := ruleSemicolon(lt.s); semi >= 0 {
				cur.lines = append(cur.lines, text{s: lt.s[semi+1:], m: lt.m[semi+1:]})
			}
			continue
		}
		// include, vpath, export NAME and other directives.
		m.scanShellFuncs(lt)
		if f := strings.Fields(trimmed); len(f) > 1 && (f[0] == "include" || f[0] == "-include" || f[0] == "sinclude") {
			m.include(lt, depth)
		}
		cur = nil
	}
	if depth > 0 {
		return nil
	}
	return recipes
}

func continued(s string) bool {
	n := 0
	for i := len(s) - 1; i >= 0 && s[i] == '\\'; i-- {
		n++
	}
	return n%2 == 1
}

func isConditional(s string) bool {
	w := s
	if i := strings.IndexAny(s, " \t("); i >= 0 {
		w = s[:i]
	}
	switch w {
	case "ifeq", "ifneq", "ifdef", "ifndef", "else", "endif":
		return true
	}
	return false
}

// isRuleWithAssign reports a target-specific assignment `target: VAR =
// value` (a rule line whose first colon comes before the operator).
func isRuleWithAssign(s string, a []int) bool {
	colon := strings.IndexByte(s, ':')
	return colon >= 0 && colon < a[4] && !strings.HasPrefix(s[a[4]:], ":")
}

// ruleSemicolon is the index of the `;` that starts an inline recipe.
func ruleSemicolon(s string) int {
	depth := 0
	for i := strings.IndexByte(s, ':'); i >= 0 && i < len(s); i++ {
		switch s[i] {
		case '(', '{':
			depth++
		case ')', '}':
			depth--
		case ';':
			if depth == 0 {
				return i
			}
		case '#':
			if depth == 0 {
				return -1
			}
		}
	}
	return -1
}

// targetAssignRE is a target-specific assignment: `target: VAR = value`
// (also `:=`, `?=`, `+=`, with export, override or private).
var targetAssignRE = regexp.MustCompile(`^[^:#=\t][^:#=]*?::?[ \t]*((?:(?:export|override|private)[ \t]+)*[A-Za-z_][\w.-]*[ \t]*(?:\?=|::=|:=|\+=|=))`)

// targetAssign is where the assignment of a target-specific assignment
// line starts, or 0.
func targetAssign(s string) int {
	m := targetAssignRE.FindStringSubmatchIndex(s)
	if m == nil {
		return 0
	}
	return m[2]
}

// targetSpecific records a target-specific assignment. Variables hold one
// value, so it stands for the variable everywhere only when it names a
// runtime and the value before it does not (a launch through it is then
// judged in every recipe, an over-approximation), and a later file-wide
// value that names none does not replace it: the target's recipes still
// see it.
func (m *makeState) targetSpecific(lt text, a []int) {
	name := lt.s[a[2]:a[3]]
	val := lt.s[a[5]:]
	if !m.s.p.Config.MentionsRuntime([]byte(val)) {
		return
	}
	if old, ok := m.vars[name]; ok && m.s.p.Config.MentionsRuntime([]byte(old.value.s)) {
		return
	}
	delete(m.vars, name)
	m.assign(lt, a)
	if v, ok := m.vars[name]; ok {
		v.target = true
	}
}

func (m *makeState) assign(lt text, a []int) {
	name := lt.s[a[2]:a[3]]
	if _, ok := m.s.overrides[name]; ok {
		return
	}
	if old, ok := m.vars[name]; ok && old.target && !m.s.p.Config.MentionsRuntime([]byte(lt.s[a[5]:])) {
		return // a target's value naming a runtime stays (targetSpecific)
	}
	op := lt.s[a[4]:a[5]]
	vstart := a[5]
	for vstart < len(lt.s) && (lt.s[vstart] == ' ' || lt.s[vstart] == '\t') {
		vstart++
	}
	val := lt.s[vstart:]
	if i := commentStart(val); i >= 0 {
		val = strings.TrimRight(val[:i], " \t")
	}
	vt := text{s: val, m: lt.m[vstart : vstart+len(val)+1]}
	m.scanShellFuncs(vt)
	if op == "!=" {
		// The right side is a shell command run while make reads the file.
		if !m.foreign {
			m.s.shell(m.expandText(vt), scanner.ClassCommandSubstitution, nil)
		}
		m.vars[name] = &makeVar{value: text{s: makePlaceholder, m: make([]int, len(makePlaceholder)+1)}, via: scanner.ClassDynamic}
		return
	}
	v := &makeVar{value: vt, via: scanner.ClassVariableExecution}
	if op == "?=" {
		if old, ok := m.vars[name]; ok {
			_ = old
			return
		}
		v.via = scanner.ClassDynamic
	}
	if w := makeWhichRE.FindStringSubmatchIndex(val); w != nil {
		v.value = text{s: val[w[2]:w[3]], m: vt.m[w[2] : w[3]+1]}
		v.via = scanner.ClassDynamic
	}
	if op == "+=" {
		if old, ok := m.vars[name]; ok {
			var b builder
			b.add(old.value.s, 0)
			copy(b.m, old.value.m)
			b.add(" ", vt.fileOff(0))
			b.add(vt.s, 0)
			copy(b.m[len(b.m)-len(vt.s):], vt.m)
			v.value = b.text(vt.fileOff(len(vt.s)))
			v.via = old.via
		}
	}
	m.vars[name] = v
	if !m.foreign && exportedAssign(lt.s[:a[2]]) {
		// export NAME = value: the recipes' processes inherit it,
		// whatever their language (a script of the repository)
		m.s.offerEnvVar(name, v.value.s, vt.fileOff(0))
	}
}

// exportedAssign reports an assignment's prefix (the text before its
// name) that exports it.
func exportedAssign(prefix string) bool {
	return slices.Contains(strings.Fields(prefix), "export")
}

func commentStart(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '#' && (i == 0 || s[i-1] != '\\') {
			return i
		}
	}
	return -1
}

// scanShellFuncs scans every $(shell ...) written in t as a command
// substitution.
func (m *makeState) scanShellFuncs(t text) {
	if !m.foreign {
		m.shellFuncsIn(t, 0)
	}
}

// maxShellNesting bounds $(shell ...) inside $(shell ...).
const maxShellNesting = 8

func (m *makeState) shellFuncsIn(t text, depth int) {
	for i := 0; i+1 < len(t.s); {
		k := strings.Index(t.s[i:], "shell")
		if k < 0 {
			return
		}
		k += i
		i = k + 1
		if k < 2 || t.s[k-2] != '$' || (t.s[k-1] != '(' && t.s[k-1] != '{') ||
			k+5 >= len(t.s) || (t.s[k+5] != ' ' && t.s[k+5] != '\t') {
			continue
		}
		if m.shellFuncs++; m.shellFuncs > maxShellFuncs {
			m.s.hitLimit(t.fileOff(k-2), fmt.Sprintf("more than %d $(shell ...) calls; the rest is not scanned", maxShellFuncs))
			return
		}
		end := matchClose(t.s, k-1)
		if end < 0 {
			return
		}
		start := k + len("shell") + 1
		sub := text{s: t.s[start:end], m: t.m[start : end+1]}
		m.s.shell(m.expandText(sub), scanner.ClassCommandSubstitution, nil)
		if depth < maxShellNesting {
			m.shellFuncsIn(sub, depth+1)
		} else if strings.Contains(sub.s, "$(shell") || strings.Contains(sub.s, "${shell") {
			m.s.hitLimit(t.fileOff(k-2), fmt.Sprintf("$(shell ...) nested more than %d deep; the inner calls are not scanned", maxShellNesting))
		}
		i = end + 1
	}
}

// matchClose returns the index of the bracket closing the one at open.
func matchClose(s string, open int) int {
	o, c := s[open], byte(')')
	if o == '{' {
		c = '}'
	}
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case o:
			depth++
		case c:
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// recipeLine expands one recipe command line and scans it as shell.
func (m *makeState) recipeLine(t text) {
	var b builder
	var refs []makeRef
	m.inRecipe = true
	m.expand(t, 0, &b, &refs, true)
	m.inRecipe = false
	out := b.text(t.fileOff(len(t.s)))
	if !m.s.noSubMakes {
		m.subMakes(t, out)
	}
	m.s.shell(out, "", func(f *scanner.Finding, off int) {
		if !f.IsLaunch() {
			return
		}
		switch f.Class {
		case scanner.ClassDirectLiteral, scanner.ClassAbsolutePath, scanner.ClassPackageRunner:
		default:
			return
		}
		for _, r := range refs {
			if off >= r.start && off < r.end {
				f.Class = r.via
				f.Message = scanner.LaunchMessage(f.Runtime, f.Runtime, r.via)
				if r.from != nil {
					f.Chain = &[]scanner.Step{*r.from}
					f.Message += " (" + scanner.ChainText(*f.Chain) + ")"
				}
				return
			}
		}
	})
}

// expandText expands variables in t without tracking references.
func (m *makeState) expandText(t text) text {
	var b builder
	m.expand(t, 1, &b, nil, false)
	return b.text(t.fileOff(len(t.s)))
}

// expand appends the expansion of t to b. Text from a variable is mapped
// to the reference at top level (depth 0), where refs records it.
func (m *makeState) expand(t text, depth int, b *builder, refs *[]makeRef, top bool) {
	s := t.s
	for i := 0; i < len(s); i++ {
		if s[i] != '$' {
			// The run up to the next reference, at once.
			j := strings.IndexByte(s[i:], '$')
			if j < 0 {
				j = len(s) - i
			}
			m.emitRun(b, t, i, i+j, depth)
			i += j - 1
			continue
		}
		if i+1 >= len(s) {
			m.emit(b, s[i:], t.fileOff(i), depth, true)
			continue
		}
		n := s[i+1]
		switch {
		case n == '$':
			m.emit(b, "$", t.fileOff(i), depth, true)
			i++
			continue
		case n == '(' || n == '{':
			end := matchClose(s, i+1)
			if end < 0 {
				m.emit(b, s[i:], t.fileOff(i), depth, true)
				return
			}
			inner := s[i+2 : end]
			m.reference(inner, t.fileOff(i), depth, b, refs, top)
			i = end
		default:
			m.reference(s[i+1:i+2], t.fileOff(i), depth, b, refs, top)
			i++
		}
	}
}

// emitRun emits t.s[i:j], which holds no reference.
func (m *makeState) emitRun(b *builder, t text, i, j, depth int) {
	if depth == 0 {
		for k := i; k < j; k++ {
			b.add(t.s[k:k+1], t.fileOff(k))
		}
		return
	}
	m.budget -= j - i
	b.addAt(t.s[i:j], t.fileOff(i))
}

func (m *makeState) emit(b *builder, s string, off, depth int, verbatim bool) {
	if depth == 0 && verbatim {
		b.add(s, off)
		return
	}
	m.budget -= len(s)
	b.addAt(s, off)
}

// reference expands $(inner) found at file offset off.
func (m *makeState) reference(inner string, off, depth int, b *builder, refs *[]makeRef, top bool) {
	if fn, args, ok := makeFunction(inner); ok && fn == "shell" {
		// $(shell cat FILE), $(shell < FILE): the text of a file of the
		// repository (as the shell detector reads `$(cat f)`)
		if t, ok := m.shellRead(args); ok {
			if depth == 0 {
				start := b.len()
				b.addAt(t, off)
				if refs != nil && top {
					*refs = append(*refs, makeRef{start: start, end: b.len(), via: scanner.ClassDynamic})
				}
				return
			}
			m.emit(b, t, off, depth+1, false)
			return
		}
	}
	if fn, args, ok := makeFunction(inner); ok && fn != "shell" {
		// ($(shell ...) is scanned where it is written, as a command
		// substitution; its output is the neutral word.)
		m.function(fn, args, off, depth, b, refs, top)
		return
	}
	if v, ok := m.local(inner); ok {
		m.emit(b, v, off, depth+1, false)
		return
	}
	if name, from, to, ok := substRef(inner); ok {
		// $(VAR:a=b), $(VAR:%=x-%): patsubst of the variable's words
		m.function("patsubst", from+","+to+",$("+name+")", off, depth, b, refs, top)
		return
	}
	if v, ok := m.auto[inner]; ok {
		m.expandAt(text{s: v, m: constMap(len(v), off)}, scanner.ClassVariableExecution, nil, off, depth, b, refs, top)
		return
	}
	if strings.Contains(inner, "$") && !strings.ContainsAny(inner, " \t,:") && depth < maxMakeDepth {
		// A computed name, $($(X)_BIN): the variable it names.
		if name := m.arg(inner, off, depth); isMakeName(name) {
			m.reference(name, off, depth, b, refs, top)
			return
		}
	}
	v, ok := m.vars[inner]
	if !ok && m.inRecipe && isMakeName(inner) {
		m.undefined = true
	}
	cycle := slices.Contains(m.stack, inner)
	switch {
	case !ok || cycle:
		// A variable that refers to itself hides nothing: its text is
		// expanded once already, and make refuses to expand it again.
	case m.budget <= 0:
		m.s.hitLimit(off, fmt.Sprintf("Makefile variables expand to more than %d bytes; the rest is not expanded", maxMakeOutput))
	case depth >= maxMakeDepth:
		m.s.hitLimit(off, fmt.Sprintf("Makefile variable %s is nested more than %d references deep; it is not expanded", inner, maxMakeDepth))
	}
	if !ok || cycle || depth >= maxMakeDepth || m.budget <= 0 || strings.ContainsAny(inner, " \t,:$") {
		// Functions ($(shell ...) is scanned where it is written),
		// substitution references, automatic and unknown variables.
		m.emit(b, makePlaceholder, off, depth+1, false)
		return
	}
	m.stack = append(m.stack, inner)
	defer func() { m.stack = m.stack[:len(m.stack)-1] }()
	m.expandAt(v.value, v.via, v.from, off, depth, b, refs, top)
}

// expandAt expands t, the value of a reference at file offset off whose
// launches get class via. At top level (depth 0) everything it expands
// to is placed at the reference, recorded in refs; a function met inside
// whose result the scan cannot know (and whose arguments name a runtime)
// makes it dynamic; from is where an included file sets the value.
func (m *makeState) expandAt(t text, via scanner.Class, from *scanner.Step, off, depth int, b *builder, refs *[]makeRef, top bool) {
	start := b.len()
	if depth != 0 {
		if from != nil {
			m.from = from
		}
		m.expand(t, depth+1, b, nil, false)
		return
	}
	saw, sawFrom := m.unknownFn, m.from
	m.unknownFn, m.from = false, nil
	sub := builder{flat: true}
	m.expand(t, depth+1, &sub, nil, false)
	b.addAt(sub.b.String(), off)
	if m.unknownFn {
		via = scanner.ClassDynamic
	}
	if from == nil {
		from = m.from
	}
	if refs != nil && top {
		*refs = append(*refs, makeRef{start: start, end: b.len(), via: via, from: from})
	}
	m.unknownFn = saw || m.unknownFn
	if m.from == nil {
		m.from = sawFrom
	}
}

// makeFunction splits `fn args` of a function reference; ok is false for
// a variable name.
func makeFunction(inner string) (fn, args string, ok bool) {
	i := strings.IndexAny(inner, " \t")
	if i <= 0 {
		return "", "", false
	}
	fn = inner[:i]
	for k := 0; k < len(fn); k++ {
		if c := fn[k]; !(c >= 'a' && c <= 'z' || c == '-') {
			return "", "", false
		}
	}
	return fn, strings.TrimLeft(inner[i:], " \t"), true
}

// makeArgs splits a function's arguments at the commas outside
// parentheses and braces, into at most n (n < 0: all).
func makeArgs(s string, n int) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '{':
			depth++
		case ')', '}':
			depth--
		case ',':
			if depth == 0 && (n < 0 || len(out) < n-1) {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// local is the value of a name $(call) or $(foreach) binds ($(1), the
// loop variable), innermost first.
func (m *makeState) local(name string) (string, bool) {
	for i := len(m.locals) - 1; i >= 0; i-- {
		if v, ok := m.locals[i][name]; ok {
			return v, true
		}
	}
	return "", false
}

// arg expands one function argument (written at file offset off) to its
// text.
func (m *makeState) arg(s string, off, depth int) string {
	sub := builder{flat: true}
	m.expand(text{s: s, m: constMap(len(s), off)}, depth+1, &sub, nil, false)
	return sub.b.String()
}

// function expands $(fn args) at file offset off. `call` binds $(1)...
// to its arguments and expands the named variable (a launch through it
// is the variable's class), `foreach` expands its body once per word,
// `strip`, `firstword`, `lastword`, `subst`, `patsubst`, `addprefix`,
// `addsuffix` and `join` are computed, `info`, `warning`
// and `error` expand to nothing, and `eval` of assignments makes them. Any other function's result is unknown:
// it is the neutral word, unless its arguments name a runtime as a word,
// then it stands for that runtime and a launch through it is dynamic
// (unknown is not absent). An undefined `call` target is unknown too.
func (m *makeState) function(fn, args string, off, depth int, b *builder, refs *[]makeRef, top bool) {
	if depth >= maxMakeDepth || m.budget <= 0 {
		if depth >= maxMakeDepth {
			m.s.hitLimit(off, fmt.Sprintf("Makefile function %s is nested more than %d references deep; it is not expanded", fn, maxMakeDepth))
		} else {
			m.s.hitLimit(off, fmt.Sprintf("Makefile variables expand to more than %d bytes; the rest is not expanded", maxMakeOutput))
		}
		m.emit(b, makePlaceholder, off, depth+1, false)
		return
	}
	literal := func(s string) {
		if depth == 0 {
			start := b.len()
			b.addAt(s, off)
			if refs != nil && top {
				*refs = append(*refs, makeRef{start: start, end: b.len(), via: scanner.ClassVariableExecution})
			}
			return
		}
		m.emit(b, s, off, depth+1, false)
	}
	switch fn {
	case "info", "warning", "error":
		return
	case "eval":
		// Assignments it makes are made; it expands to nothing. Any
		// other text (a rule) is unknown.
		e := m.arg(args, off, depth)
		all := true
		for _, line := range strings.Split(e, "\n") {
			if strings.TrimSpace(line) == "" {
				continue
			}
			lt := text{s: line, m: constMap(len(line), off)}
			if a := makeAssignRE.FindStringSubmatchIndex(line); a != nil && !isRuleWithAssign(line, a) {
				m.assign(lt, a)
				continue
			}
			all = false
		}
		if all {
			return
		}
	case "strip":
		literal(strings.Join(strings.Fields(m.arg(args, off, depth)), " "))
		return
	case "subst", "patsubst", "addprefix", "addsuffix", "join":
		// The functions that build words from pieces: computed, so
		// `$(subst X,,claXude)` is claude.
		n := 2
		if fn == "subst" || fn == "patsubst" {
			n = 3
		}
		a := makeArgs(args, n)
		if len(a) == n {
			for i := range a {
				a[i] = m.arg(a[i], off, depth)
			}
			literal(makeWords(fn, a))
			return
		}
	case "firstword", "lastword":
		f := strings.Fields(m.arg(args, off, depth))
		if len(f) > 0 {
			if fn == "firstword" {
				literal(f[0])
			} else {
				literal(f[len(f)-1])
			}
		}
		return
	case "foreach":
		a := makeArgs(args, 3)
		if len(a) == 3 {
			name := strings.TrimSpace(m.arg(a[0], off, depth))
			var out []string
			for _, w := range strings.Fields(m.arg(a[1], off, depth)) {
				m.locals = append(m.locals, map[string]string{name: w})
				out = append(out, m.arg(a[2], off, depth))
				m.locals = m.locals[:len(m.locals)-1]
			}
			literal(strings.Join(out, " "))
			return
		}
	case "call":
		a := makeArgs(args, -1)
		name := strings.TrimSpace(m.arg(a[0], off, depth))
		v, ok := m.vars[name]
		if !ok && m.inRecipe {
			m.undefined = true // an included file may define it
		}
		if ok && !slices.Contains(m.stack, name) {
			bind := map[string]string{"0": name}
			for i, x := range a[1:] {
				bind[fmt.Sprint(i+1)] = m.arg(x, off, depth)
			}
			m.stack = append(m.stack, name)
			m.locals = append(m.locals, bind)
			// The body is expanded with only the call's arguments bound.
			m.expandAt(v.value, v.via, v.from, off, depth, b, refs, top)
			m.locals = m.locals[:len(m.locals)-1]
			m.stack = m.stack[:len(m.stack)-1]
			return
		}
	}
	// Unknown: what it makes may be any of its arguments' words.
	if !m.names {
		m.emit(b, makePlaceholder, off, depth+1, false)
		return
	}
	if rt := m.runtimeWord(m.arg(args, off, depth)); rt != "" {
		m.unknownFn = true
		if depth == 0 {
			start := b.len()
			b.addAt(rt, off)
			if refs != nil && top {
				*refs = append(*refs, makeRef{start: start, end: b.len(), via: scanner.ClassDynamic})
			}
			return
		}
		m.emit(b, rt, off, depth+1, false)
		return
	}
	m.emit(b, makePlaceholder, off, depth+1, false)
}

// makeWords computes subst, patsubst, addprefix, addsuffix and join of
// their expanded arguments, as make does.
func makeWords(fn string, a []string) string {
	switch fn {
	case "subst":
		if a[0] == "" {
			return a[2]
		}
		return strings.ReplaceAll(a[2], a[0], a[1])
	case "join":
		x, y := strings.Fields(a[0]), strings.Fields(a[1])
		out := make([]string, max(len(x), len(y)))
		for i := range out {
			if i < len(x) {
				out[i] = x[i]
			}
			if i < len(y) {
				out[i] += y[i]
			}
		}
		return strings.Join(out, " ")
	}
	var out []string
	switch fn {
	case "addprefix", "addsuffix":
		for _, w := range strings.Fields(a[1]) {
			if fn == "addprefix" {
				out = append(out, a[0]+w)
			} else {
				out = append(out, w+a[0])
			}
		}
	case "patsubst":
		pat, repl := strings.TrimSpace(a[0]), strings.TrimSpace(a[1])
		pre, suf, wild := strings.Cut(pat, "%")
		for _, w := range strings.Fields(a[2]) {
			switch {
			case !wild && w == pat:
				out = append(out, repl)
			case wild && len(w) >= len(pre)+len(suf) && strings.HasPrefix(w, pre) && strings.HasSuffix(w, suf):
				stem := w[len(pre) : len(w)-len(suf)]
				out = append(out, strings.Replace(repl, "%", stem, 1))
			default:
				out = append(out, w)
			}
		}
	}
	return strings.Join(out, " ")
}

// runtimeWord returns the first word of s (split at blanks, commas and
// semicolons) that names a runtime's command or package, or "".
func (m *makeState) runtimeWord(s string) string {
	cfg := m.s.p.Config
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == ',' || r == ';' }) {
		if _, ok := cfg.RuntimeForCommand(w); ok {
			return w
		}
		if _, ok := cfg.RuntimeForPackage(w); ok {
			return w
		}
	}
	return ""
}

// isMakeName reports a plain variable name (not an automatic variable
// such as $@ or $<).
func isMakeName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isNameByte(c) && c != '-' && c != '.' {
			return false
		}
	}
	return true
}

// makeIncludePrefix marks a Makefile's include as a Linker spec: the
// root-relative file follows.
const makeIncludePrefix = "make:"

// include reads the files an `include` (`-include`, `sinclude`) line
// names, relative to the Makefile's folder as make reads them from there:
// their variables are set here, at the include, as make sets them. In
// phase one the files are only recorded; the repository phase lends
// their text (Pass.Imports). A value set by an included file is placed at
// the include line, and a launch through it names the definition in its
// chain. Names holding a function, a wildcard or an unknown variable are
// not followed; includes nest at most scanner.MaxLinkDepth deep.
func (m *makeState) include(lt text, depth int) {
	if depth == 0 {
		m.includeAt = lt.fileOff(0)
	}
	f := strings.Fields(m.expandText(lt).s)
	for _, name := range f[1:] {
		if strings.Contains(name, makePlaceholder) || strings.ContainsAny(name, "*?[$") || path.IsAbs(name) {
			continue
		}
		spec := makeIncludePrefix + path.Join(path.Dir(m.s.p.Path), name)
		if depth == 0 {
			m.includes = append(m.includes, spec)
		}
		im := m.s.p.Imports
		if im == nil {
			continue
		}
		if depth >= scanner.MaxLinkDepth {
			m.s.hitLimit(m.includeAt, fmt.Sprintf("Makefile includes nested more than %d deep; %s is not read", scanner.MaxLinkDepth, name))
			continue
		}
		rel, src, ok := im.Source(spec)
		if !ok || rel == m.s.p.Path || slices.Contains(m.reading, rel) {
			// A file being read already (an include guarded by a
			// conditional, which the scan reads both ways) adds nothing.
			continue
		}
		m.reading = append(m.reading, rel)
		m.names = m.names || m.s.p.Config.MentionsRuntime(src)
		before := maps.Clone(m.vars)
		foreign := m.foreign
		m.foreign = true
		m.read(string(src), depth+1)
		m.reading = m.reading[:len(m.reading)-1]
		m.foreign = foreign
		for k, v := range m.vars {
			if before[k] == v {
				continue
			}
			if v.from == nil {
				l := newLines(src).pos(v.value.fileOff(0))
				v.from = &scanner.Step{File: rel, Line: l.Line, Column: l.Column, Note: "`" + k + "` is set in an included file"}
			}
			if depth == 0 {
				v.value = text{s: v.value.s, m: constMap(len(v.value.s), m.includeAt)}
			}
		}
	}
}

// shellReadRE is a $(shell ...) command that prints one file: `cat
// FILE` or `< FILE`.
var shellReadRE = regexp.MustCompile(`^\s*(?:cat(?:\s+--)?\s+|<\s*)([\w./@+-]+)\s*$`)

// shellRead is the output of `$(shell cat FILE)` when FILE, written
// literally, is a file of the repository (relative to the Makefile's folder, as make runs it)
// that mentions a runtime or the primitive: its text, newlines as
// blanks as make gives them. In phase one the file is noted for the
// repository phase (Pass.Needs).
func (m *makeState) shellRead(cmd string) (string, bool) {
	sm := shellReadRE.FindStringSubmatch(cmd)
	if sm == nil || path.IsAbs(sm[1]) {
		return "", false
	}
	spec := makeIncludePrefix + path.Join(path.Dir(m.s.p.Path), sm[1])
	im := m.s.p.Imports
	if im == nil {
		if !slices.Contains(m.s.p.Needs, spec) {
			m.s.p.Needs = append(m.s.p.Needs, spec)
		}
		return "", false
	}
	_, src, ok := im.Source(spec)
	if !ok || len(src) > maxMakeOutput || !m.s.p.Config.MentionsRuntime(src) && scanner.FindDangerous(string(src)) == nil {
		return "", false
	}
	return strings.Join(strings.Fields(string(src)), " "), true
}
