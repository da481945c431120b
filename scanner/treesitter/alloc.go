package treesitter

/*
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <malloc.h>
#include <stdatomic.h>
#include <sys/mman.h>

void ts_set_allocator(void *(*)(size_t), void *(*)(size_t, size_t), void *(*)(void *, size_t), void (*)(void *));

// An arena is a slot of one reserved range of address space that a
// parse allocates from by bumping a pointer (Grammar.Parse). Nothing in it
// is freed one by one: once the file's tree is copied out the slot is
// reset whole (lg_arena_reset), and its pages past a few MiB go back to
// the system.
typedef struct lg_arena {
	char *base, *top, *end, *last;
	char *dirty; // pages below were written since the system gave them
	int overflow; // the slot ran out: later allocations went to malloc
} lg_arena;

#define LG_MAX_SLOTS 64

// lg_cur is the arena of the parse running on this thread, if any.
static __thread lg_arena *lg_cur;
// [lg_lo, lg_hi) is the reserved range, lg_slot the size of a slot: a
// pointer in the range is never handed to free.
static uintptr_t lg_lo, lg_hi;
static size_t lg_slot;
static lg_arena lg_slots[LG_MAX_SLOTS];

static int lg_in(const void *p) {
	uintptr_t u = (uintptr_t)p;
	return u >= lg_lo && u < lg_hi;
}

// lg_slot_end is the end of the slot p lies in.
static uintptr_t lg_slot_end(const void *p) {
	return lg_lo + ((uintptr_t)p - lg_lo) / lg_slot * lg_slot + lg_slot;
}

static void *lg_oom(void *p, size_t n) {
	if (p == NULL && n > 0) {
		fprintf(stderr, "tree-sitter failed to allocate %zu bytes", n);
		abort();
	}
	return p;
}

// lg_bump takes n bytes (8-aligned) from a; NULL when it has no room.
static void *lg_bump(lg_arena *a, size_t n) {
	size_t m = (n + 7) & ~(size_t)7;
	if (m < n || (size_t)(a->end - a->top) < m) {
		return NULL;
	}
	void *p = a->top;
	a->top += m;
	a->last = p;
	return p;
}

static void *lg_arena_alloc(size_t n) {
	lg_arena *a = lg_cur;
	if (a != NULL && !a->overflow) {
		void *p = lg_bump(a, n);
		if (p != NULL) {
			return p;
		}
		a->overflow = 1;
	}
	return NULL;
}

static void *lg_malloc(size_t n) {
	void *p = lg_arena_alloc(n);
	return p != NULL ? p : lg_oom(malloc(n), n);
}

// Past a slot's dirty mark its pages come fresh from the system, zeroed.
static void *lg_calloc(size_t c, size_t n) {
	if (n != 0 && c > SIZE_MAX / n) {
		return lg_oom(NULL, SIZE_MAX);
	}
	void *p = lg_arena_alloc(c * n);
	if (p == NULL) {
		return lg_oom(calloc(c, n), c * n);
	}
	// a slot's pages written by an earlier parse are cleared
	lg_arena *a = lg_cur;
	if ((char *)p < a->dirty) {
		size_t d = (size_t)(a->dirty - (char *)p);
		memset(p, 0, c * n < d ? c * n : d);
	}
	return p;
}

static void *lg_realloc(void *p, size_t n) {
	if (p == NULL) {
		return lg_malloc(n);
	}
	lg_arena *a = lg_cur;
	if (lg_in(p)) {
		// the last block grows in place
		size_t m = (n + 7) & ~(size_t)7;
		if (a != NULL && p == a->last && m >= n && (size_t)(a->end - (char *)p) >= m) {
			a->top = (char *)p + m;
			return p;
		}
		// The old block's size is not kept: n bytes are copied, which
		// may read past it into its slot (never past the slot's end,
		// and no other parse writes there), and the bytes past the old
		// size are the caller's to write.
		void *q = lg_arena_alloc(n);
		if (q == NULL) {
			q = lg_oom(malloc(n), n);
		}
		size_t room = (size_t)(lg_slot_end(p) - (uintptr_t)p);
		memmove(q, p, n < room ? n : room);
		return q;
	}
	if (a != NULL && !a->overflow) {
		size_t old = malloc_usable_size(p);
		void *q = lg_arena_alloc(n);
		if (q != NULL) {
			memcpy(q, p, old < n ? old : n);
			free(p);
			return q;
		}
	}
	return lg_oom(realloc(p, n), n);
}

static void lg_free(void *p) {
	if (p != NULL && !lg_in(p)) {
		free(p);
	}
}

static void lg_install_allocator(void) { ts_set_allocator(lg_malloc, lg_calloc, lg_realloc, lg_free); }

// lg_region reserves n slots of size bytes each; the number of slots,
// or 0 when the system refuses the range (parses then use malloc).
static int lg_region(int n, size_t size) {
	if (n > LG_MAX_SLOTS) {
		n = LG_MAX_SLOTS;
	}
	void *p = mmap(NULL, (size_t)n * size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) {
		return 0;
	}
	lg_slot = size;
	lg_lo = (uintptr_t)p;
	lg_hi = (uintptr_t)p + (size_t)n * size;
	for (int i = 0; i < n; i++) {
		lg_arena *a = &lg_slots[i];
		a->base = a->top = a->dirty = (char *)p + (size_t)i * size;
		a->end = a->base + size;
	}
	return n;
}

static lg_arena *lg_slot_at(int i) { return &lg_slots[i]; }

// lg_arena_reset empties a for the next parse: nothing may point into it
// any more (the parser that allocated there is deleted first). Its pages
// past keep bytes go back to the system.
static void lg_arena_reset(lg_arena *a, size_t keep) {
	if (a->top > a->dirty) {
		a->dirty = a->top;
	}
	char *k = a->base + keep;
	if (a->dirty > k) {
		madvise(k, (size_t)(a->dirty - k), MADV_DONTNEED);
		a->dirty = k;
	}
	a->top = a->base;
	a->last = NULL;
	a->overflow = 0;
	a->end = a->base + lg_slot;
}

// lg_arena_limit makes a hold at most size bytes, for a test of its end.
static void lg_arena_limit(lg_arena *a, size_t size) { a->end = a->base + size; }

// lg_arena_enter and lg_arena_leave bracket a parse on this thread
// (lg_parse in flatten.go); a NULL arena is malloc's.
void lg_arena_enter(lg_arena *a) { lg_cur = a; }
void lg_arena_leave(void) { lg_cur = NULL; }
static int lg_arena_overflow(lg_arena *a) { return a->overflow; }
static size_t lg_arena_used(lg_arena *a) { return (size_t)(a->top - a->base); }
*/
import "C"

