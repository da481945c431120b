package scanner

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTriggers(t *testing.T) {
	cfg := DefaultConfig()
	for _, tc := range []struct {
		src  string
		want Hits
	}{
		{`spawn("claude")`, HitRuntime},
		{`spawn('claude')`, HitRuntime},
		{"spawn(`claude -p x`)", HitRuntime},
		{`run(['pi', '-p'])`, HitRuntime},
		{`pi`, HitRuntime},
		{`# pi in a comment still counts`, HitRuntime},
		{`exec("./node_modules/.bin/claude")`, HitRuntime},
		{`from claude_agent_sdk import query`, HitRuntime},
		{`import { query } from "@anthropic-ai/claude-agent-sdk"`, HitRuntime},
		{`npx @mariozechner/pi-coding-agent`, HitRuntime},
		{`"echo hi\nclaude -p"`, HitRuntime}, // an escape ends right before the name
		{`"echo hi\x20pi -p"`, HitRuntime},   // a hex escape
		{`"echo hi\u0020pi -p"`, HitRuntime}, // a Unicode escape
		{`launch-runtime --runtime "$R"`, HitWrapper},
		{`x --dangerously-skip-permissions`, HitPrimitive | HitPieces},         // check-launches: inert — test input for the trigger pass
		{`"--permission-mode", "bypassPermissions"`, HitPrimitive | HitPieces}, // check-launches: inert — test input for the trigger pass
		{`'--dangerously-skip-' + 'perm' + 'issions'`, HitPieces},
		{`{"defaultMode": "x"}`, HitMode},
		// an inert marker's prefix is found, but makes no seed
		{"run() # check-" + "launches: inert — test input", HitMarker},
		{"check-" + "launches:pi", HitMarker | HitRuntime},
		{"check-" + "launches inert", 0},
		// Not words: no trigger.
		{`pip install api spin epic pie`, 0},
		{`claudette`, 0},
		{`PI = 3.14`, 0},
		{``, 0},
		{`subprocess.run(cmd)`, 0},
	} {
		got := cfg.Triggers().Scan([]byte(tc.src))
		assert.Equal(t, tc.want, got, "%q", tc.src)
		assert.Equal(t, tc.want&^HitMarker != 0, got.Seed(), "%q", tc.src)
	}
}

// TestTriggersFromConfig: a runtime the config adds is a trigger, by
// command and by package, with no second list to update.
func TestTriggersFromConfig(t *testing.T) {
	cfg, err := ParseConfig("c.yaml", []byte("runtimes:\n  codex:\n    commands: [codex]\n    packages: ['@openai/codex']\n"))
	require.NoError(t, err)
	assert.Equal(t, HitRuntime, cfg.Triggers().Scan([]byte(`spawn("codex")`)))
	assert.Equal(t, HitRuntime, cfg.Triggers().Scan([]byte(`npx @openai/codex@1`)))
	assert.Equal(t, Hits(0), DefaultConfig().Triggers().Scan([]byte(`spawn("codex")`)))
}

// TestNamesRuntime: the text of a call names a runtime by its command as
// a word or as the head of a camelCase name, or by a package anywhere;
// a command inside a longer word is only mentioned (MentionsRuntime).
func TestNamesRuntime(t *testing.T) {
	cfg := DefaultConfig()
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{`run('claude', x)`, true},
		{`run(opts.pi)`, true},
		{`run_claude(x)`, true},
		{`claude.run(x)`, true},
		{`run(claudeBin)`, true},
		{`run({ piPath })`, true},
		{`run(cfg.pi2Path)`, false}, // pi2 is a word of its own, not pi
		{`run("echo\npi")`, true},
		{`run('@anthropic-ai/claude-code')`, true},
		{`run('x@mariozechner/pi-coding-agentx')`, true},
		// any case, any word of a name (review 11)
		{`createAgentClient({ warp, apiKey, bin: CLAUDE })`, true},
		{`run(CLAUDE_BIN)`, true},
		{`run(cfg.CLAUDE_CMD)`, true},
		{`run(process.env.CLAUDE_PATH)`, true},
		{`run(ClaudeBin)`, true},
		{`run(pathToClaude)`, true},
		{`runClaude(x)`, true},
		{`run(PIAgent)`, true},
		{`run(Math.PI)`, true}, // PI is pi's name in capitals: over-approximated
		// only mentioned: a longer word holds the command
		{`createAgentClient({ warp, apiKey, config: fullConfig })`, false},
		{`make_client(api_key=k)`, false},
		{`run(spinner, pipe, claudette, pipeline, APIKey)`, false},
		{`run(XMLPipeReader, claudeish)`, false},
		{``, false},
	} {
		// (not a subset of MentionsRuntime, which is case-sensitive:
		// `CLAUDE_BIN` names claude but does not mention it)
		assert.Equal(t, tc.want, cfg.NamesRuntime([]byte(tc.src)), "%q", tc.src)
	}
}

