package shell

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/leasegate/leasegate/scanner"
)

// Values read at run time from a file of the repository or from text the
// script holds (docs/shell.md, "Values read from files"): `$(< f)` and
// `$(cat f)` are the file's text; what another reader prints of a file
// (`jq -r .x f`, `head -n1 f`, `grep ... f`) is over-approximated by the
// file's words; `read` and `mapfile` from a file, a heredoc or a
// here-string give their names the input's fields or lines. The file is
// read in the repository phase (Pass.Imports.Source, as a sourced file
// is); in phase one its path is noted (Pass.Needs), so the file is
// scanned again with it. A file that mentions no runtime (nor the
// primitive) is left unknown, as before: none of its words can name one.

// fileReaders are the commands whose output is text of the files they
// are given (or of their standard input).
var fileReaders = map[string]bool{
	"cat": true, "tac": true, "head": true, "tail": true, "jq": true, "yq": true,
	"tomlq": true, "grep": true, "egrep": true, "fgrep": true, "sed": true, "awk": true,
	"cut": true, "sort": true, "uniq": true, "paste": true,
}

// maxReadLines bounds the lines of one input a `read` or `mapfile` takes
// possibilities from; past it the lines that mention a runtime are kept
// first, and an unknown possibility stands for the rest.
const maxReadLines = maxAlts

// repoText is the text of the file of the repository that word w names
// (a literal relative path), when the scan reads the repository (phase
// two) and the file mentions a runtime or the primitive. In phase one the
// path is noted for the repository phase (Pass.Needs).
func (s *scan) repoText(w *syntax.Word) (string, bool) {
	t, ok, _ := s.repoFile(w)
	return t, ok
}

// repoFile is repoText, and whether w names a file of the repository
// (read in the repository phase) at all: one that mentions no runtime
// gives nothing that can name one, while a file the scan does not hold
// may hold anything.
func (s *scan) repoFile(w *syntax.Word) (string, bool, bool) {
	if w == nil {
		return "", false, false
	}
	vs := s.scalar(w)
	if len(vs) != 1 || !vs[0].known() {
		return "", false, false
	}
	spec, head := vs[0].s, ""
	if rest, ok := strings.CutPrefix(spec, rootHead+"/"); ok {
		// under the repository's root: the root itself is no file name
		// to check, the rest is
		spec, head = rest, rootHead+"/"
	}
	spec = path.Clean(spec)
	if spec == "." || spec == "-" || strings.HasPrefix(spec, "-") || strings.HasPrefix(spec, "/") ||
		strings.HasPrefix(spec, "../") || strings.ContainsAny(spec, "*?[{~ \t\n\"'$`") {
		return "", false, false
	}
	spec = head + spec
	if s.p.Imports == nil {
		if !slices.Contains(s.p.Needs, spec) && len(s.p.Needs) < maxNotedReads {
			s.p.Needs = append(s.p.Needs, spec)
		}
		return "", false, false
	}
	if t, ok := s.shared.read[spec]; ok {
		return t, t != "", t != "" || s.shared.held[spec]
	}
	if s.shared.read == nil {
		s.shared.read = map[string]string{}
	}
	if s.shared.held == nil {
		s.shared.held = map[string]bool{}
	}
	t := ""
	_, src, held := s.p.Imports.Source(spec)
	if held && (s.p.Config.MentionsRuntime(src) || scanner.FindDangerous(string(src)) != nil) {
		// only a text that may matter is kept
		t = string(src)
	}
	s.shared.read[spec] = t
	s.shared.held[spec] = held
	return t, t != "", held
}

// maxNotedReads bounds the paths one file notes for the repository phase
// by reading them: past it the file is scanned again whenever one of the
// first ones is a file of the repository, and then every file it reads
// is read.
const maxNotedReads = 256

