package shell

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/leasegate/leasegate/scanner"
)

// env maps a variable name to its possible values; an alternative with
// several fields is an array.
type env map[string]*altSet

func (e env) add(name string, f fields) bool {
	s := e[name]
	if s == nil {
		s = &altSet{}
		e[name] = s
	}
	return s.add(f)
}

// hasHead reports whether a possibility's first field extends the first
// field of a possibility of name, or is it: a value built from the
// variable itself (C="${C}aude", C="x${C}") grows its known head and
// gives no new command word.
func (e env) hasHead(name string, f fields) bool {
	set := e[name]
	if set == nil {
		return false
	}
	for _, g := range set.list {
		switch {
		case len(f) == 0 || len(g) == 0:
			if len(f) == len(g) {
				return true
			}
		case f[0].s == g[0].s,
			g[0].s != "" && (strings.HasPrefix(f[0].s, g[0].s) || strings.HasSuffix(f[0].s, g[0].s)):
			return true
		}
	}
	return false
}

// positionalName keys the positional parameters in env, zeroName $0
// (set only for a `sh -c STRING NAME` string).
const (
	positionalName = "@"
	zeroName       = "0"
)

// word resolves a word in argument position into its alternatives,
// after brace expansion (`cla{ude,}` is the two fields `claude` `cla`).
func (s *scan) word(w *syntax.Word) []fields {
	if w == nil {
		return []fields{{}}
	}
	if ws := braceWords(w); ws != nil {
		cur := []fields{{}}
		for _, x := range ws {
			cur = s.appendFields(cur, s.plainWord(x), s.altLimit())
		}
		return cur
	}
	if isGlob(w) {
		return s.globAlts(s.plainWord(w))
	}
	return s.plainWord(w)
}

// isGlob reports a word with an unquoted glob character (`cl?ude`,
// `~/.local/bin/cl*`).
func isGlob(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.ContainsAny(l.Value, "*?[") {
			return true
		}
	}
	return false
}

// globAlts adds to the alternatives of a glob word, for each runtime
// command its last element matches (`cl?ude`, `cl[a]ude`), the path
// naming that command, found at run time (dynamic): the glob may be
// that program. A pattern with fewer than two literal characters
// (`*`, `p?`, `bin/*`) is taken for a list of files, not a name.
func (s *scan) globAlts(alts []fields) []fields {
	out := alts
	for _, f := range alts {
		if len(f) != 1 || !f[0].known() {
			continue
		}
		dir, base := "", f[0].s
		if i := strings.LastIndexByte(base, '/'); i >= 0 {
			dir, base = base[:i+1], base[i+1:]
		}
		lits := 0
		for i := 0; i < len(base); i++ {
			if strings.IndexByte("*?[]!^\\", base[i]) < 0 {
				lits++
			}
		}
		if lits < 2 || !strings.ContainsAny(base, "*?[") {
			continue
		}
		for _, rs := range s.p.Config.Effective().Runtimes {
			for _, cmd := range rs.Commands {
				if ok, err := path.Match(base, cmd); ok && err == nil && len(out) < s.altLimit() {
					out = append([]fields{{{s: dir + cmd, via: scanner.ClassDynamic}}}, out...)
				}
			}
		}
	}
	return out
}

