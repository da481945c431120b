package checklaunches

import (
	"bytes"
	"context"
	"encoding/json"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	toml "github.com/pelletier/go-toml/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	ts "github.com/tree-sitter/go-tree-sitter"
	tstypescript "github.com/tree-sitter/tree-sitter-typescript/bindings/go"
	"go.yaml.in/yaml/v3"
	"golang.org/x/tools/txtar"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/driver"
	"github.com/leasegate/leasegate/scanner/fix"
	"github.com/leasegate/leasegate/scanner/scannertest"
)

// matrixRoot is the parser matrix, from this package's folder.
const matrixRoot = "../../../testdata/parser-matrix"

// materialize writes one matrix case into dir: a plain case as its file,
// a txtar case as its files (its want section left out). It reports
// whether the case brings its own config.
func materialize(t *testing.T, dir string, c scannertest.Case) bool {
	t.Helper()
	require.NoError(t, os.MkdirAll(dir, 0o755))
	if !strings.HasSuffix(c.Name, ".txtar") {
		mode := os.FileMode(0o644)
		if c.Exec {
			mode = 0o755
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, c.Name), c.Src, mode))
		return false
	}
	config := false
	for _, f := range txtar.Parse(c.Src).Files {
		if f.Name == "want" {
			continue
		}
		config = config || f.Name == driver.ConfigFileName
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, f.Data, 0o644))
	}
	return config
}

// redKey is a RED finding as a re-scan can compare it: columns move with a
// rewrite, lines do not.
type redKey struct {
	file, runtime string
	line          int
	class         scanner.Class
}

// scanRed scans dir as check-launches does and returns its RED findings.
func scanRed(t *testing.T, dir string) map[redKey]int {
	t.Helper()
	file, err := configFile(dir, "")
	require.NoError(t, err)
	cfg, err := loadConfig(file)
	require.NoError(t, err)
	rep, err := driver.Scan(context.Background(), driver.Options{Root: dir, Config: cfg, Suite: Suite()})
	require.NoError(t, err)
	out := map[redKey]int{}
	for _, f := range rep.Findings {
		if f.Verdict == scanner.VerdictRed {
			out[redKey{f.File, f.Runtime, f.Line, f.Class}]++
		}
	}
	return out
}

// snapshot reads every file under dir.
func snapshot(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	require.NoError(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = b
		return err
	}))
	return out
}

var summaryRE = regexp.MustCompile(`(?:would rewrite|rewrote) (\d+) RED findings in (\d+) files; (\d+) RED findings left`)

// fixSummary returns the counts of fix's summary line.
func fixSummary(t *testing.T, stderr string) (fixed, files, left int) {
	t.Helper()
	m := summaryRE.FindStringSubmatch(stderr)
	require.NotNil(t, m, "no summary line in:\n%s", stderr)
	fixed, _ = strconv.Atoi(m[1])
	files, _ = strconv.Atoi(m[2])
	left, _ = strconv.Atoi(m[3])
	return fixed, files, left
}

// TestFixMatrix is fix's property over the whole parser matrix: for every
// case, fix --write leaves no RED finding the case did not have (by file,
// line, class and runtime), removes exactly as many as it says, keeps each
// rewritten file parseable by its own toolchain, and a second fix changes
// nothing.
func TestFixMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("the whole matrix, twice per case: skipped under -short")
	}
	byClass := map[scanner.Class]int{}
	total := 0
	// The cases of a language share one tree, each in its own folder, so
	// the tree is scanned once; a case with its own config gets its own
	// tree.
	for _, lang := range []string{"shell", "data", "tsjs", "python", "prose"} {
		cases, err := scannertest.LoadCases(filepath.Join(matrixRoot, lang))
		require.NoError(t, err)
		require.NotEmpty(t, cases)
		shared := t.TempDir()
		for _, c := range cases {
			own := t.TempDir()
			if materialize(t, own, c) {
				t.Run(lang+"/"+c.Name, func(t *testing.T) { total += checkFixTree(t, own, byClass) })
				continue
			}
			materialize(t, filepath.Join(shared, strings.ReplaceAll(c.Name, ".", "_")), c)
		}
		t.Run(lang, func(t *testing.T) { total += checkFixTree(t, shared, byClass) })
	}
	t.Run("go", func(t *testing.T) {
		dir := t.TempDir()
		require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join(matrixRoot, "go"))))
		total += checkFixTree(t, dir, byClass)
	})
	var classes []string
	for c, n := range byClass {
		classes = append(classes, string(c)+"="+strconv.Itoa(n))
	}
	sort.Strings(classes)
	t.Logf("fix rewrote %d RED findings of the matrix; by class: %s", total, strings.Join(classes, " "))
	// Every rewrite kind of docs/fix.md happens somewhere in the matrix.
	for _, c := range []scanner.Class{scanner.ClassDirectLiteral, scanner.ClassAbsolutePath, scanner.ClassPackageRunner, scanner.ClassProcessAPI, scanner.ClassEval, scanner.ClassDangerousPrimitive} {
		assert.Positive(t, byClass[c], "fix rewrote no %s finding in the matrix", c)
	}
}

