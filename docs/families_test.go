package docs

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/cmdline"
)

// TestFamiliesListed: docs/shell.md and docs/policy.md list the programs
// that run other programs as package cmdline's table has them, between
// <!-- cmdline:families --> markers; a family or program missing from a
// page fails. To update, paste cmdline.Markdown() between the markers.
func TestFamiliesListed(t *testing.T) {
	want := cmdline.Markdown()
	for _, page := range []string{"shell.md", "policy.md"} {
		doc, err := os.ReadFile(page)
		require.NoError(t, err)
		_, rest, ok := strings.Cut(string(doc), "<!-- cmdline:families -->\n")
		require.True(t, ok, "%s has no <!-- cmdline:families --> marker", page)
		got, _, ok := strings.Cut(rest, "<!-- /cmdline:families -->")
		require.True(t, ok, "%s has no closing marker", page)
		assert.Equal(t, want, got, "%s: the families differ from package cmdline's table", page)
		for _, f := range cmdline.Table {
			assert.Contains(t, got, "**"+f.Name+"**", "%s does not list the family %s", page, f.Name)
		}
	}
}