// braceWords is the words brace expansion makes of w, or nil when it
// has none. At most maxFields words are made (`{1..100000}` stops there:
// an argv keeps at most maxFields fields anyway).
func braceWords(w *syntax.Word) []*syntax.Word {
	if !slices.ContainsFunc(w.Parts, func(p syntax.WordPart) bool {
		l, ok := p.(*syntax.Lit)
		return ok && strings.Contains(l.Value, "{")
	}) {
		return nil
	}
	cp := &syntax.Word{Parts: append([]syntax.WordPart(nil), w.Parts...)}
	if !syntax.SplitBraces(cp) {
		return nil
	}
	var out []*syntax.Word
	for x, err := range expand.BracesSeq(nil, cp) {
		if err != nil || len(out) >= maxFields {
			break
		}
		out = append(out, x)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// plainWord resolves a word without brace expansion (an assignment's
// value has none).
func (s *scan) plainWord(w *syntax.Word) []fields {
	if w == nil {
		return []fields{{}}
	}
	parts := make([][]seg, 0, len(w.Parts))
	for _, p := range w.Parts {
		parts = append(parts, s.part(p, false))
	}
	return s.combine(parts)
}

// scalar resolves a word in assignment position: no field splitting; an
// array expansion is joined with spaces.
func (s *scan) scalar(w *syntax.Word) []val {
	var out []val
	for _, f := range s.plainWord(w) {
		v := val{}
		for i, x := range f {
			if i > 0 {
				v = s.concat(v, val{s: " "})
			}
			v = s.concat(v, x)
		}
		out = append(out, v)
	}
	return out
}

// opaque turns the placeholders of a re-parsed string back into unknown
// stretches: what an outer text left unknown stays unknown, never a
// program named by the placeholder.
func opaque(s string) string {
	if !strings.Contains(s, placeholder) {
		return s
	}
	return strings.ReplaceAll(s, placeholder, unknown)
}

// part resolves one word part; inDQ says it is inside double quotes.
func (s *scan) part(p syntax.WordPart, inDQ bool) []seg {
	switch p := p.(type) {
	case *syntax.Lit:
		if inDQ {
			return []seg{litSeg(opaque(unescapeDouble(p.Value)))}
		}
		return []seg{litSeg(opaque(unescapeUnquoted(p.Value)))}
	case *syntax.SglQuoted:
		if p.Dollar {
			return []seg{litSeg(opaque(unescapeANSI(p.Value)))}
		}
		return []seg{litSeg(opaque(p.Value))}
	case *syntax.DblQuoted:
		if len(p.Parts) == 0 {
			return []seg{{quoted: true}}
		}
		parts := make([][]seg, 0, len(p.Parts))
		for _, q := range p.Parts {
			parts = append(parts, s.part(q, true))
		}
		var out []seg
		for _, f := range s.combine(parts) {
			out = append(out, seg{fs: f, quoted: true})
		}
		return out
	case *syntax.ParamExp:
		return s.param(p, inDQ)
	case *syntax.CmdSubst:
		if isGitTopLevel(p.Stmts) {
			// the repository's root: a path under it names a file of
			// the repository (Detector.Resolve)
			return []seg{{fs: fields{{s: rootHead}}, quoted: true}}
		}
		if dir, ok := s.ownDir(p.Stmts); ok {
			// $(dirname "$0"): the script's own folder, from the
			// repository's root (a path under it names a file of the
			// repository: `$(cat "$(dirname "$0")/../.agent")`)
			return []seg{{fs: fields{{s: dir}}, quoted: true}}
		}
		if v, ok := s.lookupSubst(p.Stmts); ok {
			return []seg{{fs: fields{v}, quoted: true}}
		}
		if texts, ok := s.catSubst(p.Stmts); ok {
			var out []seg
			for _, t := range texts {
				out = append(out, seg{fs: fields{{s: t}}, quoted: true})
			}
			return out
		}
		if segs, ok := s.readSubst(p.Stmts, inDQ); ok {
			return segs
		}
		if vs, ok := s.funcSubst(p.Stmts); ok && len(vs) > 0 {
			out := make([]seg, len(vs))
			for i, v := range vs {
				out[i] = seg{fs: fields{v}, quoted: true}
			}
			return out
		}
		if s.lostSubst(p.Stmts) {
			return []seg{{fs: fields{{s: unknown + lostMark}}, quoted: true}}
		}
		return []seg{unknownSeg()}
	}
	// Arithmetic, process substitution, globs: nothing a name can come
	// from.
	return []seg{unknownSeg()}
}

// param resolves a parameter expansion from the tracked variables.
func (s *scan) param(pe *syntax.ParamExp, inDQ bool) []seg {
	if pe.Excl && pe.Param != nil && pe.Names == 0 && pe.Index == nil && !pe.Length && !pe.Width && !pe.IsSet &&
		pe.Exp == nil && pe.Slice == nil && pe.Repl == nil && len(pe.Modifiers) == 0 && pe.NestedParam == nil && pe.Flags == nil {
		return s.indirect(pe.Param.Value, inDQ)
	}
	if pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.IsSet || pe.Names != 0 ||
		len(pe.Modifiers) > 0 || pe.NestedParam != nil || pe.Flags != nil {
		return []seg{unknownSeg()}
	}
	name := pe.Param.Value
	if (pe.Slice != nil || pe.Repl != nil) && (name == "@" || name == "*") {
		return []seg{unknownSeg()}
	}
	var alts []fields // each alternative's fields, before splitting
	set := s.vars[name]
	idx := pe.Index
	// The positional parameters, when the text sets them (set -- a b):
	// "$@" is the whole list, $1..$9 its elements.
	if p := s.vars[positionalName]; p != nil && pe.Index == nil {
		if s.afterShift(pe) {
			p = s.vars[shiftedName]
		}
		switch {
		case name == "@" || name == "*":
			set, idx = p, &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: name}}}
		default:
			// $1..$9, and ${10} on: braced, a number of any length
			if n, err := strconv.Atoi(name); err == nil && n >= 1 && name[0] != '0' {
				set, idx = p, &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: strconv.Itoa(n - 1)}}}
				if n > maxScriptArgs && s.shared.rec != nil {
					// a parameter past those a summary follows: a
					// caller's runtime anywhere is dynamic at its call
					s.shared.rec.sum.Truncated = true
				}
			}
		}
	}
	if els, ok := s.elements(name, pe.Index, inDQ); ok {
		alts = els
	} else if set != nil && (syntax.ValidName(name) || idx != pe.Index || name == zeroName) {
		via := scanner.ClassVariableExecution
		if set.over {
			via = scanner.ClassDynamic
		}
		for _, f := range set.list {
			if computedIndex(idx) {
				// ${a[i+1]}, ${a[$i]}: any element, each its own
				// possibility, found at run time
				for _, v := range f {
					alts = append(alts, fields{through(v, scanner.ClassDynamic)})
				}
				alts = append(alts, fields{{}})
				continue
			}
			sel := s.index(f, idx, inDQ)
			g := make(fields, len(sel))
			for j, v := range sel {
				g[j] = through(v, via)
			}
			alts = append(alts, g)
		}
	} else if s.shared.rec != nil && idx == nil && syntax.ValidName(name) {
		// while a script is summarized, a variable it never sets is the
		// environment's: its caller may give it
		alts = append(alts, fields{{s: envMarker(name)}})
	} else {
		alts = append(alts, fields{{s: unknown}})
		alts = append(alts, s.envOffered(name, idx)...)
	}
	if pe.Exp != nil {
		switch pe.Exp.Op {
		case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull:
			if set == nil && (s.shared.rec == nil || idx != nil || !syntax.ValidName(name)) {
				alts = alts[:0]
				alts = append(alts, fields{{s: unknown}})
			}
			for _, v := range s.scalar(pe.Exp.Word) {
				alts = append(alts, fields{through(v, scanner.ClassDynamic)})
			}
		case syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
			alts = alts[:0]
			alts = append(alts, fields{{}})
			for _, v := range s.scalar(pe.Exp.Word) {
				alts = append(alts, fields{through(v, scanner.ClassDynamic)})
			}
		case syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
		default:
			// Trimming and case operators (`${C%% *}`, `${C,,}`): exact
			// on known values with a literal pattern, else any part.
			if ex, ok := s.exactOp(alts, pe); ok {
				alts = ex
			} else {
				alts = s.anyPart(alts, nil)
			}
		}
	}
	if pe.Slice != nil || pe.Repl != nil {
		var with *syntax.Word
		if pe.Repl != nil {
			with = pe.Repl.With
		}
		if ex, ok := s.exactOp(alts, pe); ok {
			alts = ex
		} else {
			alts = s.anyPart(alts, with)
		}
	}
	if s.oneAlt && len(alts) > 1 {
		alts = []fields{s.keptReading(alts)}
	}
	var out []seg
	for _, f := range alts {
		if len(out) >= s.altLimit() {
			break
		}
		if inDQ {
			out = append(out, seg{fs: f, quoted: true})
			continue
		}
		var split fields
		for _, v := range f {
			split = append(split, splitIFS(v)...)
		}
		out = append(out, seg{fs: split})
	}
	return out
}

