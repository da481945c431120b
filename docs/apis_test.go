package docs

import (
	"maps"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner/python"
	"github.com/leasegate/leasegate/scanner/tsjs"
)

// The API tables of docs/python.md and docs/tsjs.md are kept true here:
// every key of the detector's table (scanner/<language>/api.go) is listed
// on its page, every key the page lists is in the table, and the keys of
// one row are judged the same way (one kind), so a row's description
// covers all of them.
func TestAPITables(t *testing.T) {
	for _, tc := range []struct {
		page string
		keys map[string]int
	}{
		{"python.md", python.APIKeys()},
		{"tsjs.md", tsjs.APIKeys()},
	} {
		t.Run(tc.page, func(t *testing.T) {
			rows := table(t, filepath.Join(moduleRoot(t), "docs", tc.page), "## API table")
			listed := map[string]bool{}
			for _, row := range rows {
				require.Len(t, row, 2, "%s: row %v", tc.page, row)
				kinds := map[int]bool{}
				for _, bt := range backtickRE.FindAllStringSubmatch(row[1], -1) {
					k := bt[1]
					assert.False(t, listed[k], "%s: %s listed twice", tc.page, k)
					listed[k] = true
					kind, ok := tc.keys[k]
					if assert.True(t, ok, "%s lists %s, which the table does not have", tc.page, k) {
						kinds[kind] = true
					}
				}
				assert.LessOrEqual(t, len(kinds), 1, "%s: the row %q mixes kinds", tc.page, row[0])
			}
			for _, k := range slices.Sorted(maps.Keys(tc.keys)) {
				assert.True(t, listed[k], "%s does not list %s", tc.page, k)
			}
		})
	}
}
