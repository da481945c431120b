package shell

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/leasegate/leasegate/cmdline"
	"github.com/leasegate/leasegate/scanner"
)

// assign is one place a variable gets a value.
type assign struct {
	name     string
	value    *syntax.Word      // NAME=value
	array    *syntax.ArrayExpr // NAME=(a b)
	items    []*syntax.Word    // for NAME in items
	words    []*syntax.Word    // set -- words (with array set)
	appendTo bool              // +=
	via      scanner.Class     // how the value is obtained, when not literal
	input    *readInput        // read/mapfile from a file, heredoc or here-string
	printf   []*syntax.Word    // printf -v NAME FORMAT ARGS
}

var declCommands = map[string]bool{"export": true, "local": true, "readonly": true, "declare": true, "typeset": true}

// collect records every assignment and function of the text, then
// computes the possible values of each variable (a bounded fixpoint, so
// that C="${C}aude" and D=$C see the values given anywhere).
func (s *scan) collect(f *syntax.File) {
	var uses []namedUse
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Stmt:
			s.readStmt(n)
			s.noteDerived(n)
			s.noteWrapper(n)
		case *syntax.CallExpr:
			for _, a := range n.Assigns {
				s.addAssign(a)
			}
			if len(n.Args) > 1 && n.Args[0].Lit() == "set" && n.Args[1].Lit() == "--" {
				s.record(assign{name: positionalName, words: n.Args[2:], array: &syntax.ArrayExpr{}}, n)
			}
			s.noteLink(n)
			if len(n.Args) > 3 && n.Args[0].Lit() == "printf" && n.Args[1].Lit() == "-v" {
				// printf -v NAME FORMAT ARGS...: NAME is what it prints
				if name := n.Args[2].Lit(); syntax.ValidName(name) {
					s.record(assign{name: name, printf: n.Args[3:]}, n)
				}
			}
			if len(n.Args) > 0 && declCommands[n.Args[0].Lit()] {
				for _, w := range n.Args[1:] {
					if a, ok := wordAssign(w); ok {
						s.record(a, w)
					}
				}
			}
		case *syntax.BinaryCmd:
			s.notePiped(n)
			s.notePipeOut(n)
		case *syntax.ParamExp:
			// : "${AGENT:=claude}" assigns the default.
			if n.Param != nil && n.Exp != nil && (n.Exp.Op == syntax.AssignUnset || n.Exp.Op == syntax.AssignUnsetOrNull) && n.Exp.Word != nil {
				s.record(assign{name: n.Param.Value, value: n.Exp.Word, via: scanner.ClassDynamic}, n)
			}
		case *syntax.DeclClause:
			ref := n.Variant != nil && n.Variant.Value == "nameref"
			for _, a := range n.Args {
				if a.Naked && a.Name == nil && a.Value != nil {
					if lit := a.Value.Lit(); strings.HasPrefix(lit, "-") && strings.Contains(lit, "n") && n.Variant != nil && n.Variant.Value != "export" {
						ref = true
					}
				}
				s.addAssign(a)
				if ref {
					s.nameRef(a)
				}
			}
		case *syntax.ForClause:
			if wi, ok := n.Loop.(*syntax.WordIter); ok && wi.Name != nil {
				s.record(assign{name: wi.Name.Value, items: wi.Items}, wi)
			}
		case *syntax.FuncDecl:
			if n.Name != nil {
				if u := argUses(n.Body); u.runs || len(u.to) > 0 {
					k, exact := exactShift(n.Body)
					s.noteShiftBy(n.Name.Value, k, exact && !u.shifts && !slices.ContainsFunc(u.to, func(h hand) bool { return h.shifts }))
					u.shifts = u.shifts || shifts(n.Body)
					uses = append(uses, namedUse{n.Name.Value, u})
				}
				s.bodies[n.Name.Value] = append(s.bodies[n.Name.Value], n)
				s.noteRefParams(n)
				if _, ok := s.defs[n.Name.Value]; !ok {
					s.defs[n.Name.Value] = s.synPos(n.Pos())
				}
			}
		}
		return true
	})
	s.runners(uses)
	s.refParamCalls(f)
	if len(s.asgs) == 0 {
		return
	}
	// Past maxFixRounds rounds go on only while a variable gains a new
	// first word (a command it may run: F="$E" after E="$D" ... A=claude,
	// written in reverse, needs a round per link), and within a work
	// budget (maxFixRounds more rounds' worth and maxFixWork more
	// evaluations); past the budget that is reported.
	work, budget := 0, maxFixRounds*len(s.asgs)+maxFixWork
	for round := 0; ; round++ {
		late := round >= maxFixRounds
		changed := false
		var unsettled *assign
		for i := range s.asgs {
			a := &s.asgs[i]
			for _, f := range s.values(*a) {
				if late {
					work++
				}
				newHead := late && unsettled == nil && !s.vars.hasHead(a.name, f)
				if s.addValue(a.name, f, !a.appendTo) {
					changed = true
					if newHead {
						unsettled = a
					}
				}
			}
		}
		if !changed || late && unsettled == nil {
			break
		}
		if late && work > budget {
			s.p.ReportUnparseable(s.asgPos(unsettled), fmt.Sprintf("the values of `%s` and the variables it is built from did not settle within %d evaluations; launches through them are not judged", unsettled.name, budget))
			break
		}
	}
	// The primitive built from pieces (F="--dangerously-"; F+="skip-...").
	for _, a := range s.asgs {
		if a.value == nil || len(a.value.Parts) == 0 {
			continue
		}
		at := s.synPos(a.value.Pos())
		for _, f := range s.values(a) {
			for _, v := range f {
				s.dangerText(v.s, at, true)
				// part of it computed at run time
				// (F="--dangerously-skip-$(echo permissions)"): it may be
				if form, ok := scanner.MaySpellPrimitive(v.s, unknown); ok && scanner.FindDangerous(v.s) == nil {
					s.p.ReportDangerous(at, form, true)
				}
			}
		}
	}
}

