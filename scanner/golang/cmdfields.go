package golang

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// An exec.Cmd made by exec.Command (or a literal) runs what its Path and
// Args hold when it starts, and the code may set them afterwards:
// `cmd := exec.Command("true"); cmd.Path = "/usr/local/bin/claude"`. Every
// assignment to a Cmd's Path or Args joins the set of what that Cmd runs
// (over-approximated: assignments are not ordered, and a Cmd held in a
// struct field is every Cmd of that field).

// cmdField is one assignment to the Path or Args of an exec.Cmd.
type cmdField struct {
	// recv is the variable or struct field that holds the Cmd (nil when
	// the Cmd is reached otherwise: the assignment stands alone).
	recv  types.Object
	field string   // Path, Args or Stdin
	rhs   ast.Expr // nil: a value that cannot be followed (`+=`)
	// idx is the result of the call rhs that is assigned
	// (`cmd.Path, err = exec.LookPath("claude")`), -1 for rhs itself.
	idx int
	at  token.Pos
}

// cmdFieldOf returns the assignment to an exec.Cmd's Path or Args that the
// i-th target of n is, if it is one (also through a struct embedding the
// Cmd).
func cmdFieldOf(info *types.Info, n *ast.AssignStmt, i int) (cmdField, bool) {
	se, ok := ast.Unparen(n.Lhs[i]).(*ast.SelectorExpr)
	if !ok {
		return cmdField{}, false
	}
	sel := info.Selections[se]
	if sel == nil || sel.Kind() != types.FieldVal || sel.Obj().Pkg() == nil || sel.Obj().Pkg().Path() != "os/exec" {
		return cmdField{}, false
	}
	name := sel.Obj().Name()
	if name != "Path" && name != "Args" && name != "Stdin" && name != "Env" {
		return cmdField{}, false
	}
	f := cmdField{field: name, idx: -1, at: n.Lhs[i].Pos()}
	switch x := ast.Unparen(se.X).(type) {
	case *ast.Ident:
		f.recv = info.Uses[x]
	case *ast.SelectorExpr:
		if s := info.Selections[x]; s != nil {
			f.recv = s.Obj()
		} else {
			f.recv = info.Uses[x.Sel]
		}
	}
	switch {
	case n.Tok != token.ASSIGN:
	case len(n.Lhs) == len(n.Rhs):
		f.rhs = n.Rhs[i]
	case len(n.Rhs) == 1:
		f.rhs, f.idx = n.Rhs[0], i
	}
	return f, true
}

// cmdFields returns the assignments to a Cmd's Path or Args under node, by
// what holds the Cmd.
func cmdFields(info *types.Info, node ast.Node) map[types.Object][]cmdField {
	var out map[types.Object][]cmdField
	ast.Inspect(node, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i := range as.Lhs {
			if f, ok := cmdFieldOf(info, as, i); ok {
				if out == nil {
					out = map[types.Object][]cmdField{}
				}
				out[f.recv] = append(out[f.recv], f)
			}
		}
		return true
	})
	return out
}

// assignsCmdField reports whether the statement n assigns a Cmd's Path or
// Args (a function doing so is a wrapper).
func assignsCmdField(info *types.Info, n ast.Node) bool {
	as, ok := n.(*ast.AssignStmt)
	if !ok {
		return false
	}
	for i := range as.Lhs {
		if _, ok := cmdFieldOf(info, as, i); ok {
			return true
		}
	}
	return false
}

// cmdFieldArgvs returns the argvs the Cmd may run because of the
// assignment f, one of group (the assignments to the same holder): an
// assigned Path with each Args the group assigns (or, with none, the
// arguments the Cmd was made with); an assigned Args, when the group
// assigns no Path (that one is judged there), after each program the Cmd
// was made with. Args[0] is only a display name.
func (c *checker) cmdFieldArgvs(f cmdField, group []cmdField) [][]scanner.Arg {
	var tails [][]scanner.Arg
	tailOf := func(g cmdField) []scanner.Arg {
		e := g.rhs
		if e == nil || g.idx >= 0 {
			return []scanner.Arg{{}}
		}
		l, ok := c.list(e, 0)
		if !ok {
			return []scanner.Arg{{}}
		}
		if len(l) > 1 {
			return l[1:]
		}
		return nil
	}
	switch f.field {
	case "Stdin":
		return c.stdinArgvs(f)
	case "Env":
		return c.envArgvs(f)
	}
	if f.field == "Path" {
		for _, g := range group {
			if g.field == "Args" {
				tails = append(tails, tailOf(g))
			}
		}
		if len(tails) == 0 {
			for _, argv := range c.cmdMade(f.recv) {
				tails = append(tails, argv[1:])
			}
		}
		if len(tails) == 0 {
			tails = [][]scanner.Arg{{{}}}
		}
		var prog scanner.Arg
		if call, ok := ast.Unparen(f.rhs).(*ast.CallExpr); ok && f.idx >= 0 {
			prog = c.callString(call, f.idx, 0)
		} else if f.rhs != nil && f.idx < 0 {
			prog = c.str(f.rhs, 0)
		}
		out := make([][]scanner.Arg, 0, len(tails))
		for _, t := range tails {
			out = append(out, append([]scanner.Arg{prog}, t...))
		}
		return out
	}
	for _, g := range group {
		if g.field == "Path" {
			return nil
		}
	}
	tail := tailOf(f)
	var out [][]scanner.Arg
	for _, argv := range c.cmdMade(f.recv) {
		out = append(out, append([]scanner.Arg{argv[0]}, tail...))
	}
	return out
}

