package scanner

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMaySpellPrimitive: a value with unknown parts (written "\x00") is
// the primitive when a known piece beside a hole shares a distinctive
// part of a form; a hole with nothing distinctive beside it is not.
func TestMaySpellPrimitive(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"--dangerously-skip-\x00", true},
		{"--dangerously\x00", true},
		{"\x00-skip-permissions", true},
		{"bypass\x00", true},
		{"\x00Permissions", true},
		{"--allow-dangerously-skip-\x00", true},
		{"--\x00", false},
		{"\x00", false},
		{"acceptEdits\x00", false},
		{"permissions-\x00", false},
		{"$HOME/.config/\x00/permissions.json", false},
		{"--dangerously-skip-permissions", false}, // check-launches: inert — no hole: FindDangerous's case, a fixture
		{"--verbose \x00", false},
	} {
		_, got := MaySpellPrimitive(tc.in, "\x00")
		assert.Equal(t, tc.want, got, "%q", tc.in)
	}
}
