package sarif

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner/report"

	"github.com/leasegate/leasegate/scanner"
)

func rules() []Rule {
	var rs []Rule
	for _, c := range scanner.Classes {
		rs = append(rs, Rule{ID: RuleID(c), Short: "s", Full: "f", Help: "h", Level: "error"})
	}
	return append(rs, Rule{ID: MarkerRuleID, Short: "s", Full: "f", Help: "h", Level: "note"})
}

func TestURIPath(t *testing.T) {
	for in, want := range map[string]string{
		"a/b.sh":        "a/b.sh",
		"dir x/ü.sh":    "dir%20x/%C3%BC.sh",
		"100%/#q?.sh":   "100%25/%23q%3F.sh",
		".github/w.yml": ".github/w.yml",
	} {
		if got := uriPath(in); got != want {
			t.Errorf("uriPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestColumnsInCodePoints: byte columns become code-point columns.
func TestColumnsInCodePoints(t *testing.T) {
	src := "echo 'héllo'; claude -p x\n"
	r := &report.Report{Findings: []scanner.Finding{{File: "a.sh", Line: 1, Column: strings.Index(src, "claude") + 1, Class: scanner.ClassDirectLiteral, Runtime: "claude", Verdict: scanner.VerdictRed}}}
	var buf bytes.Buffer
	err := Write(&buf, r, Tool{Name: "t", Rules: rules()}, Options{Read: func(string) ([]byte, error) { return []byte(src), nil }})
	require.NoError(t, err)
	var log struct {
		Runs []struct {
			Results []struct {
				Locations []struct {
					PhysicalLocation struct {
						Region struct{ StartColumn int } `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	require.NoError(t, json.Unmarshal(buf.Bytes(), &log))
	if got := log.Runs[0].Results[0].Locations[0].PhysicalLocation.Region.StartColumn; got != 15 {
		t.Errorf("column %d, want 15 (code points, not bytes)", got)
	}
}

func TestWriteNeedsEveryRule(t *testing.T) {
	rs := rules()
	if err := Write(io.Discard, &report.Report{}, Tool{Rules: rs[1:]}, Options{}); err == nil {
		t.Errorf("a tool without the gated rule was accepted")
	}
	if err := Write(io.Discard, &report.Report{}, Tool{Rules: rs[:len(rs)-1]}, Options{}); err == nil {
		t.Errorf("a tool without the marker rule was accepted")
	}
	if err := Write(io.Discard, &report.Report{}, Tool{Rules: rs}, Options{Read: func(string) ([]byte, error) { return nil, errors.New("x") }}); err != nil {
		t.Errorf("empty report: %v", err)
	}
}

func TestLevel(t *testing.T) {
	if Level(scanner.VerdictRed) != "error" || Level(scanner.VerdictGated) != "none" {
		t.Errorf("levels %q %q", Level(scanner.VerdictRed), Level(scanner.VerdictGated))
	}
}
