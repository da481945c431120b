package checklaunches

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/leasegate/leasegate/version"
)

func TestRootFlags(t *testing.T) {
	tests := []struct {
		args []string
		want Options
	}{
		{nil, Options{Root: ".", Progress: "auto"}},
		{[]string{"--root", "x", "--json"}, Options{Root: "x", JSON: true, Progress: "auto"}},
		{[]string{"--format", "sarif", "--config", "c.yaml"}, Options{Root: ".", Format: "sarif", Config: "c.yaml", Progress: "auto"}},
		{[]string{"--baseline", "b.json", "--diff-base", "origin/main"}, Options{Root: ".", Baseline: "b.json", DiffBase: "origin/main", Progress: "auto"}},
		{[]string{"--write-baseline", "b.json", "--output", "sarif=o.sarif", "--output", "markdown=s.md"},
			Options{Root: ".", WriteBaseline: "b.json", Outputs: []string{"sarif=o.sarif", "markdown=s.md"}, Progress: "auto"}},
		{[]string{"--progress", "never"}, Options{Root: ".", Progress: "never"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var got *Options
			cmd := NewCmdRoot(&IO{Out: &bytes.Buffer{}, Err: &bytes.Buffer{}}, func(o *Options) error { got = o; return nil })
			cmd.SetArgs(tt.args)
			if err := cmd.Execute(); err != nil {
				t.Fatal(err)
			}
			got.IO = nil
			if !equalOptions(*got, tt.want) {
				t.Errorf("got %+v, want %+v", *got, tt.want)
			}
		})
	}
}

func equalOptions(a, b Options) bool {
	return a.Root == b.Root && a.Config == b.Config && a.JSON == b.JSON && a.SARIF == b.SARIF && a.Format == b.Format &&
		strings.Join(a.Outputs, "\n") == strings.Join(b.Outputs, "\n") && a.Baseline == b.Baseline &&
		a.WriteBaseline == b.WriteBaseline && a.DiffBase == b.DiffBase && a.Progress == b.Progress
}

// TestUsageErrors checks that every bad command line exits 2 with exactly
// one line on stderr and nothing on stdout, and never scans.
func TestUsageErrors(t *testing.T) {
	root := writeTree(t, map[string]string{"ok.txt": "nothing here\n"})
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--bogus"}, "unknown flag: --bogus"},
		{[]string{"--root"}, "flag needs an argument"},
		{[]string{"--json", "--sarif"}, "give only one of"},
		{[]string{"--json", "--format", "text"}, "give only one of"},
		{[]string{"--format", "xml"}, `unknown format "xml"`},
		{[]string{"--output", "sarif"}, "want FORMAT=FILE"},
		{[]string{"--output", "pdf=x.pdf"}, `unknown format "pdf"`},
		{[]string{"--progress", "sometimes"}, "want auto, always or never"},
		{[]string{"stray"}, `unknown command "stray"`},
		{[]string{"explain", "nope"}, `unknown class "nope"`},
		{[]string{"explain", "eval", "gated"}, "accepts at most 1 arg"},
		{[]string{"init", "--bogus"}, "unknown flag: --bogus"},
		{[]string{"--root", root, "--config", filepath.Join(root, "missing.yaml")}, "missing.yaml"},
		{[]string{"--root", filepath.Join(root, "missing")}, "root"},
		{[]string{"--root", root, "--baseline", filepath.Join(root, "missing.json")}, "baseline"},
		{[]string{"--root", root, "--diff-base", "main"}, "--diff-base main"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errs := runCmd(t, nil, tt.args...)
			if code != ExitError {
				t.Errorf("exit %d, want %d", code, ExitError)
			}
			if out != "" {
				t.Errorf("stdout not empty: %q", out)
			}
			if strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, "\n") || !strings.HasPrefix(errs, "check-launches: ") {
				t.Errorf("stderr is not one line starting check-launches: %q", errs)
			}
			if !strings.Contains(errs, tt.want) {
				t.Errorf("stderr %q does not contain %q", errs, tt.want)
			}
		})
	}
}

