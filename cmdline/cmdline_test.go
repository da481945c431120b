package cmdline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// words splits s at spaces; "?" is an unknown word and "%" a space inside
// a word.
func words(s string) []Word {
	var out []Word
	for _, w := range strings.Fields(s) {
		if w == "?" {
			out = append(out, Word{})
			continue
		}
		out = append(out, Lit(strings.ReplaceAll(w, "%", " ")))
	}
	return out
}

// show renders a result: argv readings as the command's words, strings as
// kind:"text", with * marking a reading past an unknown word.
func show(argv []Word, r Result) string {
	var parts []string
	for _, in := range r.Inners {
		s := ""
		switch in.Kind {
		case KindArgv:
			var ws []string
			for _, w := range argv[in.Start:in.End] {
				if !w.Known {
					ws = append(ws, "?")
					continue
				}
				ws = append(ws, w.Text)
			}
			s = strings.Join(ws, " ")
		case KindShell, KindTyped:
			s = fmt.Sprintf("%s:%q", in.Kind, in.Text)
		case KindPackage, KindScript:
			s = in.Kind.String() + ":"
			if in.Start >= 0 {
				s += argv[in.Start].Text
			}
			for _, k := range in.Packages {
				s += "+" + argv[k].Text
			}
		default:
			s = in.Kind.String()
		}
		if in.Opaque {
			s = "*" + s
		}
		parts = append(parts, s)
	}
	if r.Bound {
		parts = append(parts, "BOUND")
	}
	return strings.Join(parts, " | ")
}

// TestGrammar: the option grammar features, one row each.
func TestGrammar(t *testing.T) {
	tests := []struct{ argv, want string }{
		{"claude -p x", "claude -p x"},
		{"sudo -u bob -E claude", "claude"},                       // value option, then a flag
		{"sudo -ubob claude", "claude"},                           // value attached to its option
		{"sudo -Eu bob claude", "claude"},                         // grouped: the last letter takes the value
		{"sudo --user=bob claude", "claude"},                      // --opt=value
		{"sudo --user bob claude", "claude"},                      // --opt value
		{"sudo -- -weird", "-weird"},                              // -- ends options
		{"sudo -l claude", "none"},                                // an option after which nothing runs
		{"env A=1 B=2 claude", "claude"},                          // assignments
		{"env - claude", "claude"},                                // a lone - is env's option
		{"env -S claude%-p x", `shell:"claude -p x"`},             // split string, then the rest
		{"nice -10 claude", "claude"},                             // numeric option
		{"timeout -k 5 10m claude", "claude"},                     // an operand before the command
		{"bash -euo pipefail -c claude%-p", `shell:"claude -p"`},  // grouped short options, -c in a cluster
		{"bash -lc claude", `shell:"claude"`},                     // login flag grouped with -c
		{"bash +o posix -c claude", `shell:"claude"`},             // +o takes a value
		{"bash script.sh claude", "none"},                         // a script file runs
		{"bash", "stdin"},                                         // the script is stdin
		{"su bob -c claude", `shell:"claude"`},                    // options after operands
		{"runuser -u bob -- claude", "claude"},                    // an option that makes the rest an argv
		{"watch -n 1 claude -p", `shell:"claude -p"`},             // the operands joined are a string
		{"watch -x claude -p", "claude -p"},                       // ... unless -x
		{"ssh -p 22 host claude -p", `shell:"claude -p"`},         // an operand, then a string
		{"tmux send-keys -t s claude Enter", `typed:"claude"`},    // typed into a terminal; Enter dropped
		{"tmux ls", "none"},                                       // a subcommand that runs nothing
		{"docker run --rm -v a:b img claude", "claude"},           // value by default, flags listed
		{"docker run --entrypoint claude img", "claude img"},      // the entrypoint is the command
		{"kubectl exec -it pod -c box -- claude", "claude"},       // after -- only
		{"kubectl exec pod claude", "none"},                       // no --
		{"find . -exec claude {} ; -exec pi ;", "claude {} | pi"}, // every clause
		{"parallel -j2 claude ::: a b", "claude"},                 // ends at :::
		{"parallel --newopt x claude ::: a", "claude | x claude"}, // an unlisted option takes x, or is a flag
		{"parallel --pipe claude", "claude"},                      // a listed flag takes no value
		{"chpst -u a:a -/ /srv claude", "claude"},                 // runit's chpst: -/ takes a value
		{"npx -y -p @x/y claude", "package:claude+@x/y"},          // a package runner
		{"pnpm --package=@x/y dlx claude", "package:claude+--package=@x/y"},
		{"node --require x cli.js", "script:cli.js"}, // an interpreter's script
		{"node -e require('child_process').execSync('claude%-p')", `shell:"child_process" | shell:"claude -p"`},
		{"node -e console.log('claude')", "none"},     // code that spawns nothing
		{"cmd.exe /C claude -p", `shell:"claude -p"`}, // Windows: /c, case, .exe
		{"powershell -NoProfile -Command claude -p", `shell:"claude -p"`},
		{"capsh --drop=x -- -c claude", `shell:"claude"`}, // after --, a shell's arguments
		{"bwrap --bind / / claude", "claude"},             // an option with two values
		// Unknown words: opaque, never a reason to stop.
		{"? claude", "? claude"},                                    // an unknown command
		{"env ? claude", "? claude | *claude"},                      // the command, or an option
		{"sudo -u ? claude", "claude"},                              // an option's value
		{"timeout ? claude", "claude"},                              // an operand
		{"bash -c ?", `shell:"` + Placeholder + `"`},                // the string a shell runs
		{"ssh host claude ?", `shell:"claude ` + Placeholder + `"`}, // a placeholder in the string
	}
	for _, tt := range tests {
		t.Run(tt.argv, func(t *testing.T) {
			argv := words(tt.argv)
			assert.Equal(t, tt.want, show(argv, Unwrap(argv)))
		})
	}
}

