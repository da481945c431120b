package golang

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/leasegate/leasegate/scanner"
)

// Commands handed to code the analysis does not model (see
// scanner.HandedArgv): the Docker SDK's `cli.ContainerExecCreate(ctx,
// id, container.ExecOptions{Cmd: []string{"claude", "-p", x}})`,
// client-go's `PodExecOptions{Command: []string{"claude", ...}}`, goph's
// `client.Run("cd ~/repo && claude -p x")`, a script constant handed to
// mvdan.cc/sh's parser.

// maxHandedDepth bounds how deep composite literal arguments are read,
// maxHandedElems the elements read at one call.
const (
	maxHandedDepth = 3
	maxHandedElems = 256
)

// inertPackages are the standard packages whose functions run nothing
// they are given (printing, logging, formatting, errors, tests).
var inertPackages = map[string]bool{
	"fmt": true, "log": true, "log/slog": true, "errors": true, "testing": true, "strconv": true,
	"regexp": true, "sort": true, "slices": true, "maps": true, "unicode/utf8": true, "reflect": true,
}

// handedCall judges the command-shaped values call hands to a function
// the analysis does not model: not a process API (judged at its call),
// not a function the loaded packages declare (followed as a helper), not
// a builtin, a conversion or a known inert sink (scanner.InertSink).
func (c *checker) handedCall(call *ast.CallExpr) {
	if c.bind != nil || len(call.Args) == 0 || c.p.Hits&scanner.HitRuntime == 0 {
		return
	}
	if tv, ok := c.info.Types[call.Fun]; ok && tv.IsType() {
		return // a conversion
	}
	if _, ok := c.apiOf(call); ok {
		return
	}
	if c.stdinCalls[call] {
		return // a process's standard input (cmd.Stdin = ...): modelled
	}
	k := c.callee(call)
	if _, ok := flagDefiners[k]; ok || utf16Conversions[k] || wordSplitters[k] || modelledPackages[k.pkg] {
		return // a value the analysis follows where it is used
	}
	if _, ok := sliceFlagDefiners[k]; ok {
		return
	}
	name := ""
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		name = f.Name
		if v, ok := c.info.Uses[f].(*types.Var); ok && c.file != nil && v.Pos() >= c.file.Pos() && v.Pos() < c.file.End() {
			// a closure of the file: its body's calls are judged
			return
		}
	case *ast.SelectorExpr:
		name = f.Sel.Name
		if c.testOrInert(f) {
			return
		}
	case *ast.IndexExpr, *ast.FuncLit:
		return
	}
	switch fn := typeutil.Callee(c.info, call).(type) {
	case *types.Builtin:
		return
	case *types.Func:
		if c.funcs[fn] != nil || fn.Pkg() != nil && (inertPackages[fn.Pkg().Path()] || c.idx.deps[fn.Pkg().Path()] != nil) {
			return
		}
		if fn.Pkg() != nil && fn.Pkg() == c.pkgOf() {
			return
		}
	}
	if scanner.InertSink(name) {
		return
	}
	budget := maxHandedElems
	for _, a := range call.Args {
		c.handedValue(a, "", 0, &budget)
	}
}

// testOrInert reports whether the method or function sel names is a
// test's (a *testing.T's, testify's assertions) or of a package that
// runs nothing it is given (strings' and bytes' functions but their
// readers): test data and text handling, not a command.
func (c *checker) testOrInert(sel *ast.SelectorExpr) bool {
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return false
	}
	if pn, ok := c.info.Uses[id].(*types.PkgName); ok {
		path := pn.Imported().Path()
		switch {
		case strings.Contains(path, "testify"), strings.HasSuffix(path, "/assert"), strings.HasSuffix(path, "/require"):
			return true
		case path == "strings" || path == "bytes":
			return !strings.HasPrefix(sel.Sel.Name, "New")
		}
		return inertPackages[path]
	}
	t := c.info.TypeOf(id)
	if t == nil || t == types.Typ[types.Invalid] {
		// not resolved: a test's conventional names
		switch id.Name {
		case "t", "tb", "b", "f":
			return true
		}
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
		path := n.Obj().Pkg().Path()
		return path == "testing" || strings.Contains(path, "testify")
	}
	if t.String() == "testing.TB" {
		return true
	}
	return false
}

