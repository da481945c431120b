package golang

import (
	"bufio"
	"go/ast"
	"go/constant"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// Configuration the program reads at run time by a key: a viper key and
// an environment variable a dotenv file fills. Each is a set of what the
// code (or the repository's file) gives it and a value found at run time,
// so a runtime among them is dynamic, as for a flag's default.
//
//   - viper (github.com/spf13/viper, the package's functions and a
//     *Viper's methods): `SetDefault(key, v)` and `Set(key, v)` give the
//     key a value; `GetString(key)`, `Get(key)` (read through a type
//     assertion) and `GetStringSlice(key)` read every value the loaded
//     packages give that key (keys ignore case, as viper's do).
//   - dotenv (github.com/joho/godotenv): `godotenv.Load()` (also
//     `Overload`, and the `autoload` package imported for its effect)
//     fills the environment from `.env`, or from the files it is given:
//     `os.Getenv(name)` is also every value those files of the
//     repository give name, read beside the Go file or in a folder above
//     it up to the module's root.

// viperKey is how viper names a key: without case.
func viperKey(s string) string { return strings.ToLower(s) }

// configSetOf returns the key and value of a viper SetDefault or Set.
func configSetOf(info *types.Info, call *ast.CallExpr) (string, ast.Expr, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "SetDefault" && sel.Sel.Name != "Set" || len(call.Args) != 2 {
		return "", nil, false
	}
	if k := calleeOf(info, call); k.pkg != viperPkg || k.recv != "" && k.recv != "Viper" {
		return "", nil, false
	}
	tv, ok := info.Types[call.Args[0]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", nil, false
	}
	return viperKey(constant.StringVal(tv.Value)), call.Args[1], true
}

const viperPkg = "github.com/spf13/viper"

// configGetter reports whether k reads a viper key as a string (Get's
// value is read through a type assertion).
func configGetter(k apiKey) bool {
	return k.pkg == viperPkg && (k.recv == "" || k.recv == "Viper") && (k.name == "GetString" || k.name == "Get")
}

// configByName is the value of the viper key the constant name names:
// every value the loaded packages give it, or one found at run time.
func (c *checker) configByName(name ast.Expr, depth int) scanner.Arg {
	n, ok := c.constString(name)
	if c.idx == nil || !ok {
		return scanner.Arg{}
	}
	vals := []scanner.Arg{{}}
	for _, a := range c.inScope(c.idx.configSets[viperKey(n)]) {
		vals = append(vals, c.str(a.expr, depth+1))
		if len(vals) > maxPossibilities {
			break
		}
	}
	return c.judgeSet(vals, false)
}

// configList is the list a viper key read with GetStringSlice holds:
// every list the loaded packages give it, merged element by element, or
// one found at run time.
func (c *checker) configList(call *ast.CallExpr, depth int) ([]scanner.Arg, bool) {
	k := c.callee(call)
	if k.pkg != viperPkg || k.recv != "" && k.recv != "Viper" || k.name != "GetStringSlice" || len(call.Args) != 1 || c.idx == nil {
		return nil, false
	}
	n, ok := c.constString(call.Args[0])
	if !ok {
		return nil, false
	}
	rets := []returned{{}}
	for _, a := range c.inScope(c.idx.configSets[viperKey(n)]) {
		var r returned
		r.elems, r.ok = c.list(a.expr, depth+1)
		rets = append(rets, r)
		if len(rets) > maxPossibilities {
			break
		}
	}
	return c.mergeLists(rets, false)
}

// dotenvPkg is godotenv's import path; its autoload package loads .env
// when imported.
const dotenvPkg = "github.com/joho/godotenv"

// maxDotenvUp bounds the folders above a Go file a dotenv file is looked
// for in.
const maxDotenvUp = 8

// dotenvValues returns the values the repository's dotenv files, loaded
// by the package's files, give the environment variable name.
func (c *checker) dotenvValues(name string) []string {
	if c.idx == nil {
		return nil
	}
	c.idx.dotenvOnce.Do(func() {
		for _, f := range c.idx.files {
			names, ok := dotenvLoads(c.info, f)
			if !ok {
				continue
			}
			file := c.fset.Position(f.Pos()).Filename
			if !filepath.IsAbs(file) {
				if c.idx.scanRoot == "" {
					continue
				}
				file = filepath.Join(c.idx.scanRoot, filepath.FromSlash(file))
			}
			for k, vs := range dotenvEntries(filepath.Dir(file), c.idx.scanRoot, names) {
				if c.idx.dotenv == nil {
					c.idx.dotenv = map[string][]string{}
				}
				c.idx.dotenv[k] = append(c.idx.dotenv[k], vs...)
			}
		}
	})
	return c.idx.dotenv[name]
}

// dotenvLoads returns the dotenv files a file loads (`.env` for a Load
// without arguments, or the autoload package), and whether it loads any.
func dotenvLoads(info *types.Info, f *ast.File) ([]string, bool) {
	var names []string
	loads := false
	for _, im := range f.Imports {
		switch p, _ := strconv.Unquote(im.Path.Value); p {
		case dotenvPkg + "/autoload":
			names, loads = append(names, ".env"), true
		case dotenvPkg:
			loads = true
		}
	}
	if !loads {
		return nil, false
	}
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		k := calleeOf(info, call)
		if k.pkg != dotenvPkg || k.recv != "" || k.name != "Load" && k.name != "Overload" {
			return true
		}
		found = true
		if len(call.Args) == 0 {
			names = append(names, ".env")
		}
		for _, a := range call.Args {
			if tv, ok := info.Types[a]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				names = append(names, constant.StringVal(tv.Value))
			}
		}
		return true
	})
	return names, found || len(names) > 0
}

// dotenvEntries reads the dotenv files names in dir and the folders
// above it, up to root (or maxDotenvUp folders): the values each gives
// each variable.
func dotenvEntries(dir, root string, names []string) map[string][]string {
	out := map[string][]string{}
	for i := 0; i <= maxDotenvUp; i++ {
		for _, n := range names {
			if t, ok := readFileText(dir, n); ok {
				for k, v := range parseDotenv(t) {
					out[k] = append(out[k], v)
				}
			}
		}
		parent := filepath.Dir(dir)
		if dir == root || parent == dir || root != "" && !strings.HasPrefix(parent, root) {
			break
		}
		dir = parent
	}
	return out
}

// parseDotenv reads `KEY=VALUE` lines (`export ` before, quotes around
// the value, `#` comments).
func parseDotenv(t string) map[string]string {
	out := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(t))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		line = strings.TrimPrefix(line, "export ")
		k, v, ok := strings.Cut(line, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" || strings.HasPrefix(k, "#") {
			continue
		}
		v = strings.TrimSpace(v)
		if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
			v = v[1 : len(v)-1]
		} else if i := strings.Index(v, " #"); i >= 0 {
			v = strings.TrimSpace(v[:i])
		}
		out[k] = v
	}
	return out
}

// dotenvNamesRuntime reports whether a dotenv file that src (at abs)
// loads names a runtime: a value no literal of the package shows (the
// relevance question, read without a syntax tree).
func dotenvNamesRuntime(cfg *scanner.Config, src []byte, abs string) bool {
	if abs == "" {
		return false
	}
	names := []string{".env"}
	for _, m := range []string{"Load(", "Overload("} {
		names = append(names, constPaths(src, []byte(m))...)
	}
	for _, vs := range dotenvEntries(filepath.Dir(abs), "", names) {
		for _, v := range vs {
			if namesRuntime(cfg, v) {
				return true
			}
		}
	}
	return false
}
