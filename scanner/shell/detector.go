package shell

import (
	"errors"
	"fmt"
	"path"
	"sort"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"

	"github.com/leasegate/leasegate/internal/shnest"
	"github.com/leasegate/leasegate/scanner"
)

// Name is the detector's language name.
const Name = "shell"

// MaxNesting is the deepest nesting of parentheses and braces a shell text
// may have; deeper text is reported unparseable instead of being handed to
// the recursive parser. Real scripts stay far below it.
const MaxNesting = shnest.MaxDepth

// maxEvalDepth bounds eval strings inside eval strings.
const maxEvalDepth = 8

// Detector finds launches in shell scripts.
type Detector struct{}

// New returns the shell detector.
func New() Detector { return Detector{} }

// Name implements scanner.Detector.
func (Detector) Name() string { return Name }

// MaxTokens bounds the files the detector parses (scanner.TokenBounded):
// a script of 2 million tokens (10 MB) held 470 MB in its syntax tree and
// values; a million keeps one file near 250 MB.
func (Detector) MaxTokens() int { return 1 << 20 }

var shellExts = map[string]bool{
	".sh": true, ".bash": true, ".zsh": true, ".ksh": true, ".mksh": true,
	".bats": true, ".dash": true, ".ash": true, ".command": true,
}

var zshBases = map[string]bool{".zshrc": true, ".zprofile": true, ".zshenv": true, ".zlogin": true}

var shellBases = map[string]bool{
	".bashrc": true, ".bash_profile": true, ".bash_login": true, ".bash_logout": true,
	".profile": true, ".zshrc": true, ".zprofile": true, ".zshenv": true, ".zlogin": true,
	".kshrc": true, ".envrc": true,
}

// Match implements scanner.Detector: shell extensions, shell rc files and
// files whose shebang names a POSIX-family shell.
func (Detector) Match(f *scanner.File) bool {
	if ip := f.Interpreter(); ip != "" {
		return scanner.IsShellInterpreter(ip)
	}
	return shellExts[f.Ext] || shellBases[f.Base] || isHuskyHook(f) || isGitHook(f)
}

// gitHooks are the names Git runs a hook by (githooks(5)), those with a
// hyphen: a bare `update` is too common a name to claim.
var gitHooks = map[string]bool{
	"applypatch-msg": true, "pre-applypatch": true, "post-applypatch": true,
	"pre-commit": true, "pre-merge-commit": true, "prepare-commit-msg": true,
	"commit-msg": true, "post-commit": true, "pre-rebase": true,
	"post-checkout": true, "post-merge": true, "pre-push": true,
	"pre-receive": true, "post-receive": true, "post-update": true,
	"reference-transaction": true, "push-to-checkout": true, "pre-auto-gc": true,
	"post-rewrite": true, "sendemail-validate": true, "post-index-change": true,
}

// isGitHook reports a file named as a Git hook, with no extension, in any
// folder: `core.hooksPath` may point Git at any folder of the repository
// (`.githooks/`, `tools/hooks/`), and Git runs a hook without a shebang
// with sh, as Husky's are.
func isGitHook(f *scanner.File) bool {
	return f.Ext == "" && gitHooks[f.Base]
}

// isHuskyHook reports a Git hook kept by Husky: `.husky/pre-commit` and
// friends have no extension and, since Husky 9, no shebang, but Git runs
// them with sh. Husky's own `_/` helper folder is not a hook.
func isHuskyHook(f *scanner.File) bool {
	dir, base := path.Split(f.Rel)
	return f.Ext == "" && base != "" && (dir == ".husky/" || strings.HasSuffix(dir, "/.husky/"))
}

// Scan implements scanner.Detector. A file the parser rejects, a file with
// binary data, and a file nested deeper than MaxNesting return a
// *scanner.ParseError.
func (Detector) Scan(p *scanner.Pass) error {
	lang := fileDialect(p)
	src := string(p.Src)
	nul := strings.IndexByte(src, 0)
	if nul < 0 {
		err := scanText(p, src, scanner.Pos{Line: 1, Column: 1}, "", lang, nil, 0, false)
		noteLinks(p, src, scanner.Pos{Line: 1, Column: 1})
		if err == nil && p.Imports != nil {
			err = scanSourced(p, src, lang)
		}
		return err
	}
	// Binary data: a self-extracting script (text, `exit`, then a payload)
	// is fine, since the shell never reads past the exit; the text before
	// the payload is scanned either way.
	text := src[:strings.LastIndexByte(src[:nul], '\n')+1]
	binErr := &scanner.ParseError{Pos: scanner.Pos{Line: 1, Column: 1}.Offset(src, nul), Msg: "binary data (a NUL byte) in a shell script, reached before any top-level exit"}
	if shnest.Check(text, MaxNesting) != nil {
		return scanText(p, text, scanner.Pos{Line: 1, Column: 1}, "", lang, nil, 0, false)
	}
	f, err := parse(text, lang)
	if err != nil {
		return binErr
	}
	if err := scanText(p, text, scanner.Pos{Line: 1, Column: 1}, "", lang, nil, 0, false); err != nil {
		return err
	}
	for _, st := range f.Stmts {
		if c, ok := st.Cmd.(*syntax.CallExpr); ok && len(c.Args) > 0 && (c.Args[0].Lit() == "exit" || c.Args[0].Lit() == "exec") {
			return nil
		}
	}
	return binErr
}

