package checklaunches_test

import (
	"testing"

	"github.com/leasegate/leasegate/cmd/check-launches/checklaunches"
	"github.com/leasegate/leasegate/scanner/scannertest"
)

// TestShellMatrix runs testdata/parser-matrix/shell with the real detector
// list: every case's wants must match exactly, and bash -n must accept
// every case meant to parse.
func TestShellMatrix(t *testing.T) {
	scannertest.Run(t, "../../../testdata/parser-matrix/shell", checklaunches.Suite())
}
