package gate

import (
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/leasegate/leasegate/cmdline"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/leasegate/leasegate/internal/shnest"
)

// Limits on the work one Bash command may cost. Beyond them the command is
// treated as unparseable (denied by the unparseable rule): the gate fails
// closed rather than judging half a command.
const (
	maxShellBytes = 1 << 20 // the broker's wire line cap is far below this
	maxNesting    = 8       // bash -c 'eval "sh -c ..."' levels
	maxReparses   = 64      // nested strings parsed for one call
	maxWrappers   = 32      // sudo env nice timeout ... in one command
	maxFields     = 1 << 14 // argv words after expansion, all commands together
	maxVarBytes   = 4 << 10 // a tracked variable longer than this is forgotten
	maxVarItems   = 1 << 10 // same for an array's elements
	maxAssigned   = 1 << 12 // variable assignments recorded for one call
)

// Errors that make a Bash command unjudgeable.
var (
	ErrShellSyntax   = errors.New("bash command does not parse")
	ErrShellTooLarge = errors.New("bash command too large or too deeply nested to judge")
)

// shellFacts is what the rules see of one Bash command: every simple
// command it would run, after quote removal, variable tracking and wrapper
// stripping, including those inside $(...), backticks, process
// substitution, functions, subshells and strings given to bash -c, sh -c,
// eval, su -c, watch and friends.
type shellFacts struct {
	cmds []cmdInst
	// assigned are the variable names the command sets (prefix
	// assignments, export, declare, plain NAME=value), in order.
	assigned []string
	err      error
}

// cmdInst is one simple command.
type cmdInst struct {
	argv    []string // after wrappers; argv[0] is the command ("" for a bare redirect)
	words   []string // every word of the original command, wrappers included
	dynamic bool     // argv[0] is not known statically ($X, $(...))
	redirs  []redirect
	docs    []string // here-documents and here-strings fed to it
	cwd     string   // folder after static `cd`s, "" for the call's own
}

type redirect struct {
	target string
	write  bool
}

func (ci *cmdInst) String() string {
	s := strings.Join(ci.words, " ")
	for _, r := range ci.redirs {
		op := "<"
		if r.write {
			op = ">"
		}
		s = strings.TrimSpace(s + " " + op + " " + r.target)
	}
	if len(s) > 160 {
		cut := 157
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return "`" + s + "`"
}

type analyzer struct {
	facts    *shellFacts
	vars     map[string]expand.Variable
	home     string
	reparses int
	nfields  int
	inlines  int
	funcs    map[string]*syntax.Stmt // functions the command defines
	cfg      *expand.Config
	cwd      string // tracked `cd` (flow-insensitive)
}

// analyzeShell parses a Bash command and collects its simple commands.
func analyzeShell(src, home string) *shellFacts {
	a := &analyzer{facts: &shellFacts{}, vars: map[string]expand.Variable{}, home: home}
	a.cfg = &expand.Config{
		Env: a,
		CmdSubst: func(w io.Writer, _ *syntax.CmdSubst) error {
			_, err := io.WriteString(w, "$(...)")
			return err
		},
		ProcSubst: func(*syntax.ProcSubst) (string, error) { return "/dev/fd/63", nil },
	}
	if len(src) > maxShellBytes {
		a.facts.err = ErrShellTooLarge
		return a.facts
	}
	a.script(src, 0)
	return a.facts
}

// Get implements expand.Environ: tracked variables have the value the
// command gave them; any other variable stands for itself ("$NAME"), so
// rules can name $HOME and a dynamic command name shows as such.
func (a *analyzer) Get(name string) expand.Variable {
	if v, ok := a.vars[name]; ok {
		return v
	}
	switch {
	case name == "IFS":
		return expand.Variable{}
	case strings.HasPrefix(name, "HOME "): // ~user
		return expand.Variable{Set: true, Kind: expand.String, Str: "~" + strings.TrimPrefix(name, "HOME ")}
	}
	return expand.Variable{Set: true, Kind: expand.String, Str: "$" + name}
}

// Each implements expand.Environ; nothing is exported.
func (a *analyzer) Each(func(string, expand.Variable) bool) {}

func parseBash(src string) (*syntax.File, error) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err == nil {
		return f, nil
	}
	// Claude Code may run commands under zsh; accept what zsh parses.
	if fz, errz := syntax.NewParser(syntax.Variant(syntax.LangZsh)).Parse(strings.NewReader(src), ""); errz == nil {
		return fz, nil
	}
	return nil, err
}

