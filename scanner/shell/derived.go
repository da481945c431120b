package shell

import (
	"path"
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/leasegate/leasegate/scanner"
)

// Copies by any writer (docs/shell.md, "Links and copies"). The link
// commands (linkCommands) are read for what they do; every other command
// that names a runtime's file or folder by its path (`cat
// node_modules/@anthropic-ai/claude-code/cli.js > bin/review.js`, `dd
// if=... of=...`, `esbuild ... --outfile=dist/rv.js`, `perl -e
// 'symlink(...)'`, `zip`, a bundler) is taken to write a copy of it to
// every other path it names: its operands, option values, redirections,
// and those of the command its output is piped to. The list of writers
// is not enumerated: a command the scan does not know is assumed to
// copy. A copy only matters where it is run, so the price of the
// over-approximation is a finding where a file made from a runtime's
// file is run, which is what it should be.

// derivedCall is a statement that names a runtime's path (noteDerived),
// and the statement a pipe feeds its output to (nil: none).
type derivedCall struct {
	st  *syntax.Stmt
	c   *syntax.CallExpr
	out *syntax.Stmt
}

// noteDerived records statement st when it may copy a runtime by a
// writer that is not a link command: a call of two words or more whose
// text holds a path and names a runtime (the wide test, MentionsRuntime).
func (s *scan) noteDerived(st *syntax.Stmt) {
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) < 2 {
		return
	}
	t := s.nodeText(st)
	if !strings.Contains(t, "/") && !strings.Contains(t, ".tgz") {
		return
	}
	if !s.p.Config.MentionsRuntime([]byte(t)) && !s.p.HasLinks() && len(s.linkCalls) == 0 {
		// a copy of a copy names no runtime (`tar -xzf /tmp/cc.tgz -C
		// /opt/cc` of an archive an earlier ADD or cp made): kept when
		// the file or its earlier texts make links
		return
	}
	s.derived = append(s.derived, derivedCall{st: st, c: c, out: s.pipeOut[st]})
}

// notePipeOut records, for a pipe, the statement its left side's output
// goes to, read by noteDerived when the left side is visited.
func (s *scan) notePipeOut(b *syntax.BinaryCmd) {
	if b.Op != syntax.Pipe && b.Op != syntax.PipeAll {
		return
	}
	if s.pipeOut == nil {
		s.pipeOut = map[*syntax.Stmt]*syntax.Stmt{}
	}
	s.pipeOut[b.X] = b.Y
}

// derivedRound reads every recorded statement once, adding as copies of
// a runtime the paths a statement that names one writes.
func (s *scan) derivedRound() {
	for _, d := range s.derived {
		for _, whole := range s.argv(d.c.Args) {
			if len(whole) < 2 {
				continue
			}
			if l := linkArgv(whole); l != nil && !tars[path.Base(l[0].Value)] {
				continue // a link command: read for what it does (linkRound)
			}
			if l, _ := s.p.Config.JudgeArgv(whole); l != nil {
				continue // a launch (or a gated one) is judged as one
			}
			if renames[path.Base(whole[0].Value)] && s.rename(d.c, whole[1:]) {
				continue
			}
			if s.npmAlias(d.c, whole) {
				continue
			}
			src, at := s.derivedSource(whole[1:])
			if src == nil {
				continue
			}
			dests := pathWords(whole[1:], at)
			if m := mappedDest(whole[1:], at); m != nil {
				// `-v PKG:/opt/t`: a mapping names its own destination
				dests = m
			}
			dests = append(dests, s.redirTargets(d.st)...)
			if d.out != nil {
				if y, ok := d.out.Cmd.(*syntax.CallExpr); ok {
					for _, w := range s.argv(y.Args) {
						if len(w) > 1 {
							dests = append(dests, pathWords(w[1:], "")...)
						}
					}
				}
				dests = append(dests, s.redirTargets(d.out)...)
			}
			for _, dst := range dests {
				s.linkTo(d.c, dst, []scanner.Arg{*src}, nil)
				if !strings.HasSuffix(dst.Value, "/") && !s.p.Config.RuntimeFolder(src.Value) {
					// a folder written with the file in it (`--outdir`,
					// `unzip -d`, `tar -C`): a file under it is one too
					s.linkTo(d.c, dst, []scanner.Arg{folderOf(*src)}, nil)
				}
			}
		}
	}
}

