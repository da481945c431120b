package golang

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// Command-line flags. A string flag's value is its default or whatever the
// flag is given at run time: a set of the default and an unknown, so a
// default that names a runtime makes the command dynamic. The flag is read
// through the pointer a definer returns (`bin := flag.String("bin",
// "claude", "")`, `*bin`), the variable or field a ...Var definer stores
// into (`flag.StringVar(&cfg.Bin, ...)`), or by its name
// (`cmd.Flags().GetString("bin")`, pflag/cobra): every default the loaded
// packages give a flag of that name.

// flagDefiner is a function that defines a string flag: the arguments
// holding the pointer it stores into (-1: it returns the pointer), the
// flag's name and its default.
type flagDefiner struct{ target, name, def int }

var flagDefiners = func() map[apiKey]flagDefiner {
	m := map[apiKey]flagDefiner{}
	for _, recv := range []string{"", "FlagSet"} {
		m[apiKey{"flag", recv, "String"}] = flagDefiner{-1, 0, 1}
		m[apiKey{"flag", recv, "StringVar"}] = flagDefiner{0, 1, 2}
		m[apiKey{"github.com/spf13/pflag", recv, "String"}] = flagDefiner{-1, 0, 1}
		m[apiKey{"github.com/spf13/pflag", recv, "StringP"}] = flagDefiner{-1, 0, 2}
		m[apiKey{"github.com/spf13/pflag", recv, "StringVar"}] = flagDefiner{0, 1, 2}
		m[apiKey{"github.com/spf13/pflag", recv, "StringVarP"}] = flagDefiner{0, 1, 3}
	}
	return m
}()

// sliceFlagDefiners are pflag's string-slice flags returning a pointer,
// by the argument holding the default.
var sliceFlagDefiners = func() map[apiKey]int {
	m := map[apiKey]int{}
	for _, recv := range []string{"", "FlagSet"} {
		for _, n := range []string{"StringSlice", "StringArray"} {
			m[apiKey{"github.com/spf13/pflag", recv, n}] = 1
			m[apiKey{"github.com/spf13/pflag", recv, n + "P"}] = 2
		}
	}
	return m
}()

// flagList is the argv a string-slice flag holds: its default, each
// element dynamic (a value given at run time may replace it).
func (c *checker) flagList(call *ast.CallExpr, depth int) ([]scanner.Arg, bool) {
	def, ok := sliceFlagDefiners[c.callee(call)]
	if !ok || def >= len(call.Args) {
		return nil, false
	}
	l, ok := c.list(call.Args[def], depth+1)
	if !ok {
		return nil, false
	}
	out := make([]scanner.Arg, len(l))
	for i, a := range l {
		if a.Known {
			a.Via = scanner.ClassDynamic
		}
		out[i] = a
	}
	return out, true
}

// maxFlagChain bounds the calls of a flag builder's chain read for its
// default.
const maxFlagChain = 8

