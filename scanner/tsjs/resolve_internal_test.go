package tsjs

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJSONC: tsconfig.json comments and trailing commas are dropped, and
// what looks like a comment inside a string is kept.
func TestJSONC(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"line comment", "{\"a\": 1 // x\n}", `{"a":1}`},
		{"block comment", `{/* x */"a": 1}`, `{"a":1}`},
		{"trailing commas", "{\"a\": [1, 2,\n], }", `{"a":[1,2]}`},
		{"slashes in a string", `{"u": "http://x/*y*/"}`, `{"u":"http://x/*y*/"}`},
		{"escaped quote", `{"q": "a\"//b"}`, `{"q":"a\"//b"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got any
			require.NoError(t, json.Unmarshal(jsonc([]byte(tc.in)), &got))
			out, err := json.Marshal(got)
			require.NoError(t, err)
			assert.JSONEq(t, tc.want, string(out))
		})
	}
}

// TestStarMatch: a `paths` or `imports` pattern has at most one star.
func TestStarMatch(t *testing.T) {
	for _, tc := range []struct {
		pat, spec, star string
		ok              bool
	}{
		{"@lib/*", "@lib/run", "run", true},
		{"#proc/*.js", "#proc/exec.js", "exec", true},
		{"@lib/*", "@other/run", "", false},
		{"exact", "exact", "", true},
		{"exact", "exactly", "", false},
		{"a*a", "a", "", false},
	} {
		star, ok := starMatch(tc.pat, tc.spec)
		assert.Equal(t, tc.ok, ok, "%s %s", tc.pat, tc.spec)
		assert.Equal(t, tc.star, star, "%s %s", tc.pat, tc.spec)
	}
}

// TestRelSpec: the specifier by which one file of the repository names
// another, from its own folder.
func TestRelSpec(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{"src/main.ts", "src/agent.json", "./agent.json"},
		{"src/main.ts", "config/agent.json", "../config/agent.json"},
		{"a/b/c/main.ts", "a/x.json", "../../x.json"},
		{"main.ts", "conf/x.json", "./conf/x.json"},
		{"a/b/main.ts", "x.json", "../../x.json"},
	} {
		assert.Equal(t, c.want, relSpec(c.from, c.to), c.from+" → "+c.to)
	}
}