// readSubst recognises a command substitution that reads files: `$(< f)`
// and `$(cat f)` print f's text, another reader of fileReaders (`jq -r
// .bin f`, `head -n1 < f`) some of its words. Its segments are the text
// (split when unquoted) or each word of the files that names a runtime,
// dynamic, beside an unknown rest.
func (s *scan) readSubst(stmts []*syntax.Stmt, inDQ bool) ([]seg, bool) {
	if len(stmts) != 1 {
		return nil, false
	}
	st := stmts[0]
	var files []*syntax.Word
	for _, r := range st.Redirs {
		if r.Op == syntax.RdrIn {
			files = append(files, r.Word)
		}
	}
	exact := false
	switch c := st.Cmd.(type) {
	case nil:
		// $(< f)
		exact = len(files) == 1
	case *syntax.CallExpr:
		if len(c.Args) == 0 || !fileReaders[path.Base(c.Args[0].Lit())] {
			return nil, false
		}
		name := path.Base(c.Args[0].Lit())
		var ops []*syntax.Word
		for i, w := range c.Args[1:] {
			lit := w.Lit()
			if strings.HasPrefix(lit, "-") && lit != "-" {
				continue
			}
			if i == 0 && name != "cat" && name != "tac" && name != "head" && name != "tail" && name != "sort" && name != "uniq" && name != "paste" {
				// jq's filter, sed's script, grep's pattern: when no
				// option gives it, the first operand
				continue
			}
			ops = append(ops, w)
		}
		files = append(files, ops...)
		exact = name == "cat" && len(files) == 1 && len(c.Args) == 2
	default:
		return nil, false
	}
	if len(files) == 0 || len(files) > maxAlts {
		return nil, false
	}
	var texts []string
	for _, w := range files {
		if t, ok := s.repoText(w); ok {
			texts = append(texts, t)
		}
	}
	if len(texts) == 0 {
		return nil, false
	}
	if exact && len(texts[0]) <= maxValueLen {
		v := val{s: strings.TrimRight(texts[0], "\n"), via: scanner.ClassDynamic}
		if inDQ {
			return []seg{{fs: fields{v}, quoted: true}}, true
		}
		return []seg{{fs: splitIFS(v)}}, true
	}
	var out []seg
	for _, w := range s.runtimeWords(texts) {
		out = append(out, seg{fs: fields{{s: w, via: scanner.ClassDynamic}}, quoted: inDQ})
	}
	return append(out, unknownSeg()), true
}

