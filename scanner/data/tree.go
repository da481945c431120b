package data

import (
	"bytes"
	"slices"
	"sort"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// nodeKind is the shape of a value in a parsed JSON, YAML or TOML document.
type nodeKind uint8

const (
	kindScalar nodeKind = iota // a string, or any other scalar kept as its text
	kindObject
	kindArray
)

// node is one value of a parsed document, with where it is in the file.
type node struct {
	kind nodeKind
	// str is the decoded text of a scalar; isString says it was a string.
	str      string
	isString bool
	// off is the file offset of the value; for a scalar, of its first
	// decoded byte.
	off int
	// smap maps each byte offset of str (and len(str)) to a file offset;
	// nil when the text sits verbatim at off.
	smap []int

	keys  []*node // object keys (scalars), in order
	vals  []*node // object values, parallel to keys
	elems []*node // array elements
}

// get returns the value of the first key named k (case-sensitive).
func (n *node) get(k string) *node {
	if n == nil || n.kind != kindObject {
		return nil
	}
	for i, key := range n.keys {
		if key.str == k {
			return n.vals[i]
		}
	}
	return nil
}

// items is a value that holds one scalar or a list of them (a command or
// a list of commands): the scalar alone, or the list's elements; nothing
// for anything else.
func (n *node) items() []*node {
	switch {
	case n == nil:
		return nil
	case n.kind == kindScalar:
		return []*node{n}
	case n.kind == kindArray:
		return n.elems
	}
	return nil
}

// text returns the node's string and offset map as embedded text.
func (n *node) text() text {
	if n.smap != nil {
		return text{s: n.str, m: n.smap}
	}
	return verbatim(n.str, n.off)
}

// text is a string found in a file with a map from each of its byte
// offsets (and its length) to the file offset it came from.
type text struct {
	s string
	m []int
}

func verbatim(s string, off int) text {
	m := make([]int, len(s)+1)
	for i := range m {
		m[i] = off + i
	}
	return text{s: s, m: m}
}

// fileOff maps an offset of the text to the file.
func (t text) fileOff(i int) int {
	if len(t.m) == 0 {
		return 0
	}
	if i < 0 {
		i = 0
	}
	if i >= len(t.m) {
		i = len(t.m) - 1
	}
	return t.m[i]
}

// builder assembles a text piece by piece.
type builder struct {
	b strings.Builder
	m []int
	// flat builders keep no offset map: their text is placed at one
	// offset as a whole later.
	flat bool
}

func (b *builder) add(s string, off int) {
	if !b.flat {
		for i := 0; i < len(s); i++ {
			b.m = append(b.m, off+i)
		}
	}
	b.b.WriteString(s)
}

// addAt adds s with every byte mapped to one file offset (an expansion).
func (b *builder) addAt(s string, off int) {
	if !b.flat {
		n := len(b.m)
		b.m = slices.Grow(b.m, len(s))[:n+len(s)]
		for i := n; i < len(b.m); i++ {
			b.m[i] = off
		}
	}
	b.b.WriteString(s)
}

func (b *builder) len() int { return b.b.Len() }

func (b *builder) text(end int) text {
	return text{s: b.b.String(), m: append(b.m, end)}
}

// lines maps file offsets to 1-based line and byte column.
type lines struct{ starts []int }

func newLines(src []byte) *lines {
	l := &lines{starts: []int{0}}
	for i, c := range src {
		if c == '\n' {
			l.starts = append(l.starts, i+1)
		}
	}
	return l
}

func (l *lines) pos(off int) scanner.Pos {
	i := sort.SearchInts(l.starts, off+1) - 1
	if i < 0 {
		i = 0
	}
	return scanner.Pos{Line: i + 1, Column: off - l.starts[i] + 1}
}

// offset returns the file offset of a 1-based line and byte column.
func (l *lines) offset(line, col int) int {
	if line < 1 {
		return 0
	}
	if line > len(l.starts) {
		line = len(l.starts)
	}
	return l.starts[line-1] + max(col, 1) - 1
}

// textOffset maps a 1-based position relative to the start of s to a byte
// offset of s.
func textOffset(s string, p scanner.Pos) int {
	off := 0
	for line := 1; line < p.Line; line++ {
		i := strings.IndexByte(s[off:], '\n')
		if i < 0 {
			return len(s)
		}
		off += i + 1
	}
	off += max(p.Column, 1) - 1
	if off > len(s) {
		off = len(s)
	}
	return off
}

// locate builds the offset map of a decoded scalar whose raw form starts
// at file offset start: each run of non-space bytes of the decoded text is
// looked up in the raw bytes in order, so indentation, folding and quotes
// between them do not shift positions. Bytes not found (escapes) map to
// the last position found.
func locate(src []byte, start int, s string) []int {
	m := make([]int, len(s)+1)
	cur := start
	i := 0
	for i < len(s) {
		if isSpace(s[i]) {
			m[i] = cur
			i++
			continue
		}
		j := i
		for j < len(s) && !isSpace(s[j]) {
			j++
		}
		word := s[i:j]
		limit := min(len(src), cur+len(word)+4096)
		found := -1
		if cur <= limit {
			found = bytes.Index(src[cur:limit], []byte(word))
		}
		if found >= 0 {
			base := cur + found
			for k := i; k < j; k++ {
				m[k] = base + k - i
			}
			cur = base + len(word)
		} else {
			for k := i; k < j; k++ {
				m[k] = cur
			}
		}
		i = j
	}
	m[len(s)] = cur
	return m
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// joinText concatenates texts, keeping their offset maps.
func joinText(parts ...text) text {
	n := 0
	for _, t := range parts {
		n += len(t.s)
	}
	var sb strings.Builder
	sb.Grow(n)
	m := make([]int, 0, n+1)
	for _, t := range parts {
		sb.WriteString(t.s)
		m = append(m, t.m[:len(t.s)]...)
	}
	end := 0
	if k := len(parts); k > 0 {
		end = parts[k-1].fileOff(len(parts[k-1].s))
	}
	return text{s: sb.String(), m: append(m, end)}
}
