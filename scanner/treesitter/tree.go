package treesitter

import (
	"bytes"
	"fmt"
	"runtime/debug"
	"sort"
	"sync"
	"unsafe"

	ts "github.com/tree-sitter/go-tree-sitter"

	"github.com/leasegate/leasegate/scanner"
)

// Kind is a detector's own small enumeration of the node kinds it reads;
// zero is every other named kind.
type Kind uint8

// Field is a detector's enumeration of the field names it reads; zero is
// no field.
type Field uint8

// NoField is the field of a node that fills no field the detector reads.
const NoField Field = 0

// None is the index of no node.
const None = -1

// Special names the kinds and the field that the copy treats specially.
type Special struct {
	// Error is the kind given to tree-sitter's ERROR nodes; a tree that
	// holds one has HasError set.
	Error Kind
	// Comment and Skip subtrees are left out of the copy.
	Comment, Skip Kind
	// Leaf nodes are copied without their subtree: the detector reads
	// their text alone (zero for none).
	Leaf Kind
	// Operator is the kind given to a token that fills OperatorField.
	Operator      Kind
	OperatorField Field
	// Mend, when set, mends the flat tree of every parse (a shape of the
	// grammar the detector reads otherwise).
	Mend func(*Tree)
	// Split, when set, lets a big file be parsed in pieces (split.go):
	// Split[0] is the grammar's root kind, and the kinds listed are those
	// whose children are statements that parse alone, as a root's
	// children, the same as in them.
	Split []Kind
}

// Grammar is one tree-sitter language with the tables that map its node
// kind and field ids onto the detector's enumerations, and a free list of
// parsers so each worker reuses one.
type Grammar struct {
	lang    *ts.Language
	kinds   []Kind
	keep    []bool // named kinds are kept in the flat tree
	fields  []Field
	special Special
	parsers chan *ts.Parser
	c       unsafe.Pointer // the tables in C memory, for the walk (flatten.go)
}

const errorSymbol = 0xFFFF

// NewGrammar builds the tables of lang from the detector's kind and field
// names.
func NewGrammar(lang *ts.Language, kindNames map[string]Kind, fieldNames map[string]Field, special Special) *Grammar {
	g := &Grammar{lang: lang, special: special, parsers: make(chan *ts.Parser, 64)}
	n := int(g.lang.NodeKindCount())
	g.kinds = make([]Kind, n)
	g.keep = make([]bool, n)
	for id := 0; id < n; id++ {
		name := g.lang.NodeKindForId(uint16(id))
		named := g.lang.NodeKindIsNamed(uint16(id))
		if k, ok := kindNames[name]; ok && named {
			g.kinds[id] = k
		}
		g.keep[id] = named
	}
	nf := int(g.lang.FieldCount())
	g.fields = make([]Field, nf+1)
	for id := 1; id <= nf; id++ {
		g.fields[id] = fieldNames[g.lang.FieldNameForId(uint16(id))]
	}
	g.c = unsafe.Pointer(cGrammar(g))
	return g
}

func (g *Grammar) getParser() *ts.Parser {
	select {
	case p := <-g.parsers:
		return p
	default:
	}
	return g.newParser()
}

// newParser is a parser of g's language of its own.
func (g *Grammar) newParser() *ts.Parser {
	p := ts.NewParser()
	if err := p.SetLanguage(g.lang); err != nil {
		p.Close()
		panic(err) // the grammars are pinned and ABI-compatible
	}
	return p
}

func (g *Grammar) putParser(p *ts.Parser) {
	p.Reset()
	select {
	case g.parsers <- p:
	default:
		p.Close()
	}
}

// ParseStepsPerByte bounds the parser's work on one file: at most this
// many steps (of 100 parser operations each) per byte of source, plus
// parseStepsBase, before the file is reported unparseable. A budget in
// steps, not in time, so the verdict does not depend on the machine's
// load. Real code takes well under one step per 50 bytes (the largest
// ratio over the real tree of bench/real is in BENCHMARKS.md); the bound
// only stops input that drives the parser's error recovery into
// super-linear work.
const ParseStepsPerByte = 1

