package gate

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPolicyCorpus loads every file under testdata/policy: those in ok/
// must load, each err/x.yaml must be refused with exactly the message in
// err/x.out (file:line:col: reason).
func TestPolicyCorpus(t *testing.T) {
	oks, _ := filepath.Glob("testdata/policy/ok/*.yaml")
	errs, _ := filepath.Glob("testdata/policy/err/*.yaml")
	if len(oks) == 0 || len(errs) < 20 {
		t.Fatalf("corpus missing: %d ok, %d err", len(oks), len(errs))
	}
	for _, f := range oks {
		if _, err := LoadPolicy(f); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	for _, f := range errs {
		want, err := os.ReadFile(strings.TrimSuffix(f, ".yaml") + ".out")
		if err != nil {
			t.Errorf("%s: no .out beside it: %v", f, err)
			continue
		}
		p, err := LoadPolicy(f)
		if err == nil {
			t.Errorf("%s: loaded, want refusal %q", f, want)
			_ = p
			continue
		}
		if !errors.Is(err, ErrInvalidPolicy) {
			t.Errorf("%s: error %v does not match ErrInvalidPolicy", f, err)
		}
		var pe *PolicyError
		if !errors.As(err, &pe) {
			t.Errorf("%s: error %T is not a *PolicyError", f, err)
		} else if pe.Line == 0 && !strings.HasSuffix(f, "empty.yaml") {
			t.Errorf("%s: error has no line: %v", f, err)
		}
		if got := strings.TrimSpace(err.Error()); got != strings.TrimSpace(string(want)) {
			t.Errorf("%s:\n got  %s\n want %s", f, got, strings.TrimSpace(string(want)))
		}
	}
}

func TestLoadPolicyMissingFile(t *testing.T) {
	_, err := LoadPolicy(filepath.Join(t.TempDir(), "nope.yaml"))
	if !errors.Is(err, os.ErrNotExist) || errors.Is(err, ErrInvalidPolicy) {
		t.Fatalf("got %v, want a not-exist error that is not ErrInvalidPolicy", err)
	}
}

// The docs carry a copy of the embedded default policy; keep them equal.
func TestDefaultPolicyDocsCopy(t *testing.T) {
	docs, err := os.ReadFile("../docs/default-policy.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if string(docs) != string(DefaultPolicyYAML()) {
		t.Fatal("docs/default-policy.yaml differs from gate/default-policy.yaml; copy it over")
	}
}

func TestProfiles(t *testing.T) {
	p := DefaultPolicy()
	ro, ok := p.Profile("read-only")
	if !ok || len(ro) == 0 || ro[0] != "Read" {
		t.Fatalf("read-only profile: %v %v", ro, ok)
	}
	ro[0] = "Bash" // a copy: the policy must not change
	if again, _ := p.Profile("read-only"); again[0] != "Read" {
		t.Fatal("Profile returned the policy's own slice")
	}
	if _, ok := p.Profile("nope"); ok {
		t.Fatal("unknown profile found")
	}
	if got := strings.Join(p.Profiles(), ","); got != "edit,read-only,review" {
		t.Fatalf("Profiles() = %s", got)
	}
}

// docs/policy.md has a section heading naming every default rule.
func TestDocsCoverEveryRule(t *testing.T) {
	doc, err := os.ReadFile("../docs/policy.md")
	if err != nil {
		t.Fatal(err)
	}
	var headings []string
	for _, line := range strings.Split(string(doc), "\n") {
		if strings.HasPrefix(line, "### ") {
			headings = append(headings, line)
		}
	}
	for _, rs := range DefaultPolicy().sets {
		for _, r := range rs.rules {
			found := false
			for _, h := range headings {
				if strings.Contains(h, "`"+r.id+"`") {
					found = true
				}
			}
			if !found {
				t.Errorf("docs/policy.md has no ### section for rule %s", r.id)
			}
		}
	}
}
