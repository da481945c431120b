package scannertest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
)

// fakeTB records failures instead of failing the real test.
type fakeTB struct {
	testing.TB
	errs []string
}

func (f *fakeTB) Helper() {}
func (f *fakeTB) Errorf(format string, args ...any) {
	f.errs = append(f.errs, fmt.Sprintf(format, args...))
}
func (f *fakeTB) Fatalf(format string, args ...any) {
	f.errs = append(f.errs, "FATAL "+fmt.Sprintf(format, args...))
}

// lineDetector reports a gated launch on every line holding LAUNCH and a
// direct-literal one on every line holding DIRECT.
type lineDetector struct{}

func (lineDetector) Name() string               { return "fake" }
func (lineDetector) Match(f *scanner.File) bool { return f.Ext == ".fake" }
func (lineDetector) Scan(p *scanner.Pass) error {
	for i, l := range strings.Split(string(p.Src), "\n") {
		if c := strings.Index(l, "LAUNCH"); c >= 0 {
			p.Report(scanner.Finding{Line: i + 1, Column: c + 1, Runtime: "claude", Class: scanner.ClassGated})
		}
		if c := strings.Index(l, "DIRECT"); c >= 0 {
			p.Report(scanner.Finding{Line: i + 1, Column: c + 1, Runtime: "claude", Class: scanner.ClassDirectLiteral})
		}
	}
	return nil
}

var fakeDetectors = []scanner.Detector{lineDetector{}}

func check(name, src string) []string {
	tb := &fakeTB{}
	CheckCase(tb, name, []byte(src), false, scanner.Suite{Detectors: fakeDetectors})
	return tb.errs
}

func TestCheckCase(t *testing.T) {
	tests := []struct {
		name, file, src string
		wantErrs        []string // substrings, one per expected error
	}{
		{"all wants met", "a.fake", "# covers a match\nLAUNCH # want \"GATED\"\n# want +1 \"RED:direct-literal\"\nDIRECT\n", nil},
		{"clean case", "a.fake", "# nothing here\nprint\n", nil},
		{"two tags on one line", "a.fake", "# two\nLAUNCH DIRECT # want \"GATED\" \"RED:direct-literal\"\n", nil},
		{"missing finding", "a.fake", "# missing\nnothing # want \"GATED\"\n", []string{"missing finding 2: [GATED]"}},
		{"extra finding", "a.fake", "# extra\nLAUNCH\n", []string{"unexpected finding 2: [GATED]"}},
		{"wrong tag is missing and extra", "a.fake", "# wrong tag\nLAUNCH # want \"RED:eval\"\n", []string{"missing finding 2: [RED:eval]", "unexpected finding 2: [GATED]"}},
		{"multiset counts", "a.fake", "# count\nLAUNCH # want \"GATED\" \"GATED\"\n", []string{"missing finding 2: [GATED]"}},
		{"no opening comment", "a.fake", "LAUNCH # want \"GATED\"\n", []string{"must open with a comment"}},
		{"txtar all met", "a.txtar", "covers txtar\n-- x.fake --\n\nLAUNCH\n  DIRECT\n-- want --\nx.fake:2:1 [GATED]\nx.fake:3:0 [RED:direct-literal]\n", nil},
		{"txtar wrong column", "a.txtar", "col\n-- x.fake --\nLAUNCH\n-- want --\nx.fake:1:2 [GATED]\n", []string{"missing finding x.fake:1:2: [GATED]", "unexpected finding x.fake:1:1: [GATED]"}},
		{"txtar chain required", "a.txtar", "chain\n-- x.fake --\nLAUNCH\n-- want --\nx.fake:1:1 [GATED] via y.fake:3\n", []string{"missing finding x.fake:1:1: [GATED] via y.fake:3", "unexpected finding x.fake:1:1: [GATED]"}},
		{"txtar extra", "a.txtar", "extra\n-- x.fake --\nLAUNCH\n-- want --\n", []string{"unexpected finding x.fake:1:1: [GATED]"}},
		{"txtar missing want section", "a.txtar", "none\n-- x.fake --\nhi\n", []string{"no `-- want --` section"}},
		{"txtar bad want line", "a.txtar", "bad\n-- x.fake --\nhi\n-- want --\nx.fake line 1\n", []string{"FATAL"}},
		{"txtar config used", "a.txtar", "config\n-- .check-launches.yaml --\nchokepoints: [\"x.fake\"]\n-- x.fake --\nDIRECT\n-- want --\nx.fake:1:1 [GATED]\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs := check(tt.file, tt.src)
			if len(errs) != len(tt.wantErrs) {
				t.Fatalf("got %d errors %q, want %d %q", len(errs), errs, len(tt.wantErrs), tt.wantErrs)
			}
			for i, w := range tt.wantErrs {
				if !strings.Contains(errs[i], w) {
					t.Errorf("error %d = %q, want it to contain %q", i, errs[i], w)
				}
			}
		})
	}
}

func TestParseWantComments(t *testing.T) {
	src := "# a\nx # want \"GATED\"\ny // want +2 \"RED:eval\" \"GATED\"\n-- want \"RED:dynamic\"\n; want \"RED:sdk\"\nnot a want: want \"GATED\"\n"
	got := ParseWantComments([]byte(src))
	want := []Expect{{Line: 2, Tag: "GATED"}, {Line: 5, Tag: "RED:eval"}, {Line: 5, Tag: "GATED"}, {Line: 4, Tag: "RED:dynamic"}, {Line: 5, Tag: "RED:sdk"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestLoadCasesRejectsDuplicates(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{"a.fake": "# same\n", "b.fake": "# same\n", "c.fake": "# other\n"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	if _, err := LoadCases(dir); !errors.Is(err, ErrDuplicateCase) {
		t.Fatalf("LoadCases = %v, want ErrDuplicateCase", err)
	}
	require.NoError(t, os.Remove(filepath.Join(dir, "b.fake")))
	cs, err := LoadCases(dir)
	if err != nil || len(cs) != 2 {
		t.Fatalf("LoadCases = %v, %v; want two cases", cs, err)
	}
}

func TestBashSyntax(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.sh")
	bad := filepath.Join(dir, "bad.sh")
	os.WriteFile(good, []byte("echo hi\n"), 0o644)
	os.WriteFile(bad, []byte("if then fi (\n"), 0o644)
	tb := &fakeTB{}
	BashSyntax(tb, good)
	if len(tb.errs) != 0 {
		t.Errorf("bash -n on a good file: %v", tb.errs)
	}
	BashSyntax(tb, bad)
	if len(tb.errs) != 1 {
		t.Errorf("bash -n on a bad file gave %v, want one error", tb.errs)
	}
}

func TestRunMatrix(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "launch.fake"), []byte("# a launch\nLAUNCH # want \"GATED\"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "clean.sh"), []byte("#!/bin/sh\n# clean shell, checked by bash -n\necho hi\n"), 0o644)
	Run(t, dir, scanner.Suite{Detectors: fakeDetectors})
}