// parseStepsBase is the step budget every file has on top of its size.
const parseStepsBase = 10000

// parseBudget is the step budget of a file of n bytes.
func parseBudget(n int) uint64 { return parseStepsBase + ParseStepsPerByte*uint64(n) }

// A parsed tree costs the C library about 100 bytes per node, some 130
// times the size of a minified file; files above bigFile are parsed one at
// a time so that several large bundles never sit in memory together.
const bigFile = 1 << 20

var bigParses = make(chan struct{}, 1)

// hugeFile is the size from which no file at all starts while a file's C
// tree exists (scanner.HoldExclusive), small ones included. The C tree of
// such a file is the scan's peak (TypeScript's 9 MB typescript.js: some
// 200 MB, before it was parsed in pieces: split.go), and the garbage
// small files made beside it, held under a Go memory limit, cost more
// than the core they kept busy: on the real tree of bench/real the scan
// took 0.89 of the CPU with the same wall time and 16 MiB less peak
// (farm-bench -n 4). It holds now for a file that cannot be cut (a
// minified bundle on one line).
const hugeFile = 4 << 20

// heavyMemoryLimit is the Go runtime's soft memory limit while a big
// file's C tree exists (Parse): the C tree (some 200 MiB for TypeScript's
// 9 MB typescript.js) is the scan's peak, and what the Go side holds
// beside it adds to it. (Since hugeFile, no file starts beside the C tree
// of the one file this large in bench/real; the limit still holds the
// other big files' neighbours.) Measured on bench/real's tree (farm-bench, 5
// pairs): peak 283 MiB against 311 at the process's 200 MiB limit, for
// 1.7% more wall time; 40 MiB saved 7 MiB more for 8% more time. The
// limit alone does that: a GC target of 25% beside it (GOGC) made the
// other workers collect every 6 MB through TypeScript's parse, 104 of the
// scan's 143 cycles in its first three seconds, for 2 MiB less peak;
// without it the scan takes 0.967 of the CPU (farm-bench -n 4). At 64
// MiB the peak crept to 287 MiB (301 MB, past the 300 MB goal) once Go's
// file facts were kept for the scan; 56 MiB gives 283 MiB for 0.6% more
// CPU (farm-bench -n 4).
const heavyMemoryLimit = 56 << 20

// Parse parses src into the flat tree t. ok is false when the parser gave
// up (step budget, parseBudget).
func (g *Grammar) Parse(src []byte, t *Tree) (ok bool) {
	if len(src) > bigFile && len(g.special.Split) > 0 && g.parseSplit(src, t, pieceSize) {
		// in pieces, whose C trees need none of the limits below (split.go)
		return true
	}
	if len(src) > bigFile {
		bigParses <- struct{}{}
		defer func() { <-bigParses }()
		// No new file starts while its C tree exists (scanner.HoldHeavy).
		defer scanner.HoldHeavy()()
		if len(src) > hugeFile {
			// ... not even a small one (hugeFile)
			defer scanner.HoldExclusive()()
		}
		// The tree about to be built is the largest thing in the process:
		// hand the garbage of the files before it back to the system first
		// (a GC; a few files in a tree are this large).
		debug.FreeOSMemory()
		releaseCMemory()
		// The other workers go on with small files meanwhile, under a
		// cap on the Go runtime's whole footprint (heavyMemoryLimit; a
		// lower limit the user set is kept).
		if old := debug.SetMemoryLimit(-1); old > heavyMemoryLimit {
			debug.SetMemoryLimit(heavyMemoryLimit)
			defer debug.SetMemoryLimit(old)
		}
	}
	ok, _, _ = g.parseOne(src, t, parseBudget(len(src)), -1)
	return ok
}

