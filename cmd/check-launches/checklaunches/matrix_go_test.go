package checklaunches

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/driver"
	"github.com/leasegate/leasegate/scanner/scannertest"
)

// TestMatrixGo runs the Go parser matrix through check-launches' own
// detector list. The cases sit in analysistest's layout (src/launches), and
// the same want comments drive scanner/golang's analysistest suite.
func TestMatrixGo(t *testing.T) {
	scannertest.Run(t, filepath.Join("..", "..", "..", "testdata", "parser-matrix", "go", "src", "launches"), Suite())
}

// TestMatrixGoModules runs the multi-file Go cases (txtar archives of a
// module in testdata/parser-matrix/go/module) the way check-launches scans
// a repository: written to a folder and scanned whole, so files and
// packages see each other. Every finding must be in the `-- want --`
// section and every want line found (with its chain and merged paths when
// the line names them).
func TestMatrixGoModules(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "testdata", "parser-matrix", "go", "module")
	names, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	require.NoError(t, err)
	require.NotEmpty(t, names)
	for _, name := range names {
		t.Run(filepath.Base(name), func(t *testing.T) {
			ar, err := txtar.ParseFile(name)
			require.NoError(t, err)
			require.NotEmpty(t, bytes.TrimSpace(ar.Comment), "the archive opens with what it covers")
			root := t.TempDir()
			var want []scannertest.Expect
			haveWant := false
			for _, f := range ar.Files {
				if f.Name == "want" {
					want, err = scannertest.ParseWantSection(f.Data)
					require.NoError(t, err)
					haveWant = true
					continue
				}
				p := filepath.Join(root, filepath.FromSlash(f.Name))
				require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
				require.NoError(t, os.WriteFile(p, f.Data, 0o644))
			}
			require.True(t, haveWant, "no `-- want --` section")
			rep, err := driver.Scan(context.Background(), driver.Options{Root: root, Config: scanner.DefaultConfig(), Suite: Suite()})
			require.NoError(t, err)
			var got []scannertest.Expect
			for _, f := range rep.Findings {
				got = append(got, scannertest.Expect{File: f.File, Line: f.Line, Column: f.Column, Tag: f.Tag(),
					Chain: scannertest.ChainOf(f), Paths: scannertest.PathsOf(f)})
			}
			missing, extra := scannertest.Diff(want, got)
			assert.Empty(t, missing, "missing findings")
			assert.Empty(t, extra, "unexpected findings")
		})
	}
}
