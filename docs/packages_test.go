package docs

import (
	"go/build"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const module = "github.com/leasegate/leasegate/"

// mapRowRE matches a row of the package map: | `pkg` | text |.
var mapRowRE = regexp.MustCompile("(?m)^\\| `([a-z/-]+)` \\| ")

// packageMap returns the packages named in the map of a Markdown file.
func packageMap(t *testing.T, file string) []string {
	t.Helper()
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	var out []string
	for _, m := range mapRowRE.FindAllStringSubmatch(string(b), -1) {
		out = append(out, m[1])
	}
	require.NotEmpty(t, out, "%s has no package map", file)
	return out
}

// scannerPackages lists the Go packages under scanner/.
func scannerPackages(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(filepath.Join("..", "scanner"), func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() {
			if _, err := build.ImportDir(p, 0); err == nil {
				rel, _ := filepath.Rel("..", p)
				out = append(out, filepath.ToSlash(rel))
			}
		}
		return nil
	})
	require.NoError(t, err)
	return out
}

// TestPackageMap: the map in packages.md and in README's Development
// section names every scanner package, and only packages that exist.
func TestPackageMap(t *testing.T) {
	pkgs := scannerPackages(t)
	for _, file := range []string{"packages.md", filepath.Join("..", "README.md")} {
		listed := packageMap(t, file)
		for _, p := range pkgs {
			assert.Contains(t, listed, p, "%s: package %s is not in the map", file, p)
		}
		for _, p := range listed {
			_, err := build.ImportDir(filepath.Join("..", filepath.FromSlash(p)), 0)
			assert.NoError(t, err, "%s: the map names %s, which is not a package", file, p)
		}
	}
}

// TestScannerLayering: imports point one way, detector API ← detectors ←
// driver / report ← cmd. The API imports no package of this module; a
// detector imports only the API and the shared tree-sitter package; the
// report never imports the driver.
func TestScannerLayering(t *testing.T) {
	allowed := func(pkg string) []string {
		switch {
		case pkg == "scanner":
			// cmdline is a leaf shared with the gate: it imports nothing
			// of this module (TestCmdlineIsALeaf); internal/shnest, the shell nesting
			// bounds shared with the gate, is a leaf too.
			return []string{"cmdline"}
		case pkg == "scanner/treesitter", slices.Contains([]string{"scanner/shell", "scanner/tsjs", "scanner/python", "scanner/golang", "scanner/data"}, pkg):
			return []string{"scanner", "scanner/treesitter", "cmdline", "internal/shnest"}
		case strings.HasPrefix(pkg, "scanner/report"):
			return []string{"scanner", "scanner/report"}
		case pkg == "scanner/fix":
			// fix knows no detector and no driver: it takes findings and a
			// re-scan function, so detectors can change under it.
			return []string{"scanner", "cmdline"}
		}
		return nil // not checked
	}
	for _, pkg := range scannerPackages(t) {
		ok := allowed(pkg)
		if pkg != "scanner" && ok == nil {
			continue
		}
		bp, err := build.ImportDir(filepath.Join("..", filepath.FromSlash(pkg)), 0)
		require.NoError(t, err)
		for _, imp := range bp.Imports {
			rel, ours := strings.CutPrefix(imp, module)
			if !ours {
				continue
			}
			assert.Contains(t, ok, rel, "%s imports %s, against the layering", pkg, rel)
		}
	}
}

// TestCmdlineIsALeaf: the one model of "what runs what" is shared by the
// scanner and the gate, so it imports neither (nor anything of this
// module).
func TestCmdlineIsALeaf(t *testing.T) {
	bp, err := build.ImportDir(filepath.Join("..", "cmdline"), 0)
	require.NoError(t, err)
	for _, imp := range bp.Imports {
		assert.False(t, strings.HasPrefix(imp, module), "cmdline imports %s", imp)
	}
}

// TestRuntimeLayering: wire is the runtime half's contract and imports
// nothing of this module; the hook, the launcher and the policy are
// clients and never import the server (lease/broker) or the state machine.
func TestRuntimeLayering(t *testing.T) {
	imports := func(pkg string) []string {
		bp, err := build.ImportDir(filepath.Join("..", filepath.FromSlash(pkg)), 0)
		require.NoError(t, err)
		var out []string
		for _, imp := range bp.Imports {
			if rel, ours := strings.CutPrefix(imp, module); ours {
				out = append(out, rel)
			}
		}
		return out
	}
	assert.Empty(t, imports("lease/wire"), "lease/wire imports nothing of the module")
	assert.Empty(t, imports("integrations/dropgate"), "dropgate is a leaf")
	assert.Empty(t, imports("internal/shnest"), "shnest is a leaf")
	for _, client := range []string{"cmd/launch-runtime/launchruntime", "cmd/mutator-gate/mutatorgate", "gate"} {
		for _, imp := range imports(client) {
			assert.NotContains(t, []string{"lease", "lease/broker", "lease/fleet"}, imp, "%s imports the server %s to be a client", client, imp)
		}
	}
	listed := packageMap(t, "packages.md")
	for _, p := range []string{"lease/wire", "lease/broker", "lease/fleet", "gate", "cmd/launch-runtime/launchruntime", "cmdline", "integrations/dropgate", "cmd/mutator-gate/mutatorgate", "cmd/lease-broker/leasebroker"} {
		assert.Contains(t, listed, p, "packages.md: %s is not in the map", p)
	}
}
