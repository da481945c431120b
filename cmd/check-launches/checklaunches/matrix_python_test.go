package checklaunches_test

import (
	"testing"

	"github.com/leasegate/leasegate/cmd/check-launches/checklaunches"
	"github.com/leasegate/leasegate/scanner/scannertest"
)

// TestPythonMatrix runs testdata/parser-matrix/python with the real
// detector list: every case's wants must match exactly (missing and extra
// findings both fail).
func TestPythonMatrix(t *testing.T) {
	scannertest.Run(t, "../../../testdata/parser-matrix/python", checklaunches.Suite())
}
