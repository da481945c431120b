package treesitter

/*
#include <stdint.h>
#include <stdlib.h>
#include <stdbool.h>
#include <malloc.h>

// lg_trim hands the heap's free memory back to the system (all arenas).
static void lg_trim(void) { malloc_trim(0); }

// The few declarations of tree_sitter/api.h (go-tree-sitter v0.25.0) that
// the walk uses; the functions live in the binding's C objects.
typedef struct TSTree TSTree;
typedef struct TSNode {
	uint32_t context[4];
	const void *id;
	const TSTree *tree;
} TSNode;
typedef struct TSTreeCursor {
	const void *tree;
	const void *id;
	uint32_t context[3];
} TSTreeCursor;
TSNode ts_tree_root_node(const TSTree *self);
uint16_t ts_node_symbol(TSNode self);
uint32_t ts_node_start_byte(TSNode self);
uint32_t ts_node_end_byte(TSNode self);
TSTreeCursor ts_tree_cursor_new(TSNode node);
void ts_tree_cursor_delete(TSTreeCursor *self);
TSNode ts_tree_cursor_current_node(const TSTreeCursor *self);
uint16_t ts_tree_cursor_current_field_id(const TSTreeCursor *self);
bool ts_tree_cursor_goto_parent(TSTreeCursor *self);
bool ts_tree_cursor_goto_next_sibling(TSTreeCursor *self);
bool ts_tree_cursor_goto_first_child(TSTreeCursor *self);
uint32_t ts_node_descendant_count(TSNode self);
bool ts_node_has_error(TSNode self);

TSNode ts_node_descendant_for_byte_range(TSNode self, uint32_t start, uint32_t end);
uint32_t ts_node_child_count(TSNode self);
bool ts_node_is_extra(TSNode self);
bool ts_node_is_missing(TSNode self);
bool ts_node_is_named(TSNode self);

// lg_token_ends reports whether tree has a token of its own at [at-1, at):
// one byte, anonymous (a `;`, a `}`), neither an extra (a comment) nor
// made up by the parser.
static bool lg_token_ends(const TSTree *tree, uint32_t at) {
	if (at == 0) {
		return false;
	}
	TSNode n = ts_node_descendant_for_byte_range(ts_tree_root_node(tree), at - 1, at);
	return ts_node_child_count(n) == 0 && !ts_node_is_extra(n) && !ts_node_is_missing(n) &&
		!ts_node_is_named(n) && ts_node_start_byte(n) == at - 1 && ts_node_end_byte(n) == at;
}

// lg_has_error reports whether tree holds an ERROR node or a token the
// parser made up (MISSING): the walk sees only the first.
static bool lg_has_error(const TSTree *tree) {
	return ts_node_has_error(ts_tree_root_node(tree));
}

// lg_bound bounds the nodes lg_flatten keeps: the cursor visits visible
// nodes only, and the root's descendant count counts each visible node
// of the tree once, the root included.
static int64_t lg_bound(const TSTree *tree) {
	return (int64_t)ts_node_descendant_count(ts_tree_root_node(tree));
}

// The parse entry point with its options (api.h of v0.25.0).
typedef struct TSParser TSParser;
typedef struct TSPoint { uint32_t row, column; } TSPoint;
typedef struct TSInput {
	void *payload;
	const char *(*read)(void *payload, uint32_t byte_index, TSPoint position, uint32_t *bytes_read);
	int encoding; // TSInputEncodingUTF8
	void *decode;
} TSInput;
typedef struct TSParseState {
	void *payload;
	uint32_t current_byte_offset;
	bool has_error;
} TSParseState;
typedef struct TSParseOptions {
	void *payload;
	bool (*progress_callback)(TSParseState *state);
} TSParseOptions;
TSTree *ts_parser_parse_with_options(TSParser *self, const TSTree *old_tree, TSInput input, TSParseOptions parse_options);

typedef struct {
	const char *src;
	uint32_t len;
	uint64_t steps, max;
} lg_parse_state;

void lg_arena_enter(void *a);
void lg_arena_leave(void);

// lg_read hands the parser the rest of the source in place: no copy.
static const char *lg_read(void *payload, uint32_t at, TSPoint p, uint32_t *n) {
	lg_parse_state *s = payload;
	if (at >= s->len) {
		*n = 0;
		return "";
	}
	*n = s->len - at;
	return s->src + at;
}

// lg_progress is called by the parser every 100 of its operations; past
// max calls it cancels the parse.
static bool lg_progress(TSParseState *st) {
	lg_parse_state *s = st->payload;
	return ++s->steps > s->max;
}

// lg_parse parses src with at most max*100 parser operations, counting
// them in C (a Go progress callback would cross cgo every 100 operations).
// It returns NULL when the budget is spent; *steps is what was used.
// With an arena, the parse allocates from it (alloc.go).
static TSTree *lg_parse(TSParser *p, const char *src, uint32_t len, uint64_t max, uint64_t *steps, void *arena) {
	lg_parse_state s = {src, len, 0, max};
	TSInput in = {&s, lg_read, 0, NULL};
	TSParseOptions o = {&s, lg_progress};
	lg_arena_enter(arena);
	TSTree *t = ts_parser_parse_with_options(p, NULL, in, o);
	lg_arena_leave();
	*steps = s.steps;
	return t;
}

// lg_node is Node (tree.go); TestNodeLayout checks that they agree.
typedef struct {
	uint32_t start, end;
	int32_t parent, first, next;
	uint8_t kind, field;
} lg_node;

typedef struct {
	const uint8_t *kinds, *keep, *fields;
	uint32_t nkinds, nfields;
	uint8_t err, comment, skip, leaf, op, op_field;
} lg_grammar;

#include <stddef.h>
// lg_layout gives lg_node's size and field offsets for TestNodeLayout.
static size_t lg_layout(int i) {
	switch (i) {
	case 0: return sizeof(lg_node);
	case 1: return offsetof(lg_node, start);
	case 2: return offsetof(lg_node, end);
	case 3: return offsetof(lg_node, parent);
	case 4: return offsetof(lg_node, first);
	case 5: return offsetof(lg_node, next);
	case 6: return offsetof(lg_node, kind);
	default: return offsetof(lg_node, field);
	}
}

#define LG_ERROR_SYMBOL 0xFFFF

// lg_flatten copies the kept nodes of tree into out, in the order and with
// the links of the cursor walk that tree.go documents, and returns how many
// there are: a count above cap means out was too small and holds only the
// first cap nodes. It returns -1 when it cannot allocate its stacks.
static int64_t lg_flatten(const TSTree *tree, const lg_grammar *g, lg_node *out, int64_t cap, uint8_t *has_error) {
	TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(tree));
	// parents[d] is the kept ancestor for cursor depth d; last[d] its last
	// kept child so far. The depth has no bound in the input, so the
	// stacks grow on the heap.
	size_t depth = 1, scap = 256;
	int32_t *parents = malloc(scap * sizeof *parents), *last = malloc(scap * sizeof *last);
	int64_t n = 0;
	if (parents == NULL || last == NULL) {
		free(parents);
		free(last);
		ts_tree_cursor_delete(&c);
		return -1;
	}
	parents[0] = -1;
	last[0] = -1;
	*has_error = 0;
	for (;;) {
		TSNode node = ts_tree_cursor_current_node(&c);
		uint16_t id = ts_node_symbol(node);
		uint16_t fid = ts_tree_cursor_current_field_id(&c);
		uint8_t k = 0, f = 0;
		bool keep = false;
		if (id == LG_ERROR_SYMBOL) {
			k = g->err;
			keep = true;
			*has_error = 1;
		} else if (id < g->nkinds) {
			k = g->kinds[id];
			keep = g->keep[id] != 0;
		}
		if (fid < g->nfields) {
			f = g->fields[fid];
		}
		if (f != 0) {
			keep = true;
		}
		bool skipped = k == g->comment || k == g->skip;
		if (skipped) {
			keep = false;
		}
		bool leaf = keep && g->leaf != 0 && k == g->leaf;
		int32_t top = parents[depth - 1], cur = top;
		if (keep) {
			if (f == g->op_field) {
				k = g->op;
			}
			int32_t idx = (int32_t)n;
			if (n < cap) {
				out[n] = (lg_node){ts_node_start_byte(node), ts_node_end_byte(node), top, -1, -1, k, f};
				int32_t l = last[depth - 1];
				if (l != -1) {
					out[l].next = idx;
				} else if (top != -1) {
					out[top].first = idx;
				}
			}
			n++;
			last[depth - 1] = idx;
			cur = idx;
		}
		if (!skipped && !leaf && ts_tree_cursor_goto_first_child(&c)) {
			if (depth == scap) {
				scap *= 2;
				int32_t *p = realloc(parents, scap * sizeof *parents);
				if (p != NULL) {
					parents = p;
				}
				int32_t *l = realloc(last, scap * sizeof *last);
				if (l != NULL) {
					last = l;
				}
				if (p == NULL || l == NULL) {
					free(parents);
					free(last);
					ts_tree_cursor_delete(&c);
					return -1;
				}
			}
			parents[depth] = cur;
			last[depth] = -1;
			depth++;
			continue;
		}
		while (!ts_tree_cursor_goto_next_sibling(&c)) {
			if (!ts_tree_cursor_goto_parent(&c)) {
				free(parents);
				free(last);
				ts_tree_cursor_delete(&c);
				return n;
			}
			depth--;
		}
	}
}
*/
import "C"

