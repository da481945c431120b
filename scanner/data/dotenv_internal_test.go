package data

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDotenvLine(t *testing.T) {
	for _, c := range []struct {
		line, name, val string
		at              int
		ok              bool
	}{
		{"AGENT_BIN=claude\n", "AGENT_BIN", "claude", 10, true},
		{"export REVIEWER=\"pi\"\n", "REVIEWER", "pi", 17, true},
		{"  X = 'claude -p' # note\r\n", "X", "claude -p", 7, true},
		{"BIN=/usr/local/bin/claude # the agent", "BIN", "/usr/local/bin/claude", 4, true},
		{"OPEN=\"claude", "OPEN", "claude", 6, true},
		{"# AGENT_BIN=claude", "", "", 0, false},
		{"=claude", "", "", 0, false},
		{"9X=claude", "", "", 0, false},
		{"just text", "", "", 0, false},
	} {
		name, val, at, ok := dotenvLine([]byte(c.line))
		assert.Equal(t, c.ok, ok, c.line)
		if c.ok {
			assert.Equal(t, c.name, name, c.line)
			assert.Equal(t, c.val, val, c.line)
			assert.Equal(t, c.at, at, c.line)
		}
	}
}
