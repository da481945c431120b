package checklaunches

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/leasegate/leasegate/scanner"
)

// The messages a newcomer meets first (issue 19): each test pins the
// information a message must carry; the wording may change.

// TestConfigErrorNamesPlaceAndValidKeys: an unknown key is reported at its
// line and column with the valid keys and the nearest one, and no Go type.
func TestConfigErrorNamesPlaceAndValidKeys(t *testing.T) {
	root := writeTree(t, map[string]string{".check-launches.yaml": "include: [src/**]\nexclud: [docs/**]\n", "a.sh": "true\n"})
	for _, args := range [][]string{{"--root", root}, {"config", "check", "--root", root}} {
		code, out, errs := runCmd(t, nil, args...)
		assert.Equal(t, ExitError, code, args)
		assert.Empty(t, out)
		file := filepath.Join(root, ".check-launches.yaml")
		assert.Contains(t, errs, file+":2:1: unknown key `exclud`")
		assert.Contains(t, errs, "did you mean `exclude`?")
		assert.Contains(t, errs, "`agent_actions`, `chokepoints`, `exclude`, `families`, `include`, `prose`, `runtimes`")
		assert.NotContains(t, errs, "scanner.")
		assert.NotContains(t, errs, "in type")
	}
}

func TestConfigBadGlobNamesItsLine(t *testing.T) {
	root := writeTree(t, map[string]string{".check-launches.yaml": "exclude:\n  - docs/**\n  - \"src/[a\"\n", "a.sh": "true\n"})
	code, _, errs := runCmd(t, nil, "--root", root)
	assert.Equal(t, ExitError, code)
	assert.Contains(t, errs, ".check-launches.yaml:3:5: exclude: bad glob \"src/[a\"")
}

// TestRootMustBeAFolder: --root naming a file says so, instead of an error
// about a config file inside it.
func TestRootMustBeAFolder(t *testing.T) {
	root := writeTree(t, map[string]string{"run.sh": "claude -p x\n"})
	file := filepath.Join(root, "run.sh")
	for _, args := range [][]string{{"--root", file}, {"config", "check", "--root", file}} {
		code, out, errs := runCmd(t, nil, args...)
		assert.Equal(t, ExitError, code)
		assert.Empty(t, out)
		assert.Contains(t, errs, "the root must be a folder")
		assert.NotContains(t, errs, "lstat")
		assert.NotContains(t, errs, "not a directory")
	}
	code, _, errs := runCmd(t, nil, "--root", filepath.Join(root, "missing"))
	assert.Equal(t, ExitError, code)
	assert.Contains(t, errs, "no such folder")
}

const droppingClaude = "runtimes:\n  claude:\n    commands: [claude-wrapper]\n    packages: ['@anthropic-ai/claude-code']\n"

