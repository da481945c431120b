package treesitter

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	ts "github.com/tree-sitter/go-tree-sitter"
	tsjavascript "github.com/tree-sitter/tree-sitter-javascript/bindings/go"
	tstypescript "github.com/tree-sitter/tree-sitter-typescript/bindings/go"
	"golang.org/x/tools/txtar"
)

// splitGrammar is a grammar as the TS/JS detector sets it up for pieces
// (Special.Split), with a few kinds of its own.
func splitGrammar(lang *ts.Language) *Grammar {
	return NewGrammar(lang,
		map[string]Kind{"ERROR": 1, "program": 2, "statement_block": 3, "comment": 4, "call_expression": 7, "identifier": 8, "string": 9, "template_string": 10},
		map[string]Field{"function": 1, "operator": 2, "arguments": 3, "body": 4},
		Special{Error: 1, Comment: 4, Skip: 5, Operator: 6, OperatorField: 2, Split: []Kind{2, 3}})
}

var (
	splitJS  = splitGrammar(ts.NewLanguage(tsjavascript.Language()))
	splitTS  = splitGrammar(ts.NewLanguage(tstypescript.LanguageTypescript()))
	splitTSX = splitGrammar(ts.NewLanguage(tstypescript.LanguageTSX()))
)

// splitAgrees parses src in pieces of size and whole, and fails when the
// pieces were used and their tree is not the whole parse's, node for node.
// It reports whether the pieces were used.
func splitAgrees(t testing.TB, g *Grammar, src []byte, size int) bool {
	t.Helper()
	split := &Tree{Src: src}
	if !g.parseSplit(src, split, size) {
		return false
	}
	whole := &Tree{Src: src}
	ok, clean, _ := g.parseOne(src, whole, parseBudget(len(src)), -1)
	require.True(t, ok, "the whole parse gave up where the pieces did not")
	require.True(t, clean, "pieces without an error, the whole with one")
	require.Equal(t, whole.HasError, split.HasError)
	require.Equal(t, len(whole.Nodes), len(split.Nodes), "node count")
	for i := range whole.Nodes {
		if whole.Nodes[i] != split.Nodes[i] {
			require.Failf(t, "the pieces' tree differs", "node %d: whole %+v, pieces %+v (size %d)", i, whole.Nodes[i], split.Nodes[i], size)
		}
	}
	return true
}

// bundle is a bundler's output: one arrow function's body of statements
// at the first column, as esbuild writes TypeScript's typescript.js.
func bundle(stmts ...string) []byte {
	return []byte("/* licence */\nvar ts = {}; ((module) => {\n\"use strict\";\n" + strings.Join(stmts, "\n") +
		"\n0 && (module.exports = {\n  a,\n  b\n});\n})({ get exports() { return ts; } });\n//# sourceMappingURL=x.js.map\n")
}

// bundleStatements are cut cleanly at every line that allows it.
var bundleStatements = []string{
	"var a = 1;",
	"function b(x) {\n  return x + 1;\n}",
	"var c = (x) => {\n  return [x];\n};",
	"class D {\n  m() { return `t${a}`; }\n}",
	"const e = { f: 1, g: [1, 2] };",
	"function* h() {\n  yield 1;\n}",
	"let i = /;\\n/g;",
	"async function j() {\n  await k();\n}",
	"var t = { u: 1 }\n;[1, 2].forEach(b);",
	"var s = 'x;';",
	"var o = function() {\n}\nfunction p() {}",
}

// trickyStatements hold lines that a cut may not follow: in a template,
// a comment, a statement that goes on.
var trickyStatements = []string{
	"function nested() {\nvar inner = 1;\nvar inner2 = 2;\nreturn inner + inner2;\n}",
	"var l = `multi\nline;\nvar inside = 1;\n`;",
	"/* a comment;\nvar commented = 1;\n*/\nvar m = 2;",
	"// a line comment;\nvar n = 3;",
	"if (a) b(1);\nelse c(2);",
	"if (a) b(1);\nelse\nvar z = 1;",
	"do b(1);\nwhile (a);",
	"do {\n  a++;\n} while (a < 3);",
	"try {\n  b(1);\n} catch (err) {\n  c(err);\n}",
	"var q = a\nvar r = 2;",
	"label: for (;;) {\n  break label;\n}",
	"switch (a) {\ncase 1:\nb(1);\nbreak;\ndefault:\nc(2);\n}",
	"x = a\n(b);\nvar y = 1;",
}

func TestSplitMatches(t *testing.T) {
	src := bundle(bundleStatements...)
	for _, size := range []int{1, 7, 40, 200, 1 << 20} {
		used := splitAgrees(t, splitJS, src, size)
		if size < len(src)/2 {
			require.True(t, used, "a bundle of statements is parsed in pieces (size %d)", size)
		}
	}
	// each statement alone in the bundle, and beside every other: the
	// tricky ones (a template or comment holding `;` lines, a `}` an
	// expression's) give the whole parse's tree or no pieces
	all := append(append([]string(nil), bundleStatements...), trickyStatements...)
	for _, s := range all {
		for _, u := range all {
			src := bundle("var pre = 0;", s, "var mid = 0;", u, "var post = 0;")
			for _, size := range []int{1, 30} {
				splitAgrees(t, splitJS, src, size)
				splitAgrees(t, splitTS, src, size)
			}
		}
	}
}