// shells read their commands from stdin when given no script.
var shells = map[string]bool{"sh": true, "bash": true, "dash": true, "zsh": true, "ksh": true, "ash": true}

// stdinArgvs returns what a Cmd runs when the code sets its Stdin to a
// known text (strings.NewReader(s), bytes.NewReader(b),
// bytes.NewBufferString(s), bytes.NewBuffer(b)) and the Cmd runs a shell
// given no script (only options, none of them -c): the text, judged as
// `sh -c TEXT`.
func (c *checker) stdinArgvs(f cmdField) [][]scanner.Arg {
	call, ok := ast.Unparen(f.rhs).(*ast.CallExpr)
	if !ok || f.idx >= 0 || len(call.Args) != 1 {
		return nil
	}
	switch c.callee(call) {
	case apiKey{pkg: "strings", name: "NewReader"}, apiKey{pkg: "bytes", name: "NewReader"},
		apiKey{pkg: "bytes", name: "NewBufferString"}, apiKey{pkg: "bytes", name: "NewBuffer"}:
	default:
		return nil
	}
	var out [][]scanner.Arg
	for _, argv := range c.cmdMade(f.recv) {
		prog := argv[0]
		base := prog.Value
		if i := strings.LastIndexByte(base, '/'); i >= 0 {
			base = base[i+1:]
		}
		if !prog.Known || !shells[base] {
			continue
		}
		script := false
		for _, a := range argv[1:] {
			script = script || !a.Known || !strings.HasPrefix(a.Value, "-") || strings.ContainsRune(a.Value, 'c')
		}
		if !script {
			out = append(out, []scanner.Arg{prog, scanner.Lit("-c"), c.str(c.unbytes(call.Args[0]), 0)})
		}
	}
	return out
}

// envArgvs returns what a shell Cmd runs when the code sets its Env: a
// `-c` script (sh -c, bash -lc) is judged with the known entries that
// name a runtime set before it (`K='V'; export K; SCRIPT`), so
// `$AGENT -p` with AGENT=claude in Env runs claude. A Cmd that launches
// on its own is judged where it is made.
func (c *checker) envArgvs(f cmdField) [][]scanner.Arg {
	if f.rhs == nil || f.idx >= 0 {
		return nil
	}
	var prefix strings.Builder
	for _, e := range c.envEntries(f.rhs) {
		k, v, ok := strings.Cut(e.Value, "=")
		if !ok || !e.Known || k == "" || !c.p.Config.MentionsRuntime([]byte(v)) {
			continue
		}
		fmt.Fprintf(&prefix, "%s='%s'; export %s; ", k, strings.ReplaceAll(v, "'", `'\''`), k)
	}
	if prefix.Len() == 0 {
		return nil
	}
	var out [][]scanner.Arg
	for _, argv := range c.cmdMade(f.recv) {
		if alone := c.p.Fork(c.p.Path, c.p.Src); alone.Judge(scanner.Command{Argv: argv, API: true}) != nil || len(alone.Findings()) > 0 {
			continue // it launches without the entries: judged where it is made
		}
		base := argv[0].Value
		if i := strings.LastIndexByte(base, '/'); i >= 0 {
			base = base[i+1:]
		}
		if !argv[0].Known || !shells[base] {
			continue
		}
		for j := 1; j+1 < len(argv); j++ {
			a := argv[j]
			if a.Known && strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--") && strings.ContainsRune(a.Value, 'c') && argv[j+1].Known {
				with := append([]scanner.Arg(nil), argv...)
				with[j+1].Value = prefix.String() + argv[j+1].Value
				with[j+1].Pos = c.pos(f.at) // the text is no longer the literal's
				out = append(out, with)
				break
			}
		}
	}
	return out
}

