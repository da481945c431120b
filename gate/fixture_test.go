package gate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixture is a temporary tree with the gate's files where a broker would
// put them, a home folder and a repository, and the default policy bound to
// it.
type fixture struct {
	root, home, repo string
	hook, sockDir    string
	policyFile       string
	settings, ext    string
	pol              *Policy
	repl             *strings.Replacer
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{
		root:       root,
		home:       filepath.Join(root, "home"),
		repo:       filepath.Join(root, "repo"),
		hook:       filepath.Join(root, "bin", "mutator-gate"),
		sockDir:    filepath.Join(root, "run", "leasegate"),
		policyFile: filepath.Join(root, "etc", "policy.yaml"),
		settings:   filepath.Join(root, "cfg", "settings.json"),
		ext:        filepath.Join(root, "ext", "gate.ts"),
	}
	for _, d := range []string{
		filepath.Dir(f.hook), f.sockDir, filepath.Dir(f.policyFile), filepath.Dir(f.settings),
		filepath.Dir(f.ext), filepath.Join(f.home, ".claude"), filepath.Join(f.home, ".pi", "agent"),
		filepath.Join(f.repo, ".git", "hooks"), filepath.Join(f.repo, ".claude", "commands"),
		filepath.Join(f.repo, "src"), filepath.Join(root, "other"),
	} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, file := range []string{f.hook, f.policyFile, f.settings, f.ext, filepath.Join(f.home, ".claude", "settings.json")} {
		if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A symlink to the hook, and one into .git/hooks from inside the repo.
	must(t, os.Symlink(f.hook, filepath.Join(root, "other", "hook-link")))
	must(t, os.Symlink(filepath.Join(f.repo, ".git", "hooks"), filepath.Join(f.repo, "hooks-link")))
	no := false
	pol, err := DefaultPolicy().WithEnv(Env{
		Hook: f.hook, Settings: []string{f.settings}, PiExtension: f.ext,
		SocketDir: f.sockDir, Policy: f.policyFile, Home: f.home, FoldCase: &no,
	})
	if err != nil {
		t.Fatal(err)
	}
	f.pol = pol
	f.repl = strings.NewReplacer(
		"{{ROOT}}", root, "{{HOME}}", f.home, "{{REPO}}", f.repo, "{{HOOK}}", f.hook,
		"{{SOCKDIR}}", f.sockDir, "{{POLICY}}", f.policyFile, "{{SETTINGS}}", f.settings,
		"{{EXT}}", f.ext,
	)
	return f
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func (f *fixture) x(s string) string { return f.repl.Replace(s) }

func (f *fixture) bash(tool, cmd string) Call {
	in, _ := json.Marshal(map[string]string{"command": f.x(cmd)})
	return Call{Runtime: "claude", Tool: tool, Input: in, Cwd: f.repo, Verified: true, Session: "s1"}
}

func ruleIDs(ds []Decision) []string {
	var ids []string
	for _, d := range ds {
		ids = append(ids, d.Rule)
	}
	return ids
}

func hasRule(ds []Decision, id string) bool {
	for _, d := range ds {
		if d.Rule == id {
			return true
		}
	}
	return false
}
