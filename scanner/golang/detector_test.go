package golang_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner/driver"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/golang"
	"github.com/leasegate/leasegate/scanner/scannertest"
	"github.com/leasegate/leasegate/scanner/shell"
	"github.com/stretchr/testify/assert"
)

// matrixDir is the Go parser matrix, in analysistest's GOPATH layout.
var matrixDir = filepath.Join("..", "..", "testdata", "parser-matrix", "go")

func scan(t testing.TB, name, src string) []scanner.Finding {
	t.Helper()
	fs, _, err := driver.ScanBytes(name, []byte(src), false, scanner.DefaultConfig(), scanner.Suite{Detectors: []scanner.Detector{golang.New()}, Shell: shell.New()})
	require.NoError(t, err, "scan")
	slices.SortStableFunc(fs, scanner.CompareFindings)
	return fs
}

func tags(fs []scanner.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Tag())
	}
	return out
}

// TestDetectorMatrix runs the check-launches form of the analysis (one file
// at a time, stub standard library) over the same matrix as the analyzer.
func TestDetectorMatrix(t *testing.T) {
	scannertest.Run(t, filepath.Join(matrixDir, "src", "launches"), scanner.Suite{Detectors: []scanner.Detector{golang.New()}, Shell: shell.New()})
}

func TestDetector(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"missing imports do not stop the scan", `package x

import (
	"os/exec"

	"github.com/absent/dependency"
	yaml "gopkg.in/yaml.v3"
)

func f() {
	dependency.Setup(yaml.Marshal)
	_ = exec.Command(dependency.Name, "-p").Run()
	_ = exec.Command("claude", "-p").Run()
}
`, []string{"RED:process-api"}},
		{"other files of the package are unknown", `package x

import "os/exec"

func f() { _ = exec.Command(binaryFromOtherFile).Run(); _ = exec.Command(otherConst + "claude") }
`, nil},
		{"syscall CreateProcess (windows)", `package x

import "syscall"

func f() {
	var si syscall.StartupInfo
	var pi syscall.ProcessInformation
	_ = syscall.CreateProcess(nil, syscall.StringToUTF16Ptr("\"C:\\Program Files\\Claude\\claude.exe\" -p x"), nil, nil, false, 0, nil, nil, &si, &pi)
	_ = syscall.CreateProcess(syscall.StringToUTF16Ptr("C:\\Windows\\notepad.exe"), syscall.StringToUTF16Ptr("notepad claude.txt"), nil, nil, false, 0, nil, nil, &si, &pi)
}
`, []string{"RED:process-api"}},
		{"cgo file", `package x

// #include <stdlib.h>
import "C"
import "os/exec"

func f() { C.free(nil); _ = exec.Command("pi") }
`, []string{"RED:process-api"}},
		{"x/sys/unix Exec", `package x

import "golang.org/x/sys/unix"

func f() error { return unix.Exec("/usr/bin/claude", []string{"claude"}, nil) }
`, []string{"RED:process-api"}},
		{"syscall.ForkExec", `package x

import "syscall"

func f() { _, _ = syscall.ForkExec("/bin/sh", []string{"sh", "-c", "claude -p x"}, nil) }
`, []string{"RED:eval"}},
		{"a method named Command is not os/exec", `package x

type runner struct{}

func (runner) Command(name string) {}

func f() { runner{}.Command("claude") }
`, nil},
		{"address taken makes a variable unknown", `package x

import "os/exec"

func set(p *string) {}

func f() {
	bin := "git"
	set(&bin)
	_ = exec.Command(bin)
}
`, nil},
		{"recursive variables terminate", `package x

import "os/exec"

var a, b = b + "x", a + "y"

func f() { _ = exec.Command(a) }
`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := tags(scan(t, "x.go", tc.src))
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestDetectorSyntaxError(t *testing.T) {
	p := scanner.NewPass("bad.go", []byte("package x\n\nfunc f( {\n"), scanner.DefaultConfig(), golang.Name, scanner.Suite{})
	err := golang.New().Scan(p)
	var pe *scanner.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("got %v, want a *scanner.ParseError", err)
	}
	if pe.Pos.Line != 3 {
		t.Errorf("error at line %d, want 3", pe.Pos.Line)
	}
	fs := scan(t, "bad.go", "package x\n\nfunc f( {\n")
	if got := tags(fs); !reflect.DeepEqual(got, []string{"RED:unparseable"}) {
		t.Errorf("got %v, want one unparseable finding", got)
	}
}