// elements resolves ${name[key]} of an array whose elements the file sets
// by key (m[key]=v, m=([key]=v)): a literal key is the values set at that
// key (and at keys the file cannot know), an unknown key any element. ok
// is false when the array has no element set by key.
func (s *scan) elements(name string, idx syntax.ArithmExpr, inDQ bool) ([]fields, bool) {
	keys := s.vars[keysOf(name)]
	if idx == nil || keys == nil || !syntax.ValidName(name) {
		return nil, false
	}
	var out []fields
	add := func(set *altSet) {
		if set == nil {
			return
		}
		for _, f := range set.list {
			g := make(fields, len(f))
			for j, v := range f {
				g[j] = through(v, scanner.ClassVariableExecution)
			}
			out = append(out, g)
		}
	}
	k := literalKey(idx)
	switch {
	case k == "@" || k == "*":
		return nil, false // the whole array, as it was assigned
	case k != "":
		add(s.vars[elementName(name, k)])
		add(s.vars[elementName(name, anyKey)])
		if _, err := strconv.Atoi(k); err == nil {
			if set := s.vars[name]; set != nil {
				for _, f := range set.list {
					out = append(out, s.index(f, idx, inDQ))
				}
			}
		}
	default:
		// Any key: every element, each its own possibility.
		for _, kf := range keys.list {
			add(s.vars[elementName(name, kf[0].s)])
		}
		if set := s.vars[name]; set != nil {
			for _, f := range set.list {
				for _, v := range f {
					out = append(out, fields{through(v, scanner.ClassVariableExecution)})
				}
			}
		}
		if s.vars[moreKeys(name)] != nil {
			out = append(out, fields{{s: unknown}})
		}
	}
	if len(out) == 0 {
		out = append(out, fields{{s: unknown}})
	}
	return out, true
}

