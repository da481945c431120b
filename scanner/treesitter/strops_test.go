package treesitter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func strs(ss ...string) []Value {
	var out []Value
	for _, s := range ss {
		out = append(out, Str(s, None))
	}
	return out
}

func TestStrMethod(t *testing.T) {
	for _, tc := range []struct {
		name string
		op   StrOp
		recv string
		args []Value
		want string
	}{
		{"lower", StrLower, "CLAUDE", nil, "claude"},
		{"upper", StrUpper, "claude", nil, "CLAUDE"},
		{"capitalize", StrCapitalize, "cLAUDE", nil, "Claude"},
		{"swapcase", StrSwapCase, "cLAUDE", nil, "Claude"},
		{"trim", StrTrim, "  claude\n", nil, "claude"},
		{"trim chars", StrTrim, "xxclaudexx", strs("x"), "claude"},
		{"trim left", StrTrimLeft, "  claude ", nil, "claude "},
		{"replace all", StrReplaceAll, "cl@u@e", strs("@", "a"), "clauae"},
		{"replace first", StrReplaceFirst, "cl@u@e", strs("@", "a"), "clau@e"},
		{"remove prefix", StrRemovePrefix, "xclaude", strs("x"), "claude"},
		{"remove suffix", StrRemoveSuffix, "claudex", strs("x"), "claude"},
		{"concat", StrConcat, "cla", strs("u", "de"), "claude"},
		{"js slice", StrSliceJS, "claude-code", strs("0", "6"), "claude"},
		{"js slice negative", StrSliceJS, "xclaude", strs("-6"), "claude"},
		{"substring swapped", StrSubstring, "xclaude", strs("7", "1"), "claude"},
		{"substr", StrSubstr, "xclaudex", strs("1", "6"), "claude"},
		{"charAt", StrCharAt, "claude", strs("1"), "l"},
		{"format", StrFormat, "{}{1}", strs("cla", "ude"), "claude"},
		{"format spec", StrFormat, "{0!s:>1}", strs("claude"), "claude"},
		{"rot13", StrRot13, "pynhqr", nil, "claude"},
		{"base64", StrBase64, "Y2xhdWRl", nil, "claude"},
		{"hex", StrHex, "636c61756465", nil, "claude"},
		{"url", StrURLDecode, "cl%61ude", nil, "claude"},
		{"reverse", StrReverse, "edualc", nil, "claude"},
		// not modelled, or arguments not known: the receiver's text
		{"unmodelled", StrUnmodelled, "claude", strs("x"), "claude"},
		{"unknown argument", StrReplaceAll, "claude", []Value{Unknown(None), Str("x", None)}, "claude"},
		{"bad base64", StrBase64, "!!", nil, "!!"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := StrMethod(tc.op, Str(tc.recv, None), tc.args, 1)
			require.Equal(t, VStr, v.K)
			assert.Equal(t, tc.want, v.S)
			assert.Equal(t, tc.want, v.Sh)
			assert.Equal(t, tc.want != tc.recv, v.Composite)
		})
	}
}

func TestStrMethodPossibilities(t *testing.T) {
	recv := Union(nil, strs("GIT", "CLAUDE"), 1)
	v := StrMethod(StrLower, recv, nil, 2)
	var got []string
	for _, p := range v.Possibilities() {
		got = append(got, p.S)
	}
	assert.Equal(t, []string{"git", "claude"}, got)
	// a receiver with an unknown part keeps its text
	part := Concat(Str("CLAUDE", None), Unknown(None), 3)
	assert.Equal(t, part.S, StrMethod(StrLower, part, nil, 4).S)
	// a receiver that is not a string is unknown
	assert.Equal(t, VUnknown, StrMethod(StrLower, Unknown(None), nil, 5).K)
}

func TestPySlice(t *testing.T) {
	n := func(s string) *Value { v := Str(s, None); return &v }
	for _, tc := range []struct {
		name   string
		bounds [3]*Value
		want   string
	}{
		{"reverse", [3]*Value{nil, nil, n("-1")}, "edualc"},
		{"head", [3]*Value{nil, n("3"), nil}, "cla"},
		{"tail", [3]*Value{n("3"), nil, nil}, "ude"},
		{"negative", [3]*Value{n("-3"), nil, nil}, "ude"},
		{"step", [3]*Value{nil, nil, n("2")}, "cad"},
		{"unknown bound keeps the text", [3]*Value{{K: VUnknown}, nil, nil}, "claude"},
		{"zero step keeps the text", [3]*Value{nil, nil, n("0")}, "claude"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, PySlice(Str("claude", None), tc.bounds, 1).S)
		})
	}
}

func TestStrFromCodesCharsSplit(t *testing.T) {
	assert.Equal(t, "claude", StrFromCodes(strs("99", "108", "97", "117", "100", "101"), 1).S)
	assert.Equal(t, VUnknown, StrFromCodes([]Value{Unknown(None)}, 1).K)
	assert.Len(t, Chars(Str("claude", None), 1).Elems, 6)
	sp := Split(Str("a b", None), " ", 1)
	require.Len(t, sp.Elems, 2)
	assert.Equal(t, "b", sp.Elems[1].S)
	assert.Equal(t, "edualc", JoinValues(Reverse(Str("claude", None), 1).Elems, "", 2).S)
}
