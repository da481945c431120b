package golang

import "testing"

// TestStubsTypeCheck checks that every built-in stub type-checks: a broken
// stub would silently blind the detector.
func TestStubsTypeCheck(t *testing.T) {
	pkgs := stubPackages()
	for p := range stubSources {
		if pkgs[p] == nil || !pkgs[p].Complete() {
			t.Errorf("stub %s did not type-check", p)
		}
	}
	for _, tc := range []struct{ path, name string }{
		{"gopkg.in/yaml.v3", "yaml"}, {"github.com/x/y/v2", "y"}, {"github.com/a/go-foo", "foo"}, {"", "_"},
	} {
		if got := guessPackageName(tc.path); got != tc.name {
			t.Errorf("guessPackageName(%q) = %q, want %q", tc.path, got, tc.name)
		}
	}
}
