package treesitter

import (
	"bytes"
	"slices"
)

// A big file of statements (a bundle: TypeScript's 9 MB typescript.js is
// one arrow function's body of 5,000 statements) is parsed in pieces of
// about pieceSize, each as a file of its own, and the pieces' trees are
// joined into the tree the whole parse gives. A piece's C tree is about
// 25 times its size, so the scan no longer holds a 200 MB C tree while
// the other cores wait (hugeFile), and no piece needs the big-file limits
// of Parse. On bench/real's tree the serial stretch was a fifth of the
// wall time.
//
// The join must give exactly the whole parse's tree, or the split is not
// used. A piece starts at a line after a line that ends in `;` and is cut
// there only when all of this holds:
//
//   - The file's first and last parts (before the first cut, from the
//     last) parse together, without an error or a made-up token, and the
//     place where they meet lies between two children of a node of a
//     Split kind (a statement block): one ending at the `;` (or `}`), the
//     next starting right at the cut. So the cut is between two
//     statements of one list, not inside a comment, string or nested
//     construct.
//   - Each middle piece parses alone, without an error or a made-up token,
//     to one root whose children start at the piece's first byte and end
//     at its last `;` (or `}`): complete statements, from token to token.
//   - That last `;` or `}` is a token of its own in both parses, not the
//     end of a comment after which the parser supplied the semicolon the
//     end of the text allows (`x // a;` then `;` on the next line is one
//     statement in the whole file: FuzzSplitParse found it).
//
// A statement list of complete statements is a statement list wherever it
// stands in another, and the grammar resolves its conflicts within a
// statement, so the statements are the same in the whole. TestSplitMatches
// and FuzzSplitParse check the join against the whole parse, node for
// node; the real-code suite does so on the big files of bench/real.
// Otherwise (no cut, a piece larger than maxPiece, an error, a piece that
// ends mid-statement) the file is parsed whole, as before; the pieces'
// work is lost, at most one more parse of the file.

// maxPiece bounds a piece: where the file has no cut for longer (one
// function of 2 MB in typescript.js: its type checker), the piece is that
// long, and its C tree some 50 MB; past hugeFile the file is parsed whole.
const maxPiece = hugeFile

// pieceSize is the size the pieces are cut at (the next cut after it): a
// piece's C tree is then some 13 MB, and the pieces of TypeScript's 9 MB
// bundle are 18 calls.
const pieceSize = 512 << 10

// cutPoints returns the offsets where a piece may start, about size
// apart: the first and last places of src where a line that ends a
// statement is followed by one that starts another at its first column,
// and the cuts between. A line ending in `;` may be followed by any
// character that can start a statement (not a closer, a comment, a
// continuation); a line ending in `}` only by a declaration's keyword, as
// `}` may end an expression, which the next line could continue. Nil when
// src has fewer than two.
func cutPoints(src []byte, size int) []int {
	// can reports whether a piece may start at i, after a line ending
	// in end
	can := func(i int, end byte) bool {
		if i >= len(src) {
			return false
		}
		if end == '}' {
			for _, kw := range declarations {
				if bytes.HasPrefix(src[i:], kw) {
					return true
				}
			}
			return false
		}
		switch src[i] {
		case ' ', '\t', '\r', '\n', '\f', '\v', '}', ')', ']', '/', '#', ',', '.', '?', ':':
			// indented, a closer, a comment, a hashbang (valid only at
			// the start of a file), a continuation
			return false
		}
		// A statement that ends in `;` goes on with `else` (`if (a)
		// b();`, whole alone) or `while` (`do b();`): the TypeScript
		// grammar reads a lone `else` as a name, so the pieces would
		// parse (FuzzSplitParse found it).
		for _, kw := range continuations {
			if bytes.HasPrefix(src[i:], kw) && (i+len(kw) == len(src) || !isWordByte(src[i+len(kw)])) {
				return false
			}
		}
		return true
	}
	var cuts []int
	next := 0 // the earliest offset of the next middle cut
	last := -1
	for at := 0; ; {
		k := bytes.IndexByte(src[at:], '\n')
		if k < 0 {
			break
		}
		i := at + k + 1
		at = i
		if k == 0 || !can(i, src[i-2]) {
			continue
		}
		if end := src[i-2]; end != ';' && end != '}' {
			continue
		}
		last = i
		if len(cuts) == 0 || i >= next {
			cuts = append(cuts, i)
			next = i + size
		}
	}
	if last < 0 {
		return nil
	}
	if cuts[len(cuts)-1] != last {
		// the last cut ends the middle: the last piece runs from the
		// middle cut before it
		cuts = append(cuts, last)
	}
	if len(cuts) < 2 {
		return nil
	}
	return cuts
}

// continuations are the words a statement ending in `;` may go on with.
var continuations = [][]byte{[]byte("else"), []byte("while")}

// isWordByte reports whether c can be part of a name.
func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// declarations start a line that may follow a `}` at a cut: a
// declaration, which continues no expression.
var declarations = [][]byte{[]byte("function "), []byte("var "), []byte("let "), []byte("const "), []byte("class "), []byte("async function ")}