// folderOf is the package folder a runtime's path lies in, as a word
// (src unchanged when it names none).
func folderOf(src scanner.Arg) scanner.Arg {
	v := src.Value
	if i := strings.Index(v, "node_modules/"); i >= 0 {
		rest := v[i+len("node_modules/"):]
		parts := strings.SplitN(rest, "/", 3)
		n := 1
		if strings.HasPrefix(rest, "@") {
			n = 2
		}
		if len(parts) >= n {
			src.Value = v[:i] + "node_modules/" + strings.Join(parts[:n], "/")
		}
	}
	return src
}

// derivedSource is the first word of words (or token of one: code
// handed to an interpreter) that is a path of a runtime's file or folder,
// a link or copy of one, or an archive `npm pack` made of one, as the
// runtime's word, and the token (nil: none). A relative
// operand is also read under a `-C DIR` option's folder (`tar -C
// "$(npm root -g)/@anthropic-ai" -cf - claude-code`).
func (s *scan) derivedSource(words []scanner.Arg) (*scanner.Arg, string) {
	dir := ""
	for i, a := range words {
		if (a.Value == "-C" || a.Value == "--directory") && i+1 < len(words) {
			dir = words[i+1].Value
		} else if v, ok := strings.CutPrefix(a.Value, "--directory="); ok {
			dir = v
		}
	}
	for i, a := range words {
		if a.Value == "" || outputWord(words, i) {
			continue // `bun build --compile ./dist/bun/cli.js --outfile dist/pi`: dist/pi is written, not read
		}
		for _, tok := range tokens(a.Value) {
			cands := []string{tok}
			if dir != "" && !strings.HasPrefix(tok, "-") && !strings.HasPrefix(tok, "/") {
				cands = append(cands, path.Join(dir, tok))
			}
			for _, v := range cands {
				if w, ok := s.runtimePath(a, v); ok {
					return &w, tok
				}
			}
		}
	}
	return nil, ""
}

// runtimePath is the runtime's word for v, a path read from word a, when
// it is a runtime's file or folder, a link or copy of one, or its packed
// archive.
func (s *scan) runtimePath(a scanner.Arg, v string) (scanner.Arg, bool) {
	if v == "" || strings.Contains(v, "://") || strings.HasPrefix(v, "//") {
		return scanner.Arg{}, false
	}
	if pkg, ok := s.p.Config.PackedRuntime(path.Base(v)); ok {
		return scanner.Arg{Value: "node_modules/" + pkg, Known: true, Via: scanner.ClassDynamic, Pos: a.Pos}, true
	}
	if g, ok := globRuntime(s.p.Config, v); ok {
		g.Pos = a.Pos
		return g, true
	}
	if !strings.Contains(v, "/") {
		return scanner.Arg{}, false
	}
	w := scanner.Arg{Value: v, Known: true, Via: a.Via, Pos: a.Pos}
	if s.p.Config.RuntimeFolder(v) {
		return w, true
	}
	if l, _ := s.p.Config.JudgeArgv([]scanner.Arg{w}); l != nil && !l.Gated() {
		return w, true
	}
	if linked, ok := s.linked(w); ok {
		return linked, true
	}
	return scanner.Arg{}, false
}

// tokenRE splits code handed to an interpreter (`perl -e
// 'symlink("a/cli.js", "bin/rv")'`) into the words that may be paths.
var tokenRE = regexp.MustCompile(`[^\s"'(),;:=<>{}\[\]]+`)

// tokens is v's path words: v itself when it is one word, else the
// tokens of the code it holds, at most maxTokens.
func tokens(v string) []string {
	if !strings.ContainsAny(v, " \t\n\"'(),;:") {
		if k, val, ok := strings.Cut(v, "="); ok && !strings.ContainsAny(k, "/.") {
			return []string{val} // `of=bin/x.js`, `--outfile=dist/rv.js`
		}
		return []string{v}
	}
	return tokenRE.FindAllString(v, maxTokens)
}

// maxTokens bounds the tokens read from one word of code.
const maxTokens = 64

