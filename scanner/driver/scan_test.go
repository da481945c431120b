package driver

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/report"
)

// lineDetector is a test detector: every line `run NAME` is an argv.
type lineDetector struct{}

func (lineDetector) Name() string               { return "test" }
func (lineDetector) Match(f *scanner.File) bool { return f.Ext == ".run" }
func (lineDetector) Scan(p *scanner.Pass) error {
	for i, l := range strings.Split(string(p.Src), "\n") {
		if rest, ok := strings.CutPrefix(l, "run "); ok {
			var argv []scanner.Arg
			for _, w := range strings.Fields(rest) {
				argv = append(argv, scanner.Lit(w))
			}
			p.Judge(scanner.Command{Argv: argv, At: scanner.Pos{Line: i + 1, Column: 1}})
		}
		if l == "broken" {
			return &scanner.ParseError{Pos: scanner.Pos{Line: i + 1, Column: 1}, Msg: "broken line"}
		}
		if l == "panic" {
			panic("detector bug")
		}
	}
	return nil
}

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, body := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	}
	return root
}

func scanTree(t *testing.T, root string, cfg *scanner.Config) *report.Report {
	t.Helper()
	rep, err := Scan(context.Background(), Options{Root: root, Config: cfg, Suite: scanner.Suite{Detectors: []scanner.Detector{lineDetector{}}}})
	require.NoError(t, err)
	return rep
}

func TestScanScopeAndFindings(t *testing.T) {
	root := writeTree(t, map[string]string{
		"a.run":                    "run claude -p\nrun launch-runtime --runtime pi\n",
		"node_modules/x/b.run":     "run claude\n",
		"vendor/c.run":             "run claude\n",
		"vendor/modules.txt":       "# example.com/dep v1.0.0\n",
		"sub/testdata/d.run":       "run claude\n",
		"third_party/e.run":        "run claude\n",
		"docs/readme.md":           "use --dangerously-skip-permissions\n", // check-launches: inert test data for the primitive detector
		"docs/ok.md":               "pass --dangerously-skip-permissions # check-launches: inert explains the flag\n",
		"broken.run":               "ok\nbroken\n",
		"bug.run":                  "panic\n",
		"cmd/launch-runtime/x.run": "run claude --dangerously-skip-permissions\n", // check-launches: inert test data for the primitive detector
	})
	cfg, err := scanner.ParseConfig("c", []byte(`chokepoints: ["cmd/launch-runtime/**"]`))
	require.NoError(t, err)
	rep := scanTree(t, root, cfg)
	var got []string
	for _, f := range rep.Findings {
		got = append(got, f.File+":"+strconv.Itoa(f.Line)+" "+f.Tag())
	}
	want := []string{
		"a.run:1 RED:direct-literal",
		"a.run:2 GATED",
		"broken.run:2 RED:unparseable",
		"bug.run:1 RED:unparseable",
		"cmd/launch-runtime/x.run:1 GATED",
		"docs/readme.md:1 NOTE:dangerous-primitive", // prose runs nothing: a note, not RED
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if rep.Summary.Launches != 3 || rep.Summary.Gated != 2 || rep.Summary.Red != 3 || rep.Summary.Notes != 1 {
		t.Errorf("summary = %+v", rep.Summary)
	}
	if rep.Summary.FilesScanned != 6 {
		t.Errorf("files scanned = %d, want 6", rep.Summary.FilesScanned)
	}
	if len(rep.Suppressions) != 1 || rep.Suppressions[0].Suppressed != 1 {
		t.Errorf("suppressions = %+v", rep.Suppressions)
	}
}

func TestScanDeterministicJSON(t *testing.T) {
	files := map[string]string{}
	for i := 0; i < 200; i++ {
		files["d"+strconv.Itoa(i%7)+"/f"+strconv.Itoa(i)+".run"] = "run claude\nrun npx -y @anthropic-ai/claude-code\nrun launch-runtime --runtime claude\n"
	}
	root := writeTree(t, files)
	var first []byte
	for i := 0; i < 5; i++ {
		rep, err := Scan(context.Background(), Options{Root: root, Suite: scanner.Suite{Detectors: []scanner.Detector{lineDetector{}}}, Workers: 1 + i})
		require.NoError(t, err)
		var buf bytes.Buffer
		require.NoError(t, report.WriteJSON(&buf, rep))
		if first == nil {
			first = buf.Bytes()
		} else if !bytes.Equal(first, buf.Bytes()) {
			t.Fatalf("run %d differs from run 0", i)
		}
	}
}

func TestScanGitIgnored(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git is required for this test")
	}
	root := writeTree(t, map[string]string{
		".gitignore":    "build/\n*.gen.run\n",
		"a.run":         "run claude\n",
		"x.gen.run":     "run claude\n",
		"build/out.run": "run claude\n",
	})
	cmd := exec.Command("git", "init", "-q", root)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	rep := scanTree(t, root, nil)
	if len(rep.Findings) != 1 || rep.Findings[0].File != "a.run" {
		t.Errorf("findings = %+v", rep.Findings)
	}
}

