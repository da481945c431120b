package tsjs_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// TestPastCallSitesBound: a helper called from so many sites that the
// file's MaxPastSteps run out before the last one is still RED at the
// launch when that site names the runtime (its text holds a trigger), and
// dynamic, since sites were left out; the same file without that site is
// clean.
func TestPastCallSitesBound(t *testing.T) {
	var b strings.Builder
	b.WriteString("import { spawn } from 'child_process';\n\nfunction run(bin: string) {\n  return spawn(bin, []);\n}\n\n")
	b.WriteString("function tool(n: number): string {\n  return 'g' + 'it';\n}\n\n")
	sites := treesitter.MaxPastSteps // each site takes more than one step
	for i := range sites {
		fmt.Fprintf(&b, "run(tool(%d));\n", i)
	}
	clean := b.String()
	assert.Empty(t, scan(t, "many.ts", []byte(clean)))

	fs := scan(t, "many.ts", []byte(clean+"run('claude');\n"))
	require.Len(t, fs, 1)
	assert.Equal(t, 4, fs[0].Line)
	assert.Equal(t, "claude", fs[0].Runtime)
	assert.Equal(t, scanner.ClassDynamic, fs[0].Class, "sites were left out past MaxPastSteps: the value is dynamic")
}