// parseSplit parses src in pieces of about size (the comment above) into
// t. It reports false when it does not apply, having left t's nodes to
// the whole parse. The pieces share the file's step budget (parseBudget);
// when they spend it the file is parsed whole with its own, so a file is
// given at most twice the budget's work.
func (g *Grammar) parseSplit(src []byte, t *Tree, size int) bool {
	cuts := cutPoints(src, size)
	if cuts == nil {
		return false
	}
	first, last := cuts[0], cuts[len(cuts)-1]
	if first+len(src)-last > maxPiece {
		return false
	}
	for i := 1; i < len(cuts); i++ {
		if cuts[i]-cuts[i-1] > maxPiece {
			return false
		}
	}
	budget := parseBudget(len(src))
	spend := func(steps uint64) bool {
		if steps >= budget {
			return false
		}
		budget -= steps
		return true
	}
	// The ends: the part before the first cut and the part from the last,
	// as one text, the cut where they meet.
	ends := make([]byte, 0, first+len(src)-last)
	ends = append(append(ends, src[:first]...), src[last:]...)
	w := trees.Get().(*Tree)
	defer w.Release()
	w.Src = ends
	ok, clean, steps := g.parseOne(ends, w, budget, first-1)
	if !ok || !clean || !spend(steps) {
		return false
	}
	n, l, r := meeting(w, uint32(first))
	if n == None || !slices.Contains(g.special.Split, w.Nodes[n].Kind) || l == None || r == None ||
		w.Nodes[l].End != uint32(first-1) || w.Nodes[r].Start != uint32(first) {
		return false
	}
	gap := uint32(last - first)
	// The ends' nodes before the meeting (l's subtree and all before it,
	// in the walk's order), their offsets in src; l's next sibling is
	// set once the pieces are in.
	out := make([]Node, 0, len(src)/5) // bench/real's bundles: a node per 6.6 bytes
	for _, nd := range w.Nodes[:r] {
		if nd.End > uint32(first) {
			nd.End += gap // n and its ancestors
		}
		out = append(out, nd)
	}
	prev := l // the last statement so far
	p := trees.Get().(*Tree)
	defer p.Release()
	for i := 0; i+1 < len(cuts); i++ {
		from, to := cuts[i], cuts[i+1]
		piece := src[from:to]
		p.Src = piece
		ok, clean, steps := g.parseOne(piece, p, budget, len(piece)-1)
		if !ok || !clean || !spend(steps) || len(p.Nodes) < 2 {
			return false
		}
		root := p.Nodes[0]
		if root.Kind != g.special.Split[0] || root.Parent != None || root.Next != None || root.First != 1 ||
			p.Nodes[1].Start != 0 {
			return false
		}
		end := int32(1)
		for c := p.Nodes[1].Next; c != None; c = p.Nodes[c].Next {
			end = c
		}
		if p.Nodes[end].End != uint32(len(piece)-1) {
			return false
		}
		// piece node j (j ≥ 1) is out[base+j]
		base := int32(len(out)) - 1
		if int64(len(out))+int64(len(p.Nodes)) >= 1<<31-1 {
			return false
		}
		for _, nd := range p.Nodes[1:] {
			nd.Start += uint32(from)
			nd.End += uint32(from)
			if nd.Parent == 0 {
				nd.Parent = n
			} else {
				nd.Parent += base
			}
			if nd.First != None {
				nd.First += base
			}
			if nd.Next != None {
				nd.Next += base
			}
			out = append(out, nd)
		}
		out[prev].Next = 1 + base
		prev = end + base
	}
	// The ends' nodes from the meeting on: their offsets in src, and their
	// links past the pieces.
	shift := int32(len(out)) - r
	move := func(i int32) int32 {
		if i >= r {
			return i + shift
		}
		return i
	}
	for j := range out[:r] {
		if int32(j) == l {
			continue // its next sibling is the first piece's first statement
		}
		out[j].First, out[j].Next = move(out[j].First), move(out[j].Next)
	}
	out[prev].Next = r + shift
	for _, nd := range w.Nodes[r:] {
		nd.Start += gap
		nd.End += gap
		nd.Parent, nd.First, nd.Next = move(nd.Parent), move(nd.First), move(nd.Next)
		out = append(out, nd)
	}
	t.Nodes, t.HasError = out, false
	return true
}

// meeting finds, in the flat tree w, the deepest node n that spans offset
// at with no child that does: at lies between its children l (the last
// ending at or before it) and r (the first starting at or after it). Any
// of them is None when there is none.
func meeting(w *Tree, at uint32) (n, l, r int32) {
	if len(w.Nodes) == 0 || w.Nodes[0].Start >= at || w.Nodes[0].End <= at {
		return None, None, None
	}
	n = 0
	// The walk goes down one node each step: at most the tree's depth,
	// bounded by its node count.
	for steps := 0; steps < len(w.Nodes); steps++ {
		down := int32(None)
		l, r = None, None
		for c := w.Nodes[n].First; c != None; c = w.Nodes[c].Next {
			nd := &w.Nodes[c]
			switch {
			case nd.End <= at:
				l = c
			case nd.Start >= at:
				if r == None {
					r = c
				}
			default:
				down = c
			}
		}
		if down == None {
			return n, l, r
		}
		n = down
	}
	return None, None, None
}
