package scanner

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeShell records the texts handed to it and rejects those that say so.
type fakeShell struct{ texts []string }

var errRejected = errors.New("rejected")

func (s *fakeShell) ScanText(p *Pass, text string, at Pos, via Class) error {
	s.texts = append(s.texts, text)
	if text == "reject" {
		return &ParseError{Pos: at, Msg: errRejected.Error()}
	}
	return nil
}

// TestScanShellRecordsFailure: a failure of the shell detector on embedded
// text is the pass's to record, not thrown away by each caller.
func TestScanShellRecordsFailure(t *testing.T) {
	sh := &fakeShell{}
	p := NewPass("a.yml", nil, DefaultConfig(), "yaml", Suite{Shell: sh})
	p.ScanShell("ok", Pos{Line: 1, Column: 1}, "")
	p.ScanShell("reject", Pos{Line: 2, Column: 3}, "")
	p.ScanShell("reject", Pos{Line: 5, Column: 1}, "")
	assert.Equal(t, []string{"ok", "reject", "reject"}, sh.texts)
	n, first := p.ShellFailures()
	assert.Equal(t, 2, n)
	var pe *ParseError
	require.ErrorAs(t, first, &pe)
	assert.Equal(t, Pos{Line: 2, Column: 3}, pe.Pos)
	assert.Equal(t, "a.yml:2:3: rejected", pe.Error(), "the error names the file")
}

// TestJudgeSequence covers the one judge sequence: nested shell strings go
// to the shell, a process API's launch is process-api unless its name came
// through a variable, Alt is judged when argv launches nothing, and the
// primitive spread over elements is data only on a shell line with no
// launch.
func TestJudgeSequence(t *testing.T) {
	at := Pos{Line: 4, Column: 2}
	lits := func(ws ...string) []Arg {
		var out []Arg
		for i, w := range ws {
			out = append(out, Arg{Value: w, Known: true, Pos: Pos{Line: 4, Column: 10 + i}})
		}
		return out
	}
	for _, tc := range []struct {
		name string
		cmd  Command
		want []Finding // Line, Column, Class, Runtime, Data
		sh   []string
	}{
		{name: "api", cmd: Command{Argv: lits("claude", "-p"), At: at, API: true},
			want: []Finding{{Line: 4, Column: 2, Class: ClassProcessAPI, Runtime: "claude"}}},
		{name: "api keeps variable-execution", cmd: Command{Argv: []Arg{{Value: "claude", Known: true, Via: ClassVariableExecution}}, At: at, API: true},
			want: []Finding{{Line: 4, Column: 2, Class: ClassVariableExecution, Runtime: "claude"}}},
		{name: "shell line at the element", cmd: Command{Argv: lits("npx", "@anthropic-ai/claude-code"), Via: ClassEval},
			want: []Finding{{Line: 4, Column: 11, Class: ClassEval, Runtime: "claude"}}},
		{name: "nested", cmd: Command{Argv: lits("bash", "-c", "echo hi"), At: at, API: true}, sh: []string{"echo hi"}},
		{name: "alt", cmd: Command{Argv: lits("ls", "-p"), At: at, API: true, Alts: []Arg{{Value: "claude", Known: true}}},
			want: []Finding{{Line: 4, Column: 2, Class: ClassProcessAPI, Runtime: "claude"}}},
		{name: "any possibility that is RED", cmd: Command{Argv: lits(WrapperCommand, "--runtime", "claude"), At: at, API: true,
			Alts: []Arg{{Value: "git", Known: true}, {Value: "pi", Known: true}}},
			want: []Finding{{Line: 4, Column: 2, Class: ClassProcessAPI, Runtime: "pi"}}},
		{name: "gated when every runtime possibility is", cmd: Command{Argv: lits("git", "--runtime", "claude"), At: at, API: true,
			Alts: []Arg{{Value: WrapperCommand, Known: true}, {Value: "ls", Known: true}}},
			want: []Finding{{Line: 4, Column: 2, Class: ClassGated, Runtime: "claude"}}},
		{name: "primitive on a shell line", cmd: Command{Argv: lits("echo", "--permission-mode", "bypassPermissions"), Data: true}, // check-launches: inert — test input
			want: []Finding{{Line: 4, Column: 11, Class: ClassDangerousPrimitive, Data: true}}},
		{name: "primitive in an api argv", cmd: Command{Argv: lits("ls", "--permission-mode", "bypassPermissions"), At: at, API: true}, // check-launches: inert — test input
			want: []Finding{{Line: 4, Column: 11, Class: ClassDangerousPrimitive}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sh := &fakeShell{}
			p := NewPass("a.x", nil, DefaultConfig(), "x", Suite{Shell: sh})
			p.Judge(tc.cmd)
			var got []Finding
			for _, f := range p.Findings() {
				got = append(got, Finding{Line: f.Line, Column: f.Column, Class: f.Class, Runtime: f.Runtime, Data: f.Data})
			}
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.sh, sh.texts)
		})
	}
}
