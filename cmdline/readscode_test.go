package cmdline

import (
	"slices"
	"strings"
	"testing"
)

// TestReadsCode: an interpreter given no script, or `-`, reads its
// program from standard input; one given a script, -c/-e code or a
// module does not.
func TestReadsCode(t *testing.T) {
	for _, c := range []struct {
		argv string
		want string // the code form, "" when stdin is not the program
	}{
		{"python3 -", "python3 -c"},
		{"python3", "python3 -c"},
		{"sudo -u ci python3 -u", "python3 -c"},
		{"node", "node -e"},
		{"node -", "node -e"},
		{"perl", "perl -e"},
		{"ruby -", "ruby -e"},
		{"deno run -", "deno eval"},
		{"python3 tools/x.py", ""},
		{"python3 -c pass", ""},
		{"python3 -m json.tool", ""},
		{"node cli.js", ""},
		{"cat", ""},
		{"bash", ""},
	} {
		var argv []Word
		for _, w := range strings.Fields(c.argv) {
			argv = append(argv, Lit(w))
		}
		got, ok := ReadsCode(argv)
		if want := strings.Fields(c.want); ok != (c.want != "") || !slices.Equal(got, want) {
			t.Errorf("ReadsCode(%q) = %q, %v; want %q", c.argv, got, ok, c.want)
		}
	}
}
