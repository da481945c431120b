package treesitter_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

func TestMayNameRuntime(t *testing.T) {
	cfg := scanner.DefaultConfig()
	str := treesitter.Str
	arr := func(es ...treesitter.Value) treesitter.Value { return treesitter.Value{K: treesitter.VArr, Elems: es} }
	obj := treesitter.Value{K: treesitter.VObj, Obj: 7}
	members := func(v treesitter.Value) []treesitter.Value {
		if v.Obj == 7 {
			return []treesitter.Value{str("x", 0), str("claude", 0)}
		}
		return nil
	}
	nested := str("claude", 0)
	for range scanner.MaxLinkDepth + 1 {
		nested = arr(nested)
	}
	flat := make([]treesitter.Value, 4*treesitter.MaxPossibilities+1)
	for i := range flat {
		flat[i] = str("git", 0)
	}
	for _, tc := range []struct {
		name    string
		v       treesitter.Value
		members func(treesitter.Value) []treesitter.Value
		want    bool
	}{
		{"runtime", str("claude", 0), nil, true},
		{"shell line", str("claude -p hi", 0), nil, true},
		{"wrapper", str("/usr/bin/launch-runtime", 0), nil, true},
		{"primitive", str("--dangerously-skip-permissions", 0), nil, true}, // check-launches: inert — test input for the value check
		{"near miss", str("git", 0), nil, false},
		{"substring only", str("api", 0), nil, false},
		{"unknown", treesitter.Unknown(0), nil, false},
		{"past a bound", treesitter.CutAt(0), nil, true},
		{"one possibility", treesitter.Either(cfg, treesitter.Unknown(0), str("pi", 0), 0), nil, true},
		{"array element", arr(str("-p", 0), str("claude", 0)), nil, true},
		{"array of git", arr(str("git", 0), str("log", 0)), nil, false},
		{"object member", obj, members, true},
		{"object unread", obj, nil, false},
		{"deeper than MaxLinkDepth", nested, nil, true},
		{"more values than read", arr(flat...), nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, treesitter.MayNameRuntime(cfg, tc.v, tc.members))
		})
	}
}
