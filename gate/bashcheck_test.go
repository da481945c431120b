package gate

import (
	"os/exec"
	"testing"
)

// TestTableAgainstBash cross-checks the parser with the real bash (syntax
// only, `bash -n`: nothing runs): every command of the rule table that the
// gate parses, bash parses too, and every spelling the gate denies as
// unparseable, bash refuses (or, for a nested string, refuses when given
// that string).
func TestTableAgainstBash(t *testing.T) {
	if testing.Short() {
		t.Skip("needs bash; run without -short (CI does)")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("bash not found: this test must run where bash is installed")
	}
	f := newFixture(t)
	syntaxOK := func(src string) bool {
		return exec.Command(bash, "-n", "-c", src).Run() == nil
	}
	nested := map[string]string{ // unparseable only once a string is reparsed
		`bash -c 'echo "x'`: `echo "x`,
		`eval 'if then'`:    `if then`,
	}
	for _, tc := range bashRules {
		for _, list := range [][]string{tc.deny, tc.pass} {
			for _, cmd := range list {
				src := f.x(cmd)
				if tc.rule == "bash-unparseable" && containsStr(tc.deny, cmd) {
					inner, ok := nested[cmd]
					if !ok {
						inner = src
					}
					if syntaxOK(inner) {
						t.Errorf("gate calls %q unparseable, bash -n accepts %q", src, inner)
					}
					continue
				}
				if !syntaxOK(src) {
					t.Errorf("%s: bash -n refuses %q, which the gate judges as a command", tc.rule, src)
				}
			}
		}
	}
}
