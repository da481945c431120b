package checklaunches

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner/report"

	"github.com/leasegate/leasegate/scanner"
)

// TestSelfScan runs check-launches, as CI does, on this repository with its
// own .check-launches.yaml: no RED finding, and the example launches are in
// the inventory as gated. A stray bypass flag or an ungated launch anywhere
// in leasegate fails `go test`, not only .ci/run.
func TestSelfScan(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	require.NoError(t, err)
	var out, errOut bytes.Buffer
	code := Main([]string{"--root", root, "--json"}, nil, &out, &errOut)
	var rep report.Report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("exit %d, report not JSON: %v\nstderr: %s", code, err, errOut.String())
	}
	for _, f := range rep.Findings {
		if f.Verdict == scanner.VerdictRed {
			t.Errorf("%s:%d:%d: %s [%s]", f.File, f.Line, f.Column, f.Message, f.Class)
		}
	}
	if code != ExitOK {
		t.Fatalf("exit %d, want %d; stderr: %s", code, ExitOK, errOut.String())
	}
	if rep.Summary.Gated < 6 || rep.Summary.Gated != rep.Summary.Launches {
		t.Errorf("inventory %d / %d gated, want the examples' launches all gated", rep.Summary.Gated, rep.Summary.Launches)
	}
}
