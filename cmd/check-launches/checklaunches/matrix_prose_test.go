package checklaunches

import (
	"path/filepath"
	"testing"

	"github.com/leasegate/leasegate/scanner/scannertest"
)

// TestMatrixProse runs the prose parser matrix (.txtar cases): Markdown,
// reStructuredText, AsciiDoc and plain text run nothing (SPEC.md, "Prose
// runs nothing").
func TestMatrixProse(t *testing.T) {
	scannertest.Run(t, filepath.Join("..", "..", "..", "testdata", "parser-matrix", "prose"), Suite())
}
