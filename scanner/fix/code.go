package fix

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"strings"

	ts "github.com/tree-sitter/go-tree-sitter"
	tsjavascript "github.com/tree-sitter/tree-sitter-javascript/bindings/go"
	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"
	tstypescript "github.com/tree-sitter/tree-sitter-typescript/bindings/go"

	"github.com/leasegate/leasegate/cmdline"
)

// anyOffset asks argvEdits for the launch wherever it is in the argv (a
// process-API finding sits on the call, not on the name).
const anyOffset = -1

// holds reports whether off lies in [start-1, end] (a position inside an
// opening quote counts), or is anyOffset.
func holds(off, start, end int) bool { return off == anyOffset || start-1 <= off && off <= end }

// language returns the tree-sitter language of a TS/JS or Python file.
func language(rel string) *ts.Language {
	switch strings.ToLower(path.Ext(rel)) {
	case ".py", ".pyi", "":
		if strings.ToLower(path.Ext(rel)) == "" {
			return nil
		}
		return ts.NewLanguage(tspython.Language())
	case ".ts", ".mts", ".cts":
		return ts.NewLanguage(tstypescript.LanguageTypescript())
	case ".tsx":
		return ts.NewLanguage(tstypescript.LanguageTSX())
	case ".js", ".mjs", ".cjs", ".jsx":
		return ts.NewLanguage(tsjavascript.Language())
	}
	return nil
}

// shellCallees run their string argument with a shell (or split it into
// words as a shell would).
var shellCallees = map[string]bool{
	"exec": true, "execSync": true, "system": true, "popen": true, "getoutput": true,
	"getstatusoutput": true, "create_subprocess_shell": true,
}

// programCallees take the program and then its arguments as a list
// (spawn("claude", ["-p"])).
var programCallees = map[string]bool{
	"spawn": true, "spawnSync": true, "execFile": true, "execFileSync": true,
	"execa": true, "execaSync": true,
}

// parse parses the file with the tree-sitter grammar of its language
// (TS/JS or Python), or returns nil when it has none or parsing fails.
func (fx *fixer) parse() *ts.Tree {
	lang := language(fx.rel)
	if lang == nil {
		return nil
	}
	p := ts.NewParser()
	defer p.Close()
	if err := p.SetLanguage(lang); err != nil {
		return nil
	}
	return p.Parse(fx.src, nil)
}

// tsCall finds the process-API call at off in a TS/JS or Python file with
// tree-sitter and gates the argv it passes.
func (fx *fixer) tsCall(off int) []Edit {
	tree := fx.parse()
	if tree == nil {
		return nil
	}
	defer tree.Close()
	// The call at the position: a chain (require('x').spawn(...),
	// spawn(...).on(...)) has several calls starting there; each is tried,
	// innermost first.
	var calls []*ts.Node
	for n := tree.RootNode().DescendantForByteRange(uint(off), uint(off)); n != nil; n = n.Parent() {
		if k := n.Kind(); k == "call_expression" || k == "call" || k == "new_expression" {
			if int(n.StartByte()) != off && len(calls) > 0 {
				break
			}
			calls = append(calls, n)
		}
	}
	for _, n := range calls {
		if e := fx.tsCallAt(n); len(e) > 0 {
			return e
		}
	}
	return nil
}

// tsCallAt gates the argv a tree-sitter call node passes.
func (fx *fixer) tsCallAt(n *ts.Node) []Edit {
	callee := ""
	if fn := n.ChildByFieldName("function"); fn != nil {
		callee = string(fx.src[fn.StartByte():fn.EndByte()])
	} else if fn := n.ChildByFieldName("constructor"); fn != nil {
		callee = string(fx.src[fn.StartByte():fn.EndByte()])
	}
	if i := strings.LastIndexByte(callee, '.'); i >= 0 {
		callee = callee[i+1:]
	}
	args := n.ChildByFieldName("arguments")
	if args == nil {
		return nil
	}
	start, end := int(args.StartByte()), int(args.EndByte())
	if args.Kind() == "template_string" {
		// zx: $`claude -p`. An unterminated template (the parser's
		// recovery) has no closing backquote to keep: nothing to rewrite.
		if end-start < 2 || fx.src[start] != '`' || fx.src[end-1] != '`' {
			return nil
		}
		return fx.shellEdits(string(fx.src[start+1:end-1]), start+1, anyOffset, 0)
	}
	if fx.src[start] != '(' {
		return nil
	}
	elems, _, ok := fx.parseList(start, 0)
	if !ok || len(elems) == 0 {
		return nil
	}
	call := string(fx.src[start:end])
	first := elems[0]
	switch {
	case first.isList:
		return fx.listEdits(first.list, 0, anyOffset)
	case fx.pythonExec(callee) && !first.innerOK:
		return fx.execFamily(elems)
	case !first.innerOK:
		return nil
	case shellCallees[callee] || strings.Contains(call, "shell=True") || strings.Contains(call, "shell: true"):
		return fx.shellEdits(first.inner, first.innerAt, anyOffset, 0)
	case fx.pythonExec(callee):
		return fx.execFamily(elems)
	case strings.ToLower(path.Ext(fx.rel)) == ".py":
		// Python writes the argv as one list (above) or as the call's
		// strings; a program then a list is os.execv and friends, whose
		// forms without PATH search fix leaves.
		if len(elems) > 1 && fx.allStrings(elems) {
			return fx.listEdits(elems, 0, anyOffset)
		}
		return nil
	case programCallees[callee] || len(elems) > 1 && elems[1].isList:
		return fx.programArgs(elems)
	case callee == "create_subprocess_exec" || len(elems) > 1 && fx.allStrings(elems):
		// Program and arguments as separate strings (an alias of
		// create_subprocess_exec); the re-scan decides.
		return fx.listEdits(elems, 0, anyOffset)
	}
	return nil
}