// checkFixTree runs fix on dir and checks the property; it returns the
// RED findings fix removed and adds them to byClass.
func checkFixTree(t *testing.T, dir string, byClass map[scanner.Class]int) int {
	t.Helper()
	before := scanRed(t, dir)
	old := snapshot(t, dir)
	code, _, stderr := runCmd(t, nil, "fix", "--root", dir, "--write")
	require.NotEqual(t, ExitError, code, stderr)
	fixed, _, left := fixSummary(t, stderr)
	after := scanRed(t, dir)
	nBefore, nAfter := 0, 0
	for k, n := range after {
		assert.LessOrEqual(t, n, before[k], "a RED finding the case did not have: %+v\n%s", k, stderr)
		nAfter += n
	}
	for k, n := range before {
		nBefore += n
		if d := n - after[k]; d > 0 {
			byClass[k.class] += d
		}
	}
	assert.Equal(t, nBefore-nAfter, fixed, "fix's count against a re-scan of the tree\n%s", stderr)
	assert.Equal(t, nAfter, left, "fix lists every RED finding left\n%s", stderr)
	if left == 0 {
		assert.Equal(t, ExitOK, code)
	} else {
		assert.Equal(t, ExitRed, code)
	}
	now := snapshot(t, dir)
	var py []string
	for name, b := range now {
		if bytes.Equal(b, old[name]) {
			continue
		}
		if _, existed := old[name]; !existed {
			// The one file fix creates: the launch-runtime shim.
			assert.Equal(t, fix.ShimPath, name, "fix created a file")
			assert.Equal(t, fix.ShimScript, string(b))
			continue
		}
		// Lines hold, except the action input fix inserts under with:.
		assert.Equal(t, bytes.Count(old[name], []byte("\n")), bytes.Count(b, []byte("\n"))-insertedInput(old[name], b), "%s: a rewrite changed the line count", name)
		if strings.HasSuffix(name, ".py") {
			py = append(py, name) // checked in one batch below
			continue
		}
		checkSyntax(t, filepath.Join(dir, filepath.FromSlash(name)), old[name], b)
	}
	checkPython(t, py, old, now)
	// Idempotent: a second run changes nothing.
	code2, out2, stderr2 := runCmd(t, nil, "fix", "--root", dir)
	assert.Empty(t, out2, "a second fix still rewrites")
	fixed2, _, _ := fixSummary(t, stderr2)
	assert.Zero(t, fixed2)
	assert.Equal(t, code, code2)
	return fixed
}

// insertedInput counts the with: and path_to_claude_code_executable:
// lines new has more than old.
func insertedInput(old, new []byte) int {
	count := func(b []byte) int {
		n := 0
		for _, l := range strings.Split(string(b), "\n") {
			l = strings.TrimSpace(l)
			if l == "with:" || strings.HasPrefix(l, "path_to_claude_code_executable: ") {
				n++
			}
		}
		return n
	}
	return count(new) - count(old)
}

