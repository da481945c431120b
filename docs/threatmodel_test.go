package docs

import (
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// The threat model's citation syntax (written down at the top of
// threat-model.md):
//
//   - A test is cited as `DIR.Name` in backticks: DIR is the package's
//     folder relative to the module root (`lease/broker`, `e2e`,
//     `cmd/check-launches/checklaunches`), Name a Test, Fuzz or Benchmark
//     function declared at top level in one of that folder's _test.go
//     files that build on this platform, with the signature go test
//     needs (*testing.T, *testing.F, *testing.B).
//   - The section "## Controls" holds a table whose rows start with a
//     control ID (C1, C2, ...). The last cell of a row cites the tests that
//     prove the control, or says "no test".
//   - The section "## Residuals" holds a table whose rows start with a
//     residual ID (T-A, T-B, T-C1, ...). The third cell names the control
//     IDs that back the residual up, the last cell the tests that prove
//     them, or "no test".
//   - A control that says "no test" must be named by a residual row: an
//     unproved control is itself a residual.

const threatModel = "threat-model.md"

// citeRE matches a backticked citation. Anything in backticks that looks
// like a test name is held to the full form, so a bare `TestX` or a
// pattern like `TestX*` is an error rather than silently ignored.
var (
	backtickRE   = regexp.MustCompile("`([^`\n]+)`")
	citeRE       = regexp.MustCompile(`^([a-z0-9_-]+(?:/[a-z0-9_.-]+)*)\.((?:Test|Fuzz|Benchmark)[A-Za-z0-9_]*)$`)
	testishRE    = regexp.MustCompile(`(?:^|[./])(?:Test|Fuzz|Benchmark)[A-Z0-9_*]`)
	controlIDRE  = regexp.MustCompile(`^C[0-9]+$`)
	residualIDRE = regexp.MustCompile(`^T-[A-Z][0-9]*$`)
	idRefRE      = regexp.MustCompile(`(?:^|[^\w-])(C[0-9]+)\b`)
	noTestRE     = regexp.MustCompile(`(?i)\bno test\b`)
)

// citation is one `DIR.Name` reference and the line it is on.
type citation struct {
	Dir, Name string
	Line      int
}

func (c citation) String() string { return c.Dir + "." + c.Name }

// row is one table row of a section, its cells trimmed.
type row struct {
	Cells []string
	Line  int
}

// model is what the checker reads from the document.
type model struct {
	Controls  []row
	Residuals []row
	Cites     []citation
	Problems  []string
}

// parseModel reads the document's sections, tables and citations. It
// reports malformed citations as problems; whether they exist is checked
// later against the source tree.
func parseModel(doc string) model {
	var m model
	section := ""
	inFence := false
	for i, line := range strings.Split(doc, "\n") {
		n := i + 1
		trim := strings.TrimSpace(line)
		if strings.HasPrefix(trim, "```") {
			inFence = !inFence
			continue
		}
		if !inFence && strings.HasPrefix(line, "## ") {
			section = strings.TrimSpace(strings.TrimPrefix(line, "## "))
		}
		for _, bt := range backtickRE.FindAllStringSubmatch(line, -1) {
			text := bt[1]
			if sm := citeRE.FindStringSubmatch(text); sm != nil {
				m.Cites = append(m.Cites, citation{Dir: sm[1], Name: sm[2], Line: n})
			} else if testishRE.MatchString(text) {
				m.Problems = append(m.Problems, fmt.Sprintf("%d: `%s` looks like a test but is not `DIR.TestName` (name one function in one package folder)", n, text))
			}
		}
		if inFence || !strings.HasPrefix(trim, "|") {
			continue
		}
		cells := splitRow(trim)
		if len(cells) == 0 {
			continue
		}
		switch {
		case section == "Controls" && controlIDRE.MatchString(cells[0]):
			m.Controls = append(m.Controls, row{cells, n})
		case section == "Residuals" && residualIDRE.MatchString(cells[0]):
			m.Residuals = append(m.Residuals, row{cells, n})
		}
	}
	return m
}

// splitRow splits a Markdown table row on unescaped pipes.
func splitRow(line string) []string {
	line = strings.TrimPrefix(line, "|")
	line = strings.TrimSuffix(line, "|")
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(line); i++ {
		switch {
		case line[i] == '\\' && i+1 < len(line) && line[i+1] == '|':
			cur.WriteByte('|')
			i++
		case line[i] == '|':
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(line[i])
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

// citesIn returns the well-formed citations in one cell.
func citesIn(cell string) []string {
	var out []string
	for _, bt := range backtickRE.FindAllStringSubmatch(cell, -1) {
		if citeRE.MatchString(bt[1]) {
			out = append(out, bt[1])
		}
	}
	return out
}

// checkStructure applies the rules that need no source tree: every control
// and residual is proved or says "no test", IDs are unique, residuals name
// existing controls, and an unproved control is listed as a residual.
func checkStructure(m model) []string {
	problems := append([]string(nil), m.Problems...)
	if len(m.Controls) == 0 {
		problems = append(problems, ` no control rows (a "## Controls" table with rows "| C1 | ...")`)
	}
	if len(m.Residuals) == 0 {
		problems = append(problems, ` no residual rows (a "## Residuals" table with rows "| T-A | ...")`)
	}
	controls := map[string]bool{}
	var unproved []row
	for _, r := range m.Controls {
		id := r.Cells[0]
		if controls[id] {
			problems = append(problems, fmt.Sprintf("%d: control %s listed twice", r.Line, id))
		}
		controls[id] = true
		if len(r.Cells) < 3 {
			problems = append(problems, fmt.Sprintf("%d: control %s has no proof column", r.Line, id))
			continue
		}
		proof := r.Cells[len(r.Cells)-1]
		switch {
		case len(citesIn(proof)) > 0:
		case noTestRE.MatchString(proof):
			unproved = append(unproved, r)
		default:
			problems = append(problems, fmt.Sprintf("%d: control %s names no test (cite `DIR.TestName`, or say \"no test\" and list it as a residual)", r.Line, id))
		}
	}
	residuals := map[string]bool{}
	named := map[string]bool{}
	for _, r := range m.Residuals {
		id := r.Cells[0]
		if residuals[id] {
			problems = append(problems, fmt.Sprintf("%d: residual %s listed twice", r.Line, id))
		}
		residuals[id] = true
		if len(r.Cells) < 4 {
			problems = append(problems, fmt.Sprintf("%d: residual %s needs the columns ID | residual | backed up by | proved by", r.Line, id))
			continue
		}
		for _, cell := range r.Cells[1:] {
			for _, c := range controlRefs(cell) {
				named[c] = true
			}
		}
		backers := controlRefs(r.Cells[2])
		if len(backers) == 0 {
			problems = append(problems, fmt.Sprintf("%d: residual %s names no control that backs it up", r.Line, id))
		}
		for _, c := range backers {
			if !controls[c] {
				problems = append(problems, fmt.Sprintf("%d: residual %s names control %s, which the controls table does not have", r.Line, id, c))
			}
		}
		proof := r.Cells[len(r.Cells)-1]
		if len(citesIn(proof)) == 0 && !noTestRE.MatchString(proof) {
			problems = append(problems, fmt.Sprintf("%d: residual %s names no test for its backstop (cite `DIR.TestName`, or say \"no test\")", r.Line, id))
		}
	}
	for _, r := range unproved {
		if !named[r.Cells[0]] {
			problems = append(problems, fmt.Sprintf("%d: control %s says \"no test\" but no residual row names it", r.Line, r.Cells[0]))
		}
	}
	return problems
}

// controlRefs returns the control IDs a cell names (C3, not T-C3).
func controlRefs(cell string) []string {
	var out []string
	for _, sm := range idRefRE.FindAllStringSubmatch(cell, -1) {
		out = append(out, sm[1])
	}
	return out
}

// errNoPackage means a citation names a folder with no test files.
var errNoPackage = errors.New("no _test.go files that build here")

// testFuncs returns the Test/Fuzz/Benchmark functions go test would run
// in dir: top-level, no receiver, the right *testing parameter, in a
// _test.go file whose build constraints hold on this platform.
func testFuncs(dir string) (map[string]bool, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	funcs := map[string]bool{}
	built := 0
	for _, path := range files {
		if ok, err := build.Default.MatchFile(dir, filepath.Base(path)); err != nil || !ok {
			continue
		}
		built++
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Type.TypeParams != nil {
				continue
			}
			if want := testingParam(fd.Name.Name); want != "" && hasTestingParam(fd.Type, want) {
				funcs[fd.Name.Name] = true
			}
		}
	}
	if built == 0 {
		return nil, errNoPackage
	}
	return funcs, nil
}

// testingParam is the testing type a function of this name must take.
func testingParam(name string) string {
	for prefix, typ := range map[string]string{"Test": "T", "Fuzz": "F", "Benchmark": "B"} {
		if rest, ok := strings.CutPrefix(name, prefix); ok && name != "TestMain" {
			if rest == "" || !isLower(rest[0]) {
				return typ
			}
		}
	}
	return ""
}

func isLower(b byte) bool { return b >= 'a' && b <= 'z' }

// hasTestingParam reports whether ft is func(x *testing.<typ>) with no
// results.
func hasTestingParam(ft *ast.FuncType, typ string) bool {
	if ft.Results != nil && len(ft.Results.List) > 0 {
		return false
	}
	if ft.Params == nil || len(ft.Params.List) != 1 || len(ft.Params.List[0].Names) > 1 {
		return false
	}
	star, ok := ft.Params.List[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "testing" && sel.Sel.Name == typ
}

// checkCitations looks every citation up under the module root.
func checkCitations(root string, cites []citation) []string {
	var problems []string
	cache := map[string]map[string]bool{}
	errs := map[string]error{}
	for _, c := range cites {
		funcs, seen := cache[c.Dir]
		if !seen {
			funcs, errs[c.Dir] = testFuncs(filepath.Join(root, filepath.FromSlash(c.Dir)))
			cache[c.Dir] = funcs
		}
		if err := errs[c.Dir]; err != nil {
			problems = append(problems, fmt.Sprintf("%d: `%s`: package folder %s: %v", c.Line, c, c.Dir, err))
			continue
		}
		if !funcs[c.Name] {
			problems = append(problems, fmt.Sprintf("%d: `%s`: no such test function in %s/*_test.go", c.Line, c, c.Dir))
		}
	}
	return problems
}

// moduleRoot is the folder above this package that holds go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root: %v", err)
	}
	return root
}

// TestThreatModelCitesRealTests keeps docs/threat-model.md true: every
// cited test exists where the document says, every control names a test
// or is listed as a residual, and every residual names the control that
// backs it up.
func TestThreatModelCitesRealTests(t *testing.T) {
	doc, err := os.ReadFile(threatModel)
	if err != nil {
		t.Fatal(err)
	}
	m := parseModel(string(doc))
	problems := checkStructure(m)
	problems = append(problems, checkCitations(moduleRoot(t), m.Cites)...)
	for _, p := range problems {
		t.Errorf("%s:%s", threatModel, p)
	}
	// The document must cite something in each of the runtime and static
	// halves' packages; a parser that matched nothing would pass above.
	dirs := map[string]bool{}
	for _, c := range m.Cites {
		dirs[c.Dir] = true
	}
	for _, want := range []string{"lease", "lease/broker", "gate", "cmd/mutator-gate/mutatorgate", "cmd/lease-broker/leasebroker", "cmd/launch-runtime/launchruntime", "e2e", "cmd/check-launches/checklaunches"} {
		if !dirs[want] {
			t.Errorf("%s cites no test in %s", threatModel, want)
		}
	}
	t.Logf("%s: %d controls, %d residuals, %d citations", threatModel, len(m.Controls), len(m.Residuals), len(m.Cites))
	if len(m.Controls) < 10 || len(m.Cites) < 20 {
		t.Errorf("%s: read %d controls and %d citations; the parser lost the tables", threatModel, len(m.Controls), len(m.Cites))
	}
}

// TestCheckerCatchesMistakes runs the checker on small documents that each
// break one rule, so the check above cannot pass by accident.
func TestCheckerCatchesMistakes(t *testing.T) {
	root := moduleRoot(t)
	good := "## Controls\n\n| ID | control | proved by |\n| --- | --- | --- |\n" +
		"| C1 | gate fails closed | `cmd/mutator-gate/mutatorgate.TestGateFailsClosed` |\n" +
		"| C2 | something unproved | no test |\n\n" +
		"## Residuals\n\n| ID | residual | backed up by | proved by |\n| --- | --- | --- | --- |\n" +
		"| T-A | a gap | C1, C2 | `cmd/mutator-gate/mutatorgate.TestGateFailsClosed` |\n"
	check := func(doc string) []string {
		m := parseModel(doc)
		return append(checkStructure(m), checkCitations(root, m.Cites)...)
	}
	if p := check(good); len(p) != 0 {
		t.Fatalf("good document: %q", p)
	}
	bad := map[string]struct{ doc, want string }{
		"missing test":         {strings.Replace(good, "TestGateFailsClosed` |\n| C2", "TestGateFailsOpen` |\n| C2", 1), "no such test function"},
		"missing package":      {strings.Replace(good, "`cmd/mutator-gate/mutatorgate.TestGateFailsClosed` |\n| C2", "`gate/nohook.TestGateFailsClosed` |\n| C2", 1), "package folder gate/nohook"},
		"helper, not a test":   {strings.Replace(good, "`cmd/mutator-gate/mutatorgate.TestGateFailsClosed` |\n| C2", "`cmd/mutator-gate/mutatorgate.TestMain` |\n| C2", 1), "no such test function"},
		"bare name":            {strings.Replace(good, "`cmd/mutator-gate/mutatorgate.TestGateFailsClosed` |\n| C2", "`TestGateFailsClosed` |\n| C2", 1), "looks like a test"},
		"wildcard":             {strings.Replace(good, "a gap", "a gap `lease.TestPromoteRace*`", 1), "looks like a test"},
		"control unproved":     {strings.Replace(good, "`cmd/mutator-gate/mutatorgate.TestGateFailsClosed` |\n| C2", "the hook's own table |\n| C2", 1), "control C1 names no test"},
		"no test not residual": {strings.Replace(good, "C1, C2", "C1", 1), `control C2 says "no test" but no residual`},
		"unknown backstop":     {strings.Replace(good, "C1, C2", "C1, C2, C9", 1), "control C9, which the controls table does not have"},
		"residual no backstop": {strings.Replace(good, "| C1, C2 |", "| nothing |", 1), "names no control"},
		"residual no proof":    {strings.Replace(good, "| C1, C2 | `cmd/mutator-gate/mutatorgate.TestGateFailsClosed` |", "| C1, C2 | trust us |", 1), "residual T-A names no test"},
		"duplicate control":    {strings.Replace(good, "| C2 |", "| C1 |", 1), "control C1 listed twice"},
		"no tables":            {"# nothing here\n", "no control rows"},
	}
	names := make([]string, 0, len(bad))
	for name := range bad {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		tc := bad[name]
		p := check(tc.doc)
		if !strings.Contains(strings.Join(p, "\n"), tc.want) {
			t.Errorf("%s: problems %q, want one containing %q", name, p, tc.want)
		}
	}
}

// TestTestFuncsSignature: only what go test runs counts as a test.
func TestTestFuncsSignature(t *testing.T) {
	dir := t.TempDir()
	src := `package x

import "testing"

func TestReal(t *testing.T)          {}
func FuzzReal(f *testing.F)          {}
func BenchmarkReal(b *testing.B)     {}
func TestWrongParam(f *testing.F)    {}
func Testlower(t *testing.T)         {}
func TestNoParam()                   {}
func TestMain(m *testing.M)          {}
type s struct{}
func (s) TestMethod(t *testing.T)    {}
`
	if err := os.WriteFile(filepath.Join(dir, "x_test.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "y_test.go"), []byte("//go:build ignore\n\npackage x\n\nimport \"testing\"\n\nfunc TestIgnored(t *testing.T) {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	funcs, err := testFuncs(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for name := range funcs {
		got = append(got, name)
	}
	sort.Strings(got)
	if want := "BenchmarkReal FuzzReal TestReal"; strings.Join(got, " ") != want {
		t.Errorf("test functions %q, want %q", got, want)
	}
	if _, err := testFuncs(t.TempDir()); !errors.Is(err, errNoPackage) {
		t.Errorf("empty folder: %v", err)
	}
}