// runtimeWords are the words of texts that mention a runtime (at most
// maxAlts): what a reader may print of them that could name one. A word
// is a run of bytes between blanks, quotes and the punctuation of data
// files (`{"bin": "claude"}` holds `claude`).
func (s *scan) runtimeWords(texts []string) []string {
	var out []string
	for _, t := range texts {
		for _, w := range strings.FieldsFunc(t, func(r rune) bool {
			return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '"' || r == '\'' ||
				r == ',' || r == ':' || r == '=' || r == '{' || r == '}' || r == '[' || r == ']' || r == ';'
		}) {
			if len(out) >= maxAlts {
				return out
			}
			if s.p.Config.MentionsRuntime([]byte(w)) && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	return out
}

// readKind says how a `read` or `mapfile` assignment takes its input.
type readKind int

const (
	readField readKind = iota // read NAME...: the k-th field of a line (the last name: the rest)
	readArray                 // read -a NAME: a line's fields
	readLines                 // mapfile NAME: the lines
)

// readInput is where a `read` or `mapfile` assignment takes its value.
type readInput struct {
	kind  readKind
	k     int  // which name (readField)
	last  bool // the last name: the rest of the line
	ifs   string
	redir []*syntax.Redirect
	// feed is the statement whose output a pipe feeds the call (`printf
	// ... | while read -r x`), nil when none does.
	feed *syntax.Stmt
}

// readCall records what `read` and `mapfile`/`readarray` assign, when
// their input is a file of the repository, a heredoc or a here-string,
// given to the call or to the `while` loop whose condition it is.
func (s *scan) readCall(c *syntax.CallExpr, redirs []*syntax.Redirect, feed *syntax.Stmt, at syntax.Node) {
	if len(c.Args) == 0 {
		return
	}
	cmd := c.Args[0].Lit()
	if cmd != "read" && cmd != "mapfile" && cmd != "readarray" {
		return
	}
	var in []*syntax.Redirect
	for _, r := range redirs {
		if r.Op == syntax.RdrIn || r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc || r.Op == syntax.WordHdoc {
			in = append(in, r)
		}
	}
	if len(in) == 0 && feed == nil {
		return
	}
	ifs := ""
	for _, a := range c.Assigns {
		if a.Name != nil && a.Name.Value == "IFS" && a.Value != nil {
			for _, v := range s.scalar(a.Value) {
				if v.known() {
					ifs += v.s
				}
			}
		}
	}
	var names []string
	array := ""
	for i := 1; i < len(c.Args); i++ {
		lit := c.Args[i].Lit()
		if strings.HasPrefix(lit, "-") && len(lit) > 1 {
			// options that take a value: read -a NAME -d D -n N -N N -p P
			// -t T -u FD -i TEXT; mapfile -d D -n N -O O -s N -u FD -C C -c N
			opt, valued := lit[len(lit)-1], "adnNptui"
			if cmd != "read" {
				valued = "dnOsuCc"
			}
			if strings.IndexByte(valued, opt) >= 0 && i+1 < len(c.Args) {
				i++
				if cmd == "read" && opt == 'a' {
					array = c.Args[i].Lit()
				}
			}
			continue
		}
		if syntax.ValidName(lit) {
			names = append(names, lit)
		}
	}
	switch {
	case cmd != "read":
		name := "MAPFILE"
		if len(names) > 0 {
			name = names[len(names)-1]
		}
		s.record(assign{name: name, input: &readInput{kind: readLines, redir: in, feed: feed}}, at)
	case array != "":
		s.record(assign{name: array, input: &readInput{kind: readArray, ifs: ifs, redir: in, feed: feed}}, at)
	default:
		if len(names) == 0 {
			names = []string{"REPLY"}
		}
		for k, n := range names {
			s.record(assign{name: n, input: &readInput{kind: readField, k: k, last: k == len(names)-1, ifs: ifs, redir: in, feed: feed}}, at)
		}
	}
}

// inputTexts is the text each input gives (a heredoc's, a here-string's
// with a newline, a repository file's, what a process substitution or
// the pipe's producer prints when the file knows it), whether one is a
// file read, and whether some input's text is not known (a file outside
// the repository, a command's output): deny by default, that input may
// hold anything.
func (s *scan) inputTexts(in []*syntax.Redirect, feed *syntax.Stmt) (texts []string, file, unknownIn bool) {
	for _, r := range in {
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			if r.Hdoc != nil {
				for _, t := range s.hdocTexts(r) {
					texts = append(texts, opaque(t))
				}
			}
		case syntax.WordHdoc:
			for _, v := range s.scalar(r.Word) {
				texts = append(texts, v.s)
			}
		case syntax.RdrIn:
			if ps := procSubstIn(r.Word); ps != nil {
				t, f, ok := s.stmtsOutput(ps.Stmts)
				texts, file, unknownIn = append(texts, t...), file || f, unknownIn || !ok
				continue
			}
			t, ok, held := s.repoFile(r.Word)
			if ok {
				texts = append(texts, t)
				file = true
			}
			unknownIn = unknownIn || !held
		}
	}
	if feed != nil {
		t, f, ok := s.stmtsOutput([]*syntax.Stmt{feed})
		texts, file, unknownIn = append(texts, t...), file || f, unknownIn || !ok
	}
	return texts, file, unknownIn
}

// procSubstIn is the `<(...)` a redirection's word is whole, if it is.
func procSubstIn(w *syntax.Word) *syntax.ProcSubst {
	if w == nil || len(w.Parts) != 1 {
		return nil
	}
	if ps, ok := w.Parts[0].(*syntax.ProcSubst); ok && ps.Op == syntax.CmdIn {
		return ps
	}
	return nil
}

// stmtsOutput is what statements print into a pipe or a process
// substitution, when the file knows it: `echo`/`printf` of known words,
// `cat` of a heredoc, a here-string or a file of the repository (file
// says one is read). ok is false for anything else (a command's output:
// unknown).
func (s *scan) stmtsOutput(stmts []*syntax.Stmt) (texts []string, file, ok bool) {
	if len(stmts) != 1 || stmts[0] == nil {
		return nil, false, false
	}
	st := lastStage(stmts[0])
	c, isCall := st.Cmd.(*syntax.CallExpr)
	if !isCall || len(c.Args) == 0 {
		return nil, false, false
	}
	switch c.Args[0].Lit() {
	case "echo", "printf":
		for _, argv := range s.argv(c.Args) {
			t, _, known := producedText(argv)
			if !known {
				return nil, false, false
			}
			texts = append(texts, t+"\n")
		}
		return texts, false, len(texts) > 0
	case "cat":
		if len(c.Args) == 1 {
			for _, r := range st.Redirs {
				if !isHeredoc(r) {
					continue
				}
				if !s.knownInput(r) {
					return nil, false, false
				}
				t, _, _ := s.inputTexts([]*syntax.Redirect{r}, nil)
				texts = append(texts, t...)
			}
			return texts, false, len(texts) > 0
		}
		if len(c.Args) == 2 {
			if t, known, held := s.repoFile(c.Args[1]); known {
				return []string{t}, true, true
			} else if held {
				return nil, false, true // a file that names no runtime
			}
		}
	}
	return nil, false, false
}

// readLost is the possibility an input the file does not know gives a
// `read` or `mapfile`: unknown, and, in a text that names a runtime,
// one the analysis lost track of (run as a command: dynamic).
func (s *scan) readLost() val {
	if s.p.Config.MentionsRuntime([]byte(s.src)) {
		return val{s: unknown + lostMark}
	}
	return val{s: unknown}
}

// readValues computes what a `read` or `mapfile` gives its name: each
// line of the input a possibility (a `while read` loop reads them all),
// the lines that mention a runtime first; past maxReadLines an unknown
// possibility stands for the rest.
func (s *scan) readValues(in *readInput) []fields {
	texts, file, unknownIn := s.inputTexts(in.redir, in.feed)
	via := scanner.Class("")
	if file {
		via = scanner.ClassDynamic
	}
	var lines []string
	more := false
	for _, t := range texts {
		for _, l := range strings.Split(strings.TrimRight(t, "\n"), "\n") {
			lines = append(lines, strings.TrimSuffix(l, "\r"))
		}
	}
	if in.kind == readLines {
		var out []fields
		if len(texts) > 0 {
			f := fields{}
			for _, l := range lines {
				if len(f) >= maxFields {
					break
				}
				f = append(f, val{s: l, via: via})
			}
			out = append(out, f)
		}
		return s.readRest(out, unknownIn)
	}
	if len(lines) > maxReadLines {
		var kept []string
		for _, l := range lines {
			if len(kept) < maxReadLines && s.p.Config.MentionsRuntime([]byte(l)) {
				kept = append(kept, l)
			}
		}
		lines, more = kept, true
	}
	sep := " \t\n" + in.ifs
	var out []fields
	for _, l := range lines {
		toks := strings.FieldsFunc(l, func(r rune) bool { return strings.ContainsRune(sep, r) })
		if in.kind == readArray {
			f := fields{}
			for _, t := range toks {
				if len(f) < maxFields {
					f = append(f, val{s: t, via: via})
				}
			}
			out = append(out, f)
			continue
		}
		v := ""
		switch {
		case in.k >= len(toks):
		case in.last:
			j := " "
			if in.ifs != "" {
				j = in.ifs[:1]
			}
			v = strings.Join(toks[in.k:], j)
		default:
			v = toks[in.k]
		}
		out = append(out, fields{{s: v, via: via}})
	}
	if more {
		out = append(out, fields{{s: unknown}})
	}
	return s.readRest(out, unknownIn)
}

// readRest adds to what a read gives the possibility of an input the
// file does not know (readLost), or, when nothing else is known (a file
// of the repository that names no runtime), an unknown value.
func (s *scan) readRest(out []fields, unknownIn bool) []fields {
	switch {
	case unknownIn:
		out = append(out, fields{s.readLost()})
	case len(out) == 0:
		out = append(out, fields{{s: unknown}})
	}
	return out
}

// readStmt records the `read` and `mapfile` calls of a statement: the
// call itself with its redirections, or the calls of a `while`/`until`
// condition with the loop's (`while read -r x; do ...; done < f`).
func (s *scan) readStmt(st *syntax.Stmt) {
	if b, ok := st.Cmd.(*syntax.BinaryCmd); ok {
		s.readPipe(b)
	}
	if len(st.Redirs) == 0 {
		return
	}
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		s.readCall(c, st.Redirs, nil, st)
	case *syntax.WhileClause:
		for _, cs := range c.Cond {
			if call, ok := cs.Cmd.(*syntax.CallExpr); ok {
				s.readCall(call, append(append([]*syntax.Redirect(nil), cs.Redirs...), st.Redirs...), nil, st)
			}
		}
	}
}

// readPipe records the `read` and `mapfile` calls a pipe feeds
// (`printf '%s\n' claude | while read -r x; do ...`, `gen | mapfile -t
// a`): the producer's output, when the file knows it, else unknown.
func (s *scan) readPipe(b *syntax.BinaryCmd) {
	if b.Op != syntax.Pipe && b.Op != syntax.PipeAll || b.Y == nil {
		return
	}
	feed := lastStage(b.X)
	switch c := b.Y.Cmd.(type) {
	case *syntax.CallExpr:
		s.readCall(c, b.Y.Redirs, feed, b)
	case *syntax.WhileClause:
		for _, cs := range c.Cond {
			if call, ok := cs.Cmd.(*syntax.CallExpr); ok {
				s.readCall(call, append(append([]*syntax.Redirect(nil), cs.Redirs...), b.Y.Redirs...), feed, b)
			}
		}
	}
}
