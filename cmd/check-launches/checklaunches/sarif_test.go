package checklaunches

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner/report"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/report/sarif"
)

// sarifLog is the part of a SARIF log the tests read.
type sarifLog struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Rules []struct {
					ID               string `json:"id"`
					HelpURI          string `json:"helpUri"`
					ShortDescription struct {
						Text string `json:"text"`
					} `json:"shortDescription"`
					FullDescription struct {
						Text string `json:"text"`
					} `json:"fullDescription"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex int    `json:"ruleIndex"`
			Level     string `json:"level"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI       string `json:"uri"`
						URIBaseID string `json:"uriBaseId"`
					} `json:"artifactLocation"`
					Region struct {
						StartLine   int `json:"startLine"`
						StartColumn int `json:"startColumn"`
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
			PartialFingerprints map[string]string `json:"partialFingerprints"`
			BaselineState       string            `json:"baselineState"`
		} `json:"results"`
	} `json:"runs"`
}

func parseSARIF(t *testing.T, data []byte) sarifLog {
	t.Helper()
	var l sarifLog
	if err := json.Unmarshal(data, &l); err != nil {
		t.Fatalf("SARIF is not JSON: %v", err)
	}
	if len(l.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(l.Runs))
	}
	return l
}

// exampleTree is a tree holding every Example of docs/classes.md (one file
// per example, in a folder per class), so that it has every class the
// merged detectors can see.
func exampleTree(t *testing.T) (string, map[scanner.Class]bool) {
	t.Helper()
	files := map[string]string{}
	want := map[scanner.Class]bool{}
	for c, d := range ClassDocs() {
		for _, ex := range d.Examples {
			if ex.Fixed {
				continue
			}
			files[string(c)+"/"+ex.File+"*"] = ex.Code
			if claimed(ex.File, ex.Code) {
				for _, tag := range ex.Tags {
					if cls, ok := strings.CutPrefix(tag, "RED:"); ok {
						want[scanner.Class(cls)] = true
					}
				}
			}
		}
	}
	return writeTree(t, files), want
}

func claimed(file, code string) bool {
	f := scanner.NewFile(file, []byte(code), true)
	for _, d := range Suite().Detectors {
		if d.Match(f) {
			return true
		}
	}
	return false
}

// TestSARIFValidatesAgainstOfficialSchema scans a tree with every class
// (as far as the merged detectors see them) and validates the log against
// the OASIS SARIF 2.1.0 schema; it also checks rules, levels and URIs.
func TestSARIFValidatesAgainstOfficialSchema(t *testing.T) {
	schema := compileSchema(t, "sarif-2.1.0.json")
	root, want := exampleTree(t)
	// A skipped file becomes a tool notification.
	require.NoError(t, os.Symlink("eval/nightly.sh", filepath.Join(root, "link.sh")))
	code, out, errs := runCmd(t, nil, "--root", root, "--sarif")
	if code != ExitRed {
		t.Fatalf("exit %d, want %d: %s", code, ExitRed, errs)
	}
	if err := validateJSON(t, schema, []byte(out)); err != nil {
		t.Fatalf("SARIF does not validate: %v", err)
	}
	l := parseSARIF(t, []byte(out))
	run := l.Runs[0]
	rules := map[string]int{}
	for i, r := range run.Tool.Driver.Rules {
		rules[r.ID] = i
		if r.ShortDescription.Text == "" || r.FullDescription.Text == "" || !strings.HasPrefix(r.HelpURI, "https://github.com/leasegate/leasegate/") {
			t.Errorf("rule %s lacks descriptions or help: %+v", r.ID, r)
		}
	}
	for _, c := range scanner.Classes {
		i, ok := rules[sarif.RuleID(c)]
		if !ok {
			t.Errorf("no rule for %s", c)
			continue
		}
		if got := run.Tool.Driver.Rules[i].HelpURI; !strings.HasSuffix(got, "docs/classes.md#"+string(c)) {
			t.Errorf("rule %s helpUri %s", c, got)
		}
	}
	got := map[scanner.Class]bool{}
	for _, r := range run.Results {
		if r.RuleIndex >= len(run.Tool.Driver.Rules) || run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %s has ruleIndex %d of another rule", r.RuleID, r.RuleIndex)
		}
		loc := r.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URIBaseID != "%SRCROOT%" || strings.HasPrefix(loc.ArtifactLocation.URI, "/") || strings.Contains(loc.ArtifactLocation.URI, root) {
			t.Errorf("location not repo-relative: %+v", loc.ArtifactLocation)
		}
		if loc.Region.StartLine < 1 || loc.Region.StartColumn < 1 {
			t.Errorf("bad region %+v", loc.Region)
		}
		if len(r.PartialFingerprints[sarif.FingerprintKey]) != 32 {
			t.Errorf("result without fingerprint: %+v", r)
		}
		if r.RuleID == sarif.RuleID(scanner.ClassGated) {
			t.Errorf("gated launches are not results")
		}
		if r.Level != "error" {
			t.Errorf("RED result level %q, want error", r.Level)
		}
		got[scanner.Class(strings.TrimPrefix(r.RuleID, "leasegate/"))] = true
	}
	for c := range want {
		if !got[c] {
			t.Errorf("no result of class %s", c)
		}
	}
	for _, c := range scanner.Classes {
		if c != scanner.ClassGated && !got[c] {
			t.Errorf("the example tree gives no result of class %s: every RED class must be in the validated log", c)
		}
	}
	if !strings.Contains(out, `"toolExecutionNotifications"`) || !strings.Contains(out, "link.sh") {
		t.Errorf("the skipped symlink is not a tool notification")
	}
}

