package golang_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/driver"
	"github.com/leasegate/leasegate/scanner/golang"
	"github.com/leasegate/leasegate/scanner/shell"
)

// scanTree writes files under a temporary root and scans it the way
// check-launches does (the walk, siblings, workers).
func scanTree(t *testing.T, files map[string]string, cfgText string, workers int) []string {
	t.Helper()
	root := t.TempDir()
	for name, src := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(src), 0o644))
	}
	cfg := scanner.DefaultConfig()
	if cfgText != "" {
		var err error
		if cfg, err = scanner.ParseConfig("c", []byte(cfgText)); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := driver.Scan(context.Background(), driver.Options{Root: root, Config: cfg, Workers: workers,
		Suite: scanner.Suite{Detectors: []scanner.Detector{golang.New()}, Shell: shell.New()}})
	require.NoError(t, err)
	var out []string
	for _, f := range rep.Findings {
		out = append(out, fmt.Sprintf("%s:%d:%d %s %s", f.File, f.Line, f.Column, f.Tag(), f.Runtime))
	}
	return out
}

const helperFile = `package tool

import (
	"context"
	"os/exec"
)

type agent struct{ ctx context.Context }

func run(name string, args ...string) error { return exec.Command(name, args...).Run() }

func (a *agent) start(bin string) error { return exec.CommandContext(a.ctx, bin, "-p").Run() }
`

