package checklaunches

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner/report"
)

func writeFile(t *testing.T, root, name, body string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(name))
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.WriteFile(p, []byte(body), 0o755))
}

// failingLines returns the RED finding lines of the text output that fail the
// run (the ones before the first section).
func failingLines(out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if l == "" {
			break
		}
		if strings.Contains(l, "[RED:") {
			lines = append(lines, l)
		}
	}
	return lines
}

// TestBaselineRoundTrip: write a baseline of a tree with RED findings, add
// one new ungated launch (the run fails naming only it), fix an old one
// (the stale entry is reported).
func TestBaselineRoundTrip(t *testing.T) {
	requireDetector(t, "x.sh", "#!/bin/sh\n")
	root := writeTree(t, map[string]string{
		"tools/review.sh*": "#!/bin/sh\nclaude -p review\n",
		"tools/triage.sh*": "#!/bin/sh\nnpx -y @anthropic-ai/claude-code -p triage\n",
		"tools/ok.sh*":     "#!/bin/sh\nlaunch-runtime --runtime claude -- -p ok\n",
	})
	base := filepath.Join(t.TempDir(), "baseline.json")

	code, out, errs := runCmd(t, nil, "--root", root, "--write-baseline", base)
	if code != ExitOK {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errs)
	}
	if !strings.Contains(errs, "wrote 2 RED findings to baseline") {
		t.Errorf("stderr %q", errs)
	}
	b, err := report.LoadBaseline(base)
	require.NoError(t, err)
	if len(b.Findings) != 2 || b.Findings[0].File != "tools/review.sh" || b.Findings[0].Class != "direct-literal" || b.Findings[0].Runtime != "claude" ||
		b.Findings[1].File != "tools/triage.sh" || b.Findings[1].Class != "package-runner" {
		t.Errorf("baseline %+v", b.Findings)
	}
	// Writing again gives the same bytes (sorted, stable).
	first, _ := os.ReadFile(base)
	if err := validateJSON(t, compileSchema(t, "baseline.schema.json"), first); err != nil {
		t.Errorf("baseline does not validate against schemas/baseline.schema.json: %v", err)
	}
	runCmd(t, nil, "--root", root, "--write-baseline", base)
	if second, _ := os.ReadFile(base); string(first) != string(second) {
		t.Errorf("baseline not stable:\n%s\n%s", first, second)
	}

	// The baseline accepts today's findings, even after lines move.
	writeFile(t, root, "tools/review.sh", "#!/bin/sh\n# reviews the diff\n\nclaude -p review\n")
	code, out, _ = runCmd(t, nil, "--root", root, "--baseline", base)
	if code != ExitOK {
		t.Fatalf("with the baseline: exit %d\n%s", code, out)
	}
	if !strings.Contains(out, "baselined RED findings") || !strings.Contains(out, "tools/review.sh:4:1:") || len(failingLines(out)) != 0 {
		t.Errorf("baselined findings not listed separately:\n%s", out)
	}
	if !strings.Contains(out, "ok: 1 / 3 launches gated, 2 RED (0 failing, 2 baselined)") {
		t.Errorf("summary:\n%s", out)
	}

	// A new ungated launch fails the run, and it is the only one named.
	writeFile(t, root, "tools/new.sh", "#!/bin/sh\nexec claude -p new\n")
	code, out, _ = runCmd(t, nil, "--root", root, "--baseline", base)
	if code != ExitRed {
		t.Fatalf("new launch: exit %d, want %d\n%s", code, ExitRed, out)
	}
	if got := failingLines(out); len(got) != 1 || !strings.HasPrefix(got[0], "tools/new.sh:2:") {
		t.Errorf("failing findings %q, want only tools/new.sh\n%s", got, out)
	}
	if !strings.Contains(out, "FAIL: 1 / 4 launches gated, 3 RED (1 failing, 2 baselined)") {
		t.Errorf("summary:\n%s", out)
	}
	// Annotations name only the new one too.
	_, gh, _ := runCmd(t, map[string]string{"GITHUB_ACTIONS": "true"}, "--root", root, "--baseline", base)
	if strings.Count(gh, "::error ") != 1 || !strings.Contains(gh, "::error file=tools/new.sh,") {
		t.Errorf("annotations:\n%s", gh)
	}
	// JSON says the same in the additive gate object.
	_, js, _ := runCmd(t, nil, "--root", root, "--baseline", base, "--json")
	var rep report.Report
	require.NoError(t, json.Unmarshal([]byte(js), &rep))
	if rep.Waivers == nil || rep.Waivers.Failing != 1 || len(rep.Waivers.Baselined) != 2 || len(rep.Waivers.Stale) != 0 || rep.Summary.Red != 3 {
		t.Errorf("gate %+v summary %+v", rep.Waivers, rep.Summary)
	}

	// Fixing an old one leaves a stale entry, which is reported.
	writeFile(t, root, "tools/new.sh", "#!/bin/sh\nexec launch-runtime --runtime claude -- -p new\n")
	writeFile(t, root, "tools/triage.sh", "#!/bin/sh\nlaunch-runtime --runtime claude -- -p triage\n")
	code, out, _ = runCmd(t, nil, "--root", root, "--baseline", base)
	if code != ExitOK {
		t.Fatalf("after the fix: exit %d\n%s", code, out)
	}
	if !strings.Contains(out, "stale baseline entries in ") || !strings.Contains(out, "tools/triage.sh: package-runner claude "+b.Findings[1].Fingerprint+" [STALE]") {
		t.Errorf("stale entry not reported:\n%s", out)
	}
	if !strings.Contains(out, "(0 failing, 1 baselined, 1 stale baseline entry)") {
		t.Errorf("summary:\n%s", out)
	}
}