// TestSARIFEveryClassSynthetic validates a log with one finding of every
// class (whatever detectors are merged), with baseline states and inert
// marker notes.
func TestSARIFEveryClassSynthetic(t *testing.T) {
	schema := compileSchema(t, "sarif-2.1.0.json")
	rep := &report.Report{SchemaVersion: 1, Root: "."}
	for i, c := range scanner.Classes {
		f := scanner.Finding{File: "dir with space/ü.sh", Line: i + 1, Column: 2, Language: "shell", Runtime: "claude", Class: c, Verdict: scanner.VerdictRed, Family: "dir", Message: "m " + string(c)}
		if c == scanner.ClassGated {
			f.Verdict = scanner.VerdictGated
		}
		if c == scanner.ClassDangerousPrimitive || c == scanner.ClassUnparseable {
			f.Runtime = ""
		}
		rep.Findings = append(rep.Findings, f)
	}
	rep.Suppressions = []report.Suppression{{File: "a.sh", Line: 3}, {File: "a.sh", Line: 4, Reason: "r"}}
	rep.Skipped = []report.Skip{{File: "big.bin", Reason: "too big"}}
	rep.Recount()
	fps := report.Fingerprints(rep.Findings, func(string) ([]byte, error) { return []byte(strings.Repeat("x\n", 20)), nil })
	rep.Waive(fps, &report.Baseline{Findings: []report.BaselineEntry{{Fingerprint: fps[1]}, {Fingerprint: strings.Repeat("0", 32), File: "gone.sh", Class: "eval"}}}, "b.json", nil, "", nil)
	var buf bytes.Buffer
	require.NoError(t, sarif.Write(&buf, rep, SARIFTool(), sarif.Options{Fingerprints: fps}))
	if err := validateJSON(t, schema, buf.Bytes()); err != nil {
		t.Fatalf("SARIF does not validate: %v\n%s", err, buf.String())
	}
	l := parseSARIF(t, buf.Bytes())
	states := map[string]string{}
	for _, r := range l.Runs[0].Results {
		states[r.RuleID] = r.BaselineState
	}
	if len(l.Runs[0].Results) != len(scanner.Classes)-1+2 {
		t.Errorf("%d results, want %d (every RED class and two marker notes)", len(l.Runs[0].Results), len(scanner.Classes)+1)
	}
	if states["leasegate/direct-literal"] != "unchanged" || states["leasegate/eval"] != "new" {
		t.Errorf("baseline states %v", states)
	}
	if !strings.Contains(buf.String(), `"uri": "dir%20with%20space/%C3%BC.sh"`) {
		t.Errorf("URI not escaped")
	}
}

