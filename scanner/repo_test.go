package scanner

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func lits(ws ...string) []Arg {
	out := make([]Arg, len(ws))
	for i, w := range ws {
		out[i] = Arg{Value: w, Known: w != "?", Pos: Pos{Line: 1, Column: i + 1}}
	}
	return out
}

// TestScriptRuns covers which words of an argv are a script run by path
// and which arguments it gets.
func TestScriptRuns(t *testing.T) {
	tests := []struct {
		argv []string
		want []string // spec, then its arguments, per run
	}{
		{[]string{"./scripts/x.sh", "claude", "-p"}, []string{"./scripts/x.sh claude -p"}},
		{[]string{"scripts/x.sh", "claude"}, []string{"scripts/x.sh claude"}},
		{[]string{"bash", "scripts/x.sh", "pi"}, []string{"scripts/x.sh pi"}},
		{[]string{"sh", "-e", "x.sh", "claude"}, []string{"x.sh claude"}},
		{[]string{"sudo", "-u", "bot", "./x.sh", "claude"}, []string{"./x.sh claude"}},
		{[]string{"exec", "/entry.sh", "claude"}, []string{"/entry.sh claude"}},
		{[]string{"…/x.sh", "claude"}, []string{"./x.sh claude"}},
		{[]string{"…/../bin/x.sh", "claude"}, []string{"./../bin/x.sh claude"}},
		// found on PATH: the repository's script of that name, if any
		{[]string{"x.sh", "claude"}, []string{"$PATH/x.sh claude"}},
		{[]string{"sudo", "with-retry", "claude"}, []string{"$PATH/with-retry claude"}},
		{[]string{"bash", "-c", "echo", "claude"}, nil}, // a string, not a script
		{[]string{"bash", "-c", "./x.sh"}, nil},         // a string, not a script
		// a TS/JS script: its summary says what it runs of process.argv
		{[]string{"node", "x.js", "claude"}, []string{"x.js claude"}},
		{[]string{"tsx", "--env-file", ".env", "bin/x.ts", "pi"}, []string{"bin/x.ts pi"}},
		{[]string{"node", "x.json", "claude"}, nil},     // not a script Node runs
		{[]string{"node", "-e", "x.js", "claude"}, nil}, // code, not a script
		{[]string{"?", "claude"}, nil},
		{[]string{"./dir/", "claude"}, nil},
	}
	for _, tt := range tests {
		var got []string
		for _, r := range ScriptRuns(lits(tt.argv...)) {
			got = append(got, strings.Join(append([]string{r.Spec}, argValues(r.Args)...), " "))
		}
		assert.Equal(t, tt.want, got, "%q", tt.argv)
	}
}

// argValues is the values of args.
func argValues(args []Arg) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a.Value
	}
	return out
}

// TestSinkDerive covers the argv a script's sink runs from its arguments.
func TestSinkDerive(t *testing.T) {
	args := lits("out.log", "claude", "-p")
	tests := []struct {
		sink Sink
		want []string
	}{
		{Sink{Param: 0, Role: SinkArgv}, []string{"out.log", "claude", "-p"}},
		{Sink{Param: 1, Role: SinkArgv}, []string{"claude", "-p"}},
		{Sink{Param: 1, Role: SinkProgram}, []string{"claude"}},
		{Sink{Param: 1, Role: SinkShell}, []string{"sh", "-c", "claude"}},
		{Sink{Option: "--tool", Role: SinkProgram}, []string{}}, // not given
		{Sink{Param: 3, Role: SinkArgv}, []string{}},
		{Sink{Param: 0, Role: SinkArgs}, []string{}},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, argValues(tt.sink.Derive(args)), "%+v", tt.sink)
	}
	// a script's option: its value, spelled either way, the last one given
	opt := Sink{Option: "--tool", Role: SinkProgram}
	assert.Equal(t, []string{"claude"}, argValues(opt.Derive(lits("-v", "--tool", "claude", "x"))))
	assert.Equal(t, []string{"pi"}, argValues(opt.Derive(lits("--tool=git", "--tool=pi"))))
	assert.Equal(t, []string{}, argValues(opt.Derive(lits("--", "--tool", "claude"))))
	assert.Equal(t, []string{}, argValues(opt.Derive(lits("--tools", "claude"))))
}