func TestBadConfigExitsTwo(t *testing.T) {
	root := writeTree(t, map[string]string{".check-launches.yaml": "includes: [x]\n", "a.txt": "x\n"})
	code, _, errs := runCmd(t, nil, "--root", root)
	if code != ExitError || !strings.Contains(errs, "includes") || strings.Count(errs, "\n") != 1 {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestExitStatuses(t *testing.T) {
	clean := writeTree(t, map[string]string{"notes.txt": "claude is a name\n"})
	red := writeTree(t, map[string]string{"notes.conf": "pass --dangerously-skip-permissions\n"}) // check-launches: inert test fixture
	if code, out, _ := runCmd(t, nil, "--root", clean); code != ExitOK || !strings.Contains(out, "ok: 0 / 0 launches gated, 0 RED") {
		t.Errorf("clean tree: exit %d\n%s", code, out)
	}
	if code, out, _ := runCmd(t, nil, "--root", red); code != ExitRed || !strings.Contains(out, "[RED:dangerous-primitive]") {
		t.Errorf("red tree: exit %d\n%s", code, out)
	}
}

func TestInit(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := runCmd(t, nil, "init", "--root", dir)
	if code != ExitOK || !strings.Contains(out, "wrote") {
		t.Fatalf("init: exit %d, %q %q", code, out, errs)
	}
	file := filepath.Join(dir, ".check-launches.yaml")
	got, err := os.ReadFile(file)
	if err != nil || !bytes.Equal(got, StarterConfig()) {
		t.Fatalf("init wrote %q (%v)", got, err)
	}
	if err := os.WriteFile(file, []byte("# mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs = runCmd(t, nil, "init", "--root", dir)
	if code != ExitError || !strings.Contains(errs, "--force") {
		t.Errorf("init over an existing file: exit %d, %q", code, errs)
	}
	if b, _ := os.ReadFile(file); string(b) != "# mine\n" {
		t.Errorf("init overwrote the file without --force: %q", b)
	}
	if err := runInit(&InitOptions{Root: dir, IO: &IO{Out: &bytes.Buffer{}}}); !errors.Is(err, ErrConfigExists) {
		t.Errorf("err = %v, want ErrConfigExists", err)
	}
	if code, _, errs := runCmd(t, nil, "init", "--root", dir, "--force"); code != ExitOK {
		t.Errorf("init --force: exit %d %q", code, errs)
	}
	if b, _ := os.ReadFile(file); !bytes.Equal(b, StarterConfig()) {
		t.Errorf("init --force did not overwrite")
	}
	// The starter config is a valid config: scanning with it works.
	if code, _, errs := runCmd(t, nil, "--root", dir); code != ExitOK {
		t.Errorf("scan with the starter config: exit %d %q", code, errs)
	}
}

func TestCompletion(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish"} {
		code, out, errs := runCmd(t, nil, "completion", sh)
		if code != ExitOK || !strings.Contains(out, "check-launches") {
			t.Errorf("completion %s: exit %d, %d bytes, %q", sh, code, len(out), errs)
		}
	}
	// Classes complete after explain.
	code, out, _ := runCmd(t, nil, "__complete", "explain", "")
	if code != ExitOK || !strings.Contains(out, "command-substitution") || !strings.Contains(out, "dangerous-primitive") {
		t.Errorf("explain completion: exit %d\n%s", code, out)
	}
}

// TestVersion: --version prints the version and commit of the version
// package (stamped by make dist; release/ checks a stamped binary).
func TestVersion(t *testing.T) {
	code, out, _ := runCmd(t, nil, "--version")
	if want := "check-launches " + version.String() + "\n"; code != ExitOK || out != want {
		t.Errorf("--version: exit %d %q, want %q", code, out, want)
	}
}