// TestBound: the depth bound is reported, never silent.
func TestBound(t *testing.T) {
	var argv []Word
	for range 100 {
		argv = append(argv, Lit("nohup"))
	}
	argv = append(argv, Lit("claude"))
	r := Unwrap(argv)
	assert.True(t, r.Bound)
	assert.Empty(t, r.Inners)
	r = UnwrapDepth(argv, 200)
	assert.False(t, r.Bound)
	require.Len(t, r.Inners, 1)
	assert.Equal(t, 100, r.Inners[0].Start)

	// Possibilities are bounded too: every unknown word forks a reading.
	argv = []Word{Lit("env")}
	for range 200 {
		argv = append(argv, Word{})
	}
	r = Unwrap(argv)
	assert.True(t, r.Bound)
	assert.LessOrEqual(t, len(r.Inners), maxInners)
}

// FuzzUnwrap: any argv unwraps without a panic, within its bounds, and
// every reading points inside the argv.
func FuzzUnwrap(f *testing.F) {
	for _, s := range []string{"sudo -u bob env A=1 claude", "find . -exec x ; -exec", "bash -c", "docker run --entrypoint",
		"tmux send-keys", "kubectl exec --", "env -S", "pnpm --package=x dlx", "node -e", "cmd /c", "bwrap --bind a", "su - -c", "capsh --"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var argv []Word
		for _, w := range strings.Fields(s) {
			argv = append(argv, Word{Text: w, Known: !strings.Contains(w, "?")})
		}
		r := Unwrap(argv)
		require.LessOrEqual(t, len(r.Inners), maxInners)
		for _, in := range r.Inners {
			require.Less(t, in.Prog, len(argv)+1)
			if in.Kind == KindArgv {
				require.True(t, 0 <= in.Start && in.Start < in.End && in.End <= len(argv), "%+v", in)
			}
			for _, k := range in.Packages {
				require.Less(t, k, len(argv))
			}
			if in.Params > 0 {
				require.True(t, in.Arg < in.Params && in.Params < in.End && in.End <= len(argv), "%+v", in)
			}
		}
		ReadsStdin(argv) // within its bounds, without a panic
	})
}