// parseOne parses src whole into t in at most max steps. ok is false when
// the parser gave up; clean reports that the tree holds neither an ERROR
// node nor a MISSING token, and, when end is not negative, that a token of
// one byte of src's own ends at end (tokenEnds); steps is what the parse
// used.
func (g *Grammar) parseOne(src []byte, t *Tree, max uint64, end int) (ok, clean bool, steps uint64) {
	// The parse allocates from an arena (alloc.go), which is emptied
	// whole: its tree is then never freed block by block, nor is the
	// parser's memory, which grows into the arena too: the parser is
	// the parse's own. Without a free arena, the pooled parsers and
	// malloc.
	a := getArena()
	var p *ts.Parser
	if a != nil {
		p = g.newParser()
	} else {
		p = g.getParser()
	}
	released := false
	release := func(tt *ts.Tree) {
		if released {
			return
		}
		released = true
		if a == nil {
			if tt != nil {
				tt.Close()
			}
			g.putParser(p)
			return
		}
		if tt != nil && a.overflow() {
			tt.Close() // part of it is malloc's
		}
		p.Close()
		a.release()
	}
	defer release(nil)
	// The parser reads src in place and counts its own steps in C
	// (flatten.go): no Go callback runs during the parse.
	tt, steps := parseSteps(p, src, max, a)
	if tt == nil {
		return false, false, steps
	}
	clean = !hasError(tt) && (end < 0 || tokenEnds(tt, end))
	if len(src) > bigFile {
		t.buildBig(tt, g, func() { release(tt) })
		return true, clean, steps
	}
	t.build(tt, g)
	release(tt)
	return true, clean, steps
}

// trees pools the flat trees of both detectors between files.
var trees = sync.Pool{New: func() any { return new(Tree) }}

// maxPooledNodes bounds the node slice of a tree kept in the pool, so one
// huge bundle does not pin its memory for the rest of the scan.
const maxPooledNodes = 1 << 16

// ParseFile parses src into a pooled tree, to be handed back with Release.
// When the parser gives up (step budget) it returns a *scanner.ParseError,
// which the driver reports as the unparseable finding.
func (g *Grammar) ParseFile(src []byte) (*Tree, error) {
	t := trees.Get().(*Tree)
	t.Src = src
	if !g.Parse(src, t) {
		t.Release()
		return nil, &scanner.ParseError{Pos: scanner.Pos{Line: 1, Column: 1}, Msg: fmt.Sprintf("the parser gave up (more than %d steps of 100 operations for %d bytes)", parseBudget(len(src)), len(src))}
	}
	if g.special.Mend != nil {
		g.special.Mend(t)
	}
	return t, nil
}

// keptTree is the key of a tree kept for a file's re-scan (Keep).
type keptTree struct {
	g    *Grammar
	path string
}

// ParsePass parses p's file: in the repository phase it takes the tree
// kept of the same bytes with the same grammar (Keep), else it parses
// them (ParseFile).
func (g *Grammar) ParsePass(p *scanner.Pass) (*Tree, error) {
	if p.Imports != nil {
		return g.Borrow(p)
	}
	return g.ParseFile(p.Src)
}

// Borrow is ParsePass in any phase, for a summary of p's file: it takes
// the tree kept of the same bytes with the same grammar, else it parses
// them. Return (or Done) hands the tree back.
func (g *Grammar) Borrow(p *scanner.Pass) (*Tree, error) {
	if p.Shared != nil {
		if v, ok := p.Shared.Take(keptTree{g, p.Path}); ok {
			t := v.(*Tree)
			if bytes.Equal(t.Src, p.Src) {
				return t, nil
			}
			t.Release()
		}
	}
	return g.ParseFile(p.Src)
}

