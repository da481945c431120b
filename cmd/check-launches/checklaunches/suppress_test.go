package checklaunches

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner/report"
)

// TestInertMarkers runs the whole command: a marker with a reason
// suppresses the primitive in data; a marker never suppresses a real
// launch; markers without a reason or with nothing to suppress are notes
// in the text, counted, and listed in the JSON suppressions.
func TestInertMarkers(t *testing.T) {
	requireDetector(t, "x.sh", "#!/bin/sh\n")
	// The fixture lives under testdata/, which the repository's own scan
	// leaves out: it is RED on purpose.
	script, err := os.ReadFile(filepath.Join("testdata", "markers", "run.sh"))
	require.NoError(t, err)
	root := writeTree(t, map[string]string{"run.sh*": string(script)})
	code, out, _ := runCmd(t, nil, "--root", root)
	if code != ExitRed {
		t.Fatalf("exit %d\n%s", code, out)
	}
	for _, want := range []string{
		"run.sh:3:1: `claude` launched directly, bypassing launch-runtime [RED:direct-literal]\n",
		"run.sh:4:", // the primitive under a marker without a reason stays RED
		"run.sh:3: inert marker suppresses nothing: a real launch on its line is never inert [NOTE]\n",
		"run.sh:4: inert marker without a reason suppresses nothing; write `check-launches: inert <reason>` [NOTE]\n",
		"run.sh:5: inert marker suppresses nothing; remove it [NOTE]\n",
		"inert markers: 4 (1 suppressing 1 finding, 2 suppressing nothing, 1 without a reason)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "run.sh:2:") {
		t.Errorf("the marked help text is still reported:\n%s", out)
	}
	_, js, _ := runCmd(t, nil, "--root", root, "--json")
	var rep report.Report
	require.NoError(t, json.Unmarshal([]byte(js), &rep))
	want := []report.Suppression{
		{File: "run.sh", Line: 2, Reason: "help text", Suppressed: 1},
		{File: "run.sh", Line: 3, Reason: "trust me", Suppressed: 0},
		{File: "run.sh", Line: 4, Reason: "", Suppressed: 0},
		{File: "run.sh", Line: 5, Reason: "stale", Suppressed: 0},
	}
	if len(rep.Suppressions) != len(want) {
		t.Fatalf("suppressions %+v", rep.Suppressions)
	}
	for i := range want {
		if rep.Suppressions[i] != want[i] {
			t.Errorf("suppression %d = %+v, want %+v", i, rep.Suppressions[i], want[i])
		}
	}
}
