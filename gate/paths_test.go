package gate

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestNormalizePath(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	must(t, err)
	mk := func(p string) string {
		full := filepath.Join(root, p)
		must(t, os.MkdirAll(full, 0o755))
		return full
	}
	real := mk("real/dir")
	mk("cwd/sub")
	must(t, os.Symlink(real, filepath.Join(root, "abs-link")))            // absolute target
	must(t, os.Symlink("real/dir", filepath.Join(root, "rel-link")))      // relative target
	must(t, os.Symlink("../real", filepath.Join(root, "cwd", "up-link"))) // relative with ..
	must(t, os.Symlink(filepath.Join(root, "real", "dir", "new.txt"), filepath.Join(root, "dangling")))
	must(t, os.Symlink("loop-b", filepath.Join(root, "loop-a")))
	must(t, os.Symlink("loop-a", filepath.Join(root, "loop-b")))
	must(t, os.Symlink("chain2", filepath.Join(root, "chain1")))
	must(t, os.Symlink("abs-link", filepath.Join(root, "chain2")))
	home := filepath.Join(root, "home")
	cwd := filepath.Join(root, "cwd")

	tests := []struct{ in, want string }{
		{"x.txt", cwd + "/x.txt"},
		{"./sub/../x.txt", cwd + "/x.txt"},
		{"../real/dir/f", real + "/f"},
		{"../../../../../../../..", "/"},
		{root + "/abs-link/f", real + "/f"},
		{root + "/rel-link/f", real + "/f"},
		{"up-link/dir/f", real + "/f"},
		{"up-link/dir/../../cwd/f", cwd + "/f"}, // ".." after a symlink goes up from its target
		{root + "/abs-link/../x", root + "/real/x"},
		{root + "/dangling", real + "/new.txt"}, // a write through a dangling link creates its target
		{root + "/chain1/f", real + "/f"},
		{"missing/../x", cwd + "/x"},
		{"missing/a/../../../abs-link/f", real + "/f"},
		{"~/.claude/settings.json", home + "/.claude/settings.json"},
		{"$HOME/.pi", home + "/.pi"},
		{"//" + root[1:] + "//real///dir/", real},
	}
	for _, tc := range tests {
		got, err := normalizePath(osFS{}, tc.in, cwd, home)
		if err != nil || got != tc.want {
			t.Errorf("normalizePath(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	if _, err := normalizePath(osFS{}, root+"/loop-a/x", cwd, home); !errors.Is(err, errSymlinkLoop) {
		t.Errorf("symlink loop: got %v", err)
	}
}

func TestPathPatternMatch(t *testing.T) {
	tests := []struct {
		pattern string
		fold    bool
		path    string
		want    bool
	}{
		{".git/hooks/", false, "/r/.git/hooks/pre-commit", true},
		{".git/hooks/", false, "/r/.git/hooks", true},
		{".git/hooks/", false, "/r/a/b/.git/hooks/x/y", true},
		{".git/hooks/", false, "/r/.git/hooksx", false},
		{".git/hooks/", false, "/r/.git/config", false},
		{".git/hooks/", true, "/r/.GIT/Hooks/pre-commit", true},
		{".git/hooks/", false, "/r/.GIT/Hooks/pre-commit", false},
		{".claude/settings*.json", false, "/r/.claude/settings.local.json", true},
		{".claude/settings*.json", false, "/r/.claude/commands/settings.json", false},
		{"/etc/x", false, "/etc/x", true},
		{"/etc/x", false, "/etc/x/y", false},
		{"/etc/x/", false, "/etc/x/y", true},
		{"/a/**/z", false, "/a/z", true},
		{"/a/**/z", false, "/a/b/c/z", true},
		{"/a/**/z", false, "/a/b/c/zz", false},
	}
	for _, tc := range tests {
		pp, err := compilePattern(osFS{}, tc.pattern, tc.pattern, "", tc.fold)
		must(t, err)
		if got := pp.match(tc.path, tc.fold); got != tc.want {
			t.Errorf("%q (fold %v) match %q = %v, want %v", tc.pattern, tc.fold, tc.path, got, tc.want)
		}
	}
}

// A protected file reached through a symlinked folder, and a pattern whose
// own folder is a symlink, both match.
func TestProtectedThroughSymlinks(t *testing.T) {
	f := newFixture(t)
	linkDir := filepath.Join(f.root, "bin-link")
	must(t, os.Symlink(filepath.Join(f.root, "bin"), linkDir))
	for _, p := range []string{linkDir + "/mutator-gate", linkDir + "/../bin/mutator-gate"} {
		in := []byte(`{"file_path":"` + p + `"}`)
		if ds := f.pol.Evaluate(Call{Tool: "Write", Input: in, Cwd: "/"}); !hasRule(ds, "write-gate-files") {
			t.Errorf("Write %s: %v", p, ds)
		}
	}
	// Bind with the hook named through the symlinked folder: the real path
	// must still match.
	no := false
	pol, err := DefaultPolicy().WithEnv(Env{Hook: linkDir + "/mutator-gate", Home: f.home, FoldCase: &no})
	must(t, err)
	in := []byte(`{"file_path":"` + f.hook + `"}`)
	if ds := pol.Evaluate(Call{Tool: "Write", Input: in}); !hasRule(ds, "write-gate-files") {
		t.Errorf("real path of a hook bound through a symlink: %v", ds)
	}
	cmd := []byte(`{"command":"python3 -c \"open('` + linkDir + `/mutator-gate','w')\""}`)
	if ds := pol.Evaluate(Call{Tool: "Bash", Input: cmd}); !hasRule(ds, "gate-files-shell") {
		t.Errorf("hook named through the symlinked folder inside a string: %v", ds)
	}
}

func TestFoldCase(t *testing.T) {
	f := newFixture(t)
	yes := true
	pol, err := DefaultPolicy().WithEnv(Env{Hook: f.hook, Home: f.home, FoldCase: &yes})
	must(t, err)
	for _, c := range []Call{
		{Tool: "Write", Input: []byte(`{"file_path":".GIT/hooks/pre-commit"}`), Cwd: f.repo},
		{Tool: "Write", Input: []byte(`{"file_path":".Claude/Settings.json"}`), Cwd: f.repo},
		{Tool: "Bash", Input: []byte(`{"command":"RM -rf /"}`), Cwd: f.repo},
	} {
		if ds := pol.Evaluate(c); len(ds) == 0 {
			t.Errorf("case-folded %s: not denied", c.Input)
		}
		if ds := f.pol.Evaluate(c); len(ds) != 0 {
			t.Errorf("case-sensitive %s: denied %v", c.Input, ds)
		}
	}
}

// TestBinariesProtected: leasegate's own binaries (${LEASEGATE_BINARIES})
// are gate files: a verified agent may not overwrite lease-broker or
// launch-runtime, by a write tool or through Bash, while a neighbour of
// theirs stays writable.
func TestBinariesProtected(t *testing.T) {
	dir := t.TempDir()
	broker, wrapper := filepath.Join(dir, "lease-broker"), filepath.Join(dir, "launch-runtime")
	pol, err := DefaultPolicy().WithEnv(Env{Binaries: []string{broker, wrapper}, Home: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	call := func(tool, input string) []Decision {
		return pol.Evaluate(Call{Runtime: "claude", Tool: tool, Input: json.RawMessage(input), Verified: true, Cwd: dir})
	}
	denied := func(ds []Decision) bool { _, ok := Enforced(ds); return ok }
	if ds := call("Write", `{"file_path":"`+broker+`","content":"x"}`); !denied(ds) {
		t.Errorf("Write to lease-broker allowed: %+v", ds)
	}
	if ds := call("Bash", `{"command":"cp /tmp/evil `+wrapper+`"}`); !denied(ds) {
		t.Errorf("Bash overwrite of launch-runtime allowed: %+v", ds)
	}
	if ds := call("Write", `{"file_path":"`+filepath.Join(dir, "notes.txt")+`","content":"x"}`); denied(ds) {
		t.Errorf("Write beside the binaries denied: %+v", ds)
	}
	if _, err := DefaultPolicy().WithEnv(Env{Binaries: []string{"relative/lease-broker"}}); !errors.Is(err, ErrBadEnv) {
		t.Errorf("relative binary path accepted: %v", err)
	}
}
