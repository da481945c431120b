package shell_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/driver"
	"github.com/leasegate/leasegate/scanner/shell"
)

var detectors = []scanner.Detector{shell.New()}

func scanFile(t testing.TB, name, src string) []scanner.Finding {
	t.Helper()
	fs, _, err := driver.ScanBytes(name, []byte(src), false, scanner.DefaultConfig(), scanner.Suite{Detectors: detectors, Shell: shell.New()})
	require.NoError(t, err, "ScanBytes")
	slices.SortStableFunc(fs, scanner.CompareFindings)
	return fs
}

func render(fs []scanner.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "%d:%d %s %s\n", f.Line, f.Column, f.Tag(), f.Runtime)
	}
	return b.String()
}

func TestMatch(t *testing.T) {
	d := shell.New()
	tests := []struct {
		rel, head string
		want      bool
	}{
		{"a.sh", "", true},
		{"a.bash", "", true},
		{"x/.bashrc", "", true},
		{"bin/run", "#!/bin/sh\n", true},
		{"bin/run", "#!/usr/bin/env bash\n", true},
		{"bin/run", "#!/usr/bin/env python3\n", false},
		{"a.sh", "#!/usr/bin/env node\n", false},
		{"README.md", "", false},
	}
	for _, tt := range tests {
		if got := d.Match(scanner.NewFile(tt.rel, []byte(tt.head), false)); got != tt.want {
			t.Errorf("Match(%q, %q) = %v, want %v", tt.rel, tt.head, got, tt.want)
		}
	}
}

// TestPositions checks columns, which the comment matrix does not.
func TestPositions(t *testing.T) {
	tests := []struct{ src, want string }{
		{"  claude -p\n", "1:3 RED:direct-literal claude\n"},
		{"FOO=1 env claude\n", "1:11 RED:direct-literal claude\n"},
		{"x=$(pi)\n", "1:5 RED:command-substitution pi\n"},
		{"echo a; launch-runtime --runtime claude\n", "1:9 GATED claude\n"},
		{"bash -c 'true; claude'\n", "1:16 RED:eval claude\n"},
		{"bash -c '\n  claude'\n", "2:3 RED:eval claude\n"},
	}
	for _, tt := range tests {
		if got := render(scanFile(t, "a.sh", tt.src)); got != tt.want {
			t.Errorf("%q:\n got %q\nwant %q", tt.src, got, tt.want)
		}
	}
}

// TestScanText checks the function other detectors call: positions are
// mapped from `at`, via overrides RED classes, gated stays gated.
func TestScanText(t *testing.T) {
	cfg := scanner.DefaultConfig()
	p := scanner.NewPass("package.json", nil, cfg, "package.json", scanner.Suite{Shell: shell.New()})
	require.NoError(t, shell.New().ScanText(p, "npm test && claude -p hi", scanner.Pos{Line: 7, Column: 20}, ""))
	require.NoError(t, shell.New().ScanText(p, "launch-runtime --runtime pi\nclaude", scanner.Pos{Line: 9, Column: 5}, scanner.ClassProcessAPI))
	got := render(p.Findings())
	want := "7:32 RED:direct-literal claude\n9:5 GATED pi\n10:1 RED:process-api claude\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, f := range p.Findings() {
		if f.Language != "package.json" {
			t.Errorf("finding language %q, want the caller's", f.Language)
		}
	}
}

// TestScanTextUnparseable: text the parser rejects is still judged, and
// the parse error is returned for the caller to decide.
func TestScanTextUnparseable(t *testing.T) {
	p := scanner.NewPass("w.yml", nil, scanner.DefaultConfig(), "github-actions", scanner.Suite{Shell: shell.New()})
	err := shell.New().ScanText(p, "claude -p \"oops\nif then", scanner.Pos{Line: 3, Column: 1}, "")
	var pe *scanner.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("err = %v, want a *scanner.ParseError", err)
	}
	if pe.Pos.Line < 3 {
		t.Errorf("parse error at %v, want it mapped into the file", pe.Pos)
	}
	if got := render(p.Findings()); got != "3:1 RED:direct-literal claude\n" {
		t.Errorf("fallback findings = %q", got)
	}
}