// envEntries returns the entries of an Env value: a []string the code
// gives, or the elements appended to one it does not know
// (`append(os.Environ(), "AGENT=claude")`).
func (c *checker) envEntries(e ast.Expr) []scanner.Arg {
	if l, ok := c.list(e, 0); ok {
		return l
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) < 2 {
		return nil
	}
	if fn, ok := ast.Unparen(call.Fun).(*ast.Ident); !ok || fn.Name != "append" {
		return nil
	}
	if _, ok := c.info.Uses[ast.Unparen(call.Fun).(*ast.Ident)].(*types.Builtin); !ok {
		return nil
	}
	var out []scanner.Arg
	for i, a := range call.Args[1:] {
		if call.Ellipsis.IsValid() && i == len(call.Args)-2 {
			l, _ := c.list(a, 0)
			out = append(out, l...)
			continue
		}
		out = append(out, c.str(a, 0))
	}
	return out
}

// cmdMade returns the argvs of the Cmds the code stores in recv (a
// variable or a field): process-API calls and exec.Cmd literals.
func (c *checker) cmdMade(recv types.Object) [][]scanner.Arg {
	v, ok := recv.(*types.Var)
	if !ok {
		return nil
	}
	var out [][]scanner.Arg
	for _, a := range append(c.valuesOf(c.assigns, v), c.valuesOf(c.fieldValues, v)...) {
		if a.expr == nil || a.idx >= 0 {
			continue
		}
		e := ast.Unparen(a.expr)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		switch e := e.(type) {
		case *ast.CallExpr:
			if argv, ok := c.processArgv(e); ok && len(argv) > 0 {
				out = append(out, argv)
			}
		case *ast.CompositeLit:
			if path, args, ok := c.cmdLiteralFields(e); ok {
				if args == nil {
					out = append(out, []scanner.Arg{c.str(path, 0)})
				} else {
					out = append(out, c.pathArgv(path, args))
				}
			}
		}
		if len(out) >= maxPossibilities {
			break
		}
	}
	return out
}

// judgeCmdFields judges the assignments to a Cmd's Path or Args that n
// makes, with groups (see cmdFields) for their siblings; with chain set
// (a helper followed with its parameters bound), only what the binding
// reveals is reported, at at. A Cmd with several possible argvs is
// reported once, at the first that launches.
func (c *checker) judgeCmdFields(n *ast.AssignStmt, groups map[types.Object][]cmdField, at *scanner.Pos, chain []string, bind map[*types.Var]scanner.Arg, bindList map[*types.Var][]scanner.Arg) {
	for i := range n.Lhs {
		f, ok := cmdFieldOf(c.info, n, i)
		if !ok {
			continue
		}
		group := groups[f.recv]
		if f.recv == nil {
			group = []cmdField{f}
		}
		if at == nil {
			for _, argv := range c.cmdFieldArgvs(f, group) {
				before := len(c.p.Findings())
				c.judge(argv, c.pos(f.at))
				if len(c.p.Findings()) > before {
					break
				}
			}
			continue
		}
		c.bind, c.bindList = nil, nil
		judged := false
		for _, argv := range c.cmdFieldArgvs(f, group) {
			if l, nested := c.p.Config.JudgeArgv(argv); l != nil || len(nested) > 0 {
				judged = true // judged where it is written
			}
		}
		if judged {
			continue
		}
		// bound: every value, as viaHelper judges a bound call
		scope := c.scope
		c.scope = nil
		c.bind, c.bindList = bind, bindList
		for _, argv := range c.cmdFieldArgvs(f, group) {
			before := len(c.p.Findings())
			c.judgeVia(argv, *at, chain, nil)
			if len(c.p.Findings()) > before {
				break
			}
		}
		c.scope = scope
	}
}

// unbytes is s for the conversion []byte(s) (the text a reader is made
// of), else e. Only here: a []byte conversion read as its text everywhere
// made every test that hands the scanner []byte("claude ...") a chain of
// helpers past the depth bound in the repository's own scan.
func (c *checker) unbytes(e ast.Expr) ast.Expr {
	conv, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(conv.Args) != 1 {
		return e
	}
	tv, ok := c.info.Types[conv.Fun]
	if !ok || !tv.IsType() {
		return e
	}
	if sl, ok := tv.Type.Underlying().(*types.Slice); ok && types.Identical(sl.Elem(), types.Typ[types.Byte]) {
		return conv.Args[0]
	}
	return e
}
