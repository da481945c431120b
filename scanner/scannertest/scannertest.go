package scannertest

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/leasegate/leasegate/scanner/driver"

	"golang.org/x/tools/txtar"

	"github.com/leasegate/leasegate/scanner"
)

// UnparseablePrefix starts the name of a case that is meant not to parse;
// such cases are not given to `bash -n`.
const UnparseablePrefix = "unparseable_"

// wantRE finds a want comment: a comment leader, `want`, an optional +N line
// offset and one or more quoted tags.
var wantRE = regexp.MustCompile(`(?:#|//|--|;)\s*want(\s+\+\d+)?((?:\s+"[^"\s]+")+)`)

// tagRE pulls the tags out of a want comment.
var tagRE = regexp.MustCompile(`"([^"\s]+)"`)

// wantLineRE is one line of a txtar `-- want --` section.
// An optional `via FILE:LINE,FILE:LINE` names the finding's chain (the
// file and line of each step, in order); an optional `paths
// FILE:LINE,FILE:LINE` the other ways merged into it (where each starts:
// Finding.Paths, in order).
var wantLineRE = regexp.MustCompile(`^(\S+):(\d+):(\d+)\s+\[([^\]\s]+)\](?:\s+via\s+(\S+))?(?:\s+paths\s+(\S+))?\s*$`)

// Expect is one expected (or actual) finding of a case.
type Expect struct {
	File   string // "" for single-file cases
	Line   int
	Column int // 0 matches any column
	Tag    string
	// Chain is the finding's chain as `file:line,file:line` (txtar cases);
	// a want without one matches any chain.
	Chain string
	// Paths are where the paths merged into the finding start, as
	// `file:line,file:line`; a want without them matches any.
	Paths string
}

func (e Expect) String() string {
	if e.File == "" {
		return fmt.Sprintf("%d: [%s]", e.Line, e.Tag)
	}
	s := fmt.Sprintf("%s:%d:%d: [%s]", e.File, e.Line, e.Column, e.Tag)
	if e.Chain != "" {
		s += " via " + e.Chain
	}
	if e.Paths != "" {
		s += " paths " + e.Paths
	}
	return s
}

// ChainOf is a finding's chain as a want names it.
func ChainOf(f scanner.Finding) string {
	if f.Chain == nil {
		return ""
	}
	parts := make([]string, len(*f.Chain))
	for i, st := range *f.Chain {
		parts[i] = fmt.Sprintf("%s:%d", st.File, st.Line)
	}
	return strings.Join(parts, ",")
}

// PathsOf is where the paths merged into a finding start, as a want
// names them.
func PathsOf(f scanner.Finding) string {
	if f.Paths == nil {
		return ""
	}
	parts := make([]string, len(*f.Paths))
	for i, p := range *f.Paths {
		parts[i] = fmt.Sprintf("%s:%d", p[0].File, p[0].Line)
	}
	return strings.Join(parts, ",")
}

// Case is one case file of a matrix.
type Case struct {
	Name string
	Path string
	Src  []byte
	Exec bool // the file has an executable bit
}

// ErrDuplicateCase is returned by LoadCases for two cases with identical
// content.
var ErrDuplicateCase = errors.New("duplicate case")

// LoadCases reads the case files of dir (not its subfolders or dotfiles), in
// name order. Two files with identical content are an ErrDuplicateCase.
func LoadCases(dir string) ([]Case, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	seen := map[[32]byte]string{}
	var out []Case
	for _, e := range ents {
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(src)
		if other, dup := seen[sum]; dup {
			return nil, fmt.Errorf("%w: %s has the same content as %s", ErrDuplicateCase, e.Name(), other)
		}
		seen[sum] = e.Name()
		info, err := e.Info()
		if err != nil {
			return nil, err
		}
		out = append(out, Case{Name: e.Name(), Path: path, Src: src, Exec: info.Mode()&0o111 != 0})
	}
	return out, nil
}

// Run runs every case file in dir as a subtest: it scans the case with
// driver.ScanBytes, the given suite, and compares
// the findings with the case's wants. It fails when dir holds no case or
// two cases with identical content.
func Run(t *testing.T, dir string, suite scanner.Suite) {
	t.Helper()
	cases, err := LoadCases(dir)
	if err != nil {
		t.Fatalf("reading the matrix: %v", err)
	}
	if len(cases) == 0 {
		t.Fatalf("no case files in %s", dir)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			CheckCase(t, c.Name, c.Src, c.Exec, suite)
			if IsShellCase(c.Name, c.Src) && !strings.HasPrefix(c.Name, UnparseablePrefix) {
				BashSyntax(t, c.Path)
			}
		})
	}
}

// IsShellCase reports whether a case file is shell that bash must accept, by
// extension or shebang (bats files are not: bats preprocesses them).
func IsShellCase(name string, src []byte) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".sh", ".bash", ".ksh":
		return true
	case ".txtar":
		return false
	}
	ip := scanner.Interpreter(src)
	return ip == "sh" || ip == "bash" || ip == "dash" || ip == "ksh" || ip == "mksh"
}

// BashSyntax fails t when `bash -n` rejects the file. bash must be
// installed: the matrix is checked against the real shell.
func BashSyntax(t testing.TB, path string) {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatalf("bash is needed to check the shell matrix: %v", err)
		return
	}
	out, err := exec.Command(bash, "-n", path).CombinedOutput()
	if err != nil {
		t.Errorf("bash -n rejects a case meant to parse: %v\n%s", err, out)
	}
}

