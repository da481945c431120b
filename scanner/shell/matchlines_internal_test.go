package shell

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMatchLinesSame: over the lines that hold a key, each expression
// finds what it finds over the whole text, on texts made of the pieces
// its matches are made of.
func TestMatchLinesSame(t *testing.T) {
	pieces := []string{"source", ".", " ", "\t", "\n", "sh", "bash", "zsh", "cat", "|", "<", "-s", ";", "&", "(", "{", "then", "do", "else",
		"'", "\"", "`", "./x.sh", "lib/env.sh", "notes.txt", "sudo", "echo", "push", "a", "/"}
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := rng.Intn(40); n >= 0; n-- {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		text := b.String()
		for _, e := range linkExprs {
			want := e.re.FindAllStringSubmatchIndex(text, -1)
			got := matchLines(e.re, text, e.keys...)
			// only the operand (group 1) is used, and its place
			var w, g [][2]int
			for _, m := range want {
				w = append(w, [2]int{m[2], m[3]})
			}
			for _, m := range got {
				g = append(g, [2]int{m[2], m[3]})
			}
			require.Equal(t, w, g, "%s on %q", e.re, text)
		}
	}
}