// script parses src and records its commands. depth counts nested strings.
func (a *analyzer) script(src string, depth int) {
	if a.facts.err != nil {
		return
	}
	if depth > maxNesting || a.reparses >= maxReparses {
		a.facts.err = ErrShellTooLarge
		return
	}
	a.reparses++
	// The parser and the walks recurse once per level; past the bounds of
	// shnest the command is too deeply nested to judge (a deny), never a
	// stack overflow.
	if ex := shnest.Check(src, shnest.MaxDepth); ex != nil {
		a.facts.err = fmt.Errorf("%w: %s", ErrShellTooLarge, ex.Msg)
		return
	}
	f, err := parseBash(src)
	if err != nil {
		a.facts.err = fmt.Errorf("%w: %v", ErrShellSyntax, err)
		return
	}
	if _, deep := shnest.CheckTree(f); deep {
		a.facts.err = fmt.Errorf("%w: syntax tree deeper than %d levels", ErrShellTooLarge, shnest.MaxTreeDepth)
		return
	}
	a.walk(f, depth)
}

// walk records the commands under node.
func (a *analyzer) walk(node syntax.Node, depth int) {
	syntax.Walk(node, func(n syntax.Node) bool {
		if a.facts.err != nil {
			return false
		}
		switch n := n.(type) {
		case *syntax.FuncDecl:
			if n.Name != nil && n.Body != nil {
				if a.funcs == nil {
					a.funcs = map[string]*syntax.Stmt{}
				}
				a.funcs[n.Name.Value] = n.Body
			}
		case *syntax.Stmt:
			a.stmt(n, depth)
		case *syntax.DeclClause:
			for _, as := range n.Args {
				a.assign(as)
			}
		case *syntax.BinaryCmd:
			if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
				a.pipeToShell(n, depth)
			}
		}
		return true
	})
}

func (a *analyzer) assign(as *syntax.Assign) {
	if as == nil || as.Name == nil || as.Naked {
		return
	}
	name := as.Name.Value
	if len(a.facts.assigned) < maxAssigned {
		a.facts.assigned = append(a.facts.assigned, name)
	} else if a.facts.err == nil {
		a.facts.err = ErrShellTooLarge // a bound reached is reported: the command is not judged
	}
	switch {
	case as.Array != nil:
		var list []string
		for _, el := range as.Array.Elems {
			if el.Value != nil {
				list = append(list, a.fields(el.Value)...)
			}
		}
		if as.Append {
			if old, ok := a.vars[name]; ok && old.Kind == expand.Indexed {
				list = append(append([]string(nil), old.List...), list...)
			}
		}
		if len(list) > maxVarItems {
			delete(a.vars, name)
			return
		}
		a.vars[name] = expand.Variable{Set: true, Kind: expand.Indexed, List: list}
	case as.Index != nil:
		// a[i]=v: too fine-grained to track; forget the variable.
		delete(a.vars, name)
	default:
		val := ""
		if as.Value != nil {
			val = a.literal(as.Value)
		}
		if as.Append {
			val = a.Get(name).String() + val
		}
		if len(val) > maxVarBytes {
			delete(a.vars, name)
			return
		}
		a.vars[name] = expand.Variable{Set: true, Kind: expand.String, Str: val}
	}
}

// fields expands words the way the shell would build argv: quote removal,
// brace expansion, tracked variables, field splitting; no globbing.
// maxInlines bounds how many function calls are judged with their
// arguments bound (recursion stops there; the body was judged once anyway
// with "$@" standing for itself).
const maxInlines = 16

// callFunc judges a function's body again with the call's arguments as its
// positional parameters: f() { rm -rf "$@"; }; f / is rm -rf /.
func (a *analyzer) callFunc(body *syntax.Stmt, args []string, depth int) {
	if a.inlines >= maxInlines || depth >= maxNesting {
		return
	}
	a.inlines++
	names := []string{"@", "*", "#"}
	for i := 1; i <= 9; i++ {
		names = append(names, strconv.Itoa(i))
	}
	saved := map[string]expand.Variable{}
	for _, n := range names {
		if v, ok := a.vars[n]; ok {
			saved[n] = v
		}
		delete(a.vars, n)
	}
	a.vars["@"] = expand.Variable{Set: true, Kind: expand.Indexed, List: args}
	a.vars["*"] = expand.Variable{Set: true, Kind: expand.String, Str: strings.Join(args, " ")}
	a.vars["#"] = expand.Variable{Set: true, Kind: expand.String, Str: strconv.Itoa(len(args))}
	for i := 1; i <= 9; i++ {
		v := ""
		if i <= len(args) {
			v = args[i-1]
		}
		a.vars[strconv.Itoa(i)] = expand.Variable{Set: true, Kind: expand.String, Str: v}
	}
	a.walk(body, depth+1)
	for _, n := range names {
		delete(a.vars, n)
		if v, ok := saved[n]; ok {
			a.vars[n] = v
		}
	}
}