// TestHelperInAnotherFile: a launch through a function or method defined
// in another file of the package is found at the call, as go vet with the
// analyzer finds it; the same file scanned alone cannot see it.
func TestHelperInAnotherFile(t *testing.T) {
	main := `package tool

func main() {
	_ = run("claude", "-p", "hi")
	_ = run("ls")
	a := &agent{}
	_ = a.start("pi")
	_ = run("launch-runtime", "--runtime", "claude", "--", "-p")
}
`
	got := scanTree(t, map[string]string{"tool/exec.go": helperFile, "tool/main.go": main}, "", 0)
	want := []string{
		"tool/main.go:4:6 RED:process-api claude",
		"tool/main.go:7:6 RED:process-api pi",
		"tool/main.go:8:6 GATED claude",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if alone := scan(t, "tool/main.go", main); len(alone) != 0 {
		t.Errorf("main.go alone: %v (a file scanned without its folder has no helpers)", tags(alone))
	}
}

// TestHelperScope: only the same package clause in the same folder, and
// only files in scope, lend their helpers; a broken helper file does not
// stop the others.
func TestHelperScope(t *testing.T) {
	files := map[string]string{
		"tool/exec.go":          helperFile,
		"tool/ext_test.go":      "package tool_test\n\nfunc run(string, ...string) error { return nil }\n\nfunc T() { _ = run(\"claude\") }\n",
		"tool/sub/main.go":      "package tool\n\nfunc f() { _ = run(\"claude\") }\n",
		"other/main.go":         "package tool\n\nfunc f() { _ = run(\"claude\") }\n",
		"skipped/exec.go":       helperFile,
		"skipped/main.go":       "package tool\n\nfunc f() { _ = run(\"claude\") }\n",
		"broken/exec.go":        "package tool\n\nimport \"os/exec\"\n\nfunc bad( { exec.Command(\n",
		"broken/exec2.go":       helperFile,
		"broken/main.go":        "package tool\n\nfunc f() { _ = run(\"pi\") }\n",
		"tool/internal_test.go": "package tool\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) { _ = run(\"claude\") }\n",
	}
	got := scanTree(t, files, "exclude: [\"skipped/exec.go\"]\n", 0)
	want := []string{
		"broken/exec.go:5:11 RED:unparseable ",
		"broken/main.go:3:16 RED:process-api pi",
		"tool/internal_test.go:5:32 RED:process-api claude",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// TestFolderResultsDeterministic: the shared folder state gives the same
// report whatever the number of workers and however many folders the
// cache has to let go of.
func TestFolderResultsDeterministic(t *testing.T) {
	files := map[string]string{}
	for d := 0; d < 40; d++ {
		files[fmt.Sprintf("p%02d/exec.go", d)] = helperFile
		for i := 0; i < 6; i++ {
			files[fmt.Sprintf("p%02d/f%d.go", d, i)] = fmt.Sprintf("package tool\n\nfunc f%d() { _ = run(\"claude\", \"%d\") }\n", i, i)
		}
	}
	one := scanTree(t, files, "", 1)
	if len(one) != 40*6 {
		t.Fatalf("%d findings, want %d", len(one), 40*6)
	}
	for _, w := range []int{2, 8} {
		if got := scanTree(t, files, "", w); !reflect.DeepEqual(got, one) {
			t.Errorf("workers %d: report differs from one worker", w)
		}
	}
}

// TestHelperImportForms: a helper is recognised whatever name its file
// gives the process package (renamed, dot import, syscall).
func TestHelperImportForms(t *testing.T) {
	files := map[string]string{
		"a/exec.go": "package a\n\nimport x \"os/exec\"\n\nfunc start(n string) { _ = x.Command(n).Run() }\n",
		"a/main.go": "package a\n\nfunc f() { start(\"claude\") }\n",
		"b/exec.go": "package b\n\nimport . \"os/exec\"\n\nfunc start(n string) { _ = Command(n).Run() }\n",
		"b/main.go": "package b\n\nfunc f() { start(\"pi\") }\n",
		"c/exec.go": "package c\n\nimport \"syscall\"\n\nfunc start(n string) { _ = syscall.Exec(n, []string{n}, nil) }\n",
		"c/main.go": "package c\n\nfunc f() { start(\"/usr/bin/claude\") }\n",
	}
	got := scanTree(t, files, "", 0)
	want := []string{
		"a/main.go:3:12 RED:process-api claude",
		"b/main.go:3:12 RED:process-api pi",
		"c/main.go:3:12 RED:process-api claude",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// TestFolderStateBelongsToOneScan: what one scan read of a folder does not
// answer for another root's folder of the same file names and sizes. Root
// B's helper is `ran`, root A's is `run` (same length); A's main.go calls
// run("claude") and must be found after B was scanned in the same process.
func TestFolderStateBelongsToOneScan(t *testing.T) {
	helper := func(name string) string {
		return "package tool\n\nimport \"os/exec\"\n\nfunc " + name + "(n string) error { return exec.Command(n).Run() }\n"
	}
	main := "package tool\n\nfunc f() { _ = run(\"claude\") }\n"
	b := scanTree(t, map[string]string{"tool/exec.go": helper("ran"), "tool/main.go": main}, "", 1)
	assert.Empty(t, b, "root B: main.go calls no helper of its folder")
	a := scanTree(t, map[string]string{"tool/exec.go": helper("run"), "tool/main.go": main}, "", 1)
	require.Equal(t, []string{"tool/main.go:3:16 RED:process-api claude"}, a,
		"root A scanned after root B: the folder state of B must not answer for A")
}

// TestHelperInChokepoint: a helper whose process-API call sits in a
// declared choke point launches inside it, so its callers elsewhere are
// gated; the same helper outside the choke point is RED at the call.
func TestHelperInChokepoint(t *testing.T) {
	files := map[string]string{
		"tool/exec.go": helperFile,
		"tool/main.go": "package tool\n\nfunc direct() { _ = run(\"claude\", \"-p\") }\n",
	}
	require.Equal(t, []string{"tool/main.go:3:21 GATED claude"}, scanTree(t, files, "chokepoints: [\"tool/exec.go\"]\n", 0))
	require.Equal(t, []string{"tool/main.go:3:21 RED:process-api claude"}, scanTree(t, files, "", 0))
}

// TestModuleBoundIsDynamic: past the bound on imported module packages, a
// call that hands a runtime's name to a package left out is dynamic, never
// silent; a call within the bound is followed as usual.
func TestModuleBoundIsDynamic(t *testing.T) {
	files := map[string]string{"go.mod": "module example.com/m\n\ngo 1.22\n"}
	var imports, calls strings.Builder
	for i := 0; i <= 33; i++ {
		files[fmt.Sprintf("h%02d/h.go", i)] = fmt.Sprintf("package h%02d\n\nimport \"os/exec\"\n\nfunc Run(n string) error { return exec.Command(n).Run() }\n", i)
		fmt.Fprintf(&imports, "\t\"example.com/m/h%02d\"\n", i)
		fmt.Fprintf(&calls, "\t_ = h%02d.Run(%q)\n", i, "ls")
	}
	files["main/main.go"] = "package main\n\nimport (\n" + imports.String() + ")\n\nfunc main() {\n" + calls.String() + "\t_ = h00.Run(\"claude\")\n\t_ = h33.Run(\"claude\")\n}\n"
	got := scanTree(t, files, "", 0)
	require.Len(t, got, 2, "%q", got)
	assert.Contains(t, got[0], "RED:process-api claude")
	assert.Contains(t, got[1], "RED:dynamic claude")
}

// TestHelperDepthIsDynamic: a runtime handed through more helpers than the
// bound is dynamic at the call, never silent; within the bound it is
// followed to the process API.
func TestHelperDepthIsDynamic(t *testing.T) {
	chain := func(n int) string {
		var b strings.Builder
		b.WriteString("package x\n\nimport \"os/exec\"\n\n")
		for i := 1; i < n; i++ {
			fmt.Fprintf(&b, "func h%d(s string) error { return h%d(s) }\n", i, i+1)
		}
		fmt.Fprintf(&b, "func h%d(s string) error { return exec.Command(s).Run() }\n\nfunc f() { _ = h1(\"claude\") }\n", n)
		return b.String()
	}
	got := scanTree(t, map[string]string{"x/deep.go": chain(9)}, "", 0)
	require.Len(t, got, 1)
	assert.Contains(t, got[0], "RED:dynamic claude")
	got = scanTree(t, map[string]string{"x/deep.go": chain(8)}, "", 0)
	require.Len(t, got, 1)
	assert.Contains(t, got[0], "RED:process-api claude")
}

// TestInterfaceImplementationsBound: a call through an interface method
// with more implementations than a set holds is dynamic when it hands the
// method a runtime's name, never silent; within the bound every
// implementation is followed.
func TestInterfaceImplementationsBound(t *testing.T) {
	impls := func(n int) string {
		var b strings.Builder
		b.WriteString("package x\n\nimport \"os/exec\"\n\ntype starter interface{ Start(bin string) error }\n\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "type s%d struct{}\n\nfunc (s%d) Start(bin string) error { return exec.Command(bin).Run() }\n\n", i, i)
		}
		b.WriteString("func f(s starter) { _ = s.Start(\"claude\"); _ = s.Start(\"git\") }\n")
		return b.String()
	}
	got := scanTree(t, map[string]string{"x/x.go": impls(17)}, "", 0)
	require.Len(t, got, 1, "%q", got)
	assert.Contains(t, got[0], "RED:dynamic claude")
	got = scanTree(t, map[string]string{"x/x.go": impls(16)}, "", 0)
	require.Len(t, got, 1, "one finding for the call, whatever the implementations: %q", got)
	assert.Contains(t, got[0], "RED:process-api claude")
}

// helperMesh is a package whose helpers call every helper of the next
// layer (width per layer, layers deep, the last running its argument):
// width^layers paths from the top, each within maxHelperDepth. With
// distinct set, each path also hands on a value of its own (the helper
// indexes it went through), so no two paths reach a helper with the same
// values.
func helperMesh(prog string, width, layers int, distinct bool) map[string]string {
	var b strings.Builder
	b.WriteString("package mesh\n\nimport \"os/exec\"\n\n")
	for l := 0; l < layers; l++ {
		for i := 0; i < width; i++ {
			fmt.Fprintf(&b, "func h%d_%d(s, t string) {\n", l, i)
			if l == layers-1 {
				b.WriteString("\t_ = exec.Command(s, t).Run()\n")
			} else {
				for j := 0; j < width; j++ {
					if distinct {
						fmt.Fprintf(&b, "\th%d_%d(s, t+\"%d\")\n", l+1, j, j)
					} else {
						fmt.Fprintf(&b, "\th%d_%d(s, t)\n", l+1, j)
					}
				}
			}
			b.WriteString("}\n\n")
		}
	}
	return map[string]string{
		"go.mod":       "module example.com/mesh\n\ngo 1.22\n",
		"mesh/mesh.go": b.String(),
		"mesh/main.go": fmt.Sprintf("package mesh\n\nfunc Start() {\n\th0_0(%q, \"-\")\n}\n", prog),
	}
}

// withPrefix is the findings of got that start with prefix (a file and
// line).
func withPrefix(got []string, prefix string) []string {
	var out []string
	for _, f := range got {
		if strings.HasPrefix(f, prefix) {
			out = append(out, f)
		}
	}
	return out
}

// TestHelperVisitsBounded: a call graph whose paths outnumber what one
// file's scan follows (maxHelperVisits) still gets its runtime reported
// at the call, never dropped, and a mesh running git stays clean. This
// repository's own tsjs tests made 2.3 million such paths, past the file
// budget under the race detector.
func TestHelperVisitsBounded(t *testing.T) {
	got := scanTree(t, helperMesh("claude", 6, 7, true), "", 2)
	atCall := withPrefix(got, "mesh/main.go:4:")
	// past the bound the call is dynamic (the rest not followed), with
	// the runtime handed on
	require.Equal(t, []string{"mesh/main.go:4:2 RED:dynamic claude"}, atCall, "findings: %v", got)
	assert.Empty(t, scanTree(t, helperMesh("git", 6, 7, true), "", 2))
}

// TestHelperVisitsMemoized: paths that reach a helper with the values
// another path reached it with judge nothing new, so a mesh of 8^8 paths
// handing on the same values is followed to its end (the launch is
// process-api, not the bound's dynamic), and quickly; git stays clean.
func TestHelperVisitsMemoized(t *testing.T) {
	start := time.Now()
	got := scanTree(t, helperMesh("claude", 8, 8, false), "", 2)
	atCall := withPrefix(got, "mesh/main.go:4:")
	require.Equal(t, []string{"mesh/main.go:4:2 RED:process-api claude"}, atCall, "findings: %v", got)
	assert.Empty(t, scanTree(t, helperMesh("git", 8, 8, false), "", 2))
	assert.Less(t, time.Since(start), time.Minute)
}

// TestLostProgramLinkBoundIsDynamic: a program the analysis cannot name,
// in a package linked into a program whose imports are deeper than the
// bound the search reads, is dynamic, never silent; within the bound,
// with no package naming a runtime, it is clean.
func TestLostProgramLinkBoundIsDynamic(t *testing.T) {
	tree := func(n int) map[string]string {
		files := map[string]string{
			"go.mod":     "module example.com/m\n\ngo 1.22\n",
			"run/run.go": "package run\n\nimport (\n\t\"os/exec\"\n\n\t\"example.com/m/reg\"\n)\n\nfunc Go() error { return exec.Command(reg.Get().Bin).Run() }\n",
			"reg/reg.go": "package reg\n\ntype Spec struct{ Bin string }\n\nvar specs []Spec\n\nfunc Add(s Spec) { specs = append(specs, s) }\n\nfunc Get() Spec { return specs[len(specs)-1] }\n",
			"main.go":    "package main\n\nimport (\n\t_ \"example.com/m/c00\"\n\t\"example.com/m/run\"\n)\n\nfunc main() { _ = run.Go() }\n",
		}
		for i := 0; i < n; i++ {
			imp := ""
			if i+1 < n {
				imp = fmt.Sprintf("import _ \"example.com/m/c%02d\"\n\n", i+1)
			}
			files[fmt.Sprintf("c%02d/c.go", i)] = fmt.Sprintf("package c%02d\n\n%sconst Name = \"c%02d\"\n", i, imp, i)
		}
		return files
	}
	require.Empty(t, scanTree(t, tree(8), "", 0))
	got := scanTree(t, tree(66), "", 0)
	require.Len(t, got, 1, "%q", got)
	assert.Contains(t, got[0], "run/run.go:9:39 RED:dynamic unknown")
	// within the bound, a linked package naming a runtime as a value
	files := tree(8)
	files["c05/c.go"] = "package c05\n\nimport _ \"example.com/m/c06\"\n\nvar Agent = \"claude\"\n"
	got = scanTree(t, files, "", 0)
	require.Len(t, got, 1, "%q", got)
	assert.Contains(t, got[0], "run/run.go:9:39 RED:dynamic claude")
}
