package golang

import "testing"

// TestStripMarks checks the literal read without the marks between its
// letters (the relevance question): only marks between two letters or
// digits go.
func TestStripMarks(t *testing.T) {
	for in, want := range map[string]string{
		"cl_aude": "claude", "c-l.a_u*d=e": "claude", "_pi_": "_pi_", "a__b": "ab", "x/y": "x/y", "": "",
	} {
		if got := stripMarks(in); got != want {
			t.Errorf("stripMarks(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRuneRun checks that rune literals listed together are one text and
// a lone one is none.
func TestRuneRun(t *testing.T) {
	for _, tc := range []struct {
		src, want string
		ok        bool
	}{
		{`'c', 'l', 'a'}`, "cla", true},
		{`'p','i')`, "pi", true},
		{`'x') + 'y'`, "", false},
		{`'\'', '\n'`, "", false},
		{`'a'`, "", false},
	} {
		got, end := runeRun([]byte(tc.src), 0)
		if (end > 0) != tc.ok || got != tc.want {
			t.Errorf("runeRun(%q) = %q, %d; want %q, %v", tc.src, got, end, tc.want, tc.ok)
		}
	}
	var got []string
	stringLiterals([]byte("x := []byte{'c', 'l', 'a', 'u', 'd', 'e'}; y := 'z'; s := \"k\""), func(s string) bool {
		got = append(got, s)
		return true
	})
	if len(got) != 2 || got[0] != "claude" || got[1] != "k" {
		t.Errorf("stringLiterals = %q, want [claude k]", got)
	}
}