// modelledPackages are the packages whose values the analysis follows
// where they are read (flags, configuration, the environment).
var modelledPackages = map[string]bool{
	"flag": true, "github.com/spf13/pflag": true, "github.com/spf13/viper": true, "github.com/joho/godotenv": true,
	"os": true, "path/filepath": true, "path": true, "text/template": true, "html/template": true,
}

// markStdin records the calls that make what an assignment or a
// literal gives a process's standard input (`cmd.Stdin =
// strings.NewReader("...")`): the analysis judges that input with the
// process (handedCall skips them).
func (c *checker) markStdin(field ast.Expr, value ast.Expr) {
	var name string
	switch f := field.(type) {
	case *ast.SelectorExpr:
		name = f.Sel.Name
	case *ast.Ident:
		name = f.Name
	}
	if name != "Stdin" {
		return
	}
	if call, ok := ast.Unparen(value).(*ast.CallExpr); ok {
		if c.stdinCalls == nil {
			c.stdinCalls = map[*ast.CallExpr]bool{}
		}
		c.stdinCalls[call] = true
	}
}

// pkgOf is the package of the file being checked, if known.
func (c *checker) pkgOf() *types.Package {
	if c.file == nil || c.file.Name == nil {
		return nil
	}
	if obj := c.info.Defs[c.file.Name]; obj != nil {
		return obj.Pkg()
	}
	for _, d := range c.file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			if obj := c.info.Defs[fd.Name]; obj != nil {
				return obj.Pkg()
			}
		}
	}
	return nil
}

// handedValue judges e, an argument (or a field of a composite literal
// argument under key), when it is a command: a list of strings whose
// head is a runtime's command, a string that reads as a command line.
func (c *checker) handedValue(e ast.Expr, key string, depth int, budget *int) {
	if *budget <= 0 || depth > maxHandedDepth {
		return
	}
	*budget--
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if lit, ok := e.(*ast.CompositeLit); ok {
		if _, _, isCmd := c.cmdLiteralFields(lit); isCmd {
			return // an exec.Cmd: judged as one (cmdLiteral)
		}
		keyed := false
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			keyed = true
			k := ""
			if id, ok := kv.Key.(*ast.Ident); ok {
				k = id.Name
			} else if s, ok := c.constString(kv.Key); ok {
				k = s
			}
			c.handedValue(kv.Value, k, depth+1, budget)
		}
		if keyed {
			return
		}
		if inner := lit.Elts; len(inner) > 0 {
			if _, ok := ast.Unparen(inner[0]).(*ast.CompositeLit); ok {
				// a list of option literals
				for _, el := range inner {
					c.handedValue(el, key, depth+1, budget)
				}
				return
			}
		}
	}
	t := c.info.TypeOf(e)
	if t == nil {
		return
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
			return
		}
		list, ok := c.list(e, 0)
		if !ok || len(list) == 0 {
			return
		}
		at := c.pos(e.Pos())
		if _, rt := c.p.Config.RuntimeForCommand(list[0].Value); rt && list[0].Known {
			_, lit := e.(*ast.CompositeLit)
			c.p.HandedArgv(list, at, scanner.CommandKey(key), lit)
			return
		}
		for _, a := range list {
			// a list of command lines
			if a.Known {
				c.p.HandedLine(a.Value, at)
			}
		}
	case *types.Basic:
		if u.Info()&types.IsString == 0 {
			return
		}
		if s, ok := c.constString(e); ok {
			c.p.HandedLine(s, c.textPos(e))
			return
		}
		if a := c.str(e, 0); a.Known {
			c.p.HandedLine(a.Value, c.textPos(e))
		}
	}
}