// index selects elements of an array value: all for [@] and [*] (joined
// inside quotes for [*]), one for a literal number, the first for no index.
func (s *scan) index(f fields, idx syntax.ArithmExpr, inDQ bool) fields {
	if idx == nil {
		if len(f) == 0 {
			return fields{{}}
		}
		return f[:1]
	}
	w, ok := idx.(*syntax.Word)
	if !ok {
		return fields{{s: unknown}}
	}
	switch lit := w.Lit(); lit {
	case "@":
		return f
	case "*":
		if !inDQ {
			return f
		}
		v := val{}
		for i, x := range f {
			if i > 0 {
				v = s.concat(v, val{s: " "})
			}
			v = s.concat(v, x)
		}
		return fields{v}
	default:
		n, err := strconv.Atoi(lit)
		if err != nil || n < 0 {
			return fields{{s: unknown}}
		}
		if n < len(f) {
			return f[n : n+1]
		}
		return fields{{}}
	}
}

// lookupSubst recognises `$(command -v NAME)`, `$(which NAME)`,
// `$(type -P NAME)` and `$(readlink -f ...)`/`$(realpath ...)` of such a
// value: the program path found at run time.
func (s *scan) lookupSubst(stmts []*syntax.Stmt) (val, bool) {
	if len(stmts) != 1 {
		return val{}, false
	}
	return s.lookupStmt(stmts[0])
}