func TestScanErrors(t *testing.T) {
	if _, err := Scan(context.Background(), Options{Root: filepath.Join(t.TempDir(), "missing")}); err == nil {
		t.Error("missing root: no error")
	}
	f := filepath.Join(t.TempDir(), "file")
	os.WriteFile(f, nil, 0o644)
	if _, err := Scan(context.Background(), Options{Root: f}); err == nil {
		t.Error("root is a file: no error")
	}
}

func TestScanUnreadableAndSymlink(t *testing.T) {
	root := writeTree(t, map[string]string{"a.run": "run claude\n", "secret.run": "run claude\n"})
	require.NoError(t, os.Symlink("a.run", filepath.Join(root, "link.run")))
	require.NoError(t, os.Symlink("loop2", filepath.Join(root, "loop1")))
	require.NoError(t, os.Symlink("loop1", filepath.Join(root, "loop2")))
	secret := filepath.Join(root, "secret.run")
	require.NoError(t, os.Chmod(secret, 0))
	rep := scanTree(t, root, nil)
	reasons := map[string]string{}
	for _, s := range rep.Skipped {
		reasons[s.File] = s.Reason
	}
	for _, f := range []string{"link.run", "loop1", "loop2"} {
		if !strings.Contains(reasons[f], "symbolic link") {
			t.Errorf("%s: skip reason %q", f, reasons[f])
		}
	}
	assert.Contains(t, reasons["link.run"], "to a file inside the root")
	assert.Contains(t, reasons["loop1"], "does not resolve")
	if os.Geteuid() != 0 { // root reads any file
		if !strings.Contains(reasons["secret.run"], "cannot be read") || len(rep.Errors) != 1 {
			t.Errorf("unreadable file: reason %q, errors %v", reasons["secret.run"], rep.Errors)
		}
	}
}

// TestScanSymlinkOutsideTheRoot: a link to a folder outside the root is
// described as such (what it points to is not scanned), never as scanned
// where it lives inside the root.
func TestScanSymlinkOutsideTheRoot(t *testing.T) {
	outside := writeTree(t, map[string]string{"x.run": "run claude\n"})
	root := writeTree(t, map[string]string{"a.run": "true\n", "sub/b.run": "true\n"})
	require.NoError(t, os.Symlink(outside, filepath.Join(root, "vendored")))
	require.NoError(t, os.Symlink(filepath.Join(outside, "x.run"), filepath.Join(root, "x.run")))
	require.NoError(t, os.Symlink("sub", filepath.Join(root, "sublink")))
	rep := scanTree(t, root, nil)
	reasons := map[string]string{}
	for _, s := range rep.Skipped {
		reasons[s.File] = s.Reason
	}
	assert.Contains(t, reasons["vendored"], "to a folder outside the root")
	assert.Contains(t, reasons["vendored"], "not scanned")
	assert.Contains(t, reasons["x.run"], "to a file outside the root")
	assert.Contains(t, reasons["sublink"], "to a folder inside the root")
	for f, r := range reasons {
		if strings.Contains(r, "outside") {
			assert.NotContains(t, r, "inside the root", f)
		}
	}
}