// maxFixWork bounds the variable evaluations made past maxFixRounds
// rounds (see collect): a reversed chain of about 128 links is followed.
const maxFixWork = 16 << 10

// asgPos is where an assignment's value starts.
func (s *scan) asgPos(a *assign) scanner.Pos {
	switch {
	case a.value != nil:
		return s.synPos(a.value.Pos())
	case a.array != nil:
		return s.synPos(a.array.Pos())
	case len(a.items) > 0:
		return s.synPos(a.items[0].Pos())
	case len(a.words) > 0:
		return s.synPos(a.words[0].Pos())
	}
	return s.at
}

// addValue adds a possibility to a variable and reports whether its set
// changed. Past maxAlts possibilities a possibility that mentions a
// runtime takes the place of a kept one that does not, so the bound never
// hides a runtime's name, and, when mark is set, the set is marked over:
// its expansions are then dynamic (the bound is reported, never silent).
// Appends (x+=...) do not mark it: re-applied by the fixpoint to every
// earlier value they build combinations no run makes (cmd+=(a) twice),
// and only those overflow.
func (s *scan) addValue(name string, f fields, mark bool) bool {
	if s.vars.add(name, f) {
		return true
	}
	set := s.vars[name]
	if len(set.list) < maxAlts || set.seen[f.key()] {
		return false
	}
	changed := mark && !set.over
	set.over = set.over || mark
	if !s.mentionsRuntime(f) {
		return changed
	}
	for i := len(set.list) - 1; i >= 0; i-- {
		if !s.mentionsRuntime(set.list[i]) {
			// The value left out stays seen: it is not offered again.
			set.list[i] = f
			set.seen[f.key()] = true
			return true
		}
	}
	return changed
}

// mentionsRuntime reports whether a possibility's text mentions a
// runtime's name (a cheap, generous test: it only orders possibilities).
func (s *scan) mentionsRuntime(f fields) bool {
	for _, v := range f {
		if s.p.Config.MentionsRuntime([]byte(v.s)) {
			return true
		}
	}
	return false
}