// pathWords are the words of words (and tokens of a word of code) that
// are paths a command may write, but the token skip: a word with
// a slash or a file name's extension, not an option, a URL or a
// pattern.
func pathWords(words []scanner.Arg, skip string) []scanner.Arg {
	var out []scanner.Arg
	for _, a := range words {
		if !a.Known || a.Value == "" {
			continue
		}
		for _, tok := range tokens(a.Value) {
			if tok == "" || tok == skip || strings.HasPrefix(tok, "-") || strings.HasPrefix(tok, "//") || strings.HasPrefix(tok, "/dev/") || strings.Contains(tok, "://") || strings.ContainsAny(tok, "*?[$`\\") {
				continue
			}
			if strings.Contains(tok, "/") || extRE.MatchString(tok) {
				w := a
				w.Value = tok
				w.Alts = nil
				out = append(out, w)
			}
		}
	}
	return out
}

// extRE is a file name with an extension (`rv.js`, `cc.zip`).
var extRE = regexp.MustCompile(`^[\w.@+-]*\w\.[A-Za-z][A-Za-z0-9]{0,5}$`)

// redirTargets are the files statement st writes by redirection, as
// words.
func (s *scan) redirTargets(st *syntax.Stmt) []scanner.Arg {
	var out []scanner.Arg
	for _, r := range st.Redirs {
		word := r.Word
		if word != nil && r.Op == syntax.DplOut && s.fds[word.Lit()] != nil {
			word = s.fds[word.Lit()] // the file `exec N>` opened
		} else if word == nil || r.Op != syntax.RdrOut && r.Op != syntax.AppOut && r.Op != syntax.RdrClob && r.Op != syntax.RdrAll && r.Op != syntax.AppAll {
			continue
		}
		for _, w := range s.argv([]*syntax.Word{word}) {
			if len(w) == 1 && w[0].Known && !strings.HasPrefix(w[0].Value, "/dev/") {
				out = append(out, w[0])
			}
		}
	}
	return out
}

// renames are the commands that rename files by an expression: perl's
// rename (`rename 's/claude/helper/' tools/claude`) and util-linux's
// (`rename claude helper tools/claude`).
var renames = map[string]bool{"rename": true, "prename": true, "perl-rename": true, "file-rename": true, "rename.ul": true}

// subRE is a perl substitution of a literal (`s/claude/helper/`, any
// delimiter).
var subRE = regexp.MustCompile(`^s(.)([\w.@+-]+)(.)([\w.@+-]*)(.)[a-z]*$`)

// rename adds the names a rename of a link or copy of a runtime gives
// it, and reports whether words are a rename it reads. An expression it
// cannot read renames each such file to a name found at run time
// (unknownLink).
func (s *scan) rename(c *syntax.CallExpr, words []scanner.Arg) bool {
	var ops []scanner.Arg
	for _, a := range words {
		if !a.Known || !strings.HasPrefix(a.Value, "-") {
			ops = append(ops, a)
		}
	}
	if len(ops) < 2 || !ops[0].Known {
		return false
	}
	from, to, files := "", "", ops[1:]
	if m := subRE.FindStringSubmatch(ops[0].Value); m != nil && m[1] == m[3] && m[3] == m[5] {
		from, to = m[2], m[4]
	} else if len(ops) >= 3 && ops[1].Known && !strings.ContainsAny(ops[0].Value, "/()*+?[\\^$|") {
		from, to, files = ops[0].Value, ops[1].Value, ops[2:]
	}
	for _, f := range files {
		t, ok := s.runtimePath(f, f.Value)
		if !ok {
			continue
		}
		if from == "" || !f.Known || !strings.Contains(f.Value, from) {
			s.unknownLink(c, []scanner.Arg{t}, nil)
			continue
		}
		dir, base := path.Split(f.Value)
		s.linkTo(c, scanner.Lit(dir+strings.Replace(base, from, to, 1)), []scanner.Arg{t}, nil)
	}
	return true
}

// tars are the archivers read both ways: for the archive a runtime's
// packed archive extracts (untar), and as any writer (derivedRound), so
// `tar -c PKG | tar -x -C DIR` and `--strip-components` copy too.
var tars = map[string]bool{"tar": true, "bsdtar": true}