// pythonExec reports os.exec* and os.spawn* (and posix_spawn*), which
// take the program apart from an argv whose first element is its name.
func (fx *fixer) pythonExec(callee string) bool {
	if strings.ToLower(path.Ext(fx.rel)) != ".py" {
		return false
	}
	// Only the forms that search PATH (execvp, spawnlp, posix_spawnp):
	// the others need a path to launch-runtime, which fix cannot know.
	for _, p := range []string{"execv", "execl", "spawnv", "spawnl", "posix_spawn"} {
		if rest, ok := strings.CutPrefix(callee, p); ok {
			return strings.HasPrefix(rest, "p")
		}
	}
	return false
}

// execFamily gates os.execvp("claude", ["claude", "-p"]) and
// os.execlp("claude", "claude", "-p") (a spawn mode first is skipped): the
// program becomes launch-runtime and the argv, its name first, the gated
// argv.
func (fx *fixer) execFamily(elems []elem) []Edit {
	p := 0
	for p < len(elems) && !elems[p].innerOK {
		p++
	}
	if p+1 >= len(elems) || p > 1 {
		return nil
	}
	prog := elems[p]
	if _, ok := fx.cfg.RuntimeForCommand(prog.Text); !ok {
		return nil
	}
	var argv []elem
	if elems[p+1].isList {
		argv = elems[p+1].list
	} else {
		argv = elems[p+1:]
	}
	if len(argv) == 0 || !argv[0].Known {
		return nil
	}
	edits, _ := fx.argvEdits(wordsOf(argv), anyOffset, 0, styleOf(fx.src, argv, 0))
	if len(edits) == 0 {
		return nil
	}
	q := string(prog.quote)
	return append(edits, Edit{Start: prog.start, End: prog.end, Text: q + "launch-runtime" + q})
}

// programArgs gates spawn("claude", [args], opts): the program becomes
// launch-runtime and the gated prefix goes in front of the args, written
// as the file writes them (an array literal, or a spread of a name). A
// wrapper as the program (spawn("env", ["claude"]), spawn("npx", [pkg]))
// is read with its arguments.
func (fx *fixer) programArgs(elems []elem) []Edit {
	prog := elems[0]
	q := prog.quote
	if q != '\'' {
		q = '"'
	}
	st := listStyle{sep: ", ", quote: q}
	if len(elems) < 2 || strings.HasPrefix(string(fx.src[elems[1].start:elems[1].end]), "{") {
		rt, ok := fx.cfg.RuntimeForCommand(prog.Text)
		if !ok {
			return nil
		}
		return []Edit{
			{Start: prog.start, End: prog.end, Text: string(q) + "launch-runtime" + string(q)},
			{Start: prog.end, End: prog.end, Text: ", [" + st.quoted(Args(rt, false)) + "]"},
		}
	}
	args := elems[1]
	if !args.isList {
		rt, ok := fx.cfg.RuntimeForCommand(prog.Text)
		name := string(fx.src[args.start:args.end])
		if !ok || !isIdent(name) {
			return nil
		}
		return []Edit{
			{Start: prog.start, End: prog.end, Text: string(q) + "launch-runtime" + string(q)},
			{Start: args.start, End: args.end, Text: "[" + st.quoted(Args(rt, false)) + st.sep + "..." + name + "]"},
		}
	}
	return fx.commandArgs(prog, args.list, args.open)
}