// TestShellParams: the words after a -c string are its $0 and positional
// parameters; a string with none after it has none.
func TestShellParams(t *testing.T) {
	tests := []struct {
		argv        string
		params, end int // 0, 0: none
		arg         int
	}{
		{"sh -c exec%\"$@\" sh claude -p", 3, 6, 2},
		{"sudo -u bob bash -euo pipefail -c x _ a", 8, 10, 7},
		{"bash -c x", 0, 0, 2},
		{"env bash -lc x name", 4, 5, 3},
		{"ssh host x y", 0, 0, 2}, // a joined string takes no parameters
	}
	for _, tt := range tests {
		t.Run(tt.argv, func(t *testing.T) {
			r := Unwrap(words(tt.argv))
			require.Len(t, r.Inners, 1)
			in := r.Inners[0]
			require.Equal(t, KindShell, in.Kind)
			assert.Equal(t, tt.arg, in.Arg)
			assert.Equal(t, tt.params, in.Params)
			if tt.params > 0 {
				assert.Equal(t, tt.end, in.End)
			}
		})
	}
}

// TestReadsStdin: which argvs read a shell script from standard input (a
// here-document or a pipe given to them is shell text).
func TestReadsStdin(t *testing.T) {
	tests := []struct {
		argv string
		want bool
	}{
		{"bash", true},
		{"bash -s arg", true},
		{"bash -euo pipefail", true},
		{"bash -c x", false},
		{"bash ./setup.sh", false},
		{"bash ?", false}, // an unknown script operand
		{"/bin/sh -", true},
		{"fish", true},
		{"cmd.exe", true},
		{"sudo -iu agent", true},
		{"sudo -s", true},
		{"sudo -u agent tee /etc/x", false},
		{"sudo bash", true},
		{"su - agent", true},
		{"su agent -c x", false},
		{"runuser -l agent", true},
		{"ssh -i key.pem host", true},
		{"ssh host bash", true},                 // the remote command is a shell
		{"ssh host cd%/app%&&%exec%bash", true}, // ... anywhere in the string
		{"ssh -p 2222 host uptime", false},
		{"ssh host bash%-c%x", false},
		{"docker exec -i box sh", true},
		{"docker exec -i box cat", false},
		{"eval bash", true},
		{"env -i bash --norc", true},
		{"tee bash", false},                  // bash is tee's file
		{"tmux send-keys bash Enter", false}, // typed keys get no stdin
		{"node -e spawn('bash')", false},     // a string in code
		{"cat", false},
		{"", false},
	}
	for _, tt := range tests {
		t.Run(tt.argv, func(t *testing.T) {
			assert.Equal(t, tt.want, ReadsStdin(words(tt.argv)))
		})
	}

	// Past the bound the input is taken for shell.
	var argv []Word
	for range 100 {
		argv = append(argv, Lit("nohup"))
	}
	assert.True(t, ReadsStdin(append(argv, Lit("cat"))))
	deep := "cat"
	for range 10 {
		deep = "eval " + deep
	}
	assert.True(t, ReadsStdin(words("eval "+strings.ReplaceAll(deep, " ", "%"))))
}

// TestCode: interpreter code is handed back whole with the inners made of
// it, so a caller with a parser for its language can scan it; code whose
// word is unknown is not.
func TestCode(t *testing.T) {
	tests := []struct {
		name string
		argv []Word
		arg  int
		code string
	}{
		{"python -c, no process", Words("python3", "-c", "import json"), 2, "import json"},
		{"node -e with a spawn", Words("node", "-e", "require('child_process').execSync('ls')"), 2, "require('child_process').execSync('ls')"},
		{"behind a wrapper", Words("nohup", "python3", "-c", "print(1)"), 3, "print(1)"},
		{"attached deno eval", Words("deno", "eval", "console.log(1)"), 2, "console.log(1)"},
		{"unknown code", []Word{Lit("python3"), Lit("-c"), {}}, 0, ""},
		{"a script, not code", Words("python3", "x.py"), 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Unwrap(tt.argv)
			require.NotEmpty(t, r.Inners)
			for _, in := range r.Inners {
				assert.Equal(t, tt.code, in.Code)
				if tt.code != "" {
					assert.Equal(t, tt.arg, in.Arg)
				}
			}
		})
	}
}