// Done ends a detector's use of t, parsed of p's file with g: the tree is
// kept for the repository phase's next look at the file (a re-scan, a
// summary: Borrow) when the scan's store has room (scanner.Shared.Keep;
// its source copied, as the driver reuses its read buffers), else it goes
// back to the pool (Release). In phase one only a file the repository
// phase will read again (Pass.Needs) is kept. Measured on bench/real, the
// re-scans' parses were half the repository phase's CPU; and a file
// summarized, re-scanned in a later round or named by a second import
// was parsed again each time: 16% of the scan's parsed bytes.
func (g *Grammar) Done(p *scanner.Pass, t *Tree) {
	if p.Imports == nil && len(p.Needs) == 0 {
		t.Release()
		return
	}
	g.Return(p, t)
}

// Return hands back a tree of p's file from Borrow: it is kept for the
// next look at the file when the store has room, else released.
func (g *Grammar) Return(p *scanner.Pass, t *Tree) {
	// Not while a large file's C tree exists (scanner.Heavy): that is the
	// scan's peak of memory, which a kept tree would raise.
	if p.Shared != nil && len(t.Src) <= maxKeptFile && !scanner.Heavy() {
		size := len(t.Src) + len(t.Nodes)*int(unsafe.Sizeof(Node{}))
		src, owned := t.Src, t.owned
		if !owned {
			t.Src, t.owned = bytes.Clone(src), true
		}
		if p.Shared.Keep(keptTree{g, p.Path}, t, size) {
			return
		}
		t.Src, t.owned = src, owned
	}
	t.Release()
}

// maxKeptFile is the largest file whose tree Done keeps.
const maxKeptFile = 4 << 20

// Release hands a tree from ParseFile back to the pool; t must not be used
// afterwards.
func (t *Tree) Release() {
	t.Reset()
	if cap(t.Nodes) <= maxPooledNodes {
		trees.Put(t)
	}
}

// Node is one kept syntax node in the flat tree: named nodes and the
// anonymous tokens that fill a field (operators).
type Node struct {
	Start, End          uint32
	Parent, First, Next int32
	Kind                Kind
	Field               Field
}

// Tree is a syntax tree copied out of tree-sitter into Go memory, so the
// analysis never crosses cgo.
type Tree struct {
	Src      []byte
	Nodes    []Node
	HasError bool
	lines    []int
	owned    bool // Src is the tree's own copy (Return)
}

// Reset forgets the source, the line table and the error flag, keeping
// the node slice for reuse.
func (t *Tree) Reset() {
	t.Src, t.lines, t.HasError, t.owned = nil, nil, false, false
}

// build copies the tree into t.Nodes with one call into C (flatten.go):
// crossing cgo for every node (kind, field, offsets, cursor moves) cost
// more than the parse itself. The walk writes into the Go-owned node
// slice, first made as large as nodeBound, so one walk is enough: 492
// files of bench/real's tree were walked twice before (2.7M nodes, half
// of them typescript.js's). Should the slice be too small all the same,
// the walk counts the rest, and the second call, into a slice of the
// exact size, cannot fall short.
func (t *Tree) build(tt *ts.Tree, g *Grammar) {
	if b := nodeBound(tt); cap(t.Nodes) < b {
		t.Nodes = make([]Node, 0, b)
	}
	for {
		n, hasErr := flatten(tt, g, t.Nodes[:cap(t.Nodes)])
		if n <= cap(t.Nodes) {
			t.Nodes, t.HasError = t.Nodes[:n], hasErr
			return
		}
		t.Nodes = make([]Node, 0, n)
	}
}

