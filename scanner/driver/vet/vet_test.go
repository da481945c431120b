package vet_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

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
	require.NoError(t, a.Flags.Set("gated", "true"))
	dir, err := filepath.Abs(matrixDir)
	require.NoError(t, err)
	analysistest.Run(t, dir, a, "launches")
}
