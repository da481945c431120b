package data_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
)

// TestLostProgramPastKeyBound: past the bound on the names a CI file sets
// to a runtime, a program run through a name not recorded is still
// judged (any name may be one of them): dynamic, never silent.
func TestLostProgramPastKeyBound(t *testing.T) {
	var b strings.Builder
	b.WriteString("x-values:\n")
	for i := range 300 {
		fmt.Fprintf(&b, "  V%03d: claude\n", i)
	}
	b.WriteString("review:\n  script:\n    - $V299 -p review\n")
	fs := scan(t, ".gitlab-ci.yml", b.String())
	var red []string
	for _, f := range fs {
		if f.Class == scanner.ClassDynamic {
			red = append(red, fmt.Sprintf("%d:%d", f.Line, f.Column))
		}
	}
	require.Equal(t, []string{"304:7"}, red)
}