func (s *scan) addAssign(a *syntax.Assign) {
	if a == nil || a.Name == nil || a.Naked && a.Value == nil && a.Array == nil {
		return
	}
	name := a.Name.Value
	if a.Index != nil {
		// m[key]=value: one element of an (associative) array.
		if a.Value != nil {
			s.record(assign{name: s.element(name, a.Index), value: a.Value, appendTo: a.Append}, a)
		}
		return
	}
	as := assign{name: name, value: a.Value, array: a.Array, appendTo: a.Append}
	if a.Value == nil && a.Array == nil {
		// NAME= : the empty string.
		as.value = &syntax.Word{}
	}
	s.record(as, a)
	if a.Array != nil {
		// m=([key]=value ...): the elements with a key are also kept by
		// it, for look-ups by that key.
		for _, e := range a.Array.Elems {
			if e.Index != nil && e.Value != nil {
				s.record(assign{name: s.element(name, e.Index), value: e.Value}, e)
			}
		}
	}
}

// anyKey is the key of an element set with a key the file cannot know; a
// look-up by any key may find it.
const anyKey = "\x00"

// keysOf names the env entry that lists the keys of array name, and
// moreKeys the entry that says it has more than maxAlts of them.
func keysOf(name string) string   { return name + "[]" }
func moreKeys(name string) string { return name + "[+]" }

// elementName names the env entry of array name's element at key k.
func elementName(name, k string) string { return name + "[" + k + "]" }

// element records that array name has an element at index idx and
// returns the env entry that holds its values.
func (s *scan) element(name string, idx syntax.ArithmExpr) string {
	k := literalKey(idx)
	if k == "" {
		k = anyKey
	}
	if !s.vars.add(keysOf(name), fields{{s: k}}) && !s.vars[keysOf(name)].seen[fields{{s: k}}.key()] {
		s.vars.add(moreKeys(name), fields{{s: unknown}})
	}
	return elementName(name, k)
}

// literalKey is the text of an index written as a literal ([main],
// ["main"], ['main'], [0]), or "".
func literalKey(idx syntax.ArithmExpr) string {
	w, ok := idx.(*syntax.Word)
	if !ok || len(w.Parts) != 1 {
		return ""
	}
	switch p := w.Parts[0].(type) {
	case *syntax.Lit:
		return p.Value
	case *syntax.SglQuoted:
		if !p.Dollar {
			return p.Value
		}
	case *syntax.DblQuoted:
		if len(p.Parts) == 1 {
			if l, ok := p.Parts[0].(*syntax.Lit); ok {
				return l.Value
			}
		}
	}
	return ""
}

// record keeps an assignment unless the same one (same name, operator and
// source text) is already kept: repeated lines add no new values, and a
// large generated script stays linear.
func (s *scan) record(a assign, n syntax.Node) {
	if n != nil && n.Pos().IsValid() && n.End().IsValid() {
		start, end := int(n.Pos().Offset()), int(n.End().Offset())
		if start <= end && end <= len(s.src) {
			key := a.name + "\x00" + string(a.via) + "\x00" + s.src[start:end]
			if a.appendTo {
				key = "+" + key
			}
			if s.seenAsg == nil {
				s.seenAsg = map[string]bool{}
			}
			if s.seenAsg[key] {
				return
			}
			s.seenAsg[key] = true
		}
	}
	s.asgs = append(s.asgs, a)
}

// wordAssign reads `NAME=value` from an argument of export/local/... in
// dialects that parse them as plain commands.
func wordAssign(w *syntax.Word) (assign, bool) {
	if len(w.Parts) == 0 {
		return assign{}, false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return assign{}, false
	}
	name, rest, ok := strings.Cut(lit.Value, "=")
	app := strings.HasSuffix(name, "+")
	name = strings.TrimSuffix(name, "+")
	if !ok || !syntax.ValidName(name) {
		return assign{}, false
	}
	parts := append([]syntax.WordPart{&syntax.Lit{Value: rest}}, w.Parts[1:]...)
	return assign{name: name, value: &syntax.Word{Parts: parts}, appendTo: app}, true
}