// TestFingerprintsSurviveInsertedLines scans, inserts lines above the
// findings, scans again: every finding has moved and kept its fingerprint.
func TestFingerprintsSurviveInsertedLines(t *testing.T) {
	files := map[string]string{
		"tools/run.sh*": "#!/bin/sh\nclaude -p one\nclaude -p one\n  eval 'claude -p two'\n",
		"notes.md":      "use --dangerously-skip-permissions never\n", // check-launches: inert test fixture
	}
	root := writeTree(t, files)
	before := fingerprintsByKey(t, root)
	if len(before) < 3 {
		t.Fatalf("too few findings to compare: %v", before)
	}
	// Two identical lines give two different fingerprints.
	var dups []string
	for k, fp := range before {
		if strings.HasPrefix(k, "tools/run.sh|leasegate/direct-literal|") {
			dups = append(dups, fp)
		}
	}
	if len(dups) != 2 || dups[0] == dups[1] {
		t.Errorf("identical lines: fingerprints %v, want two different", dups)
	}
	// Insert lines above (and change blanks on the finding's line).
	insert := map[string]string{
		"tools/run.sh*": "#!/bin/sh\n# a new comment\necho unrelated\n\nclaude -p one\nclaude   -p one\n\teval 'claude -p two'\n",
		"notes.md":      "# Title\n\nintro\n\nuse --dangerously-skip-permissions never\n", // check-launches: inert test fixture
	}
	for name, body := range insert {
		name = strings.TrimSuffix(name, "*")
		require.NoError(t, os.WriteFile(filepath.Join(root, name), []byte(body), 0o755)) // check-launches: inert a fixture script the test writes for the scanner, never run
	}
	after := fingerprintsByKey(t, root)
	if fmt.Sprint(sortedValues(before)) != fmt.Sprint(sortedValues(after)) {
		t.Errorf("fingerprints changed when lines were inserted above:\nbefore %v\nafter  %v", before, after)
	}
	for k := range before {
		if _, ok := after[k]; ok {
			t.Errorf("finding %s did not move; the test inserts lines above every finding", k)
		}
	}
	// Editing the finding's own line does change its fingerprint.
	if err := os.WriteFile(filepath.Join(root, "notes.md"), []byte("use --dangerously-skip-permissions always\n"), 0o644); err != nil { // check-launches: inert test fixture
		t.Fatal(err)
	}
	edited := fingerprintsByKey(t, root)
	for k, fp := range edited {
		if strings.HasPrefix(k, "notes.md|") && slicesContains(sortedValues(after), fp) {
			t.Errorf("fingerprint of an edited line did not change")
		}
	}
}

func slicesContains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// fingerprintsByKey scans root with --sarif and maps file|rule|line:col to
// fingerprints.
func fingerprintsByKey(t *testing.T, root string) map[string]string {
	t.Helper()
	_, out, errs := runCmd(t, nil, "--root", root, "--sarif")
	if errs != "" {
		t.Fatalf("stderr: %s", errs)
	}
	m := map[string]string{}
	for _, r := range parseSARIF(t, []byte(out)).Runs[0].Results {
		loc := r.Locations[0].PhysicalLocation
		m[fmt.Sprintf("%s|%s|%d:%d", loc.ArtifactLocation.URI, r.RuleID, loc.Region.StartLine, loc.Region.StartColumn)] = r.PartialFingerprints[sarif.FingerprintKey]
	}
	return m
}

func sortedValues(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}

// TestSARIFDeterministic: the same tree gives the same bytes.
func TestSARIFDeterministic(t *testing.T) {
	root, _ := exampleTree(t)
	_, a, _ := runCmd(t, nil, "--root", root, "--sarif")
	_, b, _ := runCmd(t, nil, "--root", root, "--sarif")
	if a != b {
		t.Errorf("two scans of the same tree gave different SARIF")
	}
}

// TestSARIFURIsFromRepositoryRoot: scanning a subfolder of a git work
// tree gives URIs relative to the repository root, as code scanning wants;
// the text report stays relative to --root.
func TestSARIFURIsFromRepositoryRoot(t *testing.T) {
	repo := writeTree(t, map[string]string{"packages/app/notes.conf": "flag --dangerously-skip-permissions\n"}) // check-launches: inert test fixture
	git(t, repo, "init", "-q")
	_, out, _ := runCmd(t, nil, "--root", filepath.Join(repo, "packages", "app"), "--sarif")
	l := parseSARIF(t, []byte(out))
	if got := l.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI; got != "packages/app/notes.conf" {
		t.Errorf("uri %q, want packages/app/notes.conf", got)
	}
	_, text, _ := runCmd(t, map[string]string{"GITHUB_ACTIONS": "true"}, "--root", filepath.Join(repo, "packages", "app"))
	if !strings.HasPrefix(text, "::error file=packages/app/notes.conf,line=1,") || !strings.Contains(text, "\nnotes.conf:1:") {
		t.Errorf("annotations must name the file from the repository root, the text report from --root:\n%s", text)
	}
}
