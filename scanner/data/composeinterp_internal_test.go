package data

import "testing"

// TestComposeInterp: compose's interpolation rules over a project .env.
func TestComposeInterp(t *testing.T) {
	vars := composeVars{"A": verbatim("agent", 0), "E": verbatim("", 0)}
	for _, tc := range []struct {
		in, want string
		known    bool
	}{
		{"${A}", "agent", true},
		{"$A -p", "agent -p", true},
		{"$$A", "$$A", true}, // escaped: left for composeUnescape
		{"${B}", "${B}", false},
		{"${B:-other}", "other", true},
		{"${B-other}", "other", true},
		{"${E:-other}", "other", true},
		{"${E-other}", "", true},
		{"${B:-${A}}", "agent", true},
		{"${B:?unset}", "${B:?unset}", false},
		{"${A:+x}", "x", true},
		{"${B:+x}", "${B:+x}", false},
		{"${A", "${A", true}, // unclosed: not a reference
	} {
		got, known := vars.interp(verbatim(tc.in, 0), 0)
		if got.s != tc.want || known != tc.known {
			t.Errorf("interp(%q) = %q, %v; want %q, %v", tc.in, got.s, known, tc.want, tc.known)
		}
	}
}
