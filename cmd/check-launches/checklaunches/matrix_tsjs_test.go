package checklaunches_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/leasegate/leasegate/cmd/check-launches/checklaunches"
	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/driver"
	"github.com/leasegate/leasegate/scanner/scannertest"
)

// TestTSJSMatrix runs testdata/parser-matrix/tsjs with the real detector
// list: every case's wants must match exactly (missing and extra findings
// both fail).
func TestTSJSMatrix(t *testing.T) {
	scannertest.Run(t, "../../../testdata/parser-matrix/tsjs", checklaunches.Suite())
}

// TestTSJSRepoChains: every RED launch of the TS/JS multi-file cases is
// found through another file, so it carries the chain (JSON `chain`) and
// the chain names another file of the case.
func TestTSJSRepoChains(t *testing.T) {
	paths, err := filepath.Glob("../../../testdata/parser-matrix/tsjs/repo_*.txtar")
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			src, err := os.ReadFile(p)
			require.NoError(t, err)
			var files []driver.MemFile
			for _, f := range txtar.Parse(src).Files {
				if f.Name != "want" && f.Name != driver.ConfigFileName {
					files = append(files, driver.MemFile{Rel: f.Name, Src: f.Data})
				}
			}
			fs, _, err := driver.ScanFiles(files, scanner.DefaultConfig(), checklaunches.Suite())
			require.NoError(t, err)
			red := 0
			for _, f := range fs {
				if !f.IsLaunch() || f.Class == scanner.ClassGated {
					continue
				}
				red++
				require.NotNil(t, f.Chain, "%s:%d has no chain", f.File, f.Line)
				other := false
				for _, s := range *f.Chain {
					other = other || s.File != f.File
				}
				assert.True(t, other, "%s:%d: the chain %v names no other file", f.File, f.Line, *f.Chain)
			}
			assert.Positive(t, red, "the case has no RED launch")
		})
	}
}