// keptReading is the one reading of a variable kept far from the command
// word (s.oneAlt): the first that mentions a runtime, then dynamic, since
// the others are left out at a bound; else the first.
func (s *scan) keptReading(alts []fields) fields {
	for _, a := range alts {
		if s.mentionsRuntime(a) {
			g := make(fields, len(a))
			for j, v := range a {
				g[j] = through(v, scanner.ClassDynamic)
			}
			return g
		}
	}
	return alts[0]
}

// lookupStmt is the program a command substitution's statement looks up
// (`command -v claude`), through the left side of `||`, `&&` and pipes
// ($(which claude | head -n1)). The left side is followed in a loop, as
// deep as it goes: the tree's depth is bounded before (shnest), and a
// bound here once made six pipes hide the look-up.
func (s *scan) lookupStmt(st *syntax.Stmt) (val, bool) {
	for st != nil {
		c, ok := st.Cmd.(*syntax.BinaryCmd)
		if !ok || c.Op != syntax.OrStmt && c.Op != syntax.AndStmt && c.Op != syntax.Pipe {
			break
		}
		st = c.X
	}
	if st == nil {
		return val{}, false
	}
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) < 2 {
			return val{}, false
		}
		name := c.Args[0].Lit()
		var rest []*syntax.Word
		switch name {
		case "which", "command", "type", "whence", "readlink", "realpath":
			rest = c.Args[1:]
		default:
			return val{}, false
		}
		lookup := name == "which" || name == "whence" || name == "readlink" || name == "realpath"
		var target *syntax.Word
		for _, w := range rest {
			lit := w.Lit()
			if strings.HasPrefix(lit, "-") && len(lit) > 1 {
				if name == "command" && strings.ContainsAny(lit, "vV") {
					lookup = true
				}
				if name == "type" && strings.ContainsAny(lit, "pP") {
					lookup = true
				}
				continue
			}
			target = w
			break
		}
		if !lookup || target == nil {
			return val{}, false
		}
		vs := s.scalar(target)
		if len(vs) == 0 || !vs[0].arg(scanner.Pos{}).Known {
			return val{}, false
		}
		return through(vs[0], scanner.ClassDynamic), true
	}
	return val{}, false
}

// ownDir is the folder of the script being scanned, relative to the
// repository's root, when stmts are `dirname "$0"` (or
// `"${BASH_SOURCE[0]}"`) in the script's own text, scanned as a file: a
// string run by a shell, or text another file holds, has another $0.
func (s *scan) ownDir(stmts []*syntax.Stmt) (string, bool) {
	if s.nested || s.at.Line != 1 || s.at.Column != 1 || len(s.src) != len(s.p.Src) || len(stmts) != 1 {
		return "", false
	}
	c, ok := stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) != 2 || len(c.Assigns) != 0 || len(stmts[0].Redirs) != 0 || c.Args[0].Lit() != "dirname" {
		return "", false
	}
	parts := c.Args[1].Parts
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok {
			parts = dq.Parts
		}
	}
	if len(parts) != 1 {
		return "", false
	}
	pe, ok := parts[0].(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Exp != nil || pe.Repl != nil || pe.Slice != nil || pe.Length || pe.Excl || pe.Names != 0 {
		return "", false
	}
	if pe.Param.Value != "0" && pe.Param.Value != "BASH_SOURCE" {
		return "", false
	}
	if pe.Index != nil {
		if w, ok := pe.Index.(*syntax.Word); !ok || w.Lit() != "0" {
			return "", false
		}
	}
	return path.Dir(s.p.Path), true
}