// CheckCase scans one case (a plain file or a .txtar archive) and reports
// every missing and every extra finding on t.
func CheckCase(t testing.TB, name string, src []byte, exe bool, suite scanner.Suite) {
	t.Helper()
	var want, got []Expect
	if strings.HasSuffix(name, ".txtar") {
		ar := txtar.Parse(src)
		if len(bytes.TrimSpace(ar.Comment)) == 0 {
			t.Errorf("%s: the archive must open with a comment saying what it covers", name)
		}
		cfg := scanner.DefaultConfig()
		var wantText []byte
		haveWant := false
		for _, f := range ar.Files {
			switch f.Name {
			case "want":
				wantText, haveWant = f.Data, true
			case driver.ConfigFileName:
				c, err := scanner.ParseConfig(f.Name, f.Data)
				if err != nil {
					t.Fatalf("%s: case config: %v", name, err)
					return
				}
				cfg = c
			}
		}
		if !haveWant {
			t.Errorf("%s: no `-- want --` section (an empty one says the case is clean)", name)
		}
		var err error
		if want, err = ParseWantSection(wantText); err != nil {
			t.Fatalf("%s: %v", name, err)
			return
		}
		// The archive is a repository: its files are scanned together,
		// both phases (a launch may go through another file).
		var files []driver.MemFile
		for _, f := range ar.Files {
			if f.Name == "want" || f.Name == driver.ConfigFileName {
				continue
			}
			files = append(files, driver.MemFile{Rel: f.Name, Src: f.Data})
		}
		fs, _, ferr := driver.ScanFiles(files, cfg, suite)
		if ferr != nil {
			t.Errorf("%s: scan error: %v", name, ferr)
		}
		for _, x := range fs {
			got = append(got, Expect{File: x.File, Line: x.Line, Column: x.Column, Tag: x.Tag(), Chain: ChainOf(x), Paths: PathsOf(x)})
		}
	} else {
		if !opensWithComment(src) {
			t.Errorf("%s: a case must open with a comment saying what it covers and why", name)
		}
		want = ParseWantComments(src)
		fs, _, ferr := driver.ScanBytes(name, src, exe, scanner.DefaultConfig(), suite)
		if ferr != nil {
			t.Errorf("%s: scan error: %v", name, ferr)
		}
		for _, x := range fs {
			got = append(got, Expect{Line: x.Line, Tag: x.Tag()})
		}
	}
	missing, extra := Diff(want, got)
	for _, m := range missing {
		t.Errorf("%s: missing finding %s", name, m)
	}
	for _, x := range extra {
		t.Errorf("%s: unexpected finding %s", name, x)
	}
}

func opensWithComment(src []byte) bool {
	lines := strings.SplitN(string(src), "\n", 3)
	first := strings.TrimSpace(lines[0])
	if strings.HasPrefix(first, "#!") && len(lines) > 1 {
		first = strings.TrimSpace(lines[1])
	}
	for _, p := range []string{"#", "//", "--", ";", "/*", "<!--", "\"\"\""} {
		if strings.HasPrefix(first, p) {
			return true
		}
	}
	return false
}

// ParseWantComments reads the want comments of a plain case as text.
func ParseWantComments(src []byte) []Expect {
	var out []Expect
	for i, line := range strings.Split(string(src), "\n") {
		for _, m := range wantRE.FindAllStringSubmatch(line, -1) {
			at := i + 1
			if m[1] != "" {
				n, _ := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(m[1]), "+")))
				at += n
			}
			for _, tm := range tagRE.FindAllStringSubmatch(m[2], -1) {
				out = append(out, Expect{Line: at, Tag: tm[1]})
			}
		}
	}
	return out
}

// ParseWantSection reads the `path:line:col [TAG]` lines of a txtar want
// section; blank lines and lines starting with # are ignored.
func ParseWantSection(data []byte) ([]Expect, error) {
	var out []Expect
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m := wantLineRE.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("want line %d: %q is not `path:line:col [TAG]` (optionally `via file:line,...`, `paths file:line,...`)", i+1, line)
		}
		l, _ := strconv.Atoi(m[2])
		c, _ := strconv.Atoi(m[3])
		out = append(out, Expect{File: m[1], Line: l, Column: c, Tag: m[4], Chain: m[5], Paths: m[6]})
	}
	return out, nil
}

// Diff compares want and got as multisets. A want with Column 0 matches a
// finding at any column of its line.
func Diff(want, got []Expect) (missing, extra []Expect) {
	used := make([]bool, len(got))
	match := func(w Expect, exact bool) bool {
		for i, g := range got {
			if used[i] || g.File != w.File || g.Line != w.Line || g.Tag != w.Tag || w.Chain != "" && w.Chain != g.Chain || w.Paths != "" && w.Paths != g.Paths {
				continue
			}
			if exact && w.Column != g.Column {
				continue
			}
			used[i] = true
			return true
		}
		return false
	}
	var anyCol []Expect
	for _, w := range want {
		if w.Column == 0 {
			anyCol = append(anyCol, w)
			continue
		}
		if !match(w, true) {
			missing = append(missing, w)
		}
	}
	for _, w := range anyCol {
		if !match(w, false) {
			missing = append(missing, w)
		}
	}
	for i, g := range got {
		if !used[i] {
			extra = append(extra, g)
		}
	}
	sortExpects(missing)
	sortExpects(extra)
	return missing, extra
}

func sortExpects(es []Expect) {
	slices.SortFunc(es, func(a, b Expect) int {
		return cmp.Or(scanner.CompareFindings(a.finding(), b.finding()), cmp.Compare(a.Tag, b.Tag))
	})
}

// finding is the position of an expectation, in the findings' order.
func (e Expect) finding() scanner.Finding {
	return scanner.Finding{File: e.File, Line: e.Line, Column: e.Column}
}