// chainedDefault returns the default of a flag made by a builder chain
// of a library outside what is loaded (kingpin's and urfave-style
// `app.Flag("agent", "").Default("claude").String()`, also `Envar(...)`
// and the like between): a `.String()` whose
// chain holds `.Default(d, ...)`. The flag's value is d or one given at
// run time. Only a call whose callee is not known (k empty) counts: a
// method of the module's own is followed as code.
func chainedDefault(info *types.Info, call *ast.CallExpr, k apiKey) (ast.Expr, bool) {
	if k != (apiKey{}) || len(call.Args) != 0 {
		return nil, false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "String" {
		return nil, false
	}
	x := sel.X
	for i := 0; i < maxFlagChain; i++ {
		inner, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok {
			return nil, false
		}
		s, ok := ast.Unparen(inner.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil, false
		}
		if s.Sel.Name == "Default" && len(inner.Args) >= 1 {
			if tv, ok := info.Types[inner.Args[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				return inner.Args[0], true
			}
			return nil, false
		}
		x = s.X
	}
	return nil, false
}

// flagDefinerOf returns the definer call calls, if it is one whose
// arguments are all given.
func flagDefinerOf(info *types.Info, call *ast.CallExpr) (flagDefiner, bool) {
	// The name first: calleeOf is the costly part.
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !strings.HasPrefix(sel.Sel.Name, "String") {
		return flagDefiner{}, false
	}
	d, ok := flagDefiners[calleeOf(info, call)]
	if !ok || d.def >= len(call.Args) {
		return flagDefiner{}, false
	}
	return d, true
}

// flagTarget returns what a ...Var definer stores into: a variable (also
// a pointer variable, read as what it points to) or a struct field.
func flagTarget(info *types.Info, call *ast.CallExpr, d flagDefiner) (v *types.Var, field bool) {
	e := ast.Unparen(call.Args[d.target])
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.Ident:
		v, _ = info.Uses[e].(*types.Var)
	case *ast.SelectorExpr:
		if sel := info.Selections[e]; sel != nil && sel.Kind() == types.FieldVal {
			v, _ = sel.Obj().(*types.Var)
			return v, v != nil
		}
		v = qualifiedVar(info, e)
	}
	return v, false
}

// flagValue is the value of a flag whose default is def: the default or
// one given at run time.
func (c *checker) flagValue(def ast.Expr, depth int) scanner.Arg {
	return c.judgeSet([]scanner.Arg{c.str(def, depth+1), {}}, false)
}

// flagByName is the value of the flag named by the constant name: every
// default the loaded packages give a flag of that name, or one given at
// run time.
func (c *checker) flagByName(name ast.Expr, depth int) scanner.Arg {
	if c.idx == nil {
		return scanner.Arg{}
	}
	return c.named(c.idx.flagDefaults, name, depth)
}

// envByName is the value of the environment variable named by the
// constant name: every value the loaded packages set it to (os.Setenv),
// or one found at run time.
func (c *checker) envByName(name ast.Expr, depth int) scanner.Arg {
	if c.idx == nil {
		return scanner.Arg{}
	}
	n, ok := c.constString(name)
	if !ok {
		return scanner.Arg{}
	}
	// a dotenv file the package loads may give it too (config.go)
	vals := []scanner.Arg{{}}
	for _, v := range c.dotenvValues(n) {
		vals = append(vals, scanner.Arg{Value: v, Known: true, Via: scanner.ClassDynamic})
	}
	for _, a := range c.inScope(c.idx.envSets[n]) {
		vals = append(vals, c.str(a.expr, depth+1))
		if len(vals) > maxPossibilities {
			break
		}
	}
	// and another file of the repository may put it in the process's
	// environment: a Dockerfile's ENV, a container's or a workflow's env
	// (the repository phase, Imports.Env)
	if c.p.Imports != nil {
		if e, ok := c.p.Imports.Env(n); ok {
			for _, v := range e.Consts {
				if len(vals) > maxPossibilities {
					break
				}
				vals = append(vals, scanner.Arg{Value: v, Known: true, Via: scanner.ClassDynamic})
			}
		}
	}
	return c.judgeSet(vals, false)
}

// named is the value of the flag or variable named by the constant name
// in m, with a value found at run time.
func (c *checker) named(m map[string][]assignment, name ast.Expr, depth int) scanner.Arg {
	n, ok := c.constString(name)
	if !ok {
		return scanner.Arg{}
	}
	vals := []scanner.Arg{{}}
	for _, a := range c.inScope(m[n]) {
		vals = append(vals, c.str(a.expr, depth+1))
		if len(vals) > maxPossibilities {
			break
		}
	}
	return c.judgeSet(vals, false)
}

// inScope returns the values of as that the current scope sees.
func (c *checker) inScope(as []assignment) []assignment {
	var out []assignment
	for _, a := range as {
		if c.scope == nil || c.scope[a.pkg] {
			out = append(out, a)
		}
	}
	return out
}

// flagGetter reports whether k reads a flag by its name: pflag's
// GetString, urfave/cli's c.String (a Context's, v3's Command's).
func flagGetter(k apiKey) bool {
	return k == apiKey{"github.com/spf13/pflag", "FlagSet", "GetString"} ||
		isURFave(k.pkg) && (k.recv == "Context" || k.recv == "Command") && k.name == "String"
}

func isURFave(pkg string) bool {
	return pkg == "github.com/urfave/cli" || strings.HasPrefix(pkg, "github.com/urfave/cli/")
}

// urfaveFlag returns the name, default and Destination (nil if none) of
// a urfave/cli StringFlag literal.
func urfaveFlag(info *types.Info, lit *ast.CompositeLit) (name string, def, dest ast.Expr, ok bool) {
	t := info.TypeOf(lit)
	if t == nil {
		return "", nil, nil, false
	}
	named, isNamed := types.Unalias(t).(*types.Named)
	if !isNamed || named.Obj().Name() != "StringFlag" || named.Obj().Pkg() == nil || !isURFave(named.Obj().Pkg().Path()) {
		return "", nil, nil, false
	}
	for _, el := range lit.Elts {
		kv, isKV := el.(*ast.KeyValueExpr)
		if !isKV {
			continue
		}
		k, _ := kv.Key.(*ast.Ident)
		switch {
		case k == nil:
		case k.Name == "Name":
			tv, has := info.Types[kv.Value]
			if has && tv.Value != nil && tv.Value.Kind() == constant.String {
				name = constant.StringVal(tv.Value)
			}
		case k.Name == "Value":
			def = kv.Value
		case k.Name == "Destination":
			dest = kv.Value
		}
	}
	return name, def, dest, def != nil
}

// envSetOf returns the name and value of an os.Setenv (or
// syscall.Setenv) call with a constant name.
func envSetOf(info *types.Info, call *ast.CallExpr) (string, ast.Expr, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Setenv" || len(call.Args) != 2 {
		return "", nil, false
	}
	if k := calleeOf(info, call); k != (apiKey{pkg: "os", name: "Setenv"}) && k != (apiKey{pkg: "syscall", name: "Setenv"}) {
		return "", nil, false
	}
	tv, ok := info.Types[call.Args[0]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", nil, false
	}
	return constant.StringVal(tv.Value), call.Args[1], true
}

// envGetter reports whether k reads an environment variable by name.
func envGetter(k apiKey) bool {
	return k == apiKey{pkg: "os", name: "Getenv"} || k == apiKey{pkg: "os", name: "LookupEnv"} ||
		k == apiKey{pkg: "syscall", name: "Getenv"}
}