// catSubst recognises `$(cat <<EOF ... EOF)`: the output is the heredoc's
// text (a common way to pass a script to `bash -c` or `eval`).
func (s *scan) catSubst(stmts []*syntax.Stmt) ([]string, bool) {
	if len(stmts) != 1 {
		return nil, false
	}
	c, ok := stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) != 1 || c.Args[0].Lit() != "cat" {
		return nil, false
	}
	for _, r := range stmts[0].Redirs {
		if (r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc) && r.Hdoc != nil {
			return s.hdocTexts(r), true
		}
	}
	return nil, false
}

// anyPart over-approximates an expansion that trims, slices, replaces in
// or changes the case of a value (`${C%% *}`, `${C#*/}`, `${C:0:6}`,
// `${C/x/claude}`, `${C,,}`): its result may be any part of the value or
// of the replacement, so it is each runtime command the value or the
// replacement holds (ignoring case), dynamic, the value as it is, and an
// unknown rest; when none holds one, no part can name a runtime, and the
// value as it is stands for every part (no reading more to judge).
func (s *scan) anyPart(alts []fields, with *syntax.Word) []fields {
	var texts []string
	for _, f := range alts {
		for _, v := range f {
			texts = append(texts, v.s)
		}
	}
	if with != nil {
		for _, v := range s.scalar(with) {
			texts = append(texts, v.s)
		}
	}
	var found []string
	for _, t := range texts {
		t = strings.ToLower(t)
		if !s.p.Config.MentionsRuntime([]byte(t)) {
			continue
		}
		for _, rs := range s.p.Config.Effective().Runtimes {
			for _, cmd := range rs.Commands {
				if strings.Contains(t, strings.ToLower(cmd)) && !slices.Contains(found, cmd) {
					found = append(found, cmd)
				}
			}
		}
	}
	if len(found) == 0 {
		// no part names a runtime: the value as it is stands for them
		return alts
	}
	slices.Sort(found)
	// the runtimes first: a bound on possibilities keeps them
	out := make([]fields, 0, len(found)+len(alts)+1)
	for _, cmd := range found {
		out = append(out, fields{{s: cmd, via: scanner.ClassDynamic}})
	}
	out = append(out, alts...)
	return append(out, fields{{s: unknown}})
}

// computedIndex reports an index the file computes (`${a[i+1]}`,
// `${a[$i]}`): neither all elements (@, *) nor a literal number.
func computedIndex(idx syntax.ArithmExpr) bool {
	if idx == nil {
		return false
	}
	w, ok := idx.(*syntax.Word)
	if !ok {
		return true
	}
	lit := w.Lit()
	if lit == "@" || lit == "*" {
		return false
	}
	_, err := strconv.Atoi(lit)
	return err != nil
}

// envOffered is, in the repository phase, what the repository's other
// files set a variable the text never sets to (Imports.Env: a workflow's
// or a container's env, a Dockerfile's ENV, a dotenv file): the process
// may inherit it, so each is a possibility, found at run time (dynamic).
func (s *scan) envOffered(name string, idx syntax.ArithmExpr) []fields {
	if s.p.Imports == nil || idx != nil || !syntax.ValidName(name) || s.p.Language != Name {
		// a data file's own shell strings are not readers: the driver
		// does not read a data file again for a variable's name
		return nil
	}
	e, ok := s.p.Imports.Env(name)
	if !ok {
		return nil
	}
	var out []fields
	for _, c := range e.Consts {
		if len(out) >= maxAlts {
			break
		}
		out = append(out, fields{{s: c, via: scanner.ClassDynamic}})
	}
	if e.Dynamic && len(out) < maxAlts {
		out = append(out, fields{{s: unknown + lostMark}})
	}
	return out
}

