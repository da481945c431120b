package wire

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEveryCodeHasANextStep: every Code constant declared in this package
// (gate codes and error codes) has a next step, so no denial or refusal
// ends without one.
func TestEveryCodeHasANextStep(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "protocol.go", nil, 0)
	require.NoError(t, err)
	n := 0
	ast.Inspect(f, func(x ast.Node) bool {
		vs, ok := x.(*ast.ValueSpec)
		if !ok {
			return true
		}
		if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Code" {
			return true
		}
		for _, v := range vs.Values {
			s, err := strconv.Unquote(v.(*ast.BasicLit).Value)
			require.NoError(t, err)
			if s == "" {
				continue
			}
			n++
			assert.NotEmpty(t, NextStep(Code(s)), "%s has no next step", s)
		}
		return true
	})
	assert.Greater(t, n, 15, "found too few codes: the parse is off")
	assert.Equal(t, "x; next: start the agent again through launch-runtime", WithNextStep(CodeGenerationMismatch, "x"))
	assert.Equal(t, "x", WithNextStep(CodeNone, "x"))
}
