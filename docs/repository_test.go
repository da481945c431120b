package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRepositoryPhaseBounds keeps docs/repository.md true: its bounds
// table lists exactly the Max* constants of scanner/repo.go and the
// shared evaluator's bounds on the places it compares (call sites,
// returns) with their values, and every matrix case it names exists.
func TestRepositoryPhaseBounds(t *testing.T) {
	want := constInts(t, filepath.Join("scanner", "repo.go"), "Max")
	ev := constInts(t, filepath.Join("scanner", "treesitter", "eval.go"), "Max")
	for _, name := range []string{"MaxCallSites", "MaxReturns", "MaxPastSteps"} {
		require.Contains(t, ev, name)
		want[name] = ev[name]
	}
	got := map[string]int{}
	for _, row := range table(t, "repository.md", "## Bounds") {
		require.GreaterOrEqual(t, len(row), 2, "row %v", row)
		v, err := strconv.Atoi(row[1])
		require.NoError(t, err, "row %v", row)
		got[unquote(row[0])] = v
	}
	assert.Equal(t, want, got, "the bounds table of docs/repository.md and scanner/repo.go's constants differ")
}

// TestRepositoryPhaseCases checks that each mechanism docs/repository.md
// says is followed has its multi-file matrix case.
func TestRepositoryPhaseCases(t *testing.T) {
	rows := table(t, "repository.md", "## What is followed")
	require.NotEmpty(t, rows)
	for _, row := range rows {
		require.Len(t, row, 3, "row %v", row)
		c := unquote(row[2])
		require.True(t, strings.HasSuffix(c, ".txtar"), "%s: a multi-file case is a .txtar", c)
		_, err := os.Stat(filepath.Join(moduleRoot(t), "testdata", "parser-matrix", c))
		assert.NoError(t, err, "docs/repository.md names a case that does not exist")
	}
}

// TestRepositoryScannerNames keeps docs/repository.md's names of the
// scanner/driver contract true: every `scanner.Name` or
// `scanner.Type.Member` it writes is an exported declaration of package
// scanner, or a field or method of that type (a mechanism renamed or
// removed in the code is renamed or removed in the page).
func TestRepositoryScannerNames(t *testing.T) {
	dir := filepath.Join(moduleRoot(t), "scanner")
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	fset := token.NewFileSet()
	names := map[string]bool{}
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, 0)
		require.NoError(t, err)
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					names[d.Name.Name] = true
					continue
				}
				typ := d.Recv.List[0].Type
				if st, ok := typ.(*ast.StarExpr); ok {
					typ = st.X
				}
				if id, ok := typ.(*ast.Ident); ok {
					names[id.Name+"."+d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							names[n.Name] = true
						}
					case *ast.TypeSpec:
						names[sp.Name.Name] = true
						var fields *ast.FieldList
						switch ty := sp.Type.(type) {
						case *ast.StructType:
							fields = ty.Fields
						case *ast.InterfaceType:
							fields = ty.Methods
						}
						if fields == nil {
							continue
						}
						for _, fl := range fields.List {
							for _, n := range fl.Names {
								names[sp.Name.Name+"."+n.Name] = true
							}
						}
					}
				}
			}
		}
	}
	page, err := os.ReadFile("repository.md")
	require.NoError(t, err)
	refs := regexp.MustCompile("`scanner\\.([A-Z][A-Za-z0-9]*(?:\\.[A-Z][A-Za-z0-9]*)?)").FindAllStringSubmatch(string(page), -1)
	require.NotEmpty(t, refs)
	for _, m := range refs {
		assert.True(t, names[m[1]], "docs/repository.md names scanner.%s, which package scanner does not declare", m[1])
	}
}
