package golang

import (
	"bytes"
	"go/ast"
	"go/types"
	"strconv"
)

// mayCallProcessAPI is a byte prefilter for callsProcessAPI: a file that
// calls a process API imports one of their packages.
func mayCallProcessAPI(src []byte) bool {
	for _, imp := range apiImports {
		if bytes.Contains(src, imp) {
			return true
		}
	}
	return false
}

// callsProcessAPI reports whether body, in file, may call a process API of
// the table: a call of one of its names on an import of its package (under
// any import name, or unqualified after a dot import), or a method of one
// of its names when the file imports a package whose methods the table
// lists. It reads syntax only, before types, and over-approximates.
func callsProcessAPI(file *ast.File, body ast.Node) bool {
	pkgs := map[string][]string{} // import name -> import paths
	methods := false
	for _, imp := range file.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := guessPackageName(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		pkgs[name] = append(pkgs[name], p)
		methods = methods || apiMethods[p]
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		switch f := ast.Unparen(call.Fun).(type) {
		case *ast.SelectorExpr:
			if !apiNames[f.Sel.Name] {
				break
			}
			if x, ok := f.X.(*ast.Ident); ok {
				for _, p := range pkgs[x.Name] {
					found = found || isProcessAPI(apiKey{pkg: p, name: f.Sel.Name})
				}
			}
			found = found || methods
		case *ast.Ident:
			for _, p := range pkgs["."] {
				found = found || isProcessAPI(apiKey{pkg: p, name: f.Name})
			}
		}
		return !found
	})
	return found
}

func newInfo() *types.Info {
	return &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
}
