package python

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	sitter "github.com/tree-sitter/go-tree-sitter"
	ts "github.com/tree-sitter/tree-sitter-python/bindings/go"
)

// TestProseless: comments and docstrings are blanked, and nothing a
// program can run or read as a value is.
func TestProseless(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"import os # runs system\n", "import os " + strings.Repeat(" ", 13) + "\n"},
		{"def f():\n    \"\"\"Ask the operating system.\"\"\"\n    return 1\n",
			"def f():\n" + strings.Repeat(" ", 35) + "\n    return 1\n"},
		{"'''a\nsystem\n'''\nx = 1\n", "    \n      \n   \nx = 1\n"},
		{"r'system'  # why\n", "                \n"},
		// values, not statements: kept
		{"x = '''system'''\n", "x = '''system'''\n"},
		{"getattr(os,\n'system')\n", "getattr(os,\n'system')\n"},
		{"'system'.join(a)\n", "'system'.join(a)\n"},
		{"'sys' 'tem'\n", "'sys' 'tem'\n"},
		{"x = 1; 'system'\n", "x = 1; 'system'\n"},
		{"x = \\\n'system'\n", "x = \\\n'system'\n"},
		{"def f(): 'system'\n", "def f(): 'system'\n"},
		// an f-string runs its fields
		{"f'{os.system(c)}'\n", "f'{os.system(c)}'\n"},
		{"F\"\"\"{os.system(c)}\"\"\"\n", "F\"\"\"{os.system(c)}\"\"\"\n"},
		// a quote or a hash inside a string is the string's
		{"x = 'a # b'\n'doc'\n", "x = 'a # b'\n     \n"},
		{"x = \"it's\"  # c\n", "x = \"it's\"     \n"},
		{"x = 'a\\'b' # c\n", "x = 'a\\'b'    \n"},
		// a field nesting its own quote (3.12) ends the blanking
		{"f'{d['k']}'\n# system\n", "f'{d['k']}'\n# system\n"},
		{"f'{d[\"k\"]}'\n# system\n", "f'{d[\"k\"]}'\n        \n"},
		// left open: nothing after it is blanked
		{"'open\n# system\n", "'open\n# system\n"},
		{"# c\n'''open\n", "   \n'''open\n"},
		// inside brackets a literal is a value
		{"call(\n'''system'''\n)\n", "call(\n'''system'''\n)\n"},
	} {
		assert.Equal(t, c.want, string(proseless([]byte(c.src))), "%q", c.src)
	}
}

// TestMayNameAPIReadsCode: a name of an API only in a comment or a
// docstring does not pass the prefilter; in code or in a value it does.
func TestMayNameAPIReadsCode(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"\"\"\"Portable across the operating system.\"\"\"\nx = 1\n", false},
		{"# spawn a worker\nx = 1\n", false},
		{"def f():\n    '''Executes the plan.'''\n", false},
		{"cursor.execute(q); ex.executor(); sys.executable\n", false},
		{"\"\"\"system\"\"\"\nimport os\nos.system(c)\n", true},
		{"x = '''system'''\n", true},
		{"exec(code)\n", true},
		{"os.execvp(a, b)\n", true},
		{"os.execl(a, b)\n", true},
		{"getattr(os, 'exec' + mode)\n", true},
		{"c.exec_command(cmd)\n", true},
		{"f'''{getattr(os, \"system\")(c)}'''\n", true},
	} {
		assert.Equal(t, c.want, mayNameAPI([]byte(c.src)), "%q", c.src)
	}
}

// TestProselessAgreesWithTheParser: over every Python file of the parser
// matrix and this package's test data (and of Python's standard library
// in the real tree, when LEASEGATE_REAL_TREE names it), each byte
// proseless blanks lies in a comment or in a plain string that is a whole
// expression statement, as tree-sitter's Python grammar parses the file.
func TestProselessAgreesWithTheParser(t *testing.T) {
	n := 0
	roots := []string{"../../testdata/parser-matrix/python", "testdata"}
	if real := os.Getenv("LEASEGATE_REAL_TREE"); real != "" {
		roots = append(roots, filepath.Join(real, "python"))
	}
	for _, root := range roots {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if strings.HasSuffix(p, ".txtar") || !strings.HasSuffix(p, ".py") {
				return nil
			}
			n++
			checkProseless(t, p, src)
			return nil
		})
		if !os.IsNotExist(err) {
			require.NoError(t, err)
		}
	}
	assert.Greater(t, n, 50, "the files read")
}

// checkProseless fails t when proseless blanks a byte of src that the
// parser does not place in a comment or a docstring. A file the parser
// finds an error in is not judged (the oracle does not hold there).
func checkProseless(t *testing.T, name string, src []byte) {
	t.Helper()
	out := proseless(src)
	require.Len(t, out, len(src))
	p := sitter.NewParser()
	defer p.Close()
	require.NoError(t, p.SetLanguage(sitter.NewLanguage(ts.Language())))
	tree := p.Parse(src, nil)
	defer tree.Close()
	root := tree.RootNode()
	if root.HasError() {
		return
	}
	allowed := make([]bool, len(src))
	allow := func(n *sitter.Node) {
		for i := n.StartByte(); i < n.EndByte(); i++ {
			allowed[i] = true
		}
	}
	// an explicit stack: no recursion over the file's depth
	stack := []*sitter.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch n.Kind() {
		case "comment":
			allow(n)
			continue
		case "expression_statement":
			if n.NamedChildCount() == 1 {
				if s := n.NamedChild(0); s.Kind() == "string" && !strings.ContainsAny(s.Child(0).Utf8Text(src), "fF") {
					allow(s)
					continue
				}
			}
		}
		for i := uint(0); i < n.ChildCount(); i++ {
			stack = append(stack, n.Child(i))
		}
	}
	for i := range src {
		if out[i] != src[i] {
			if src[i] == '\n' || !allowed[i] {
				t.Fatalf("%s: byte %d (%q) blanked outside a comment or a docstring", name, i, src[max(0, i-20):min(len(src), i+20)])
			}
		}
	}
}

// FuzzProseless: on any input the parser accepts, proseless blanks only
// comments and docstrings (checkProseless).
func FuzzProseless(f *testing.F) {
	f.Add([]byte("def f():\n    \"\"\"doc\"\"\"\n    # c\n    return f'{x}'  # d\n"))
	f.Add([]byte("x = (\n'''a'''\n)\n'b' 'c'\nr'\\''\n"))
	f.Add([]byte("f'{a[\"k\"]:{w}}' # c\n'''\n'''\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		checkProseless(t, "input", src)
	})
}