// globRuntime is the runtime's word for a pattern that names its package
// (`find node_modules -path '*claude-code/cli.js'`, `*claude-code*`): the
// file under the package folder the rest of the pattern names, any file
// of it when the rest is a pattern too. Found at run time (dynamic).
func globRuntime(cfg *scanner.Config, v string) (scanner.Arg, bool) {
	if !strings.ContainsAny(v, "*?[") {
		return scanner.Arg{}, false
	}
	for _, pkg := range cfg.Packages() {
		name := pkg
		i := strings.Index(v, name)
		if i < 0 {
			if _, tail, ok := strings.Cut(pkg, "/"); ok && len(tail) >= 6 {
				name = tail
				i = strings.Index(v, name)
			}
		}
		if i < 0 {
			continue
		}
		rest := strings.TrimPrefix(v[i+len(name):], "/")
		if rest == "" || strings.ContainsAny(rest, "*?[") {
			rest = "*"
		}
		return scanner.Arg{Value: "node_modules/" + pkg + "/" + rest, Known: true, Via: scanner.ClassDynamic}, true
	}
	return scanner.Arg{}, false
}

// outputWord reports whether words[i] is an output a writer is told to
// write (`--outfile dist/pi`, `-o x`, `of=x`, `--outdir=d`): a runtime's
// name there is the file made, not the one read.
func outputWord(words []scanner.Arg, i int) bool {
	v := words[i].Value
	if strings.HasPrefix(v, "--out") || strings.HasPrefix(v, "of=") || strings.HasPrefix(v, "-o=") {
		return true
	}
	if i == 0 {
		return false
	}
	prev := words[i-1].Value
	return prev == "-o" || strings.HasPrefix(prev, "--out") && !strings.Contains(prev, "=") || prev == "-d" || prev == "--dest" || prev == "--target"
}

// mappedDest is, when the token src stands in a word mapping a source to
// a destination (`docker run -v PKG:/opt/t:ro`, a compose volume), the
// token after it in that word: the only path the mapping writes it to.
func mappedDest(words []scanner.Arg, src string) []scanner.Arg {
	for _, a := range words {
		if !strings.Contains(a.Value, ":") {
			continue
		}
		toks := tokens(a.Value)
		for i, t := range toks {
			if t == src && i+1 < len(toks) && a.Known {
				w := a
				w.Value, w.Alts = toks[i+1], nil
				return []scanner.Arg{w}
			}
		}
	}
	return nil
}

// Wrappers by any writer. A script written to be run (into a `bin`
// folder, made executable by the text, or a shell's startup file:
// toRun) is read for its launches where the text writes it from a
// here-document, echo or printf of a shell script (collectWritten). Any
// other writer of such a file (`sed 's/TOOL/claude/' tmpl >
// /usr/local/bin/rv`, `AGENT=pi envsubst < tmpl > bin/ask`, `{ echo ...;
// } > bin/rv`, a here-document of a node or python script) is not read:
// when its statement names a runtime, the file is taken to be a wrapper
// of it, so running it is the runtime, found at run time (dynamic).

// noteWrapper records statement st when it writes a file by redirection
// and its text names a runtime (wrapperRound reads it).
func (s *scan) noteWrapper(st *syntax.Stmt) {
	out := false
	for _, r := range st.Redirs {
		out = out || r.Word != nil && (r.Op == syntax.RdrOut || r.Op == syntax.AppOut || r.Op == syntax.RdrClob)
		if r.Word != nil && r.Op == syntax.DplOut && s.fds[r.Word.Lit()] != nil {
			out = true // `echo ... >&3` after `exec 3> FILE`
		}
	}
	if c, ok := st.Cmd.(*syntax.CallExpr); ok && len(c.Args) == 1 && c.Args[0].Lit() == "exec" {
		// `exec 3> FILE`: what later goes to >&3 is written to FILE
		for _, r := range st.Redirs {
			if r.N != nil && r.Word != nil && (r.Op == syntax.RdrOut || r.Op == syntax.AppOut || r.Op == syntax.RdrClob) {
				if s.fds == nil {
					s.fds = map[string]*syntax.Word{}
				}
				s.fds[r.N.Value] = r.Word
			}
		}
		return
	}
	if !out || !s.p.Config.NamesRuntime([]byte(s.stmtText(st))) {
		return
	}
	s.wrappers = append(s.wrappers, st)
}

