package scanner

import (
	"errors"
	"fmt"
	"strings"
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

// progDetector claims ".prog" files: each line "launch" is a direct
// launch of claude at that line, and a text "bad" does not parse.
type progDetector struct{ paths *[]string }

func (progDetector) Name() string { return "prog" }

func (progDetector) Match(f *File) bool { return f.Ext == ".prog" }

func (d progDetector) Scan(p *Pass) error {
	*d.paths = append(*d.paths, p.Path)
	if string(p.Src) == "bad" {
		return &ParseError{Pos: Pos{Line: 1, Column: 2}, Msg: "bad program"}
	}
	for i, l := range strings.Split(string(p.Src), "\n") {
		if l == "launch" {
			p.ReportLaunch(Pos{Line: i + 1, Column: 1}, &Launch{Runtime: "claude", Class: ClassDirectLiteral, Name: "claude"}, "")
		}
	}
	return nil
}

// TestScanAs: a program embedded in a data file goes to the suite's
// detector for its name; its findings land on the outer pass with the
// outer file and its choke point, positioned in the text; a parse failure
// is unparseable; a name no detector claims is reported as not scanned.
func TestScanAs(t *testing.T) {
	var paths []string
	suite := Suite{Detectors: []Detector{progDetector{&paths}}}
	p := NewPass("ci.yml", nil, DefaultConfig(), "yaml", suite)
	require.True(t, p.ScanAs("step.prog", "x\nlaunch"))
	require.True(t, p.ScanAs("step.prog", "bad"))
	assert.False(t, p.ScanAs("step.pl", "launch"))
	assert.Equal(t, []string{"step.prog", "step.prog"}, paths, "the detector sees the program's name")
	fs := p.Findings()
	require.Len(t, fs, 2)
	assert.Equal(t, "ci.yml", fs[0].File)
	assert.Equal(t, [2]int{2, 1}, [2]int{fs[0].Line, fs[0].Column})
	assert.Equal(t, ClassDirectLiteral, fs[0].Class)
	assert.Equal(t, VerdictRed, fs[0].Verdict)
	assert.Equal(t, ClassUnparseable, fs[1].Class)
	assert.Equal(t, [2]int{1, 2}, [2]int{fs[1].Line, fs[1].Column})

	cfg, err := ParseConfig("c.yaml", []byte("chokepoints: [ci.yml]\n"))
	require.NoError(t, err)
	p = NewPass("ci.yml", nil, cfg, "yaml", suite)
	require.True(t, p.ScanAs("step.prog", "launch"))
	require.Len(t, p.Findings(), 1)
	assert.Equal(t, ClassGated, p.Findings()[0].Class, "the outer file's choke point applies")
}

// TestCodeFile: interpreter code is named by its language for ScanAs;
// interpreters no detector reads get no name.
func TestCodeFile(t *testing.T) {
	for interp, want := range map[string]string{
		"python3": "code.py", "/usr/bin/python3.12": "code.py", "pypy3": "code.py", `C:\Python\python.exe`: "code.py",
		"node": "code.js", "nodejs": "code.js", "bun": "code.js", "deno": "code.ts",
		"perl": "", "ruby": "", "php": "",
	} {
		assert.Equal(t, want, codeFile(interp), interp)
	}
}

func TestSharedKeepIsBounded(t *testing.T) {
	var s Shared
	require.True(t, s.Keep("a", 1, MaxKeptBytes-10))
	require.False(t, s.Keep("b", 2, 11), "past MaxKeptBytes nothing more is kept")
	require.False(t, s.Keep("a", 3, 1), "one value a key")
	require.True(t, s.Keep("c", 4, 10))
	v, ok := s.Take("a")
	require.True(t, ok)
	require.Equal(t, 1, v)
	_, ok = s.Take("a")
	require.False(t, ok, "taken once")
	require.True(t, s.Keep("b", 2, 11), "what Take took frees its room")
}

// TestSharedAheadIsBounded: what a detector reads ahead is held up to
// MaxAheadBytes, the oldest dropped first; a file past an eighth of it is
// not held; what is taken is gone.
func TestSharedAheadIsBounded(t *testing.T) {
	var s Shared
	part := make([]byte, MaxAheadBytes/8)
	for i := range 8 {
		s.Ahead(fmt.Sprint(i), part)
	}
	s.Ahead("big", make([]byte, MaxAheadBytes/8+1))
	_, ok := s.TakeAhead("big")
	require.False(t, ok, "a file past an eighth of the bound is not held")
	s.Ahead("8", []byte("x"))
	_, ok = s.TakeAhead("0")
	require.False(t, ok, "the oldest is dropped past the bound")
	got, ok := s.TakeAhead("1")
	require.True(t, ok)
	require.Len(t, got, len(part))
	_, ok = s.TakeAhead("1")
	require.False(t, ok, "taken once")
	for i := range 10_000 {
		s.Ahead("n"+fmt.Sprint(i), []byte("x"))
		s.TakeAhead("n" + fmt.Sprint(i))
	}
	require.LessOrEqual(t, len(s.aheadOrder), 2*len(s.ahead)+65, "the order of taken paths is compacted")
}
