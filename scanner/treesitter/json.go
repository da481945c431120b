package treesitter

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/leasegate/leasegate/scanner"
)

// maxJSONStrings bounds the strings JSONStrings collects.
const maxJSONStrings = 4 * MaxPossibilities

// JSONStrings is what json.loads or JSON.parse makes of the known JSON
// text src, whose parts a reader may take out (`JSON.parse('{"bin":
// "claude"}').bin`): any string of it, keys and values, or an unknown.
// Past maxJSONStrings strings the rest are not read and the value is past
// a bound (UnionPast: a dynamic launch where it is a command). ok is
// false for a text that is not JSON or holds no string. The decoder
// bounds its own depth; the walk keeps its own stack.
func JSONStrings(cfg *scanner.Config, src string, n int32) (v Value, ok bool) {
	var doc any
	if json.Unmarshal([]byte(src), &doc) != nil {
		return Value{}, false
	}
	var strs []Value
	stack := []any{doc}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch x := x.(type) {
		case string:
			strs = append(strs, Str(x, n))
		case []any:
			stack = append(stack, x...)
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(x)) {
				strs = append(strs, Str(k, n))
				stack = append(stack, x[k])
			}
		}
		if len(strs) > maxJSONStrings {
			return UnionPast(cfg, strs, true, n), true
		}
	}
	if len(strs) == 0 {
		return Value{}, false
	}
	return Union(cfg, append(strs, Unknown(n)), n), true
}
