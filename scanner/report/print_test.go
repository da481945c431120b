package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
)

func redReport(n int) *Report {
	r := &Report{SchemaVersion: SchemaVersion, Root: "."}
	for i := 0; i < n; i++ {
		r.Findings = append(r.Findings, scanner.Finding{File: fmt.Sprintf("a,b:%02d.sh", i), Line: i + 1, Column: 1, Language: "shell",
			Runtime: "claude", Class: scanner.ClassDirectLiteral, Verdict: scanner.VerdictRed, Family: ".", Message: "100% `claude`\nlaunched"})
	}
	r.Recount()
	return r
}

// TestWriteGitHubCap: at most MaxAnnotations errors, then one warning that
// says how many more and points to SARIF; properties and data escaped.
func TestWriteGitHubCap(t *testing.T) {
	for _, n := range []int{0, 1, MaxAnnotations, MaxAnnotations + 3} {
		var buf bytes.Buffer
		require.NoError(t, WriteGitHub(&buf, redReport(n)))
		out := buf.String()
		if got, want := strings.Count(out, "::error "), min(n, MaxAnnotations); got != want {
			t.Errorf("n=%d: %d errors, want %d", n, got, want)
		}
		more := n - MaxAnnotations
		if more > 0 {
			if !strings.Contains(out, fmt.Sprintf("::warning title=check-launches::%d more RED findings are not annotated", more)) || !strings.Contains(out, "SARIF") {
				t.Errorf("n=%d: no overflow warning:\n%s", n, out)
			}
		} else if strings.Contains(out, "::warning") {
			t.Errorf("n=%d: unexpected warning", n)
		}
		if n > 0 && !strings.Contains(out, "::error file=a%2Cb%3A00.sh,line=1,col=1,title=RED direct-literal::100%25 `claude`%0Alaunched\n") {
			t.Errorf("n=%d: escaping:\n%s", n, out)
		}
	}
}

// TestWriteGitHubSkipsWaived: baselined findings are not annotated and do
// not count towards the overflow.
func TestWriteGitHubSkipsWaived(t *testing.T) {
	r := redReport(MaxAnnotations + 1)
	f := r.Findings[0]
	r.Waivers = &Waivers{Baseline: "b.json", Failing: MaxAnnotations, Baselined: []Ref{{File: f.File, Line: f.Line, Column: f.Column, Class: f.Class, Runtime: f.Runtime}}}
	var buf bytes.Buffer
	require.NoError(t, WriteGitHub(&buf, r))
	if strings.Contains(buf.String(), "a%2Cb%3A00.sh") || strings.Contains(buf.String(), "::warning") {
		t.Errorf("baselined finding annotated or counted:\n%s", buf.String())
	}
}

// TestWriteTextMarkers: markers without a reason, markers that suppress
// nothing, and markers on a real launch are visible notes and counted.
func TestWriteTextMarkers(t *testing.T) {
	r := redReport(1)
	r.Suppressions = []Suppression{
		{File: "x.sh", Line: 1, Reason: ""},
		{File: "x.sh", Line: 2, Reason: "help text", Suppressed: 0},
		{File: "x.sh", Line: 3, Reason: "fixture", Suppressed: 2},
		{File: r.Findings[0].File, Line: 1, Reason: "not really"},
	}
	var buf bytes.Buffer
	require.NoError(t, WriteText(&buf, r, TextOptions{}))
	out := buf.String()
	for _, want := range []string{
		"x.sh:1: inert marker without a reason suppresses nothing; write `check-launches: inert <reason>` [NOTE]\n",
		"x.sh:2: inert marker suppresses nothing; remove it [NOTE]\n",
		"a,b:00.sh:1: inert marker suppresses nothing: a real launch on its line is never inert [NOTE]\n",
		"inert markers: 4 (1 suppressing 2 findings, 2 suppressing nothing, 1 without a reason)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "x.sh:3:") {
		t.Errorf("a marker doing its job is not a note:\n%s", out)
	}
}

func TestFingerprints(t *testing.T) {
	src := map[string]string{"a.sh": "x\nclaude  -p\nclaude -p\n", "b.sh": "claude -p\n"}
	read := func(f string) ([]byte, error) { return []byte(src[f]), nil }
	fs := []scanner.Finding{
		{File: "a.sh", Line: 2, Class: scanner.ClassDirectLiteral, Runtime: "claude"},
		{File: "a.sh", Line: 3, Class: scanner.ClassDirectLiteral, Runtime: "claude"},
		{File: "a.sh", Line: 3, Class: scanner.ClassDirectLiteral, Runtime: "pi"},
		{File: "b.sh", Line: 1, Class: scanner.ClassDirectLiteral, Runtime: "claude"},
		{File: "b.sh", Line: 1, Class: scanner.ClassEval, Runtime: "claude"},
	}
	fps := Fingerprints(fs, read)
	seen := map[string]bool{}
	for _, fp := range fps {
		if len(fp) != 32 || seen[fp] {
			t.Errorf("fingerprints not distinct 32-hex: %v", fps)
		}
		seen[fp] = true
	}
	// Same line text (blanks collapsed), other line number: same print.
	src["a.sh"] = "\n\n\nx\nclaude -p\nclaude -p\n"
	fs[0].Line, fs[1].Line, fs[2].Line = 5, 6, 6
	again := Fingerprints(fs, read)
	for i := range fps {
		if fps[i] != again[i] {
			t.Errorf("finding %d: fingerprint changed when lines moved", i)
		}
	}
}
