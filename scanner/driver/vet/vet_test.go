package vet_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/leasegate/leasegate/scanner/driver/vet"
	"github.com/leasegate/leasegate/scanner/shell"
)

// matrixDir is the Go parser matrix, in analysistest's GOPATH layout.
var matrixDir = filepath.Join("..", "..", "..", "testdata", "parser-matrix", "go")

// TestAnalyzerMatrix runs the analyzer over the Go matrix with gated
// launches reported, so every `// want` tag must be matched by a diagnostic
// starting with it, and every diagnostic by a want.
func TestAnalyzerMatrix(t *testing.T) {
	a := vet.NewAnalyzer(shell.New())
	if err := a.Flags.Set("gated", "true"); err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.Abs(matrixDir)
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, a, "launches")
}
