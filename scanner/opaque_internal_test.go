package scanner

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestInertLiteral: a literal that can only be data is not a place a file
// names a runtime as a command (NamedAsValue, NamedAsCommand).
func TestInertLiteral(t *testing.T) {
	for src, want := range map[string]bool{
		`if hasattr(target, 'pi'):`:              true,
		`parser.x = getattr(target, "pi", None)`: true,
		`setattr(obj, 'claude', 1)`:              true,
		"    'pi':       0x03c0, # greek pi\n":   true,
		`if agent == "claude":`:                  true,
		`AGENT = "claude"`:                       false,
		`run(target, "claude")`:                  false,
		`subprocess.run(["claude", "-p"])`:       false,
		`myhasattr(x, "claude")`:                 false,
		`hasattr(t, f(a, "pi"))`:                 false,
	} {
		off := -1
		for _, w := range []string{"claude", "pi"} {
			if i := indexWord(src, w); i >= 0 && (off < 0 || i < off) {
				off = i
			}
		}
		n := 2
		if strings.HasPrefix(src[off:], "claude") {
			n = 6
		}
		assert.Equal(t, want, inertLiteral([]byte(src), off, n), src)
	}
}

// indexWord is the first place w occurs right after a quote in s.
func indexWord(s, w string) int {
	for i := 1; i+len(w) <= len(s); i++ {
		if s[i:i+len(w)] == w && (s[i-1] == '"' || s[i-1] == '\'') {
			return i
		}
	}
	return -1
}
