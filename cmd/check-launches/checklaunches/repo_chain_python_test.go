package checklaunches_test

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/leasegate/leasegate/cmd/check-launches/checklaunches"
	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/driver"
)

// TestPythonRepoChains checks the chain the cross-module Python cases'
// launches carry (the matrix harness checks the tags only): each RED
// finding names, in its chain, the file and line where the runtime's
// launch is set up in another file.
func TestPythonRepoChains(t *testing.T) {
	cases := []struct {
		file string
		want map[string]string // finding file:line → its chain's step (file:line:col)
	}{
		{"repo_sdk_reexported.txtar", map[string]string{
			"main.py:9": "agents/__init__.py:1:39", "main.py:11": "agents/__init__.py:2:30",
			"main.py:13": "star/__init__.py:1:1", "main.py:15": "bound/__init__.py:3:1", "main.py:21": "nested/impl.py:1:39"}},
		{"repo_const_in_values.txtar", map[string]string{
			"main.py:6": "settings.py:1:10", "main.py:7": "settings.py:1:10", "main.py:8": "settings.py:2:21",
			"main.py:9": "config.py:3:23", "main.py:10": "config.py:7:14"}},
		{"repo_factory_and_returned_command.txtar", map[string]string{
			"main.py:5": "tools/__init__.py:6:16", "main.py:9": "tools/__init__.py:11:5", "main.py:10": "tools/__init__.py:11:5"}},
		{"repo_subclass_attribute.txtar", map[string]string{
			"main.py:5": "pkg/runner.py:8:16", "agents.py:4": "pkg/runner.py:8:16"}},
		{"repo_exec_file.txtar", map[string]string{
			"scripts/steps.txt:2": "bootstrap.py:4:1", "hooks.cfg:2": "bootstrap.py:5:1", "tasks.txt:3": "bootstrap.py:6:1"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("../../../testdata/parser-matrix/python", c.file))
			require.NoError(t, err)
			var files []driver.MemFile
			for _, f := range txtar.Parse(src).Files {
				if f.Name != "want" {
					files = append(files, driver.MemFile{Rel: f.Name, Src: f.Data})
				}
			}
			fs, _, err := driver.ScanFiles(files, scanner.DefaultConfig(), checklaunches.Suite())
			require.NoError(t, err)
			got := map[string]string{}
			for _, f := range fs {
				if f.Verdict != scanner.VerdictRed {
					continue
				}
				key := f.File + ":" + strconv.Itoa(f.Line)
				require.NotNil(t, f.Chain, "%s has no chain: %s", key, f.Message)
				steps := []string{}
				for _, s := range *f.Chain {
					steps = append(steps, s.String())
				}
				got[key] = steps[len(steps)-1]
				assert.Contains(t, f.Message, "through ", key)
			}
			assert.Equal(t, c.want, got)
		})
	}
}