func TestUnparseableFile(t *testing.T) {
	tests := []struct{ name, src, msg string }{
		{"quote", "echo \"x\n", "closing quote"},
		{"binary", "#!/bin/sh\necho \x00\x01", "binary data"},
		{"payload without exit", "#!/bin/sh\necho hi\n\x00\x01", "binary data"},
		{"nesting", "x=" + strings.Repeat("$(", 10000) + "claude" + strings.Repeat(")", 10000) + "\n", "nesting deeper than"},
		{"braces", strings.Repeat("{ ", 5000) + "claude\n", "nesting deeper than"},
		// Each of these overflowed the Go stack (fatal, no recover) in the
		// parser or in a walk of its tree before the bounds of shnest.
		{"if", strings.Repeat("if true; then ", 100000) + "claude" + strings.Repeat("; fi", 100000) + "\n", "compound commands nested deeper than 1000 levels"},
		{"while", strings.Repeat("while true; do ", 100000) + "claude" + strings.Repeat("; done", 100000) + "\n", "compound commands nested deeper than 1000 levels"},
		{"case", strings.Repeat("case x in x) ", 100000) + "claude" + strings.Repeat(";; esac", 100000) + "\n", "compound commands nested deeper than 1000 levels"},
		{"function headers", strings.Repeat("f() ", 100000) + "{ claude; }\n", "compound commands nested deeper than 1000 levels"},
		{"and chain", strings.Repeat("true && ", 100000) + "claude\n", "syntax tree deeper than 10000 levels"},
		{"pipe chain", strings.Repeat("true | ", 100000) + "claude\n", "syntax tree deeper than 10000 levels"},
		{"long chain", strings.Repeat("a&&", 200000) + "claude\n", "more than 100000 commands chained"},
		{"arithmetic", "echo $((" + strings.Repeat("1+", 100000) + "1))\nclaude\n", "syntax tree deeper than 10000 levels"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := scanFile(t, "a.sh", tt.src)
			if len(fs) != 1 || fs[0].Class != scanner.ClassUnparseable || !strings.Contains(fs[0].Message, tt.msg) {
				t.Errorf("findings = %+v, want one unparseable with %q", fs, tt.msg)
			}
		})
	}
}

// TestNestingBelowLimit: 150 nested substitutions still parse and the
// launch inside is found.
func TestNestingBelowLimit(t *testing.T) {
	src := "x=" + strings.Repeat("$(", 150) + "claude" + strings.Repeat(")", 150) + "\n"
	if got := render(scanFile(t, "a.sh", src)); got != "1:303 RED:command-substitution claude\n" {
		t.Errorf("got %q", got)
	}
}

// TestLargeScript: a 10 MB script is scanned whole, in bounded time, and a
// launch on its last line (beyond the parser's 18-bit line numbers) is
// reported on the right line.
func TestLargeScript(t *testing.T) {
	if testing.Short() {
		t.Skip("10 MB script")
	}
	var b strings.Builder
	line := "echo \"building step\" && C=cl && C+=aude && grep -q x file.txt || true\n"
	n := 0
	size := 10 << 20
	if raceEnabled {
		size = 256 << 10
	}
	for b.Len() < size {
		b.WriteString(line)
		n++
	}
	b.WriteString("$C -p done\n")
	start := time.Now()
	fs := scanFile(t, "big.sh", b.String())
	if got := render(fs); got != fmt.Sprintf("%d:1 RED:variable-execution claude\n", n+1) {
		t.Errorf("got %q", got)
	}
	t.Logf("10 MB script scanned in %v", time.Since(start))
}

// TestAlternativesBounded: a variable given many values, and many
// variables combined, stay within the caps.
func TestAlternativesBounded(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&b, "A=v%d\n", i)
	}
	b.WriteString("A=claude\n")
	b.WriteString(strings.Repeat("$A", 40) + " x\n")
	b.WriteString("C=x; C+=$C$C$C; C+=$C$C$C; C+=$C$C$C\n$C\n")
	start := time.Now()
	scanFile(t, "a.sh", b.String())
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
}

func TestDeterministic(t *testing.T) {
	src := "for r in claude pi; do \"$r\"; done\nA=pi; A=claude; B=$A; $B; ${X:-claude}\n"
	first := render(scanFile(t, "a.sh", src))
	for i := 0; i < 20; i++ {
		if got := render(scanFile(t, "a.sh", src)); got != first {
			t.Fatalf("run %d differs:\n%s\nvs\n%s", i, got, first)
		}
	}
}

// TestChokepoint: a declared choke point's launches are gated and its
// primitive allowed.
func TestChokepoint(t *testing.T) {
	cfg, err := scanner.ParseConfig("c", []byte("chokepoints: [\"bin/launch-runtime.sh\"]\n"))
	require.NoError(t, err)
	fs, _, err := driver.ScanBytes("bin/launch-runtime.sh", []byte("exec claude --dangerously-skip-permissions \"$@\"\n"), true, cfg, scanner.Suite{Detectors: detectors, Shell: shell.New()}) // check-launches: inert test input: the choke point may hold the flag
	require.NoError(t, err)
	if got := render(fs); got != "1:6 GATED claude\n" {
		t.Errorf("got %q", got)
	}
}

// TestCustomRuntime: a runtime added in the config is recognised by its
// command and package.
func TestCustomRuntime(t *testing.T) {
	cfg, err := scanner.ParseConfig("c", []byte("runtimes:\n  codex: {commands: [codex], packages: [\"@openai/codex\"]}\n"))
	require.NoError(t, err)
	fs, _, _ := driver.ScanBytes("a.sh", []byte("codex exec hi\nnpx @openai/codex\n"), false, cfg, scanner.Suite{Detectors: detectors, Shell: shell.New()})
	slices.SortStableFunc(fs, scanner.CompareFindings)
	if got := render(fs); got != "1:1 RED:direct-literal codex\n2:5 RED:package-runner codex\n" {
		t.Errorf("got %q", got)
	}
}