// ScanText implements scanner.Shell: it scans shell text found inside
// another file (a `run:` step, a string handed to a shell by a process API,
// a `bash -c` argument). at is where the text starts in the file; via, when
// set, is the class of the RED launches found (pass "" to keep their own).
//
// Text the parser rejects is still judged, by a conservative word split of
// each command, and the *scanner.ParseError is returned (positioned in the
// file); the pass records it.
func (Detector) ScanText(p *scanner.Pass, text string, at scanner.Pos, via scanner.Class) error {
	noteLinks(p, text, at)
	return scanText(p, text, at, via, syntax.LangBash, nil, 0, true)
}

// ScanTextParams implements scanner.ShellParams: text, the string a
// shell runs from its -c option, is scanned with its $0 bound to
// params[0] and its positional parameters to the rest (an unknown word
// is unknown), as shellArgs does for a shell file's own commands.
func (Detector) ScanTextParams(p *scanner.Pass, text string, at scanner.Pos, via scanner.Class, params []scanner.Arg) error {
	if len(params) == 0 {
		return nil
	}
	word := func(a scanner.Arg) val {
		if a.Known {
			return val{s: a.Value}
		}
		return val{s: unknown}
	}
	var rest fields
	for _, a := range params[1:] {
		rest = append(rest, word(a))
	}
	vars := env{}
	vars.add(positionalName, rest)
	vars.add(zeroName, fields{word(params[0])})
	return scanText(p, text, at, via, syntax.LangBash, vars, 0, true)
}

// ScanTextEnv implements scanner.ShellEnv: text is scanned with each
// variable of vars set to its possibilities (an unknown word is unknown),
// as the environment a process API hands the shell sets them.
func (Detector) ScanTextEnv(p *scanner.Pass, text string, at scanner.Pos, via scanner.Class, vars map[string][]scanner.Arg) error {
	noteLinks(p, text, at)
	e := env{}
	for name, vals := range vars {
		for _, a := range vals {
			v := val{s: unknown}
			if a.Known {
				v = val{s: a.Value}
			}
			e.add(name, fields{v})
		}
	}
	return scanText(p, text, at, via, syntax.LangBash, e, 0, true)
}

// fileDialect is the dialect of the pass's file: its shebang's, else
// zsh for zsh names, else bash.
func fileDialect(p *scanner.Pass) syntax.LangVariant {
	interp := scanner.Interpreter(p.Src)
	if base := path.Base(p.Path); interp == "" && (path.Ext(base) == ".zsh" || zshBases[base]) {
		interp = "zsh"
	}
	return dialect(interp)
}

func dialect(interp string) syntax.LangVariant {
	switch interp {
	case "sh", "dash", "ash", "yash":
		return syntax.LangPOSIX
	case "ksh", "mksh":
		return syntax.LangMirBSDKorn
	case "bats":
		return syntax.LangBats
	case "zsh":
		// mvdan's zsh support is experimental; bash is the fallback.
		return syntax.LangZsh
	}
	return syntax.LangBash
}