func TestScanLargeFileSkipped(t *testing.T) {
	root := t.TempDir()
	big := filepath.Join(root, "big.run")
	fh, err := os.Create(big)
	require.NoError(t, err)
	require.NoError(t, fh.Truncate(scanner.MaxFileSize+1))
	fh.Close()
	rep := scanTree(t, root, nil)
	if len(rep.Skipped) != 1 || !strings.Contains(rep.Skipped[0].Reason, "larger than") {
		t.Errorf("skipped = %+v", rep.Skipped)
	}
}

// TestScanRunsExcludedScript: a script a scanned file runs by path is
// scanned in a folder the walk leaves out; one there that nothing runs
// stays out, and a path that leaves the root is not followed.
func TestScanRunsExcludedScript(t *testing.T) {
	root := writeTree(t, map[string]string{
		"a.run":              "run ./vendor/c.run\nrun sh ../outside.run\n",
		"vendor/c.run":       "run claude\n",
		"vendor/modules.txt": "# example.com/dep v1.0.0\n",
		"third_party/e.run":  "run claude\n",
	})
	rep := scanTree(t, root, nil)
	var got []string
	for _, f := range rep.Findings {
		got = append(got, f.File+":"+strconv.Itoa(f.Line)+" "+f.Tag())
	}
	assert.Equal(t, []string{"vendor/c.run:1 RED:direct-literal"}, got)
}

// TestScanVendorOnlyWhereVendored: a vendor/ folder is left out only
// where it holds vendored code (a Go module's modules.txt or go.mod
// beside it, composer's composer.json beside it or autoload.php,
// bundler's vendor/bundle), third_party/ only at the root; any other
// folder of those names is the project's own and scanned (review23 114).
func TestScanVendorOnlyWhereVendored(t *testing.T) {
	root := writeTree(t, map[string]string{
		"tools/vendor/run.run":            "run claude\n",
		"scripts/third_party/ask.run":     "run pi\n",
		"go.mod":                          "module example.com/app\n",
		"vendor/example.com/dep/x.run":    "run claude\n",
		"svc/vendor/modules.txt":          "# example.com/dep v1.0.0\n",
		"svc/vendor/dep/x.run":            "run claude\n",
		"web/composer.json":               "{}\n",
		"web/vendor/bin/x.run":            "run claude\n",
		"php/vendor/autoload.php":         "<?php\n",
		"php/vendor/bin/x.run":            "run claude\n",
		"rb/vendor/bundle/ruby/bin/x.run": "run pi\n",
		"third_party/ai/x.run":            "run pi\n",
	})
	rep := scanTree(t, root, nil)
	var got []string
	for _, f := range rep.Findings {
		got = append(got, f.File+":"+strconv.Itoa(f.Line)+" "+f.Tag())
	}
	assert.Equal(t, []string{"scripts/third_party/ask.run:1 RED:direct-literal", "tools/vendor/run.run:1 RED:direct-literal"}, got)

	// the root's vendor/ is left out whatever it holds (SPEC.md's
	// default scope)
	root = writeTree(t, map[string]string{
		"vendor/x.run":     "run claude\n",
		"lib/vendor/y.run": "run pi\n",
	})
	rep = scanTree(t, root, nil)
	got = nil
	for _, f := range rep.Findings {
		got = append(got, f.File+":"+strconv.Itoa(f.Line)+" "+f.Tag())
	}
	assert.Equal(t, []string{"lib/vendor/y.run:1 RED:direct-literal"}, got)
}