// indirect resolves `${!name}`: the value of the variable whose name is
// name's value, for each possibility that is a variable's name (found at
// run time: dynamic); an unknown one is unknown.
func (s *scan) indirect(name string, inDQ bool) []seg {
	set := s.vars[name]
	if set == nil {
		return []seg{unknownSeg()}
	}
	var out []seg
	for _, f := range set.list {
		if len(f) != 1 || !f[0].known() || !syntax.ValidName(f[0].s) || f[0].s == name {
			out = append(out, unknownSeg())
			continue
		}
		for _, sg := range s.param(&syntax.ParamExp{Param: &syntax.Lit{Value: f[0].s}}, inDQ) {
			for i, v := range sg.fs {
				sg.fs[i] = through(v, scanner.ClassDynamic)
			}
			out = append(out, sg)
			if len(out) >= s.altLimit() {
				return out
			}
		}
	}
	return out
}

// exactOp evaluates a trimming, case, replacement or slice expansion
// (`${t/x/a}`, `${f%.sh}`, `${C,,}`, `${C:0:6}`) on alternatives that
// are all known single values, when its pattern and replacement are
// literals without glob characters and its offsets literal numbers: the
// result is then exact, so `t=clxude; "${t/x/a}"` runs `claude`. ok is
// false otherwise (the caller over-approximates: anyPart).
func (s *scan) exactOp(alts []fields, pe *syntax.ParamExp) ([]fields, bool) {
	lit := func(w *syntax.Word) (string, bool) {
		if w == nil {
			return "", true
		}
		t, ok := literalWord(w)
		if len(w.Parts) == 0 {
			return "", true
		}
		return t, ok && !strings.ContainsAny(t, "*?[\\")
	}
	num := func(e syntax.ArithmExpr) (int, bool) {
		if e == nil {
			return 0, false
		}
		w, ok := e.(*syntax.Word)
		if !ok {
			return 0, false
		}
		n, err := strconv.Atoi(w.Lit())
		return n, err == nil
	}
	var f func(string) (string, bool)
	switch {
	case pe.Repl != nil:
		orig, ok1 := lit(pe.Repl.Orig)
		with, ok2 := lit(pe.Repl.With)
		if !ok1 || !ok2 || orig == "" {
			return nil, false
		}
		all := pe.Repl.All
		f = func(v string) (string, bool) {
			switch {
			case strings.HasPrefix(orig, "#"):
				if strings.HasPrefix(v, orig[1:]) {
					return with + v[len(orig)-1:], true
				}
				return v, true
			case strings.HasPrefix(orig, "%"):
				if strings.HasSuffix(v, orig[1:]) {
					return v[:len(v)-len(orig)+1] + with, true
				}
				return v, true
			case all:
				return strings.ReplaceAll(v, orig, with), true
			}
			return strings.Replace(v, orig, with, 1), true
		}
	case pe.Slice != nil:
		off, ok := num(pe.Slice.Offset)
		if !ok || off < 0 {
			return nil, false
		}
		n, hasLen := num(pe.Slice.Length)
		if pe.Slice.Length != nil && (!hasLen || n < 0) {
			return nil, false
		}
		f = func(v string) (string, bool) {
			if off >= len(v) {
				return "", true
			}
			v = v[off:]
			if pe.Slice.Length != nil && n < len(v) {
				v = v[:n]
			}
			return v, true
		}
	case pe.Exp != nil:
		pat, ok := lit(pe.Exp.Word)
		if !ok {
			return nil, false
		}
		switch pe.Exp.Op {
		case syntax.RemSmallPrefix, syntax.RemLargePrefix:
			f = func(v string) (string, bool) { return strings.TrimPrefix(v, pat), true }
		case syntax.RemSmallSuffix, syntax.RemLargeSuffix:
			f = func(v string) (string, bool) { return strings.TrimSuffix(v, pat), true }
		case syntax.UpperAll, syntax.LowerAll, syntax.UpperFirst, syntax.LowerFirst:
			if pat != "" {
				return nil, false
			}
			op := pe.Exp.Op
			f = func(v string) (string, bool) {
				if strings.ContainsFunc(v, func(r rune) bool { return r >= 0x80 }) {
					return "", false
				}
				switch op {
				case syntax.UpperAll:
					return strings.ToUpper(v), true
				case syntax.LowerAll:
					return strings.ToLower(v), true
				case syntax.UpperFirst:
					if v != "" {
						return strings.ToUpper(v[:1]) + v[1:], true
					}
				case syntax.LowerFirst:
					if v != "" {
						return strings.ToLower(v[:1]) + v[1:], true
					}
				}
				return v, true
			}
		default:
			return nil, false
		}
	default:
		return nil, false
	}
	out := make([]fields, 0, len(alts))
	for _, a := range alts {
		if len(a) != 1 || !a[0].known() {
			return nil, false
		}
		r, ok := f(a[0].s)
		if !ok {
			return nil, false
		}
		// computed when the script runs: dynamic, as anyPart's are
		out = append(out, fields{through(val{s: r, via: a[0].via}, scanner.ClassDynamic)})
	}
	return out, true
}

