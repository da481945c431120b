package docs

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/cmd/mutator-gate/mutatorgate"
	"github.com/leasegate/leasegate/lease/wire"
)

// The exit-code and code tables of the runtime half's pages are kept true
// here: each table is read from the page and compared with the constants of
// the Go file that defines them, in both directions, so that a status or a
// code added, renamed or dropped on one side fails until the other follows.

// table returns the rows (cells, backticks kept) of the first Markdown table
// after the heading line that starts with heading, header and separator
// rows dropped.
func table(t *testing.T, page, heading string) [][]string {
	t.Helper()
	b, err := os.ReadFile(page)
	require.NoError(t, err)
	lines := strings.Split(string(b), "\n")
	i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, heading) })
	require.GreaterOrEqual(t, i, 0, "%s: no heading %q", page, heading)
	var rows [][]string
	for _, l := range lines[i+1:] {
		if strings.HasPrefix(l, "#") {
			break
		}
		if !strings.HasPrefix(l, "|") {
			if len(rows) > 0 {
				break
			}
			continue
		}
		rows = append(rows, splitRow(l))
	}
	require.Greater(t, len(rows), 2, "%s: no table under %q", page, heading)
	return rows[2:]
}

// unquote drops the backticks around a cell.
func unquote(cell string) string { return strings.Trim(cell, "`") }

// constInts returns the integer constants named prefix* declared in the Go
// file at path (relative to the module root): name -> value.
func constInts(t *testing.T, path, prefix string) map[string]int {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(moduleRoot(t), path), nil, 0)
	require.NoError(t, err)
	out := map[string]int{}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, s := range gd.Specs {
			vs := s.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if !strings.HasPrefix(n.Name, prefix) || i >= len(vs.Values) {
					continue
				}
				lit, ok := vs.Values[i].(*ast.BasicLit)
				require.True(t, ok, "%s: %s is not a literal", path, n.Name)
				v, err := strconv.Atoi(lit.Value)
				require.NoError(t, err)
				out[n.Name] = v
			}
		}
	}
	require.NotEmpty(t, out, "%s: no %s* constants", path, prefix)
	return out
}

// codeConsts returns the wire.Code constants of lease/wire/protocol.go, in
// declaration order, grouped by the const block they are declared in.
func codeConsts(t *testing.T) [][]wire.Code {
	t.Helper()
	path := filepath.Join(moduleRoot(t), "lease", "wire", "protocol.go")
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	require.NoError(t, err)
	var blocks [][]wire.Code
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		var block []wire.Code
		for _, s := range gd.Specs {
			vs := s.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Code" {
				continue
			}
			for _, v := range vs.Values {
				s, err := strconv.Unquote(v.(*ast.BasicLit).Value)
				require.NoError(t, err)
				if s != "" {
					block = append(block, wire.Code(s))
				}
			}
		}
		if len(block) > 0 {
			blocks = append(blocks, block)
		}
	}
	require.Len(t, blocks, 2, "%s: want the gate-code and the error-code blocks", path)
	return blocks
}

func TestExitCodeTables(t *testing.T) {
	// mutator-gate: the status column, against ExitAllow and ExitBlock.
	gate := constInts(t, "cmd/mutator-gate/mutatorgate/hook.go", "Exit")
	var got []int
	for _, r := range table(t, "mutator-gate.md", "## Exit codes") {
		n, err := strconv.Atoi(unquote(r[0]))
		require.NoError(t, err, "mutator-gate.md: status %q", r[0])
		got = append(got, n)
	}
	assert.ElementsMatch(t, got, mapValues(gate), "mutator-gate.md exit codes vs mutatorgate.Exit*")
	assert.Equal(t, map[string]int{"ExitAllow": mutatorgate.ExitAllow, "ExitBlock": mutatorgate.ExitBlock}, gate)

	// lease-broker: code and name columns, against exitcodes.go.
	broker := constInts(t, "cmd/lease-broker/leasebroker/exitcodes.go", "Exit")
	doc := map[string]int{}
	for _, r := range table(t, "lease-broker.md", "### Exit codes") {
		n, err := strconv.Atoi(r[0])
		require.NoError(t, err, "lease-broker.md: code %q", r[0])
		doc[unquote(r[1])] = n
	}
	assert.Equal(t, broker, doc, "lease-broker.md exit codes vs leasebroker.Exit*")

	// launch-runtime: the status column (its first row is the runtime's own
	// status after a successful launch), against cmd/launch-runtime/launchruntime/exit.go.
	launch := constInts(t, "cmd/launch-runtime/launchruntime/exit.go", "Exit")
	got = nil
	for _, r := range table(t, "launch-runtime.md", "## Exit codes") {
		if !strings.HasPrefix(r[0], "`") {
			continue // "(the runtime's)"
		}
		n, err := strconv.Atoi(unquote(r[0]))
		require.NoError(t, err, "launch-runtime.md: status %q", r[0])
		got = append(got, n)
	}
	assert.ElementsMatch(t, got, mapValues(launch), "launch-runtime.md exit codes vs launchruntime.Exit*")
}

func TestCodeTables(t *testing.T) {
	blocks := codeConsts(t)
	gateCodes, errorCodes := blocks[0], blocks[1]
	assert.Equal(t, wire.GateCodes, gateCodes, "wire.GateCodes vs the gate-code const block")

	// mutator-gate.md: exactly the gate codes, in order.
	var got []wire.Code
	for _, r := range table(t, "mutator-gate.md", "## Denial codes") {
		got = append(got, wire.Code(unquote(r[0])))
		assert.Equal(t, wire.NextStep(wire.Code(unquote(r[0]))), r[len(r)-1], "mutator-gate.md: next step of %s vs wire.NextStep", r[0])
	}
	assert.Equal(t, gateCodes, got, "mutator-gate.md codes vs wire gate codes")

	// broker-protocol.md: every error code, and nothing that is not a code.
	all := append(slices.Clone(gateCodes), errorCodes...)
	got = nil
	for _, r := range table(t, "broker-protocol.md", "## Error codes") {
		c := wire.Code(unquote(r[0]))
		assert.Contains(t, all, c, "broker-protocol.md names a code the wire does not have")
		assert.Equal(t, wire.NextStep(c), r[len(r)-1], "broker-protocol.md: next step of %s vs wire.NextStep", c)
		got = append(got, c)
	}
	for _, c := range errorCodes {
		assert.Contains(t, got, c, "broker-protocol.md does not document error code %s", c)
	}
}

// TestDeadlineText keeps the --deadline sentence of mutator-gate.md on the
// hook's constants.
func TestDeadlineText(t *testing.T) {
	b, err := os.ReadFile("mutator-gate.md")
	require.NoError(t, err)
	text := strings.Join(strings.Fields(string(b)), " ")
	secs := func(d time.Duration) string { return fmt.Sprintf("%g s", d.Seconds()) }
	want := "The default is " + secs(mutatorgate.DefaultDeadline) + "; a larger value is cut to " + secs(mutatorgate.MaxDeadline)
	assert.Contains(t, text, want)
}

func mapValues(m map[string]int) []int {
	var out []int
	for _, v := range m {
		out = append(out, v)
	}
	return out
}
