package checklaunches_test

import (
	"testing"

	"github.com/leasegate/leasegate/cmd/check-launches/checklaunches"
	"github.com/leasegate/leasegate/scanner/scannertest"
)

// TestTSJSMatrix runs testdata/parser-matrix/tsjs with the real detector
// list: every case's wants must match exactly (missing and extra findings
// both fail).
func TestTSJSMatrix(t *testing.T) {
	scannertest.Run(t, "../../../testdata/parser-matrix/tsjs", checklaunches.Suite())
}
