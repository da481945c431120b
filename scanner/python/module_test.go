package python_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/python"
	"github.com/leasegate/leasegate/scanner/shell"
)

// TestModuleIsSummarize: the summary the detector makes while it scans a
// file in phase one (Pass.Module, which phase two uses instead of parsing
// the file again) is exactly what Summarize makes of the file, on every
// Python file of the parser matrix (single files and the files of the
// multi-file cases).
func TestModuleIsSummarize(t *testing.T) {
	suite := scanner.Suite{Detectors: []scanner.Detector{python.New(), shell.New()}, Shell: shell.New()}
	cfg := scanner.DefaultConfig()
	d := python.New()
	files := map[string][]byte{}
	paths, err := filepath.Glob("../../testdata/parser-matrix/python/*")
	require.NoError(t, err)
	for _, p := range paths {
		src, err := os.ReadFile(p)
		require.NoError(t, err)
		switch {
		case strings.HasSuffix(p, ".py"):
			files[filepath.Base(p)] = src
		case strings.HasSuffix(p, ".txtar"):
			for _, f := range txtar.Parse(src).Files {
				if strings.HasSuffix(f.Name, ".py") {
					files[filepath.Base(p)+"/"+f.Name] = f.Data
				}
			}
		}
	}
	made := 0
	for name, src := range files {
		p := scanner.NewPass(name, src, cfg, "python", suite)
		_ = d.Scan(p) // a parse error or a bound still leaves the summary
		if p.Module == nil {
			continue // not parsed in phase one
		}
		made++
		want, err := d.Summarize(scanner.NewPass(name, src, cfg, "python", suite))
		require.NoError(t, err, name)
		require.Equal(t, want, p.Module, name)
	}
	require.Greater(t, made, 100, "most matrix files are parsed in phase one")
}