// values computes the alternatives one assignment gives its variable.
func (s *scan) values(a assign) []fields {
	var out []fields
	switch {
	case a.input != nil:
		out = s.readValues(a.input)
	case a.printf != nil:
		for _, argv := range s.fieldLists(a.printf) {
			if len(argv) == 0 || !argv[0].known() {
				out = append(out, fields{{s: unknown}})
				continue
			}
			args := make([]scanner.Arg, 0, len(argv)-1)
			for _, v := range argv[1:] {
				args = append(args, v.arg(scanner.Pos{}))
			}
			out = append(out, fields{{s: printfText(argv[0].s, args)}})
		}
	case a.items != nil:
		for _, w := range a.items {
			for _, f := range s.word(w) {
				for _, v := range f {
					out = append(out, fields{v})
				}
			}
		}
	case a.array != nil:
		words := a.words
		for _, e := range a.array.Elems {
			if e.Value != nil {
				words = append(words, e.Value)
			}
		}
		for _, argv := range s.fieldLists(words) {
			if a.appendTo {
				if prev := s.vars[a.name]; prev != nil {
					for _, p := range prev.list {
						out = append(out, append(append(fields(nil), p...), argv...))
					}
					continue
				}
			}
			out = append(out, argv)
		}
	case a.value != nil:
		for _, v := range s.scalar(a.value) {
			if a.appendTo {
				if prev := s.vars[a.name]; prev != nil {
					for _, p := range prev.list {
						q := append(fields(nil), p...)
						if len(q) == 0 {
							q = fields{v}
						} else {
							q[len(q)-1] = s.concat(q[len(q)-1], v)
						}
						out = append(out, q)
					}
					continue
				}
			}
			out = append(out, fields{v})
		}
	}
	if a.via != "" {
		for i, f := range out {
			g := make(fields, len(f))
			for j, v := range f {
				g[j] = through(v, a.via)
			}
			out[i] = g
		}
	}
	return out
}

// fieldLists resolves a list of words into alternatives of their fields.
func (s *scan) fieldLists(words []*syntax.Word) []fields {
	cur := []fields{{}}
	for _, w := range words {
		cur = s.appendFields(cur, s.word(w), maxAlts)
	}
	return cur
}

// appendFields is every alternative of cur followed by every alternative
// of alts, each cut to maxFields fields. Past limit combinations it keeps,
// as argv does, every reading so far followed by alts' first possibility
// and each other possibility after cur's first reading, all marked
// dynamic, at most 2*limit of them and those that mention a runtime
// first: the bound leaves out combinations, never silently a runtime's
// name. With a limit of 1 (s.oneAlt: far from the command word) it keeps
// one reading, one that mentions a runtime when there is one.
func (s *scan) appendFields(cur, alts []fields, limit int) []fields {
	join := func(c, a fields, dyn bool) fields {
		f := append(append(fields(nil), c...), a...)
		if len(f) > maxFields {
			f = f[:maxFields]
		}
		if dyn {
			for i, v := range f {
				f[i] = through(v, scanner.ClassDynamic)
			}
		}
		return f
	}
	if len(cur)*len(alts) <= limit {
		next := make([]fields, 0, len(cur)*len(alts))
		for _, c := range cur {
			for _, a := range alts {
				next = append(next, join(c, a, false))
			}
		}
		return next
	}
	if limit <= 1 {
		for _, c := range cur {
			for _, a := range alts {
				if f := join(c, a, false); s.mentionsRuntime(f) {
					return []fields{f}
				}
			}
		}
		return []fields{join(cur[0], alts[0], false)}
	}
	var named, rest []fields
	add := func(f fields) {
		if s.mentionsRuntime(f) {
			named = append(named, f)
		} else {
			rest = append(rest, f)
		}
	}
	for _, c := range cur {
		add(join(c, alts[0], true))
	}
	for _, a := range alts[1:] {
		add(join(cur[0], a, true))
	}
	return append(named, rest...)[:min(len(named)+len(rest), 2*limit)]
}