// checkSyntax fails when a rewritten file no longer parses with its own
// toolchain while the original did.
func checkSyntax(t *testing.T, path string, old, new []byte) {
	t.Helper()
	name := filepath.Base(path)
	parses := func(check func([]byte) error) {
		if check(old) != nil {
			return // the case is meant not to parse
		}
		assert.NoError(t, check(new), "%s no longer parses:\n%s", name, new)
	}
	ext := strings.ToLower(filepath.Ext(name))
	switch {
	case scannertest.IsShellCase(name, old):
		parses(func(b []byte) error { return toolCheck(t, name, b, "bash", "-n") })
	case ext == ".json":
		parses(func(b []byte) error {
			var v any
			return json.Unmarshal(b, &v)
		})
	case ext == ".yml" || ext == ".yaml":
		parses(func(b []byte) error {
			var v any
			return yaml.Unmarshal(b, &v)
		})
	case ext == ".toml":
		parses(func(b []byte) error {
			var v any
			return toml.Unmarshal(b, &v)
		})
	case ext == ".go":
		parses(func(b []byte) error {
			_, err := parser.ParseFile(token.NewFileSet(), name, b, parser.AllErrors)
			return err
		})
	case ext == ".py":
		checkPython(t, []string{name}, map[string][]byte{name: old}, map[string][]byte{name: new})
	case ext == ".js" || ext == ".mjs" || ext == ".cjs":
		parses(func(b []byte) error { return toolCheck(t, name, b, "node", "--check") })
	case ext == ".ts" || ext == ".mts" || ext == ".cts" || ext == ".tsx":
		parses(func(b []byte) error { return tsCheck(ext, b) })
	}
}

// toolCheck runs a syntax checker on b written to a file named name.
func toolCheck(t *testing.T, name string, b []byte, tool string, args ...string) error {
	t.Helper()
	bin, err := exec.LookPath(tool)
	if err != nil {
		t.Fatalf("%s is needed to check rewritten files: %v", tool, err)
	}
	f := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(f, b, 0o644))
	out, err := exec.Command(bin, append(args, f)...).CombinedOutput()
	if err != nil {
		return &syntaxError{string(out)}
	}
	return nil
}

type syntaxError struct{ out string }

func (e *syntaxError) Error() string { return e.out }

// compileAll is a Python program that compiles each file named on its
// command line and prints the ones that fail.
const compileAll = `import sys
for f in sys.argv[1:]:
    try:
        compile(open(f, "rb").read(), f, "exec")
    except (SyntaxError, ValueError):
        print(f)
`

// checkPython fails for each rewritten Python file that no longer compiles
// while the original did, with one python3 process for the old files and
// one for the new (a process a file is minutes on a loaded machine).
func checkPython(t *testing.T, names []string, old, new map[string][]byte) {
	t.Helper()
	if len(names) == 0 {
		return
	}
	bin, err := exec.LookPath("python3")
	require.NoError(t, err, "python3 is needed to check rewritten files")
	failing := func(files map[string][]byte) map[string]bool {
		dir := t.TempDir()
		var args []string
		for i, n := range names {
			p := filepath.Join(dir, strconv.Itoa(i)+".py")
			require.NoError(t, os.WriteFile(p, files[n], 0o644))
			args = append(args, p)
		}
		out, err := exec.Command(bin, append([]string{"-c", compileAll}, args...)...).Output()
		require.NoError(t, err)
		bad := map[string]bool{}
		for _, l := range strings.Fields(string(out)) {
			i, _ := strconv.Atoi(strings.TrimSuffix(filepath.Base(l), ".py"))
			bad[names[i]] = true
		}
		return bad
	}
	before, after := failing(old), failing(new)
	for _, n := range names {
		assert.False(t, after[n] && !before[n], "%s no longer compiles:\n%s", n, new[n])
	}
}

// tsCheck parses TypeScript with tree-sitter and fails on an error node.
func tsCheck(ext string, b []byte) error {
	p := ts.NewParser()
	defer p.Close()
	lang := ts.NewLanguage(tstypescript.LanguageTypescript())
	if ext == ".tsx" {
		lang = ts.NewLanguage(tstypescript.LanguageTSX())
	}
	if err := p.SetLanguage(lang); err != nil {
		return err
	}
	tree := p.Parse(b, nil)
	defer tree.Close()
	if tree.RootNode().HasError() {
		return &syntaxError{"tree-sitter: the TypeScript has an error node"}
	}
	return nil
}