// TestDetectorConcurrent scans the matrix files from many goroutines at
// once: the shared standard-library stubs must be safe to share (run with
// -race).
func TestDetectorConcurrent(t *testing.T) {
	dir := filepath.Join(matrixDir, "src", "launches")
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	var srcs [][]byte
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		srcs = append(srcs, b)
	}
	want := make([][]scanner.Finding, len(srcs))
	for i, s := range srcs {
		want[i] = scan(t, "f.go", string(s))
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, s := range srcs {
				fs, _, _ := driver.ScanBytes("f.go", s, false, scanner.DefaultConfig(), scanner.Suite{Detectors: []scanner.Detector{golang.New()}, Shell: shell.New()})
				slices.SortStableFunc(fs, scanner.CompareFindings)
				if !reflect.DeepEqual(fs, want[i]) {
					t.Errorf("file %d: concurrent scan differs", i)
				}
			}
		}()
	}
	wg.Wait()
}

// FuzzGoDetector feeds arbitrary source to the detector: it must never
// panic and must give the same findings twice.
func FuzzGoDetector(f *testing.F) {
	f.Add([]byte("package x\n\nimport \"os/exec\"\n\nfunc f() { exec.Command(\"claude\") }\n"))
	f.Add([]byte("package x\nimport . \"os/exec\"\nvar a = []string{\"pi\"}\nfunc f() { Command(a[0], a[1:]...) }\n"))
	f.Add([]byte("package x\nimport \"syscall\"\nconst c = \"--dangerously-\" + \"skip-permissions\"\nfunc f() { syscall.Exec(c, nil, nil) }\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		run := func() ([]scanner.Finding, error) {
			p := scanner.NewPass("f.go", src, scanner.DefaultConfig(), golang.Name, scanner.Suite{Shell: shell.New()})
			err := golang.New().Scan(p)
			return p.Findings(), err
		}
		a, errA := run()
		b, errB := run()
		if !reflect.DeepEqual(a, b) || (errA == nil) != (errB == nil) {
			t.Fatalf("not deterministic: %v/%v vs %v/%v", a, errA, b, errB)
		}
		var pe *scanner.ParseError
		if errA != nil && !errors.As(errA, &pe) {
			t.Fatalf("error is not a ParseError: %v", errA)
		}
	})
}

// BenchmarkDetector scans one typical Go file (the matrix's largest case
// kinds together) with the stub standard library.
func BenchmarkDetector(b *testing.B) {
	src := []byte(`package x

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/absent/dependency"
)

const agent = "cl" + "aude"

func run(ctx context.Context, name string, args ...string) error {
	return exec.CommandContext(ctx, name, args...).Run()
}

func main() {
	home, _ := os.UserHomeDir()
	parts := strings.Fields("pi --print triage")
	_ = exec.Command(parts[0], parts[1:]...).Run()
	_ = exec.Command(filepath.Join(home, ".local", "bin", agent)).Run()
	_ = run(context.Background(), "git", "status")
	_ = exec.Command("bash", "-c", fmt.Sprintf("cd %s && make", home)).Run()
	dependency.Do()
}
`)
	cfg := scanner.DefaultConfig()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		_, _, _ = driver.ScanBytes("x.go", src, false, cfg, scanner.Suite{Detectors: []scanner.Detector{golang.New()}, Shell: shell.New()})
	}
}