// buildBig is build for a big file's tree, which drop ends: the walk
// writes into C memory sized by the bound, so the tree is walked once,
// and the Go copy of the exact size is made after the C tree is freed,
// so the two never sit in memory together; the Go heap meanwhile holds
// no part of them (heavyMemoryLimit).
func (t *Tree) buildBig(tt *ts.Tree, g *Grammar, drop func()) {
	b := nodeBound(tt)
	out, mem := cNodes(b)
	if mem == nil {
		t.build(tt, g)
		drop()
		return
	}
	defer freeC(mem)
	n, hasErr := flatten(tt, g, out)
	if n > b {
		// cannot happen (nodeBound), but the exact walk is always right
		t.build(tt, g)
		drop()
		return
	}
	drop()
	// the C library keeps the tree's freed memory unless trimmed
	releaseCMemory()
	if cap(t.Nodes) < n {
		t.Nodes = make([]Node, n)
	}
	t.Nodes = t.Nodes[:n]
	copy(t.Nodes, out[:n])
	t.HasError = hasErr
}

// Text returns the source text of node i.
func (t *Tree) Text(i int32) string {
	n := &t.Nodes[i]
	return string(t.Src[n.Start:n.End])
}

// Is reports whether node i's text equals s, without allocating.
func (t *Tree) Is(i int32, s string) bool {
	n := &t.Nodes[i]
	return int(n.End-n.Start) == len(s) && string(t.Src[n.Start:n.End]) == s
}

// Child returns the first child of i with field f, or None.
func (t *Tree) Child(i int32, f Field) int32 {
	if i == None {
		return None
	}
	for c := t.Nodes[i].First; c != None; c = t.Nodes[c].Next {
		if t.Nodes[c].Field == f {
			return c
		}
	}
	return None
}

// ChildKind returns the first child of i of kind k, or None.
func (t *Tree) ChildKind(i int32, k Kind) int32 {
	for c := t.Nodes[i].First; c != None; c = t.Nodes[c].Next {
		if t.Nodes[c].Kind == k {
			return c
		}
	}
	return None
}

// Children returns the kept children of i in order.
func (t *Tree) Children(i int32) []int32 {
	var out []int32
	for c := t.Nodes[i].First; c != None; c = t.Nodes[c].Next {
		out = append(out, c)
	}
	return out
}

// Pos returns the line and column where node i starts.
func (t *Tree) Pos(i int32) scanner.Pos { return t.PosAt(int(t.Nodes[i].Start)) }

// PosAt returns the line and column of byte offset off.
func (t *Tree) PosAt(off int) scanner.Pos {
	if t.lines == nil {
		t.lines = append(t.lines, 0)
		for j, b := range t.Src {
			if b == '\n' {
				t.lines = append(t.lines, j+1)
			}
		}
	}
	l := sort.Search(len(t.lines), func(k int) bool { return t.lines[k] > off }) - 1
	if l < 0 {
		l = 0
	}
	return scanner.Pos{Line: l + 1, Column: off - t.lines[l] + 1}
}

// CallShape names, in a detector's enumerations, how a call reads: the
// call kind and its callee field, the identifier kind, and the member
// access kind with the field that names the member.
type CallShape struct {
	Call       Kind
	Callee     Field
	Ident      Kind
	Member     Kind
	MemberName Field
}

// CallSites indexes the calls of the file by callee name: "f" for f(...),
// ".m" for x.m(...).
func (t *Tree) CallSites(s CallShape) map[string][]int32 {
	sites := map[string][]int32{}
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		if t.Nodes[i].Kind != s.Call {
			continue
		}
		fn := t.Child(i, s.Callee)
		if fn == None {
			continue
		}
		switch t.Nodes[fn].Kind {
		case s.Ident:
			k := t.Text(fn)
			sites[k] = append(sites[k], i)
		case s.Member:
			if p := t.Child(fn, s.MemberName); p != None {
				k := "." + t.Text(p)
				sites[k] = append(sites[k], i)
			}
		}
	}
	return sites
}

// MaxParseTokens is the most tokens (scanner.MoreTokens) of a file the
// detectors on this package parse (scanner.TokenBounded). At about 160
// bytes a token while the C tree exists and is flattened, it bounds one
// file's peak near 350 MB; the largest file of bench/real
// (typescript.js, 8.9 MB) holds 1.6 million.
const MaxParseTokens = 1 << 21
