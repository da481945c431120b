package treesitter

import (
	"encoding/json"
	"maps"
	"slices"
)

// maxJSONStrings bounds the strings JSONStrings collects.
const maxJSONStrings = 4 * MaxPossibilities

// JSONStrings is every string of the JSON text src, keys and values, as
// possibilities at n (at most maxJSONStrings, then ok is false: a text
// the analysis does not read whole is not read): what json.loads or
// JSON.parse makes of a known text, whose parts a reader may take out
// (`JSON.parse('{"bin": "claude"}').bin`). The decoder bounds its own
// depth; the walk keeps its own stack.
func JSONStrings(src string, n int32) (strs []Value, ok bool) {
	var doc any
	if json.Unmarshal([]byte(src), &doc) != nil {
		return nil, false
	}
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
			return nil, false
		}
	}
	return strs, len(strs) > 0
}