// positional reports whether a word is "$@", $*, "$1" and the like, and
// whether what it holds starts past the first argument ("${@:2}", "$2").
func positional(w *syntax.Word) (ok, shifted bool) {
	if len(w.Parts) != 1 {
		return false, false
	}
	p := w.Parts[0]
	if dq, ok := p.(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
		p = dq.Parts[0]
	}
	pe, isParam := p.(*syntax.ParamExp)
	if !isParam || pe.Param == nil || pe.Exp != nil || pe.Length || pe.Excl {
		return false, false
	}
	switch v := pe.Param.Value; {
	case v == "@" || v == "*":
		return true, pe.Slice != nil
	case pe.Slice != nil || len(v) == 0 || v[0] < '1' || v[0] > '9':
		return false, false
	case v == "1":
		return true, false
	default:
		// $2 ... ${16}: one of the later arguments
		for _, c := range v {
			if c < '0' || c > '9' {
				return false, false
			}
		}
		return true, true
	}
}

// argUse is what a function body does with its arguments: it runs them
// as a command or hands them to a shell (runs), or hands them to other
// functions by name (to: the file's functions that run their arguments
// are found among them, see runners); shifts says that what it runs or
// hands on may start past its first argument (a `shift`, "${@:2}", "$2").
type argUse struct {
	runs, shifts bool
	to           []hand
	// vars are the body's variables set to an argument or to literals
	// (bodyVars), and reading which literal of each call reads.
	vars    map[string]*bodyVar
	reading int
}

// hand is one function a body hands its arguments to; shifts says the
// callee may see them past its first (`next x "$@"`, `next "${@:2}"`).
type hand struct {
	name   string
	shifts bool
}

// namedUse is the argUse of a function of the text.
type namedUse struct {
	name string
	use  argUse
}

// argUses reads what a function body does with its arguments: package
// cmdline unwraps each of its commands, and one runs them when the command
// it finally runs, or the string it hands a shell, is "$@", "$*", "$1"
// (`retry() { "$@"; }`, `quiet() { exec "$@" >/dev/null; }`, `elevate() {
// sudo -u root "$@"; }`), or a later one ("$2", "${@:2}": shifted); and it
// hands them on when that command is a plain name given one of them
// (`run_in_repo() { cd "$R" && run "$@"; }`).
// A function defined inside the body is not entered: defining it runs
// nothing, and it gets its own verdict where the collector meets it. That
// also keeps the collector linear on nested definitions (`f() g() h() ...`),
// which would otherwise be walked once per enclosing function.
func argUses(body *syntax.Stmt) argUse {
	var u argUse
	u.vars = bodyVars(body)
	readings := 1
	for _, v := range u.vars {
		readings = max(readings, len(v.lits))
	}
	syntax.Walk(body, func(n syntax.Node) bool {
		if _, ok := n.(*syntax.FuncDecl); ok {
			return false
		}
		if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 {
			u.call(c.Args)
			// a variable of the body given several literals: each
			// reading (`r=timeout` ... `r=nice`; "$r" "$@")
			for j := 1; j < readings; j++ {
				u.reading = j
				u.call(c.Args)
			}
			u.reading = 0
		}
		return true
	})
	return u
}

// maxBodyLits bounds the literal values of one variable of a function
// body that argUses reads as the command it runs (a bound on readings:
// past it the first ones stand for the rest).
const maxBodyLits = 4

// bodyVar is what a function body assigns one variable: one of its
// arguments (`local runner=$1`; shifted: a later one) or literals
// (`local r=timeout`).
type bodyVar struct {
	pos, shifted bool
	lits         []string
}