// stmtText is statement st's text with its here-documents' bodies.
func (s *scan) stmtText(st *syntax.Stmt) string {
	t := s.nodeText(st)
	for _, r := range st.Redirs {
		if (r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc) && r.Hdoc != nil {
			t += "\n" + s.nodeText(r.Hdoc)
		}
	}
	return t
}

// wrapperRound adds, for each statement noteWrapper recorded that
// writes a file to be run by a writer the scan does not read, the file
// as a wrapper of the runtime the statement names.
func (s *scan) wrapperRound() {
	for _, st := range s.wrappers {
		dests := s.redirTargets(st)
		var names []string
		for _, d := range dests {
			names = append(names, d.Value)
		}
		if len(names) == 0 || !s.toRun(st, names) || s.readWrite(st) {
			continue
		}
		rt, ok := s.namedRuntime(s.stmtText(st))
		if !ok {
			continue
		}
		rt.Pos = s.synPos(st.Pos())
		for _, d := range dests {
			s.linkTo(st, d, []scanner.Arg{rt}, nil)
		}
	}
}

// readWrite reports whether statement st writes a shell script the scan
// reads (collectWritten): echo or printf of literal words, or a
// here-document given to cat or tee, whose text is a shell's.
func (s *scan) readWrite(st *syntax.Stmt) bool {
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) == 0 {
		return false
	}
	text, ok := echoed(c)
	if !ok && writerAt(c) >= 0 {
		for _, r := range st.Redirs {
			if (r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc) && r.Hdoc != nil {
				text, ok = strings.Join(s.hdocTexts(r), "\n"), true
			}
		}
	}
	if !ok || strings.HasPrefix(text, "#!") && !scanner.IsShellInterpreter(scanner.Interpreter([]byte(text))) {
		return false
	}
	// collectWritten reads files named by the redirection, not those
	// written through a descriptor `exec N>` opened (`>&3`)
	for _, r := range st.Redirs {
		if r.Op == syntax.DplOut && r.Word != nil && s.fds[r.Word.Lit()] != nil {
			return false
		}
	}
	return true
}

// cmdTokenRE splits text into the words that may name a program.
var cmdTokenRE = regexp.MustCompile(`[A-Za-z0-9_@./-]+`)

// namedRuntime is a word for the first runtime text names: its command
// (`claude`), or a file of its package (`node_modules/PKG/cli`), dynamic.
func (s *scan) namedRuntime(text string) (scanner.Arg, bool) {
	for _, tok := range cmdTokenRE.FindAllString(text, maxTokens*4) {
		if _, ok := s.p.Config.RuntimeForCommand(path.Base(tok)); ok {
			return scanner.Arg{Value: path.Base(tok), Known: true, Via: scanner.ClassDynamic}, true
		}
		for _, pkg := range s.p.Config.Packages() {
			if strings.Contains(tok, pkg) {
				return scanner.Arg{Value: "node_modules/" + pkg + "/cli", Known: true, Via: scanner.ClassDynamic}, true
			}
		}
	}
	return scanner.Arg{}, false
}

// aliasRE is an npm alias spec (`agent@npm:@mariozechner/pi-coding-agent`).
var aliasRE = regexp.MustCompile(`^((?:@[\w.-]+/)?[\w.-]+)@npm:((?:@[\w.-]+/)?[\w.-]+)`)

// npmAlias adds, for a package manager installing a runtime's package
// under an alias on the command line (`npm install
// agent@npm:@mariozechner/pi-coding-agent`), node_modules/ALIAS as a
// copy of its package folder, and reports whether argv installs one.
func (s *scan) npmAlias(c syntax.Node, argv []scanner.Arg) bool {
	found := false
	for _, a := range argv[1:] {
		if !a.Known || !strings.Contains(a.Value, "@npm:") {
			continue
		}
		m := aliasRE.FindStringSubmatch(a.Value)
		if m == nil {
			continue
		}
		if _, ok := s.p.Config.RuntimeForPackage(m[2]); !ok {
			continue
		}
		found = true
		t := scanner.Arg{Value: "node_modules/" + m[2], Known: true, Via: scanner.ClassDynamic, Pos: a.Pos}
		s.linkTo(c, scanner.Lit("node_modules/"+m[1]), []scanner.Arg{t}, nil)
	}
	return found
}