import (
	"unsafe"

	ts "github.com/tree-sitter/go-tree-sitter"
)

// cTree is the layout of ts.Tree in go-tree-sitter v0.25.0 (one pointer to
// the C tree), which exports no accessor for it. TestFlattenMatchesBinding
// checks the copy against a walk through the binding's own API.
type cTree struct{ inner *C.TSTree }

// cParser is the layout of ts.Parser in go-tree-sitter v0.25.0 (one
// pointer to the C parser).
type cParser struct{ inner *C.TSParser }

// parseSteps parses src with p's language in at most maxSteps steps of
// 100 parser operations, reading src in place. It returns nil when the
// budget is spent, and the steps used. src must not change during the call
// (the parser keeps no pointer into it afterwards).
func parseSteps(p *ts.Parser, src []byte, maxSteps uint64, a *arena) (*ts.Tree, uint64) {
	var steps C.uint64_t
	inner := C.lg_parse((*cParser)(unsafe.Pointer(p)).inner, (*C.char)(unsafe.Pointer(unsafe.SliceData(src))), C.uint32_t(len(src)), C.uint64_t(maxSteps), &steps, a.cArena())
	if inner == nil {
		return nil, uint64(steps)
	}
	return (*ts.Tree)(unsafe.Pointer(&cTree{inner: inner})), uint64(steps)
}

