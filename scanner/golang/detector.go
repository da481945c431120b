package golang

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"slices"
	"strings"

	lscanner "github.com/leasegate/leasegate/scanner"
)

// Name is the detector's language name, recorded on findings in Go files.
const Name = "go"

// Detector is the check-launches detector for .go files. It is stateless.
type Detector struct{}

// New returns the Go detector.
func New() Detector { return Detector{} }

// Name implements scanner.Detector.
func (Detector) Name() string { return Name }

// Summarize implements scanner.Linker: a Go file offers the other files
// of the repository nothing (its packages are followed by the detector
// itself).
func (Detector) Summarize(*lscanner.Pass) (*lscanner.Summary, error) { return nil, nil }

// Resolve implements scanner.Linker: no file of the repository is a Go
// import.
func (Detector) Resolve(string, string, func(string) bool) (string, bool) { return "", false }

// Mentions implements scanner.Linker.
func (Detector) Mentions(string) [][]byte { return nil }

// EnvOnly implements scanner.EnvReader: the repository phase gives a Go
// file that names a variable another file puts in the environment (a
// Dockerfile's ENV, a container's env) that variable's values
// (Imports.Env), read by os.Getenv.
func (Detector) EnvOnly() {}

// Match claims .go files.
func (Detector) Match(f *lscanner.File) bool { return f.Ext == ".go" }

// Scan parses the file, type-checks it against stubs of the standard
// library — together with the other files of its package in the same
// folder when the scan gives them (Pass.Siblings), else on its own — and
// reports its launches. A syntax error is a *scanner.ParseError; type
// errors (missing imports, files of the package out of scope) are ignored.
func (Detector) Scan(p *lscanner.Pass) error {
	if p.Hits.Seed() {
		checkGenerate(p, p.Src)
	}
	if p.Siblings != nil && p.Shared != nil {
		if done, err := scanPackage(p); done {
			return err
		}
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, p.Path, p.Src, parseMode(p.Src))
	if err != nil {
		return parseError(err)
	}
	if at, deep := tooDeep(f); deep {
		pos := fset.Position(at)
		return &lscanner.ParseError{Pos: lscanner.Pos{Line: pos.Line, Column: pos.Column}, Msg: fmt.Sprintf("syntax nested deeper than %d levels", maxSyntaxDepth)}
	}
	// In the repository phase (Imports), a file that reads a variable
	// another file puts in the environment is checked when it imports a
	// process API, whatever its literals.
	if ff := factsOf(p.Config, p.Src, moduleInfo{}); !ff.canStart() && (p.Imports == nil || !ff.api) {
		noteRunPaths(p, ff)
		return nil
	}
	info := newInfo()
	conf := types.Config{
		Importer:    stubImporter(),
		Error:       func(error) {},
		FakeImportC: true,
	}
	_, _ = conf.Check(f.Name.Name, fset, []*ast.File{f}, info)
	check(p, fset, f, []*ast.File{f}, info)
	return nil
}

// noteRunPaths records in Pass.Execs the relative paths that a file of a
// package that cannot start a runtime by its own text names in string
// literals, when it imports a process API (`exec.Command("sh",
// "testdata/agent.sh", p)`): the script may, and the driver scans such a
// file even in a folder its walk leaves out (testdata/, vendor/). Only a
// literal that could be a relative path to a file (a `/` inside, no
// blank, no `..`) counts, at most MaxExecs.
func noteRunPaths(p *lscanner.Pass, ff *fileFacts) {
	if !ff.api {
		return
	}
	stringLiterals(p.Src, func(s string) bool {
		if len(p.Execs) >= lscanner.MaxExecs {
			return false
		}
		s = strings.TrimPrefix(s, "./")
		if len(s) < 3 || len(s) > 256 || !strings.Contains(s, "/") || strings.HasPrefix(s, "/") || strings.HasSuffix(s, "/") ||
			strings.ContainsAny(s, " \t\n$`*?[:") || strings.Contains(s, "..") || slices.Contains(p.Execs, s) {
			return true
		}
		p.Execs = append(p.Execs, s)
		return true
	})
}

// maxSyntaxDepth bounds the depth of a file's syntax tree. go/parser
// stops at 100,000 levels of nesting, but type-checking and the walks of
// the detector recurse once per level at kilobytes of stack each. A
// constant folded from 20,000 parts (generated code) stays within it.
const maxSyntaxDepth = 50_000

// tooDeep reports whether file's syntax tree is deeper than
// maxSyntaxDepth, and where; its own walk goes no deeper than that.
func tooDeep(file *ast.File) (token.Pos, bool) {
	depth := 0
	var at token.Pos
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil {
			depth--
			return true
		}
		if at.IsValid() {
			return false
		}
		if depth >= maxSyntaxDepth {
			at = n.Pos()
			return false
		}
		depth++
		return true
	})
	return at, at.IsValid()
}

func parseError(err error) error {
	var list scanner.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		e := list[0]
		return &lscanner.ParseError{Pos: lscanner.Pos{Line: e.Pos.Line, Column: e.Pos.Column}, Msg: e.Msg}
	}
	return &lscanner.ParseError{Pos: lscanner.Pos{Line: 1, Column: 1}, Msg: err.Error()}
}

// Typed returns a one-file detector over a package a driver has already
// parsed and type-checked (go vet's, in scanner/driver/vet): it scans file,
// one of files, with the types in info.
func Typed(fset *token.FileSet, file *ast.File, files []*ast.File, info *types.Info) lscanner.Detector {
	return typedFile{fset: fset, file: file, files: files, info: info}
}

// typedFile is a one-file detector over a package the analysis driver has
// already type-checked.
type typedFile struct {
	fset  *token.FileSet
	file  *ast.File
	files []*ast.File
	info  *types.Info
}

func (typedFile) Name() string              { return Name }
func (typedFile) Match(*lscanner.File) bool { return true }
func (t typedFile) Scan(p *lscanner.Pass) error {
	if p.Hits.Seed() {
		checkGenerate(p, p.Src)
	}
	check(p, t.fset, t.file, t.files, t.info)
	return nil
}