// TestOverrideDroppingABuiltInWarns: a runtimes entry that leaves
// `claude` out of its own commands cannot switch detection of `claude`
// off (a change to the repository's config is in the agent's reach): the
// launch is still RED, and stderr and the JSON report say the built-in
// command was kept.
func TestOverrideDroppingABuiltInWarns(t *testing.T) {
	root := writeTree(t, map[string]string{".check-launches.yaml": droppingClaude, "run.sh": "#!/bin/sh\nclaude -p x\n"})
	code, out, errs := runCmd(t, nil, "--root", root, "--json")
	assert.Equal(t, ExitRed, code, "the built-in command is kept: the launch is RED")
	assert.Contains(t, errs, "check-launches: warning: ")
	assert.Contains(t, errs, ".check-launches.yaml:2:3: runtimes.claude leaves out the built-in command `claude`: kept")
	var rep struct {
		Warnings []struct {
			File    string `json:"file"`
			Line    int    `json:"line"`
			Column  int    `json:"column"`
			Message string `json:"message"`
		} `json:"warnings"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	require.Len(t, rep.Warnings, 1)
	assert.Equal(t, 2, rep.Warnings[0].Line)
	assert.Equal(t, 3, rep.Warnings[0].Column)
	assert.Contains(t, rep.Warnings[0].Message, "command `claude`")
	require.NoError(t, validateJSON(t, compileSchema(t, "report.schema.json"), []byte(out)))

	// --strict turns the warning into a failure, after the report.
	code, out, errs = runCmd(t, nil, "--root", root, "--strict")
	assert.Equal(t, ExitError, code)
	assert.Contains(t, out, "FAIL: ", "the report is still written")
	assert.Contains(t, errs, "1 config warning, and --strict is set")

	// Without the override there is no warnings key at all.
	plain := writeTree(t, map[string]string{"run.sh": "#!/bin/sh\nclaude -p x\n"})
	_, out, errs = runCmd(t, nil, "--root", plain, "--json")
	assert.NotContains(t, out, `"warnings"`)
	assert.Empty(t, errs)
}

// TestConfigCheck prints the effective config and exits 0; a warning
// fails only with --strict.
func TestConfigCheck(t *testing.T) {
	root := writeTree(t, map[string]string{".check-launches.yaml": "runtimes:\n  codex: {commands: [codex]}\nexclude: [docs/**]\n"})
	code, out, errs := runCmd(t, nil, "config", "check", "--root", root)
	require.Equal(t, ExitOK, code, errs)
	assert.Empty(t, errs)
	assert.True(t, strings.HasPrefix(out, "# "+filepath.Join(root, ".check-launches.yaml")+" is valid"), out)
	var eff scanner.EffectiveConfig
	require.NoError(t, yaml.Unmarshal([]byte(out), &eff))
	assert.Equal(t, []string{"docs/**"}, eff.Exclude)
	assert.Contains(t, eff.Runtimes, "claude", "the built-in runtimes are part of the effective config")
	assert.Equal(t, []string{"codex"}, eff.Runtimes["codex"].Commands)
	assert.Equal(t, "note", eff.Prose)
	// The printed config is itself a valid config that means the same.
	again, err := scanner.ParseConfig("printed", []byte(out))
	require.NoError(t, err)
	want, err := yaml.Marshal(eff)
	require.NoError(t, err)
	got, err := yaml.Marshal(again.Effective())
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))

	empty := t.TempDir()
	code, out, _ = runCmd(t, nil, "config", "check", "--root", empty)
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, out, "the defaults apply")

	warn := writeTree(t, map[string]string{".check-launches.yaml": droppingClaude})
	code, _, errs = runCmd(t, nil, "config", "check", "--root", warn)
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, errs, "warning: ")
	code, _, errs = runCmd(t, nil, "config", "check", "--root", warn, "--strict")
	assert.Equal(t, ExitError, code)
	assert.Contains(t, errs, "--strict")
}

// TestFailOnSkip: a skipped file passes by default (it is listed) and
// fails the run with --fail-on-skip.
func TestFailOnSkip(t *testing.T) {
	root := writeTree(t, map[string]string{"big.sh": strings.Repeat("#", scanner.MaxFileSize+1), "ok.sh": "#!/bin/sh\ntrue\n"})
	code, out, _ := runCmd(t, nil, "--root", root)
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, out, "big.sh: skipped: larger than")
	code, out, errs := runCmd(t, nil, "--root", root, "--fail-on-skip")
	assert.Equal(t, ExitRed, code)
	assert.Contains(t, out, "big.sh: skipped: larger than")
	assert.Contains(t, errs, "1 file in scope skipped, and --fail-on-skip is set")

	clean := writeTree(t, map[string]string{"ok.sh": "#!/bin/sh\ntrue\n"})
	code, _, _ = runCmd(t, nil, "--root", clean, "--fail-on-skip")
	assert.Equal(t, ExitOK, code)
}

// TestColorFlag: no colour when stdout is not a terminal, nor with
// NO_COLOR or --color=never; --color=always forces it.
func TestColorFlag(t *testing.T) {
	root := writeTree(t, map[string]string{"run.sh": "#!/bin/sh\nclaude -p x\n"})
	tests := []struct {
		name     string
		terminal bool
		env      map[string]string
		args     []string
		want     bool
	}{
		{"pipe", false, nil, nil, false},
		{"terminal", true, nil, nil, true},
		{"terminal, NO_COLOR", true, map[string]string{"NO_COLOR": "1"}, nil, false},
		{"terminal, never", true, nil, []string{"--color", "never"}, false},
		{"pipe, always", false, nil, []string{"--color=always"}, true},
		{"always beats NO_COLOR", false, map[string]string{"NO_COLOR": "1"}, []string{"--color=always"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb strings.Builder
			ios := &IO{Out: &out, Err: &errb, OutIsTerminal: tt.terminal, Getenv: func(k string) string { return tt.env[k] }}
			code := run(t.Context(), append([]string{"--root", root}, tt.args...), strings.NewReader(""), ios)
			assert.Equal(t, ExitRed, code)
			assert.Equal(t, tt.want, strings.Contains(out.String(), "\x1b["), out.String())
		})
	}
	code, _, errs := runCmd(t, nil, "--color", "rainbow")
	assert.Equal(t, ExitError, code)
	assert.Contains(t, errs, "--color")
}

// TestTextShowsSourceAndHint: a RED finding in the real command shows its
// line, a caret under the column and the explain hint.
func TestTextShowsSourceAndHint(t *testing.T) {
	root := writeTree(t, map[string]string{"run.sh": "#!/bin/sh\nset -eu\n  claude -p x\n"})
	code, out, _ := runCmd(t, nil, "--root", root)
	assert.Equal(t, ExitRed, code)
	assert.Contains(t, out, "run.sh:3:3: `claude` launched directly, bypassing launch-runtime [RED:direct-literal]\n"+
		"  3 |   claude -p x\n"+
		"    |   ^\n"+
		"  hint: `check-launches explain direct-literal` says why this fails and how to fix it\n")
	assert.Contains(t, out, ", 1 file scanned")
	_, err := os.Stat(filepath.Join(root, "run.sh"))
	require.NoError(t, err)
}

// TestActionFindingNamesTheInput: the sdk finding on a workflow step says
// which input to set, and what a configured value is instead.
func TestActionFindingNamesTheInput(t *testing.T) {
	const wf = "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: anthropics/claude-code-action@v1\n"
	tests := []struct {
		name, with string
		want       []string
	}{
		{"no input", "", []string{"set its input `path_to_claude_code_executable`", "launch-runtime-<name>", "launch-runtime --runtime claude"}},
		{"another binary", "        with:\n          path_to_claude_code_executable: ./bin/claude\n",
			[]string{"its input `path_to_claude_code_executable` is `./bin/claude`, not a launch-runtime shim"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := writeTree(t, map[string]string{".github/workflows/a.yml": wf + tt.with})
			code, out, _ := runCmd(t, nil, "--root", root)
			assert.Equal(t, ExitRed, code)
			assert.Contains(t, out, "[RED:sdk]")
			for _, w := range tt.want {
				assert.Contains(t, out, w)
			}
		})
	}
	_, out, _ := runCmd(t, nil, "explain", "sdk")
	assert.Contains(t, out, "anthropics/claude-code-action")
	assert.Contains(t, out, "path_to_claude_code_executable")
}

// TestConfigPageShowsRealMessages: the messages docs/config.md shows are
// the ones the command prints for these configs.
func TestConfigPageShowsRealMessages(t *testing.T) {
	page, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "config.md"))
	require.NoError(t, err)
	for _, cfg := range []string{
		"include: [src/**]\n\nexclud: [docs/**]\n",
		"include: [src/**]\nexclude:\n  - docs/**\n  - \"src/[a\"\n",
		"runtimes:\n  claude: {commands: [claude-wrapper]}\n",
	} {
		root := writeTree(t, map[string]string{".check-launches.yaml": cfg})
		t.Chdir(root)
		_, _, errs := runCmd(t, nil)
		require.NotEmpty(t, errs)
		assert.Contains(t, string(page), "\n"+errs, "docs/config.md does not show this message verbatim")
	}
}

// TestTokenBoundedFiles: the JS, Python and shell detectors do not parse
// a file past their token bound (scanner.TokenBounded, the memory one
// file may take): it is a listed skip, RED unparseable at the runtime's
// name it holds, and a generated file that names none passes.
func TestTokenBoundedFiles(t *testing.T) {
	dense := func(n int) string { return strings.Repeat("a;", n/2) }
	root := writeTree(t, map[string]string{
		"dist/bundle.js": dense(1<<21+10) + "\nrequire('child_process').spawn('claude')\n",
		"gen/big_pb2.py": strings.Repeat("a\n", 1<<20+10) + "import subprocess\nsubprocess.run(['claude'])\n",
		"gen/clean.py":   strings.Repeat("a\n", 1<<20+10) + "import subprocess\nsubprocess.run(['git'])\n",
		"ci/huge.sh":     "#!/bin/sh\n" + strings.Repeat("echo a b c\n", 1<<18+10) + "claude -p x\n",
	})
	code, out, _ := runCmd(t, nil, "--root", root)
	assert.Equal(t, ExitRed, code)
	for _, f := range []string{"dist/bundle.js", "gen/big_pb2.py", "gen/clean.py", "ci/huge.sh"} {
		assert.Contains(t, out, f+": skipped: more than")
	}
	assert.Contains(t, out, "RED:unparseable")
	assert.Contains(t, out, "javascript detector's bound on one file's memory")
	assert.NotRegexp(t, `gen/clean\.py:\d`, out)
}