// scan is the state of one shell text being scanned.
type scan struct {
	p     *scanner.Pass
	src   string
	at    scanner.Pos
	lines []int // byte offsets of line starts
	vars  env
	// funcs are the functions that run their arguments, each with how
	// many functions deep it hands them on (see runners).
	funcs map[string]int
	// bodies are the functions the text defines, by name, for the output
	// of `$(f)` (see funcSubst).
	bodies map[string][]*syntax.FuncDecl
	// printed is, while the output of `$(f)` is read, what each function
	// printed in the previous round of that fixed point (see funcOutputs).
	printed map[string][]val
	// defs is where each function is first defined: a plain call after it
	// runs the function, not a program of that name.
	defs  map[string]scanner.Pos
	depth int
	asgs  []assign
	// seenAsg keys the assignments already recorded.
	seenAsg map[string]bool
	// bats: `run cmd args` in a bats test runs cmd.
	bats bool
	// shared is the state of the whole scan tree.
	shared *shared
	// oneAlt keeps one alternative per word (see argv).
	oneAlt bool
	// chain is the way into the script whose argv is being judged, when
	// a call runs a script of the repository (scriptCalls).
	chain []scanner.Step
	// nested says the text is a string run by a shell (eval, -c);
	// shiftAt is where its positional parameters start to be read as
	// shifted (-1: nowhere), and shifting the functions that shift their
	// arguments (see afterShift, shiftStart).
	nested   bool
	shiftAt  int
	shifting map[string]bool
	// shiftBy is, for a function that shifts its arguments, how many it
	// drops when that is exact (exactShift), else -1.
	shiftBy map[string]int
	// refParams: the namerefs of each function bound to its arguments
	refParams map[string][]refParam
	// linkCalls are the commands that may link or copy a runtime under
	// another name, and links the names they give (see linkNames).
	linkCalls []*syntax.CallExpr
	links     map[string]scanner.Arg
	// piped are the commands whose output a link command's input is
	// (`command -v claude | xargs -I{} ln -sf {} /usr/local/bin/ai`)
	piped map[*syntax.CallExpr]*syntax.CallExpr
	// derived are the other commands that name a runtime's path (a copy
	// by any writer, derivedRound), pipeOut the statement each pipe's
	// left side feeds.
	derived []derivedCall
	// wrappers are the statements that write a file by redirection and
	// name a runtime (wrapperRound)
	wrappers []*syntax.Stmt
	// fds are the files `exec N> FILE` opened, by N (noteWrapper)
	fds map[string]*syntax.Word
	// fetched is the runtime package whose tarball the text fetches
	// ("" none), once read (fetchedTarball)
	fetched *string
	// relPending says a link's relative target was read before any
	// folder it may be in was known (linkTo)
	relPending bool
	pipeOut    map[*syntax.Stmt]*syntax.Stmt
	// envVals are the variables the text sets to a value naming a
	// runtime (see runtimeVars), once computed.
	envVals *map[string][]string
	// written are the files the text writes from a here-document, by
	// path (collectWritten).
	written map[string]*syntax.Redirect
	// writtenEcho are the files the text writes with echo or printf of
	// literal words, by path as written, to their text (collectWritten).
	writtenEcho map[string]string
	// toScan are the scripts written to be run, ran the paths of written
	// scripts the text runs (unwritten).
	toScan []writtenScript
	// linkCut are the link names past maxLinkNames, reported once
	linkCut map[string]bool
	ran     map[string]bool
}

// maxNestedScans bounds how many eval and -c strings one text may have
// scanned for it (each distinct string once), so that strings built from
// strings cannot multiply the work.
const maxNestedScans = 1024

// maxNestedBytes bounds the total text of those strings, beyond four
// times the size of the text scanned.
const maxNestedBytes = 256 << 10

// maxNestedSteps and stepsPerByte bound the work of expanding the
// commands of eval and -c strings: a string's argv can hold many more
// elements than the string has bytes (`A='eval "$A$A"'` doubles them at
// each level), so the strings' count and size alone let 1 KB of text
// cost seconds. Past the bound a nested string's commands are not
// judged, and that is reported: the work stays linear in the input.
const (
	maxNestedSteps = 64 << 10
	stepsPerByte   = 16
)

// shared is the state of a whole scan tree: the nested strings already
// scanned and the budget left.
type shared struct {
	seen   map[string]bool
	budget int
	bytes  int
	copied int // bytes copied by concat
	// steps counts the argv elements built while this tree is scanned:
	// the work of expanding its commands, nested strings included.
	// maxSteps bounds it inside nested strings: maxNestedSteps plus
	// stepsPerByte per byte of the root text.
	steps, maxSteps int
	// maxBytes bounds bytes: maxNestedBytes plus four times the root text.
	maxBytes int
	// rec, set while a script is summarized, collects the commands its
	// positional parameters reach (Summarize).
	rec *argSinks
	// read holds the files of the repository read at run time (repoText),
	// by path: "" for one not read.
	read map[string]string
	// held says a path read is a file of the repository (see repoFile).
	held map[string]bool
}

// newShared is the state of a new scan tree over text.
func newShared(text string) *shared {
	// Legitimate nested strings come from the text itself (a big heredoc
	// handed to eval), so the byte budget grows with it.
	return &shared{seen: map[string]bool{}, budget: maxNestedScans, maxBytes: maxNestedBytes + 4*len(text), maxSteps: maxNestedSteps + stepsPerByte*len(text)}
}