// TestTriggersAgreeWithContains checks the automaton against the plain
// search it replaces, on text that packs every trigger among near misses.
func TestTriggersAgreeWithContains(t *testing.T) {
	cfg := DefaultConfig()
	words := []string{"claude", "pi", "pip", "launch-runtime", "dangerously-skip-permissions", "bypassPermissions",
		"ermission", "angerous", "defaultMode", "@anthropic-ai/claude-code", "claud", "launch-runtim", "x", " ", "\n", "-", MarkerPrefix}
	for i := 0; i < 2000; i++ {
		var b strings.Builder
		for j, n := 0, i; j < 4; j++ {
			b.WriteString(words[n%len(words)])
			n /= len(words)
			n += i * 7
		}
		src := []byte(b.String())
		want := Hits(0)
		for _, f := range []struct {
			s string
			k Hits
		}{{"launch-runtime", HitWrapper}, {"dangerously-skip-permissions", HitPrimitive}, {"bypassPermissions", HitPrimitive},
			{"defaultMode", HitMode}, {"@anthropic-ai/claude-code", HitRuntime}, {MarkerPrefix, HitMarker}} {
			if bytes.Contains(src, []byte(f.s)) {
				want |= f.k
			}
		}
		for w, k := range map[string]Hits{"claude": HitRuntime, "pi": HitRuntime, "ermission": HitPieces, "angerous": HitPieces} {
			for from := 0; ; {
				at := bytes.Index(src[from:], []byte(w))
				if at < 0 {
					break
				}
				start, end := from+at, from+at+len(w)
				if k == HitRuntime && isWord(src, start, end) || k == HitPieces && mayBePiece(src, start, end) {
					want |= k
				}
				from += at + 1
			}
		}
		require.Equal(t, want, cfg.Triggers().Scan(src), "%q", src)
	}
}

// benchSource is some 4 MiB of real source text: this package's own files,
// repeated.
func benchSource(b testing.TB) []byte {
	b.Helper()
	var src []byte
	files, err := filepath.Glob("*.go")
	require.NoError(b, err)
	for len(src) < 4<<20 {
		for _, f := range files {
			data, err := os.ReadFile(f)
			require.NoError(b, err)
			src = append(src, data...)
		}
	}
	return src
}

// BenchmarkTriggers is the one pass over a file's bytes for every trigger;
// compare it with BenchmarkTriggersFloor (every byte read once, as rg's
// memchr does) and BenchmarkTriggersContainsEach (one bytes.Contains per
// string, what the detectors did before), run together:
//
//	go test -run '^$' -bench Triggers ./scanner/
func BenchmarkTriggers(b *testing.B) {
	src := benchSource(b)
	tr := DefaultConfig().Triggers()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		tr.Scan(src)
	}
}

// BenchmarkTriggersFloor reads every byte once: the floor of any search.
func BenchmarkTriggersFloor(b *testing.B) {
	src := benchSource(b)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		bytes.Count(src, []byte{'\n'})
	}
}

// BenchmarkTriggersContainsEach searches each trigger string on its own.
func BenchmarkTriggersContainsEach(b *testing.B) {
	src := benchSource(b)
	needles := []string{"claude", "pi", "@anthropic-ai/claude-code", "@mariozechner/pi-coding-agent", WrapperCommand,
		"dangerously-skip-permissions", "bypassPermissions", "ermission", "angerous", "defaultMode"}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		for _, n := range needles {
			bytes.Contains(src, []byte(n))
		}
	}
}

// TestScanCodeLeadingComments: a piece of the primitive in the comments
// that open a file (a licence header) is not a trigger; anywhere else it
// is, and the other kinds count in comments too.
func TestScanCodeLeadingComments(t *testing.T) {
	tr := DefaultConfig().Triggers()
	licence := "/*\n * See the License for the specific language governing permissions\n */\n"
	for _, tc := range []struct {
		name, lang, src string
		want            Hits
	}{
		{"js licence header", "javascript", licence + "export const x = 1;\n", 0},
		{"js line comments", "javascript", "#!/usr/bin/env node\n// governing 'permissions'\n\nmodule.exports = 1\n", 0},
		{"go licence", "go", "// Use of this source code is governed by ... 'permissions'\n\npackage x\n", 0},
		{"python hash lines", "python", "#!/usr/bin/env python3\n# governing 'permissions'\nimport os\n", 0},
		{"shell hash lines", "shell", "#!/bin/sh\n  # 'permissions'\necho hi\n", 0},
		{"piece in code after the header", "javascript", licence + "const f = '--dangerously-skip-' + 'perm' + 'issions';\n", HitPieces},
		{"piece in a later comment still counts", "javascript", "x();\n// 'permissions'\n", HitPieces},
		{"unterminated block comment is not a comment", "javascript", "/* 'permissions'", HitPieces},
		{"hash is no comment in javascript", "javascript", "# 'permissions'\n", HitPieces},
		{"slashes are no comment in python", "python", "// 'permissions'\n", HitPieces},
		{"other languages have no leading comments", "data", "# 'permissions'\n", HitPieces},
		{"a runtime in the header still counts", "javascript", "// run claude here\nx()\n", HitRuntime},
		{"the primitive in the header still counts", "python", "# --dangerously-skip-permissions\n", HitPrimitive}, // check-launches: inert — test input for the trigger pass
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tr.ScanCode([]byte(tc.src), tc.lang))
			assert.Equal(t, tr.Scan([]byte(tc.src))&^HitPieces, tr.ScanCode([]byte(tc.src), tc.lang)&^HitPieces, "only pieces depend on comments")
		})
	}
}