// releaseCMemory returns the C heap's free pages to the system. A large
// file's syntax tree costs the C library about 110 bytes per node (a 9 MB
// script: 215 MB); freed, that memory stays with the process unless
// trimmed, and the Go heap then grows beside it instead of into it.
func releaseCMemory() { C.lg_trim() }

// cNodeLayout returns the C node's size and field offsets, in the order of
// Node's fields, for the layout test.
func cNodeLayout() []uintptr {
	out := make([]uintptr, 8)
	for i := range out {
		out[i] = uintptr(C.lg_layout(C.int(i)))
	}
	return out
}

// cGrammar copies g's tables into C memory, once per grammar (grammars
// live as long as the program), so the walk gets them without passing Go
// memory that holds pointers.
func cGrammar(g *Grammar) *C.lg_grammar {
	cg := (*C.lg_grammar)(C.calloc(1, C.size_t(unsafe.Sizeof(C.lg_grammar{}))))
	kinds := C.CBytes(kindBytes(g.kinds))
	keep := C.CBytes(boolBytes(g.keep))
	fields := C.CBytes(fieldBytes(g.fields))
	if cg == nil || kinds == nil || keep == nil || fields == nil {
		panic("treesitter: out of memory building a grammar")
	}
	*cg = C.lg_grammar{
		kinds:    (*C.uint8_t)(kinds),
		keep:     (*C.uint8_t)(keep),
		fields:   (*C.uint8_t)(fields),
		nkinds:   C.uint32_t(len(g.kinds)),
		nfields:  C.uint32_t(len(g.fields)),
		err:      C.uint8_t(g.special.Error),
		comment:  C.uint8_t(g.special.Comment),
		skip:     C.uint8_t(g.special.Skip),
		leaf:     C.uint8_t(g.special.Leaf),
		op:       C.uint8_t(g.special.Operator),
		op_field: C.uint8_t(g.special.OperatorField),
	}
	return cg
}

func kindBytes(ks []Kind) []byte {
	b := make([]byte, len(ks))
	for i, k := range ks {
		b[i] = byte(k)
	}
	return b
}

func fieldBytes(fs []Field) []byte {
	b := make([]byte, len(fs))
	for i, f := range fs {
		b[i] = byte(f)
	}
	return b
}

func boolBytes(bs []bool) []byte {
	b := make([]byte, len(bs))
	for i, v := range bs {
		if v {
			b[i] = 1
		}
	}
	return b
}

// nodeBound is at least the number of nodes flatten keeps of tt (lg_bound),
// read in constant time from the root.
func nodeBound(tt *ts.Tree) int {
	return int(C.lg_bound((*cTree)(unsafe.Pointer(tt)).inner))
}

// hasError reports whether tt holds an ERROR node or a MISSING token.
func hasError(tt *ts.Tree) bool {
	return bool(C.lg_has_error((*cTree)(unsafe.Pointer(tt)).inner))
}

// tokenEnds reports whether tt has a one-byte anonymous token of the
// source's own (not a comment, not made up) that ends at at.
func tokenEnds(tt *ts.Tree, at int) bool {
	return bool(C.lg_token_ends((*cTree)(unsafe.Pointer(tt)).inner, C.uint32_t(at)))
}

// cNodes allocates n nodes in C memory, for the walk of a big file
// (Tree.buildBig); nil when the C library has no memory for them.
func cNodes(n int) ([]Node, unsafe.Pointer) {
	p := C.malloc(C.size_t(n) * C.size_t(unsafe.Sizeof(Node{})))
	if p == nil {
		return nil, nil
	}
	return unsafe.Slice((*Node)(p), n), p
}

func freeC(p unsafe.Pointer) { C.free(p) }

// flatten runs the C walk of tt into out and returns how many kept nodes
// the tree has (more than len(out) when out was too small) and whether it
// holds a syntax error.
func flatten(tt *ts.Tree, g *Grammar, out []Node) (int, bool) {
	inner := (*cTree)(unsafe.Pointer(tt)).inner
	var hasErr C.uint8_t
	n := C.lg_flatten(inner, (*C.lg_grammar)(g.c), (*C.lg_node)(unsafe.Pointer(unsafe.SliceData(out))), C.int64_t(len(out)), &hasErr)
	if n < 0 {
		panic("treesitter: out of memory copying the syntax tree")
	}
	return int(n), hasErr != 0
}