// TestEvalBlowupBounded: strings that eval strings built from themselves
// cannot multiply the work.
func TestEvalBlowupBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("A='eval \"$A$A\"'\n")
	for i := 0; i < 16; i++ {
		fmt.Fprintf(&b, "A='eval \"$A\" x%d'\n", i)
	}
	b.WriteString("eval \"$A\"\nbash -c \"$A\"\nsh -c \"$A\" sh \"$A\"\n")
	start := time.Now()
	scanFile(t, "a.sh", b.String())
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("took %v", d)
	}
	t.Logf("took %v", time.Since(start))
}

// TestNestedFunctionDefinitions: a function defined inside another is
// judged on its own body only — defining it runs nothing — and a deep
// chain of such definitions is walked once, not once per enclosing
// function (found by FuzzDataDetector through a Makefile expansion). The
// chain the fuzzer found (30,000 definitions, hundreds of MB of parser
// stack) is now past the nesting bound and unparseable; the deepest chain
// within the bound is still judged.
func TestNestedFunctionDefinitions(t *testing.T) {
	src := "f() { g() { \"$@\"; }; }\nf claude\ng pi -p x\n"
	if got := render(scanFile(t, "a.sh", src)); got != "3:3 RED:direct-literal pi\n" {
		t.Errorf("got %q", got)
	}
	past := strings.Repeat("f() ", 30000) + "{ \"$@\"; }\nf claude\n"
	fs := scanFile(t, "past.sh", past)
	require.Len(t, fs, 1)
	assert.Equal(t, scanner.ClassUnparseable, fs[0].Class)
	assert.Contains(t, fs[0].Message, "compound commands nested deeper than 1000 levels")
	deep := strings.Repeat("f() ", 1000) + "{ \"$@\"; }\nf claude\n"
	done := make(chan string, 1)
	go func() { done <- render(scanFile(t, "deep.sh", deep)) }()
	select {
	case got := <-done:
		if got != "2:3 RED:direct-literal claude\n" {
			t.Errorf("deep chain: got %q", got)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("1,000 nested definitions did not finish (quadratic walk)")
	}
}

// TestSelfExtracting: a script whose payload follows a top-level exit is
// scanned up to the payload and is not unparseable.
func TestSelfExtracting(t *testing.T) {
	src := "#!/bin/sh\nclaude -p x\ntail -n +6 \"$0\" | tar xz\nexit 0\n__ARCHIVE__\n\x00\x01\x02(((payload\x00\n"
	if got := render(scanFile(t, "install.sh", src)); got != "2:1 RED:direct-literal claude\n" {
		t.Errorf("got %q", got)
	}
}

// TestSelfCallingFunction: a function that runs its arguments and calls
// itself is followed a bounded number of calls deep (judge's depth), so
// the scan ends and the launch handed to it is found.
func TestSelfCallingFunction(t *testing.T) {
	src := "f() { f \"$@\"; \"$@\"; }\nf claude -p\n"
	assert.Equal(t, "2:3 RED:direct-literal claude\n", render(scanFile(t, "a.sh", src)))
}

// TestEvalNestingReported: eval strings are followed 8 deep; a launch
// deeper than that is not scanned, and the bound is reported unparseable
// instead of being silent.
func TestEvalNestingReported(t *testing.T) {
	chain := func(n int) string {
		var b strings.Builder
		b.WriteString("a0='claude -p'\n")
		for i := 1; i < n; i++ {
			fmt.Fprintf(&b, "a%d='eval \"$a%d\"'\n", i, i-1)
		}
		fmt.Fprintf(&b, "eval \"$a%d\"\n", n-1)
		return b.String()
	}
	assert.Equal(t, "9:49 RED:eval claude\n", render(scanFile(t, "a.sh", chain(8))))
	fs := scanFile(t, "a.sh", chain(9))
	require.Len(t, fs, 1)
	assert.Equal(t, scanner.ClassUnparseable, fs[0].Class)
	assert.Contains(t, fs[0].Message, "eval and -c strings nested deeper than 8 levels")
}

// TestEvalBudgetReported: past 1,024 distinct eval strings in one text
// the rest are not scanned, and that is reported.
func TestEvalBudgetReported(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 1030; i++ {
		fmt.Fprintf(&b, "eval 'true %d'\n", i)
	}
	fs := scanFile(t, "a.sh", b.String())
	require.NotEmpty(t, fs)
	assert.Equal(t, scanner.ClassUnparseable, fs[0].Class)
	assert.Equal(t, 1025, fs[0].Line)
	assert.Contains(t, fs[0].Message, "more than 1024 eval and -c strings")
}