// lostSubst reports a command substitution whose output the file
// computes from data it holds whole by commands the analysis does not
// model: a pipeline fed by `echo`/`printf` of known words or by a
// here-string or heredoc of known text, every other stage a command
// whose words are all written literally (`rev`, `base64 -d`, `sed
// 's/X/a/'`, `tr a-z A-Z`). Its output is no value from outside the file
// but one the analysis lost track of (lostMark).
func (s *scan) lostSubst(stmts []*syntax.Stmt) bool {
	if len(stmts) != 1 {
		return false
	}
	var stages []*syntax.Stmt
	st := stmts[0]
	for {
		b, ok := st.Cmd.(*syntax.BinaryCmd)
		if !ok || b.Op != syntax.Pipe {
			break
		}
		stages = append([]*syntax.Stmt{b.Y}, stages...)
		st = b.X
	}
	stages = append([]*syntax.Stmt{st}, stages...)
	fed := false
	for i, x := range stages {
		c, ok := x.Cmd.(*syntax.CallExpr)
		if !ok || len(c.Args) == 0 || len(c.Assigns) > 0 {
			return false
		}
		for _, r := range x.Redirs {
			switch {
			case r.Op == syntax.WordHdoc || r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc:
				if i > 0 || !s.knownInput(r) {
					return false
				}
				fed = true
			case r.Op == syntax.RdrOut || r.Op == syntax.AppOut || r.Op == syntax.DplOut:
				if r.N == nil || r.N.Value != "2" {
					return false
				}
			default:
				return false
			}
		}
		name := c.Args[0].Lit()
		if i == 0 && (name == "echo" || name == "printf") {
			for _, w := range c.Args[1:] {
				for _, f := range s.word(w) {
					for _, v := range f {
						if !v.known() {
							return false
						}
					}
				}
			}
			fed = true
			continue
		}
		if shellReaders[path.Base(name)] || name == "eval" || len(s.bodies[name]) > 0 {
			return false
		}
		for _, w := range c.Args {
			if _, ok := literalWord(w); !ok {
				return false
			}
		}
	}
	return fed && len(stages) > 1 || fed && len(stages) == 1 && stages[0].Cmd.(*syntax.CallExpr).Args[0].Lit() != "echo" && stages[0].Cmd.(*syntax.CallExpr).Args[0].Lit() != "printf"
}

// knownInput reports a here-string or heredoc whose text is known.
func (s *scan) knownInput(r *syntax.Redirect) bool {
	if r.Op == syntax.WordHdoc {
		for _, v := range s.scalar(r.Word) {
			if !v.known() {
				return false
			}
		}
		return true
	}
	if r.Hdoc == nil {
		return false
	}
	for _, t := range s.hdocTexts(r) {
		if strings.Contains(t, placeholder) {
			return false
		}
	}
	return true
}