// A word whose expansion fails (a brace expansion over mvdan's limit, an
// arithmetic error) is taken unexpanded.
func (a *analyzer) fields(words ...*syntax.Word) []string {
	var out []string
	for _, w := range words {
		n := len(out)
		var err error
		for f, ferr := range expand.FieldsSeq(a.cfg, w) {
			if ferr != nil {
				err = ferr
				break
			}
			out = append(out, f)
			if a.nfields+len(out) > maxFields {
				a.facts.err = ErrShellTooLarge
				return out
			}
		}
		if err != nil {
			out = append(out[:n], a.literal(w))
		}
	}
	a.nfields += len(out)
	return out
}

func (a *analyzer) literal(w *syntax.Word) string {
	s, err := expand.Literal(a.cfg, w)
	if err == nil {
		return s
	}
	var b strings.Builder
	if perr := syntax.NewPrinter().Print(&b, w); perr != nil {
		return "$?"
	}
	return "$" + b.String()
}

func (a *analyzer) stmt(st *syntax.Stmt, depth int) {
	var redirs []redirect
	var docs []string
	for _, r := range st.Redirs {
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			if r.Hdoc != nil {
				docs = append(docs, a.literal(r.Hdoc))
			}
			continue
		case syntax.WordHdoc:
			if r.Word != nil {
				docs = append(docs, a.literal(r.Word))
			}
			continue
		}
		if r.Word == nil {
			continue
		}
		t := a.literal(r.Word)
		switch r.Op {
		case syntax.RdrIn, syntax.DplIn:
			redirs = append(redirs, redirect{target: t})
		case syntax.DplOut:
			if t != "-" && strings.Trim(t, "0123456789") != "" {
				redirs = append(redirs, redirect{target: t, write: true})
			}
		default:
			redirs = append(redirs, redirect{target: t, write: true})
		}
	}
	call, _ := st.Cmd.(*syntax.CallExpr)
	if call == nil || len(call.Args) == 0 {
		if call != nil {
			for _, as := range call.Assigns {
				a.assign(as)
			}
		}
		if len(redirs) > 0 || len(docs) > 0 {
			a.facts.cmds = append(a.facts.cmds, cmdInst{argv: []string{""}, redirs: redirs, docs: docs, cwd: a.cwd})
		}
		return
	}
	argv := a.fields(call.Args...)
	dynamic := len(argv) == 0 || isDynamic(argv[0])
	// Prefix assignments reach the command's environment, and so a nested
	// shell (X=/ bash -c 'rm -rf $X'); keep them for what follows.
	for _, as := range call.Assigns {
		a.assign(as)
	}
	if len(argv) == 0 {
		return
	}
	if name := cmdName(argv[0]); (name == "cd" || name == "pushd") && !dynamic {
		a.chdir(argv[1:])
	}
	a.exec(argv, argv, dynamic, redirs, docs, depth)
	if len(docs) > 0 && readsScriptFromStdin(argv) {
		for _, d := range docs {
			a.script(d, depth+1)
		}
	}
}

// chdir follows `cd DIR` so that later relative paths resolve where the
// shell would resolve them. It ignores control flow: a cd inside an if
// counts. An unknown target ($X, cd -) leaves the folder as it was.
func (a *analyzer) chdir(args []string) {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && args[0] != "-" {
		done := args[0] == "--"
		args = args[1:]
		if done {
			break
		}
	}
	dir := "~"
	if len(args) > 0 {
		dir = args[0]
	}
	if dir == "-" || isDynamic(dir) && !strings.HasPrefix(dir, "$HOME") {
		return
	}
	if dir == "~" || strings.HasPrefix(dir, "~/") || strings.HasPrefix(dir, "$HOME") {
		a.cwd = dir
		return
	}
	if path.IsAbs(dir) || a.cwd == "" {
		a.cwd = dir
		return
	}
	a.cwd = a.cwd + "/" + dir
}