// bodyVars reads the variables a function body assigns its arguments or
// literals, for argUses: `run_with() { local runner=$1; shift; "$runner"
// "$@"; }` runs its arguments, and `wrap() { local r=timeout; "$r" 600
// "$@"; }` runs them behind timeout.
func bodyVars(body *syntax.Stmt) map[string]*bodyVar {
	var out map[string]*bodyVar
	add := func(a *syntax.Assign) {
		if a != nil && a.Name != nil && a.Array != nil && !a.Append && a.Index == nil && len(a.Array.Elems) == 1 && a.Array.Elems[0].Index == nil {
			// local -a cmd=("$@"): the array is the arguments
			if p, sh := positional(a.Array.Elems[0].Value); p {
				if out == nil {
					out = map[string]*bodyVar{}
				}
				if out[a.Name.Value] == nil {
					out[a.Name.Value] = &bodyVar{}
				}
				v := out[a.Name.Value]
				v.pos, v.shifted = true, v.shifted || sh
			}
			return
		}
		if a == nil || a.Name == nil || a.Value == nil || a.Index != nil || a.Array != nil || a.Append {
			return
		}
		if out == nil {
			out = map[string]*bodyVar{}
		}
		v := out[a.Name.Value]
		if v == nil {
			v = &bodyVar{}
			out[a.Name.Value] = v
		}
		if p, sh := positional(a.Value); p {
			v.pos, v.shifted = true, v.shifted || sh
			return
		}
		if lit, ok := literalWord(a.Value); ok && len(v.lits) < maxBodyLits && !slices.Contains(v.lits, lit) {
			v.lits = append(v.lits, lit)
		}
	}
	syntax.Walk(body, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.FuncDecl:
			return false
		case *syntax.CallExpr:
			for _, a := range n.Assigns {
				add(a)
			}
		case *syntax.DeclClause:
			for _, a := range n.Args {
				add(a)
			}
		}
		return true
	})
	return out
}

// literalWord is the text of a word written as a literal (`timeout`,
// `"timeout"`, `'timeout'`).
func literalWord(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(p.Value, "\\*?[") {
				return "", false
			}
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", false
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok || strings.ContainsAny(l.Value, "\\") {
					return "", false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), b.Len() > 0
}