func TestBaselineFileErrors(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"bad.json":     "{",
		"unknown.json": `{"version":1,"fingerprint_version":1,"findings":[],"extra":1}`,
		"v2.json":      `{"version":2,"fingerprint_version":1,"findings":[]}`,
		"empty.json":   `{"version":1,"fingerprint_version":1,"findings":[{"fingerprint":"","file":"a","class":"eval","runtime":"claude"}]}`,
	} {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		_, err := report.LoadBaseline(p)
		var be *report.BaselineError
		if !errors.As(err, &be) {
			t.Errorf("%s: err %v, want a BaselineError", name, err)
		}
		if name == "v2.json" && !errors.Is(err, report.ErrBaselineVersion) {
			t.Errorf("v2: %v", err)
		}
		code, _, errs := runCmd(t, nil, "--root", dir, "--baseline", p)
		if code != ExitError || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: exit %d %q", name, code, errs)
		}
	}
}

// TestDiffBase: only RED findings in files changed since the revision
// (committed, modified or untracked) fail; the inventory covers the tree.
func TestDiffBase(t *testing.T) {
	requireDetector(t, "x.sh", "#!/bin/sh\n")
	root := writeTree(t, map[string]string{
		"old.sh*":     "#!/bin/sh\nclaude -p old\n",
		"touched.sh*": "#!/bin/sh\necho hi\n",
		"gated.sh*":   "#!/bin/sh\nlaunch-runtime --runtime pi -- -p x\n",
		".gitignore":  "ignored.sh\n",
	})
	git(t, root, "init", "-q", "-b", "main")
	git(t, root, "add", ".")
	git(t, root, "commit", "-qm", "base")
	git(t, root, "checkout", "-qb", "feature")
	writeFile(t, root, "touched.sh", "#!/bin/sh\nclaude -p touched\n")
	git(t, root, "commit", "-qam", "touch")
	writeFile(t, root, "dirty.sh", "#!/bin/sh\npi -p untracked\n")
	writeFile(t, root, "ignored.sh", "#!/bin/sh\nclaude -p ignored\n")

	code, out, errs := runCmd(t, nil, "--root", root, "--diff-base", "main")
	if code != ExitRed {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	got := failingLines(out)
	if len(got) != 2 || !strings.HasPrefix(got[0], "dirty.sh:2:1:") || !strings.HasPrefix(got[1], "touched.sh:2:1:") {
		t.Errorf("failing %q\n%s", got, out)
	}
	if !strings.Contains(out, "RED findings in files not changed since main (not failing):\n  old.sh:2:1:") {
		t.Errorf("old.sh not listed as outside the diff:\n%s", out)
	}
	if !strings.Contains(out, "FAIL: 1 / 4 launches gated, 3 RED (2 failing, 1 in unchanged files)") {
		t.Errorf("inventory does not cover the whole tree:\n%s", out)
	}

	// Nothing changed on the branch but old RED: green.
	git(t, root, "checkout", "-q", "main")
	os.Remove(filepath.Join(root, "dirty.sh"))
	if code, out, _ := runCmd(t, nil, "--root", root, "--diff-base", "main"); code != ExitOK {
		t.Errorf("no change since main: exit %d\n%s", code, out)
	}

	// A changed config makes every file count.
	writeFile(t, root, ".check-launches.yaml", "exclude: [docs/**]\n")
	code, out, _ = runCmd(t, nil, "--root", root, "--diff-base", "main")
	if code != ExitRed || !strings.Contains(out, "note: .check-launches.yaml changed since main, so every file counts") {
		t.Errorf("changed config: exit %d\n%s", code, out)
	}

	if code, _, errs := runCmd(t, nil, "--root", root, "--diff-base", "no-such-rev"); code != ExitError || !strings.Contains(errs, "--diff-base no-such-rev") {
		t.Errorf("bad revision: exit %d %q", code, errs)
	}
	if code, _, errs := runCmd(t, nil, "--root", root, "--diff-base", "--output=x"); code != ExitError || !strings.Contains(errs, "not a revision") {
		t.Errorf("option as revision: exit %d %q", code, errs)
	}
}

// TestBaselineAndDiffBaseTogether: a baselined finding in a changed file
// does not fail; a new one does.
func TestBaselineAndDiffBaseTogether(t *testing.T) {
	requireDetector(t, "x.sh", "#!/bin/sh\n")
	root := writeTree(t, map[string]string{"a.sh*": "#!/bin/sh\nclaude -p a\n"})
	git(t, root, "init", "-q", "-b", "main")
	git(t, root, "add", ".")
	git(t, root, "commit", "-qm", "base")
	base := filepath.Join(t.TempDir(), "b.json")
	runCmd(t, nil, "--root", root, "--write-baseline", base)
	writeFile(t, root, "a.sh", "#!/bin/sh\necho x\nclaude -p a\n")
	if code, out, _ := runCmd(t, nil, "--root", root, "--baseline", base, "--diff-base", "HEAD"); code != ExitOK {
		t.Errorf("exit %d\n%s", code, out)
	}
	writeFile(t, root, "a.sh", "#!/bin/sh\necho x\nclaude -p a\npi\n")
	code, out, _ := runCmd(t, nil, "--root", root, "--baseline", base, "--diff-base", "HEAD")
	if got := failingLines(out); code != ExitRed || len(got) != 1 || !strings.HasPrefix(got[0], "a.sh:4:1:") {
		t.Errorf("exit %d, failing %q\n%s", code, got, out)
	}
}