import "unsafe"

// The Go binding routes every tree-sitter allocation through a Go
// callback that only calls C's malloc; a cgo round trip per allocation
// made parsing a 1 MB file take seconds. The core library is pointed at
// C functions instead: outside a parse with an arena they are malloc's
// own (memory allocated before the switch is freed by the same free);
// inside one they bump a pointer through the arena (arena).
func init() { C.lg_install_allocator() }

// arena is a slot the parse of one file allocates from (Grammar.Parse):
// tree-sitter's blocks are many and small (some 2 million for
// TypeScript's 9 MB typescript.js), and their malloc, their one-by-one
// free (ts_tree_delete) and the C library's consolidation of them took a
// fifth of the time no other file may start beside that file
// (scanner.HoldExclusive), and some 3% of the real tree's CPU. The range
// is reserved, not committed: only the pages a parse touches are memory,
// and a slot keeps at most arenaKeep of them between parses.
type arena struct{ c *C.lg_arena }

// arenaSlot is one slot's size: typescript.js's parse takes 21 bytes a
// byte of source, 190 MiB. A parse past its slot goes on with malloc
// (arena.overflow). arenaSlots bound the parses that use an arena at
// once; others use malloc.
const (
	arenaSlot  = 512 << 20
	arenaSlots = 16
	arenaKeep  = 2 << 20
)

// slots holds the free arenas; it is empty when the system refused the
// range.
var slots = func() chan *arena {
	n := int(C.lg_region(C.int(arenaSlots), C.size_t(arenaSlot)))
	ch := make(chan *arena, n)
	for i := 0; i < n; i++ {
		ch <- &arena{C.lg_slot_at(C.int(i))}
	}
	return ch
}()

// getArena takes a free arena; nil when none is free.
func getArena() *arena {
	select {
	case a := <-slots:
		return a
	default:
		return nil
	}
}

// release empties a and hands it back: nothing may point into it.
func (a *arena) release() {
	C.lg_arena_reset(a.c, arenaKeep)
	slots <- a
}

// limit makes a hold at most size bytes until its release (a test's).
func (a *arena) limit(size int) { C.lg_arena_limit(a.c, C.size_t(size)) }

// overflow reports whether some of the parse's memory came from malloc.
func (a *arena) overflow() bool { return C.lg_arena_overflow(a.c) != 0 }

// used is how much of the slot the parse took.
func (a *arena) used() int { return int(C.lg_arena_used(a.c)) }

// cArena is a's C arena for lg_parse, nil for none.
func (a *arena) cArena() unsafe.Pointer {
	if a == nil {
		return nil
	}
	return unsafe.Pointer(a.c)
}