// enter reports whether a nested string at a position should be scanned,
// counting it against the budget. A string already scanned is not; a
// string past the budget is not either, and that is reported on p: the
// bound is reached and what the string runs is not judged.
func (sh *shared) enter(p *scanner.Pass, text string, at scanner.Pos) bool {
	key := fmt.Sprintf("%d:%d:%s", at.Line, at.Column, text)
	if sh.seen[key] {
		return false
	}
	if sh.budget <= 0 || sh.bytes+len(text) > sh.maxBytes {
		p.ReportUnparseable(at, fmt.Sprintf("more than %d eval and -c strings, or more than %d bytes of them, in one text; this one is not scanned", maxNestedScans, sh.maxBytes))
		return false
	}
	if sh.stepsOver(p, at) {
		return false
	}
	sh.seen[key] = true
	sh.budget--
	sh.bytes += len(text)
	return true
}

// stepsOver reports whether the work of nested strings is past its
// bound; when it is, that is reported on p at at.
func (sh *shared) stepsOver(p *scanner.Pass, at scanner.Pos) bool {
	if sh.steps <= sh.maxSteps {
		return false
	}
	p.ReportUnparseable(at, fmt.Sprintf("expanding the commands of eval and -c strings built more than %d argument words from this text; the rest are not judged", sh.maxSteps))
	return true
}

func scanText(p *scanner.Pass, text string, at scanner.Pos, via scanner.Class, lang syntax.LangVariant, vars env, depth int, nested bool) error {
	return scanTree(p, text, at, via, lang, vars, depth, nested, nil)
}

func scanTree(p *scanner.Pass, text string, at scanner.Pos, via scanner.Class, lang syntax.LangVariant, vars env, depth int, nested bool, sh *shared) error {
	if sh == nil {
		sh = newShared(text)
	}
	s := &scan{p: p, src: text, at: at, vars: vars, depth: depth, funcs: map[string]int{}, bodies: map[string][]*syntax.FuncDecl{}, defs: map[string]scanner.Pos{}, bats: lang == syntax.LangBats, shared: sh}
	if s.vars == nil {
		s.vars = env{}
	}
	s.lines = lineStarts(text)
	// The parser and the walks below recurse once per level: text or a
	// tree past the bounds of shnest is unparseable, never a stack
	// overflow.
	if ex := shnest.Check(text, MaxNesting); ex != nil {
		err := &scanner.ParseError{Pos: s.offPos(ex.Offset), Msg: ex.Msg}
		if nested {
			s.fallback(text, via)
		}
		return err
	}
	f, err := parse(text, lang)
	if err == nil {
		if at, deep := shnest.CheckTree(f); deep {
			err = syntax.ParseError{Pos: at, Text: fmt.Sprintf("syntax tree deeper than %d levels", shnest.MaxTreeDepth)}
		}
	}
	if err != nil {
		perr := s.parseError(err)
		if nested {
			s.fallback(text, via)
		}
		return perr
	}
	s.nested, s.shiftAt = nested, -1
	if s.vars[shiftedName] != nil {
		s.shiftAt = shiftStart(f)
	}
	s.collect(f)
	s.collectWritten(f)
	s.stmts(f.Stmts, via)
	s.unwritten()
	// the links the text makes, for the file's later texts, also when
	// the text itself runs none (Pass.AddLink)
	s.linkNames()
	if s.relPending && s.p.HasDirs() {
		// `cd PKG && cp --parents cli.js /opt/tool/`: the folder was
		// known only after the links were first read
		s.linkRound()
		s.derivedRound()
	}
	return nil
}

// maxKeyFixes bounds how many array subscripts parse rewrites.
const maxKeyFixes = 64

// parse parses text as the shell would. Two differences between mvdan's
// parser and bash are made up for here, both keeping every byte offset:
// a bare associative-array key that is not arithmetic (`m[node.lts]=22`,
// which bash accepts) is retried with its punctuation as underscores;
// and a carriage return, which bash takes as part of a word (`then\r` is
// no keyword), is tried as a word character, so a CRLF script that bash
// rejects is rejected here too.
func parse(text string, lang syntax.LangVariant) (*syntax.File, error) {
	text = validUTF8(text)
	f, err := parseFixed(text, lang)
	if err != nil || !strings.Contains(text, "\r") {
		return f, err
	}
	if _, err := parseFixed(strings.ReplaceAll(text, "\r", "_"), lang); err != nil {
		return nil, crlfError{err}
	}
	return f, nil
}

