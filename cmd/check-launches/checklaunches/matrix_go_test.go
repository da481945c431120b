package checklaunches

import (
	"path/filepath"
	"testing"

	"github.com/leasegate/leasegate/scanner/scannertest"
)

// TestMatrixGo runs the Go parser matrix through check-launches' own
// detector list. The cases sit in analysistest's layout (src/launches), and
// the same want comments drive scanner/golang's analysistest suite.
func TestMatrixGo(t *testing.T) {
	scannertest.Run(t, filepath.Join("..", "..", "..", "testdata", "parser-matrix", "go", "src", "launches"), Suite())
}