// TestCodeCut: code with more string literals than the model takes says
// so (CodeCut), so the caller judges the code whole; code within the
// bound, or whose word is unknown, does not.
func TestCodeCut(t *testing.T) {
	many := strings.Repeat("var a = 'x';", maxCodeStrings) + "require('child_process').execSync('claude')"
	few := strings.Repeat("var a = 'x';", maxCodeStrings-2) + "require('child_process').execSync('claude')"
	tests := []struct {
		name string
		argv []Word
		cut  bool
	}{
		{"past the bound", Words("node", "-e", many), true},
		{"at the bound", Words("node", "-e", few), false},
		{"unknown code", []Word{Lit("node"), Lit("-e"), {}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Unwrap(tt.argv)
			require.NotEmpty(t, r.Inners)
			for _, in := range r.Inners {
				assert.Equal(t, tt.cut, in.CodeCut)
			}
		})
	}
}

// TestGuess: an unlisted program's "--" and a string starting a named
// program are what it may run; a listed, inert or unknown program, a bare
// operand and prose are not read.
func TestGuess(t *testing.T) {
	names := func(w string) bool { return w == "claude" }
	for _, tc := range []struct {
		argv             []string
		starts, strings_ []int
	}{
		{[]string{"remote-run", "--host", "h", "--", "claude", "-p", "x"}, []int{4}, nil},
		{[]string{"tool", "-C", "cd r && claude -p x"}, nil, []int{2}},
		{[]string{"tool", "-C", "sudo -u a claude -p x"}, nil, []int{2}},
		{[]string{"tool", "claude", "-p", "x"}, nil, nil},
		{[]string{"tool", "--title", "the claude -p run failed"}, nil, nil},
		{[]string{"tool", "--title", "claude"}, nil, nil},
		{[]string{"echo", "claude -p x"}, nil, nil},
		{[]string{"pkill", "-f", "claude -p"}, nil, nil},
		{[]string{"sudo", "--", "claude"}, nil, nil},
	} {
		g := Guess(Words(tc.argv...), names)
		assert.Equal(t, tc.starts, g.Starts, "%v starts", tc.argv)
		assert.Equal(t, tc.strings_, g.Strings, "%v strings", tc.argv)
	}
	assert.True(t, Inert("/usr/bin/grep"))
	assert.False(t, Inert("gcloud"))
}

// TestCrontab: crontab - (behind wrappers) installs what it reads; -l,
// -r, -e read nothing; a file operand is the crontab; the commands of a
// crontab keep their lines.
func TestCrontab(t *testing.T) {
	assert.True(t, ReadsCrontab(Words("crontab", "-")))
	assert.True(t, ReadsCrontab(Words("sudo", "crontab", "-u", "agent", "-")))
	assert.True(t, ReadsCrontab(Words("crontab")))
	assert.False(t, ReadsCrontab(Words("crontab", "-l")))
	assert.False(t, ReadsCrontab(Words("crontab", "-r")))
	assert.False(t, ReadsCrontab(Words("crontab", "jobs.cron")))
	k, ok := CrontabFile(Words("crontab", "-u", "agent", "jobs.cron"))
	assert.True(t, ok)
	assert.Equal(t, 3, k)
	got := CrontabCommands("# c\nX=1\n0 3 * * * cd /r && claude -p x % in\n@daily pi -p y\nbad\n")
	assert.Equal(t, "\n\n          cd /r && claude -p x \n       pi -p y\n\n", got)
}

func TestGuessSedExpression(t *testing.T) {
	names := func(w string) bool { return progName(w) == "claude" }
	assert.Empty(t, Guess(Words("xform", "--expr", "s/claude -p/x/"), names).Strings)
	assert.Equal(t, []int{2}, Guess(Words("xform", "--run", "/opt/bin/claude -p x"), names).Strings)
}