// commandArgs gates a program named apart from its argument list (open is
// the list's opening bracket): spawn's program and array, an MCP server's
// command and args. When the launch starts at the program, the program
// becomes launch-runtime and the list's first words (a package runner's
// options and package) give way to the gated prefix; when it starts
// inside the list (env, sudo as the program), the list is rewritten.
func (fx *fixer) commandArgs(prog elem, list []elem, open int) []Edit {
	q := prog.quote
	if q != '\'' {
		q = '"'
	}
	st := listStyle{sep: ", ", quote: q}
	if len(list) > 0 {
		st = styleOf(fx.src, list, 0)
	}
	words := append([]word{prog.word}, wordsOf(list)...)
	argv := make([]cmdline.Word, len(words))
	for i, w := range words {
		argv[i] = w.Word
	}
	for _, in := range cmdline.Unwrap(argv).Inners {
		from, name, rt := fx.launchIn(words, in)
		if rt == "" {
			continue
		}
		if from > 0 {
			e, _ := fx.argvEdits(words, anyOffset, 0, st)
			return e
		}
		flags, ok := dangerous(words, name+1, in.End)
		if !ok || len(flags) > 0 && rt != "claude" {
			return nil
		}
		pre := st.quoted(Args(rt, len(flags) > 0))
		edits := []Edit{{Start: prog.start, End: prog.end, Text: string(q) + "launch-runtime" + string(q)}}
		if name == 0 {
			if len(list) > len(flags) {
				pre += st.sep
			}
			edits = append(edits, Edit{Start: open + 1, End: open + 1, Text: pre})
		} else {
			edits = append(edits, Edit{Start: words[1].start, End: words[name].end, Text: pre})
		}
		return append(edits, removeElems(words[1:], flags, 1)...)
	}
	return nil
}

// launchIn returns where a launch the reading in finds begins (from: the
// runtime's name, or the runner or interpreter before a package or
// script), the name's index, and the runtime ("" when none).
func (fx *fixer) launchIn(words []word, in cmdline.Inner) (from, name int, rt string) {
	if in.Start < 0 || in.Start >= len(words) || !words[in.Start].Known {
		return 0, 0, ""
	}
	v := words[in.Start].Text
	var ok bool
	switch in.Kind {
	case cmdline.KindArgv:
		rt, ok = fx.cfg.RuntimeForCommand(v)
		return in.Start, in.Start, pick(rt, ok)
	case cmdline.KindPackage:
		rt, ok = fx.cfg.RuntimeForPackage(v)
		if !ok && !strings.Contains(v, "/") {
			rt, ok = fx.cfg.RuntimeForCommand(v)
		}
		return in.Prog, in.Start, pick(rt, ok)
	case cmdline.KindScript:
		rt, ok = fx.runtimeOfScript(v)
		return in.Prog, in.Start, pick(rt, ok)
	}
	return 0, 0, ""
}

func pick(rt string, ok bool) string {
	if !ok {
		return ""
	}
	return rt
}

// removeElems drops list elements (indices into words, shifted by shift)
// with one separator each.
func removeElems(words []word, flags []int, shift int) []Edit {
	var out []Edit
	for _, f := range flags {
		k := f - shift
		switch {
		case k > 0:
			out = append(out, Edit{Start: words[k-1].end, End: words[k].end})
		case k+1 < len(words):
			out = append(out, Edit{Start: words[k].start, End: words[k+1].start})
		default:
			out = append(out, Edit{Start: words[k].start, End: words[k].end})
		}
	}
	return out
}

func (fx *fixer) allStrings(elems []elem) bool {
	for _, e := range elems {
		if !e.innerOK && !e.isList && e.quote == 0 && strings.Contains(string(fx.src[e.start:e.end]), "=") {
			continue // a keyword argument
		}
		if !e.innerOK {
			return false
		}
	}
	return true
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// goCall finds the exec.Command or exec.CommandContext call at off with
// go/ast and gates its argv, which Go writes as the call's arguments.
func (fx *fixer) goCall(off int) []Edit {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, fx.rel, fx.src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	var best *ast.CallExpr
	ast.Inspect(f, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		s, e := fset.Position(c.Pos()).Offset, fset.Position(c.End()).Offset
		if s <= off && off < e {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Command" || sel.Sel.Name == "CommandContext") {
				best = c
			}
		}
		return true
	})
	if best == nil {
		return nil
	}
	elems, _, ok := fx.parseList(fset.Position(best.Lparen).Offset, 0)
	if !ok {
		return nil
	}
	first := 0
	if best.Fun.(*ast.SelectorExpr).Sel.Name == "CommandContext" {
		first = 1
	}
	if best.Ellipsis.IsValid() {
		return fx.goSpread(elems[first:])
	}
	return fx.listEdits(elems, first, anyOffset)
}

// goSpread gates exec.Command("claude", args...): Go allows no word
// before a spread, so the prefix is prepended with append, the way Go
// writes it.
func (fx *fixer) goSpread(elems []elem) []Edit {
	if len(elems) != 2 || !elems[0].Known {
		return nil
	}
	rt, ok := fx.cfg.RuntimeForCommand(elems[0].Text)
	if !ok {
		return nil
	}
	spread := string(fx.src[elems[1].start:elems[1].end])
	expr, ok := strings.CutSuffix(spread, "...")
	if !ok {
		return nil
	}
	st := listStyle{sep: ", ", quote: '"'}
	return []Edit{
		{Start: elems[0].start, End: elems[0].end, Text: `"launch-runtime"`},
		{Start: elems[1].start, End: elems[1].end, Text: "append([]string{" + st.quoted(Args(rt, false)) + "}, " + expr + "...)..."},
	}
}