// TestSpans: Spans finds each trigger Scan finds, where it is, and Within
// tells a part of the file that holds one from a part that does not.
func TestSpans(t *testing.T) {
	tr := DefaultConfig().Triggers()
	src := []byte(`run("git"); run("claude"); pip(x); run(pi); f("--skip-permissions")`)
	spans := tr.Spans(src)
	var got []string
	for _, s := range spans {
		got = append(got, string(src[s.Start:s.End]))
	}
	assert.Equal(t, []string{"claude", "pi", "ermission"}, got)
	at := func(sub string) (int, int) {
		i := bytes.Index(src, []byte(sub))
		require.GreaterOrEqual(t, i, 0, sub)
		return i, i + len(sub)
	}
	for sub, want := range map[string]bool{`run("git")`: false, `run("claude")`: true, `pip(x)`: false, `run(pi)`: true,
		`"claude`: true, `claud`: false, `f("--skip-permissions")`: true, `f("--skip-`: false} {
		s, e := at(sub)
		assert.Equal(t, want, Within(spans, s, e), sub)
		assert.Equal(t, want, tr.Scan(src[s:e]).Seed(), "Scan of %s", sub)
	}
}

// TestMayBePiece: a piece of the primitive counts where the letters around
// it may go on as the primitive does, and not in prose or a longer name.
func TestMayBePiece(t *testing.T) {
	tr := DefaultConfig().Triggers()
	for src, want := range map[string]bool{
		`"--danger" + "ously-skip-permissions"`:                    true, // check-launches: inert — test input for the trigger pass
		`'p' + 'ermissions'`:                                       true,
		`"ermission"`:                                              true,
		`x = "bypassP" + "ermissions"`:                             true,
		`"Dangerously_Skip_" + "Permissions"`:                      true,
		`{ permissions: 1 }`:                                       true,
		`"skip permissions"`:                                       true,
		`"--dangerous" + x`:                                        true,
		`"xdangerously" + y`:                                       true,
		`"permissionsXYZ"`:                                         true,
		`"skip\x2dpermissions"`:                                    true,
		`"skip\u002Dpermissions"`:                                  true,
		`"\x64angerous"`:                                           true,
		"dangerous\nly":                                            true,
		`# You don't have permission to do this`:                   false,
		`raise PermissionError("denied")`:                          false,
		`// the permissions of the file`:                           false,
		`"dangerous goods"`:                                        false,
		`copyright notice and this permission notice`:              false,
		`"--ask-permissions"`:                                      false,
		`ClaudeAgentOptions(permission_mode=m)`:                    true,
		`{ permissionMode: m }`:                                    true,
		"`access` permission should be granted":                    false,
		`"permission s"`:                                           false,
		`modified time, permissions, and`:                          true,
		`"bypass permissions"`:                                     true,
		`"Dangerously"`:                                            true,
		`endangerousness`:                                          false,
		"Web/API/Navigator/permissions)":                           false,
		"import './permissions'":                                   false,
		"a / permissions":                                          true,
		"'--dangerously-skip-p' + /ermissions/.source":             true,
		"return/--dangerously-skip-p/g.source+/ermissions/.source": true,
		"x(/ermissions/.source)":                                   true,
	} {
		assert.Equal(t, want, tr.Scan([]byte(src)).Has(HitPieces), "%s", src)
	}
}

// TestTriggersHalves: the walk of two halves at once (Scan) finds what
// one walk over the file finds, wherever a string falls against the
// middle, the halves' ends and the file's. Each string has a kind of its
// own, so a string missed shows.
func TestTriggersHalves(t *testing.T) {
	strs := []string{"xy", "claude", "@mariozechner/pi-coding-agent-long", "abc"}
	var ts []triggerString
	for i, s := range strs {
		ts = append(ts, triggerString{s, trigger{kind: Hits(1) << i}})
	}
	tr := compileTriggers(ts)
	for _, n := range []int{splitScan, splitScan + 1, 1000, 1001} {
		for i, s := range strs {
			for at := 0; at+len(s) <= n; at++ {
				src := bytes.Repeat([]byte{' '}, n)
				copy(src[at:], s)
				require.Equal(t, Hits(1)<<i, tr.Scan(src), "%q at %d of %d", s, at, n)
			}
		}
	}
	def := DefaultConfig().Triggers()
	src := benchSource(t)
	require.Equal(t, def.scanFrom(src, 0, len(src), 0), def.Scan(src))
}