func TestSplitRefuses(t *testing.T) {
	cases := map[string]string{
		// the cut after `a;` lies in a template: the pieces would lie
		"template": "var pre = 0;\nvar t = `a;\nvar inside = 1;\nb;\n`;\nvar post = 0;\n",
		// a comment
		"comment": "var pre = 0;\n/* a;\nvar inside = 1;\nb;\n*/\nvar post = 0;\n",
		// `}` of a function expression, then a call of it
		"call": "var pre = 0;\nvar f = function() {\n}\n(0);\nvar post = 0;\n",
		// an error anywhere
		"error": "var pre = 0;\nvar a = ;\nvar b = 1;\nvar post = 0;\n",
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			splitAgrees(t, splitJS, []byte(src), 1)
		})
	}
	// no cut at all: a minified file
	require.False(t, splitJS.parseSplit([]byte("var a=1;var b=2;function c(){return a+b}"), &Tree{}, 1))
}

func TestCutPoints(t *testing.T) {
	src := []byte("var a = 1;\nvar b = 2;\n  var c = 3;\n}\nfunction d() {\n}\nx(1);\n}\nif (a) {}\nvar e = 4;\n// c;\nvar f = 5;\n")
	at := func(s string) int { return strings.Index(string(src), s) }
	require.Equal(t, []int{at("var b"), at("function d"), at("var e"), at("var f")}, cutPoints(src, 1),
		"after a `;` line any statement's start at the first column; after `}` a declaration only")
	require.Equal(t, []int{at("var b"), at("var e"), at("var f")}, cutPoints(src, 40), "cuts some size apart, and the last")
	require.Nil(t, cutPoints([]byte("var a = 1;\n"), 1), "fewer than two cuts")
	src = []byte("if (a) b();\nelse\nc();\ndo d();\nwhile (a);\nelsewhere();\nwhilst();\n")
	require.Equal(t, []int{at("do d()"), at("elsewhere"), at("whilst")}, cutPoints(src, 1), "never before `else` or `while`")
}

// TestSplitMatrix parses the matrix's TS/JS files in pieces of every
// cut and compares them with the whole parse: each file alone, and all
// of a case's files as one (its statements at the first column).
func TestSplitMatrix(t *testing.T) {
	root := filepath.Join("..", "..", "testdata", "parser-matrix", "tsjs")
	n, used := 0, 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".txtar" {
			return err
		}
		ar, err := txtar.ParseFile(p)
		if err != nil {
			return err
		}
		var all []byte
		for _, f := range ar.Files {
			g := splitJS
			switch filepath.Ext(f.Name) {
			case ".js", ".mjs", ".cjs", ".jsx":
			case ".ts":
				g = splitTS
			default:
				continue
			}
			n++
			if splitAgrees(t, g, f.Data, 1) {
				used++
			}
			if g == splitJS {
				all = append(all, f.Data...)
			}
		}
		if splitAgrees(t, splitJS, all, 1) {
			used++
		}
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, n, 100, "the matrix should give many inputs")
	t.Logf("%d of %d files parsed in pieces", used, n)
}

// TestSplitRealBundles compares the pieces with the whole parse on the
// TS/JS files of the real-code tree (make test-real sets
// LEASEGATE_REAL_TREE): the big ones (TypeScript's bundles) as the scan
// cuts them, and every other up to 256 KiB cut at every line that allows
// it (some 13,500 files; 8,000 of them are cut).
func TestSplitRealBundles(t *testing.T) {
	tree := os.Getenv("LEASEGATE_REAL_TREE")
	if tree == "" {
		t.Skip("LEASEGATE_REAL_TREE is not set (make test-real)")
	}
	big, small := 0, 0
	err := filepath.WalkDir(tree, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		g := splitJS
		switch filepath.Ext(p) {
		case ".js", ".mjs", ".cjs":
		case ".ts", ".mts", ".cts":
			g = splitTS
		case ".tsx", ".jsx":
			g = splitTSX
		default:
			return nil
		}
		info, err := d.Info()
		if err != nil || info.Size() > 256<<10 && info.Size() <= bigFile {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if len(src) > bigFile {
			if splitAgrees(t, g, src, pieceSize) {
				big++
				t.Logf("%s: in pieces", p)
			}
			return nil
		}
		if splitAgrees(t, g, src, 1) {
			small++
		}
		if t.Failed() {
			return fmt.Errorf("%s: the pieces' tree differs", p)
		}
		return nil
	})
	require.NoError(t, err)
	require.GreaterOrEqual(t, big, 2, "typescript.js and tsc.js are parsed in pieces")
	require.Greater(t, small, 1000, "many real files are cut")
	t.Logf("%d big files and %d others in pieces", big, small)
}

func FuzzSplitParse(f *testing.F) {
	f.Add([]byte(bundle(bundleStatements...)), uint8(1))
	for _, s := range trickyStatements {
		f.Add([]byte("var pre = 0;\n"+s+"\nvar post = 0;\n"), uint8(1))
	}
	f.Add([]byte("var pre = 0;\nlet a = <T,>(x: T) => x;\nfunction f<T>(x: T): T {\n  return x;\n}\nconst el = <div>{a};</div>;\nvar post = 0;\n"), uint8(2))
	f.Add([]byte("var pre = 0;\ninterface I {\n  a: string;\n}\ntype T = { b: number; };\nvar post = 0;\n"), uint8(4))
	f.Fuzz(func(t *testing.T, src []byte, size uint8) {
		if len(src) > 1<<16 {
			return
		}
		// the grammar by the size's low bits: JS, TS, TSX
		g := []*Grammar{splitJS, splitTS, splitTSX, splitJS}[size&3]
		splitAgrees(t, g, src, int(size>>2)+1)
	})
}
