package golang

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// apiRow is how docs/go.md lists one row of the process-API table.
func apiRow(a processAPI) string {
	name := a.Name
	if a.Recv != "" {
		name = "(*" + a.Recv + ")." + a.Name
	}
	return fmt.Sprintf("| `%s` | `%s` | %d | %s |", a.Pkg, name, a.Arg+1, formDoc[a.Form])
}

// TestAPITableDocumented: docs/go.md lists exactly the process-API table,
// in its order, so the page cannot drift from the code.
func TestAPITableDocumented(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "..", "docs", "go.md"))
	require.NoError(t, err)
	_, rest, ok := strings.Cut(string(page), "<!-- process-api table -->\n")
	require.True(t, ok, "docs/go.md has no `<!-- process-api table -->` marker")
	var got []string
	for _, line := range strings.Split(rest, "\n") {
		if !strings.HasPrefix(line, "| `") {
			if len(got) > 0 {
				break
			}
			continue
		}
		got = append(got, line)
	}
	var want []string
	for _, a := range processAPIs {
		want = append(want, apiRow(a))
	}
	require.Equal(t, want, got, "docs/go.md's process-API table differs from processAPIs (apis.go)")
}

// TestAPITableForms: every row has a documented form.
func TestAPITableForms(t *testing.T) {
	for _, a := range processAPIs {
		require.NotEmpty(t, formDoc[a.Form], "%s.%s", a.Pkg, a.Name)
	}
}

// TestStringLiterals: the string-only lexer agrees with go/scanner on
// literals next to comments, rune literals and escapes.
func TestStringLiterals(t *testing.T) {
	src := "package p\n// \"not\" a literal\nvar a = \"cl\" + `aude` /* \"no\" */ + '\"' + \"x\\\"y\"\nvar b = '\\''; var c = \"pi\"\n"
	var got []string
	stringLiterals([]byte(src), func(s string) bool { got = append(got, s); return true })
	require.Equal(t, []string{"cl", "aude", "x\"y", "pi"}, got)
}