func isDynamic(word string) bool { return strings.Contains(word, "$") }

// pipeToShell follows data that a pipeline feeds to a command that runs
// it: `echo 'rm -rf /' | bash` and `printf ... | sh` reparse the text;
// `echo / | xargs rm -rf` and `find / | xargs rm -rf` judge the xargs
// command with the items appended (or put in place of -I's string).
func (a *analyzer) pipeToShell(b *syntax.BinaryCmd, depth int) {
	y, _ := b.Y.Cmd.(*syntax.CallExpr)
	x := b.X
	for {
		inner, ok := x.Cmd.(*syntax.BinaryCmd)
		if !ok || (inner.Op != syntax.Pipe && inner.Op != syntax.PipeAll) {
			break
		}
		x = inner.Y
	}
	xc, _ := x.Cmd.(*syntax.CallExpr)
	if y == nil || xc == nil || len(y.Args) == 0 || len(xc.Args) == 0 {
		return
	}
	yargv := a.fields(y.Args...)
	shell := readsScriptFromStdin(yargv)
	isXargs := len(yargv) > 0 && cmdName(yargv[0]) == "xargs"
	if !shell && !isXargs {
		return
	}
	xargv := a.fields(xc.Args...)
	if len(xargv) == 0 {
		return
	}
	var text string
	var items []string
	switch cmdName(xargv[0]) {
	case "echo":
		args := xargv[1:]
		for len(args) > 0 && (args[0] == "-n" || args[0] == "-e" || args[0] == "-E" || args[0] == "-ne" || args[0] == "-en") {
			args = args[1:]
		}
		text = strings.Join(args, " ")
	case "printf":
		text = strings.Join(xargv[1:], " ")
	case "find":
		if !isXargs {
			return
		}
		items = cmdline.FindStarts(xargv[1:])
	default:
		return
	}
	text = strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\0`, "\n").Replace(text)
	if shell {
		a.script(text, depth+1)
		return
	}
	if items == nil {
		items = strings.Fields(text)
	}
	repl := ""
	flags, operand, _ := cmdline.Options(yargv)
	for _, f := range flags {
		switch f.Name {
		case "-I", "--replace":
			repl = f.Value
		case "-i":
			repl = "{}"
		}
	}
	cmd := yargv[operand:]
	if len(cmd) == 0 || len(items) == 0 {
		return
	}
	if len(items) > 64 {
		items = items[:64]
	}
	if repl == "" {
		argv := append(append([]string(nil), cmd...), items...)
		a.exec(argv, yargv, isDynamic(argv[0]), nil, nil, depth)
		return
	}
	for _, it := range items {
		argv := make([]string, len(cmd))
		for i, w := range cmd {
			argv[i] = strings.ReplaceAll(w, repl, it)
		}
		a.exec(argv, yargv, isDynamic(argv[0]), nil, nil, depth)
	}
}

// readsScriptFromStdin reports whether argv runs a shell that takes its
// script from standard input (no -c, no script file), behind wrappers or
// in a string a shell runs (ssh host bash): package cmdline decides.
func readsScriptFromStdin(argv []string) bool {
	if len(argv) == 0 {
		return false
	}
	return cmdline.ReadsStdin(cmdWords(argv, isDynamic(argv[0])))
}

// cmdName is the command a word names: its last path element.
func cmdName(w string) string {
	if i := strings.LastIndexByte(w, '/'); i >= 0 && i < len(w)-1 {
		return w[i+1:]
	}
	return w
}

// pathWords returns the words of an argument that may be paths: the word
// itself and, for --opt=value and dd's of=value, the value.
func pathWords(w string) []string {
	out := []string{w}
	if i := strings.IndexByte(w, '='); i >= 0 && i < len(w)-1 {
		out = append(out, w[i+1:])
	}
	return out
}

// cleanArg normalises an argument for glob matching: "~" becomes $HOME and
// path-like words are cleaned ("//" and "/./" are "/").
func cleanArg(w string) string {
	if w == "~" || strings.HasPrefix(w, "~/") {
		w = "$HOME" + w[1:]
	}
	if strings.Contains(w, "/") {
		c := path.Clean(w)
		return c
	}
	return w
}
