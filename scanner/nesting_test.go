package scanner

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScanShellNestingReported: shell strings handed on inside shell
// strings stop at maxNesting, and reaching it is an unparseable finding,
// not silence.
func TestScanShellNestingReported(t *testing.T) {
	sh := &recursingShell{}
	p := NewPass("a.sh", []byte("x\n"), DefaultConfig(), "shell", Suite{Shell: sh})
	p.ScanShell("bash -c ...", Pos{Line: 1, Column: 1}, ClassEval)
	assert.Equal(t, maxNesting, sh.calls)
	fs := p.Findings()
	require.Len(t, fs, 1)
	assert.Equal(t, ClassUnparseable, fs[0].Class)
	assert.Contains(t, fs[0].Message, "shell strings nested deeper than 16 levels")
}

// recursingShell hands every string on to the shell again, one line down.
type recursingShell struct{ calls int }

func (r *recursingShell) ScanText(p *Pass, text string, at Pos, via Class) error {
	r.calls++
	p.ScanShell(text, Pos{Line: at.Line + 1, Column: 1}, via)
	return nil
}