// plainParam is the parameter expansion a word is whole (`$r`, `${r}`,
// `"$r"`, `"${a[@]}"`), with no operator but an index, or nil.
func plainParam(w *syntax.Word) *syntax.ParamExp {
	if len(w.Parts) != 1 {
		return nil
	}
	p := w.Parts[0]
	if dq, ok := p.(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
		p = dq.Parts[0]
	}
	pe, ok := p.(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Exp != nil || pe.Length || pe.Excl || pe.Slice != nil || pe.Repl != nil || len(pe.Modifiers) > 0 {
		return nil
	}
	return pe
}

// varOf is the name of the variable a word expands whole (`$r`, `${r}`,
// `"$r"`), or "".
func varOf(w *syntax.Word) string {
	if pe := plainParam(w); pe != nil && pe.Index == nil {
		return pe.Param.Value
	}
	return ""
}

// allElements is the name of the array a word expands whole
// (`"${cmd[@]}"`, `${cmd[*]}`), or "".
func allElements(w *syntax.Word) string {
	pe := plainParam(w)
	if pe == nil {
		return ""
	}
	if i, ok := pe.Index.(*syntax.Word); ok && (i.Lit() == "@" || i.Lit() == "*") {
		return pe.Param.Value
	}
	return ""
}

// call adds what one command of a function body does with the function's
// arguments (see argUses). Words that are not plain literals are unknown
// to cmdline; the positional ones are marked.
func (u *argUse) call(args []*syntax.Word) {
	var words []cmdline.Word
	var pos, shifted []bool
	litReading := false
	for i, w := range args {
		p, sh := positional(w)
		name := varOf(w)
		if name == "" {
			name = allElements(w)
		}
		if v := u.vars[name]; !p && v != nil && v.pos {
			p, sh = true, v.shifted
		}
		if !p {
			continue
		}
		if pos == nil {
			words = make([]cmdline.Word, len(args))
			for k, w := range args {
				if lit := w.Lit(); lit != "" {
					words[k] = cmdline.Lit(lit)
				} else if v := u.vars[varOf(w)]; v != nil && !v.pos && len(v.lits) > 0 {
					words[k] = cmdline.Lit(v.lits[min(u.reading, len(v.lits)-1)])
					litReading = litReading || u.reading < len(v.lits)
				}
			}
			pos, shifted = make([]bool, len(args)), make([]bool, len(args))
		}
		pos[i], shifted[i] = true, sh
	}
	if pos == nil || u.reading > 0 && !litReading {
		return
	}
	for _, in := range cmdline.Unwrap(words).Inners {
		switch {
		case in.Kind == cmdline.KindArgv && in.Start >= 0 && in.Start < len(pos) && pos[in.Start]:
			u.runs = true
			u.shifts = u.shifts || shifted[in.Start]
		case in.Kind == cmdline.KindShell && in.Arg >= 0 && in.Arg < len(pos) && pos[in.Arg]:
			u.runs = true
			u.shifts = u.shifts || shifted[in.Arg]
		case in.Kind == cmdline.KindArgv && in.Start >= 0 && in.Start < len(args):
			name := args[in.Start].Lit()
			if name == "" || !syntax.ValidName(strings.ReplaceAll(name, "-", "_")) {
				continue
			}
			for k := in.Start + 1; k < min(in.End, len(pos)); k++ {
				if pos[k] {
					// words before them, or a later argument first:
					// the callee sees them past its first
					u.to = append(u.to, hand{name, shifted[k] || k > in.Start+1})
					break
				}
			}
		}
	}
}

// runners finds the functions of the text that run their arguments and
// how many functions deep: 1 for one that runs them itself, n+1 for one
// that hands them to one of depth n (a breadth-first walk over the
// hand-offs, each function once: linear in the text). Past maxJudgeDepth
// a function keeps depth maxJudgeDepth+1, so a call of it reports the
// runtime it is given dynamic (the bound reached, never silent). A
// function that hands its arguments to one that shifts them shifts them
// too.
func (s *scan) runners(uses []namedUse) {
	if len(uses) == 0 {
		return
	}
	callers := map[string][]namedUse{}
	var queue []string
	for _, nu := range uses {
		if nu.use.runs {
			if s.funcs[nu.name] == 0 {
				queue = append(queue, nu.name)
			}
			s.funcs[nu.name] = 1
		}
		for _, h := range nu.use.to {
			callers[h.name] = append(callers[h.name], nu)
		}
	}
	for len(queue) > 0 {
		g := queue[0]
		queue = queue[1:]
		for _, c := range callers[g] {
			if s.funcs[c.name] == 0 {
				s.funcs[c.name] = min(s.funcs[g]+1, maxJudgeDepth+1)
				queue = append(queue, c.name)
			}
		}
	}
	// shifting: a runner's own (or its hand-off's to a runner), then
	// handed back to the runners that hand their arguments to it
	var shifting []string
	for _, nu := range uses {
		own := nu.use.shifts || slices.ContainsFunc(nu.use.to, func(h hand) bool { return h.shifts && s.funcs[h.name] > 0 })
		if s.funcs[nu.name] > 0 && own && !s.shifting[nu.name] {
			if s.shifting == nil {
				s.shifting = map[string]bool{}
			}
			s.shifting[nu.name] = true
			shifting = append(shifting, nu.name)
		}
	}
	for len(shifting) > 0 {
		g := shifting[0]
		shifting = shifting[1:]
		for _, c := range callers[g] {
			if !s.shifting[c.name] {
				s.shifting[c.name] = true
				shifting = append(shifting, c.name)
			}
		}
	}
}

// nameRef records that a nameref (`declare -n ref=agent`, `local -n`,
// `typeset -n`) takes the values of the variable it names: "$ref" is
// "$agent".
func (s *scan) nameRef(a *syntax.Assign) {
	if a == nil || a.Name == nil || a.Value == nil || a.Index != nil {
		return
	}
	target := a.Value.Lit()
	if !syntax.ValidName(target) {
		return
	}
	w := &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{
		&syntax.ParamExp{Param: &syntax.Lit{Value: target}, Index: &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: "@"}}}},
	}}}}
	s.record(assign{name: a.Name.Value, array: &syntax.ArrayExpr{}, words: []*syntax.Word{w}, via: scanner.ClassVariableExecution}, a)
}

// refParam is a nameref of a function body whose target is one of the
// function's arguments (`pick() { local -n out=$1; out=pi; }`).
type refParam struct {
	ref string
	arg int // 1 for $1
}

