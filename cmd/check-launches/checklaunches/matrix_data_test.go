package checklaunches

import (
	"path/filepath"
	"testing"

	"github.com/leasegate/leasegate/scanner/scannertest"
)

// TestMatrixData runs the data parser matrix (.txtar cases) through
// check-launches' own detector list.
func TestMatrixData(t *testing.T) {
	scannertest.Run(t, filepath.Join("..", "..", "..", "testdata", "parser-matrix", "data"), Suite())
}