// crlfError is a parse error that only the carriage returns of a CRLF
// script cause.
type crlfError struct{ error }

func (e crlfError) Unwrap() error { return e.error }

// parseFixed parses text, rewriting bare array subscripts that are not
// arithmetic (see parse).
func parseFixed(text string, lang syntax.LangVariant) (*syntax.File, error) {
	f, err := parseDialect(text, lang)
	first := err
	for i := 0; err != nil && i < maxKeyFixes; i++ {
		fixed, ok := fixSubscript(text, err)
		if !ok {
			return nil, first
		}
		text = fixed
		f, err = parseDialect(text, lang)
	}
	if err != nil {
		return nil, first
	}
	return f, nil
}

// fixSubscript rewrites the bare subscript the parse error points into
// (`[node.lts]`): its characters other than letters, digits and '_'
// become '_'. ok is false when the error is not inside such a subscript.
func fixSubscript(text string, err error) (string, bool) {
	var pos syntax.Pos
	var pe syntax.ParseError
	var le syntax.LangError
	switch {
	case errors.As(err, &pe):
		pos = pe.Pos
	case errors.As(err, &le):
		pos = le.Pos
	default:
		return "", false
	}
	off := int(pos.Offset())
	if !pos.IsValid() || off >= len(text) {
		return "", false
	}
	open := strings.LastIndexAny(text[:off+1], "[]\n")
	if open < 0 || text[open] != '[' {
		return "", false
	}
	end := strings.IndexAny(text[open:], "]\n")
	if end < 0 || text[open+end] != ']' {
		return "", false
	}
	key := text[open+1 : open+end]
	changed := false
	b := []byte(key)
	for i, c := range b {
		switch {
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
		case strings.IndexByte(".:@%+,/-", c) >= 0:
			b[i], changed = '_', true
		default:
			return "", false // quotes, expansions, blanks: not a bare key
		}
	}
	if !changed {
		return "", false
	}
	return text[:open+1] + string(b) + text[open+end:], true
}

func parseDialect(text string, lang syntax.LangVariant) (*syntax.File, error) {
	f, err := syntax.NewParser(syntax.Variant(lang)).Parse(strings.NewReader(text), "")
	if err == nil || lang == syntax.LangBash {
		return f, err
	}
	// Many scripts that name sh use bash syntax and run under bash; the
	// bash parser, a superset, decides.
	if f2, err2 := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(text), ""); err2 == nil {
		return f2, nil
	}
	return nil, err
}

// validUTF8 replaces each byte of an invalid UTF-8 sequence with '?'. The
// parser rejects invalid UTF-8 while shells run such scripts (Latin-1
// comments and strings are common), and a name holding such a byte cannot
// be a runtime's. Byte offsets, and so positions, are unchanged.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b := []byte(s)
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			b[i] = '?'
		}
		i += n
	}
	return string(b)
}

func (s *scan) parseError(err error) *scanner.ParseError {
	perr := s.parseErrorAt(err)
	var ce crlfError
	if errors.As(err, &ce) {
		perr.Msg = "carriage returns (CRLF line ends), which bash reads as part of a word: " + perr.Msg
	}
	return perr
}

func (s *scan) parseErrorAt(err error) *scanner.ParseError {
	var pe syntax.ParseError
	var le syntax.LangError
	switch {
	case errors.As(err, &pe):
		return &scanner.ParseError{Pos: s.synPos(pe.Pos), Msg: pe.Text}
	case errors.As(err, &le):
		msg := le.Error()
		if i := strings.Index(msg, ": "); i >= 0 {
			msg = msg[i+2:]
		}
		return &scanner.ParseError{Pos: s.synPos(le.Pos), Msg: msg}
	}
	return &scanner.ParseError{Pos: s.offPos(0), Msg: err.Error()}
}

func lineStarts(text string) []int {
	starts := []int{0}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// offPos maps a byte offset in the text onto the file.
func (s *scan) offPos(off int) scanner.Pos {
	if off < 0 {
		off = 0
	}
	if off > len(s.src) {
		off = len(s.src)
	}
	i := sort.Search(len(s.lines), func(i int) bool { return s.lines[i] > off }) - 1
	if i < 0 {
		i = 0
	}
	return scanner.Pos{Line: i + 1, Column: off - s.lines[i] + 1}.Shift(s.at)
}

// synPos maps a parser position onto the file.
func (s *scan) synPos(p syntax.Pos) scanner.Pos {
	if !p.IsValid() {
		return s.offPos(0)
	}
	return s.offPos(int(p.Offset()))
}