// noteRefParams records the namerefs of fn's body bound to one of its
// arguments: a call `pick tool` then assigns tool what the body assigns
// out (refParamCalls).
func (s *scan) noteRefParams(fn *syntax.FuncDecl) {
	syntax.Walk(fn.Body, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.FuncDecl:
			return false
		case *syntax.DeclClause:
			ref := n.Variant != nil && n.Variant.Value == "nameref"
			for _, a := range n.Args {
				if a.Naked && a.Name == nil && a.Value != nil {
					if lit := a.Value.Lit(); strings.HasPrefix(lit, "-") && strings.Contains(lit, "n") && n.Variant != nil && n.Variant.Value != "export" {
						ref = true
					}
					continue
				}
				if !ref || a.Name == nil || a.Value == nil || a.Index != nil {
					continue
				}
				if k := positionalIndex(a.Value); k > 0 {
					if s.refParams == nil {
						s.refParams = map[string][]refParam{}
					}
					s.refParams[fn.Name.Value] = append(s.refParams[fn.Name.Value], refParam{ref: a.Name.Value, arg: k})
				}
			}
		}
		return true
	})
}

// positionalIndex is k for a word that is exactly "$k" or ${k} (k from
// 1 to 9), else 0.
func positionalIndex(w *syntax.Word) int {
	if ok, _ := positional(w); !ok {
		return 0
	}
	p := w.Parts[0]
	if dq, ok := p.(*syntax.DblQuoted); ok {
		p = dq.Parts[0]
	}
	v := p.(*syntax.ParamExp).Param.Value
	if len(v) == 1 && v[0] >= '1' && v[0] <= '9' {
		return int(v[0] - '0')
	}
	return 0
}

// refParamCalls assigns, at each call of a function with namerefs bound
// to its arguments (noteRefParams), the variable the call names there
// the values of the nameref: `pick tool` makes "$tool" "$out".
func (s *scan) refParamCalls(f *syntax.File) {
	if len(s.refParams) == 0 {
		return
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		c, ok := n.(*syntax.CallExpr)
		if !ok || len(c.Args) < 2 {
			return true
		}
		for _, rp := range s.refParams[c.Args[0].Lit()] {
			if rp.arg >= len(c.Args) {
				continue
			}
			name := c.Args[rp.arg].Lit()
			if !syntax.ValidName(name) || name == rp.ref {
				continue
			}
			w := &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{
				&syntax.ParamExp{Param: &syntax.Lit{Value: rp.ref}, Index: &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: "@"}}}},
			}}}}
			s.record(assign{name: name, array: &syntax.ArrayExpr{}, words: []*syntax.Word{w}, via: scanner.ClassVariableExecution}, c)
		}
		return true
	})
}

// exactShift reads how many arguments a function body drops before it
// runs or hands on any: ok when every `shift` (`shift`, `shift N` with N
// written) is a command of the body's own list, none comes after a
// command that runs or hands on the arguments, and none is inside a
// loop, a condition or a list (`retry() { local n=$1; shift; for ...; do
// "$@"; done; }` drops exactly one).
func exactShift(body *syntax.Stmt) (int, bool) {
	b, ok := body.Cmd.(*syntax.Block)
	if !ok {
		return 0, false
	}
	n, ran := 0, false
	for _, st := range b.Stmts {
		if c, ok := st.Cmd.(*syntax.CallExpr); ok && len(c.Args) > 0 && c.Args[0].Lit() == "shift" {
			if ran || len(c.Args) > 2 || st.Negated || st.Background {
				return 0, false
			}
			k := 1
			if len(c.Args) == 2 {
				v, err := strconv.Atoi(c.Args[1].Lit())
				if err != nil || v < 0 || v > scanner.MaxShiftOffsets {
					return 0, false
				}
				k = v
			}
			n += k
			continue
		}
		if shifts(st) {
			return 0, false
		}
		if u := argUses(st); u.runs || len(u.to) > 0 {
			ran = true
		}
	}
	return n, n > 0
}

// noteShiftBy records that function name drops exactly k arguments
// before it runs them (exactShift), unless a definition of it drops
// another count or an unknown one.
func (s *scan) noteShiftBy(name string, k int, exact bool) {
	if s.shiftBy == nil {
		s.shiftBy = map[string]int{}
	}
	prev, seen := s.shiftBy[name]
	switch {
	case !exact || seen && prev != k:
		s.shiftBy[name] = -1
	case !seen:
		s.shiftBy[name] = k
	}
}