// TestDetectorLongConcatenation checks that a constant folded from very many
// parts is searched for the primitive once, not once per part.
func TestDetectorLongConcatenation(t *testing.T) {
	var b strings.Builder
	b.WriteString("package x\n\nconst c = \"--dangerously-\"")
	for i := 0; i < 20000; i++ {
		b.WriteString(` + "a"`)
	}
	b.WriteString(" + \"skip-permissions\"\n")
	done := make(chan []string, 1)
	go func() { done <- tags(scan(t, "x.go", b.String())) }()
	select {
	case got := <-done:
		if len(got) != 0 {
			t.Errorf("got %v, want nothing (the parts are not adjacent)", got)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("scan did not finish")
	}
}

// TestBounds: a value traced past maxResolveDepth, when the command is then
// not known, is reported unparseable at the call (the bound reached, not
// silence); a value that refers to itself is a cycle, not a bound; a file
// nested past maxSyntaxDepth is unparseable before it is type-checked.
func TestBounds(t *testing.T) {
	hdr := "package p\n\nimport \"os/exec\"\n\n"
	var chain strings.Builder
	chain.WriteString(hdr + "var a0 = \"claude\"\n")
	for i := 1; i < 40; i++ {
		fmt.Fprintf(&chain, "var a%d = a%d\n", i, i-1)
	}
	chain.WriteString("\nfunc f() { _ = exec.Command(a39).Run() }\n")
	// a chain past the bound read in another place of a command
	chainAt := func(call string) string {
		var b strings.Builder
		b.WriteString(hdr + "var a0 = \"claude\"\n")
		for i := 1; i < 40; i++ {
			fmt.Fprintf(&b, "var a%d = a%d\n", i, i-1)
		}
		b.WriteString("\nfunc f() { _ = " + call + ".Run() }\n")
		return b.String()
	}
	pieces := func(n int, last string) string {
		var b strings.Builder
		b.WriteString(hdr + "func f() {\n\tvar s string\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "\ts += \" -v%d\"\n", i)
		}
		fmt.Fprintf(&b, "\ts += %q\n\t_ = exec.Command(\"sh\", \"-c\", s).Run()\n}\n", last)
		return b.String()
	}
	tests := []struct {
		name, src string
		want      []string
	}{
		// a runtime added past maxPieces (64) is kept (the shell line is judged)
		{"pieces past the bound", pieces(64+6, "; claude -p"), []string{"RED:eval"}},
		{"pieces past the bound, no runtime", pieces(64+6, "; git log"), nil},
		{"pieces within the bound", pieces(3, "; claude -p"), []string{"RED:eval"}},
		{"chain within the bound", hdr + "func f() {\n\ta := \"claude\"\n\tb := a\n\tc := b\n\t_ = exec.Command(c).Run()\n}\n", []string{"RED:variable-execution"}},
		{"chain past the bound", chain.String(), []string{"RED:unparseable"}},
		// past the bound only where an unknown could be what runs
		// (cmdline): an argument of `git diff` cannot be
		{"chain past the bound, an argument", chainAt(`exec.Command("git", "-C", a39, "diff", "--stat")`), nil},
		{"chain past the bound, a shell string", chainAt(`exec.Command("sh", "-c", a39)`), []string{"RED:unparseable"}},
		{"chain past the bound, a wrapper's command", chainAt(`exec.Command("env", "A=1", a39, "-p")`), []string{"RED:unparseable"}},
		{"chain past the bound, an interpreter's script", chainAt(`exec.Command("node", a39)`), []string{"RED:unparseable"}},
		{"self reference", hdr + "func f(x bool) {\n\tn := \"git\"\n\tif x {\n\t\tn = n + \".exe\"\n\t}\n\t_ = exec.Command(n).Run()\n}\n", nil},
		{"parentheses", hdr + "var x = " + strings.Repeat("(", 60_000) + "\"claude\"" + strings.Repeat(")", 60_000) + "\n\nfunc f() { _ = exec.Command(x).Run() }\n", []string{"RED:unparseable"}},
		{"blocks", hdr + "func f() {" + strings.Repeat("{", 60_000) + "_ = exec.Command(\"claude\").Run()" + strings.Repeat("}", 60_000) + "}\n", []string{"RED:unparseable"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := scan(t, "p.go", tt.src)
			assert.Equal(t, tt.want, tags(fs), "%+v", fs)
		})
	}
}

// TestRecursiveHelperOnce: a helper that calls itself is followed once
// (go.md, Bounds): its launch is reported as what it is, not as the
// depth bound reached by following the recursion eight times.
func TestRecursiveHelperOnce(t *testing.T) {
	src := "package p\n\nimport \"os/exec\"\n\nfunc run(s string, n int) {\n\tif n > 0 {\n\t\trun(s, n-1)\n\t}\n\t_ = exec.Command(s).Run()\n}\n\nfunc f() { run(\"claude\", 3) }\n"
	assert.Equal(t, []string{"RED:process-api"}, tags(scan(t, "p.go", src)))
}
