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

// An arena is one reserved range of address space that a huge file's
// parse allocates from by bumping a pointer (arenaParse). Nothing in it
// is freed one by one: the whole range goes back to the system at once
// once the file's tree is copied (lg_arena_free).
typedef struct lg_arena {
	char *base, *top, *end, *last;
	int overflow; // the range ran out: later allocations went to malloc
} lg_arena;

// lg_cur is the arena of the parse running on this thread, if any.
static __thread lg_arena *lg_cur;
// [lg_lo, lg_hi) is the range of the one arena that may exist (huge
// parses run one at a time); a pointer in it is never handed to free.
static _Atomic uintptr_t lg_lo, lg_hi;

static int lg_in(const void *p) {
	uintptr_t u = (uintptr_t)p;
	return u >= atomic_load(&lg_lo) && u < atomic_load(&lg_hi);
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

// An arena's pages come fresh from the system, zeroed, and are never
// reused: calloc needs no clearing there.
static void *lg_calloc(size_t c, size_t n) {
	if (n != 0 && c > SIZE_MAX / n) {
		return lg_oom(NULL, SIZE_MAX);
	}
	void *p = lg_arena_alloc(c * n);
	return p != NULL ? p : lg_oom(calloc(c, n), c * n);
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
		// may read past it into the range (never past its end), and the
		// bytes past the old size are the caller's to write.
		void *q = lg_arena_alloc(n);
		if (q == NULL) {
			q = lg_oom(malloc(n), n);
		}
		size_t room = (size_t)(atomic_load(&lg_hi) - (uintptr_t)p);
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

// lg_arena_new reserves size bytes of address space for one huge parse;
// NULL when the system refuses (the parse then uses malloc).
static lg_arena *lg_arena_new(size_t size) {
	lg_arena *a = calloc(1, sizeof *a);
	if (a == NULL) {
		return NULL;
	}
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) {
		free(a);
		return NULL;
	}
	a->base = a->top = p;
	a->end = (char *)p + size;
	atomic_store(&lg_hi, 0);
	atomic_store(&lg_lo, (uintptr_t)a->base);
	atomic_store(&lg_hi, (uintptr_t)a->end);
	return a;
}

// lg_arena_enter and lg_arena_leave bracket a parse on this thread
// (lg_parse in flatten.go); a NULL arena is malloc's.
void lg_arena_enter(lg_arena *a) { lg_cur = a; }
void lg_arena_leave(void) { lg_cur = NULL; }
static int lg_arena_overflow(lg_arena *a) { return a->overflow; }
static size_t lg_arena_used(lg_arena *a) { return (size_t)(a->top - a->base); }

// lg_arena_free hands a's range back to the system. Nothing may point
// into it any more: the parser that allocated there is deleted first.
static void lg_arena_free(lg_arena *a) {
	atomic_store(&lg_lo, 0);
	atomic_store(&lg_hi, 0);
	munmap(a->base, (size_t)(a->end - a->base));
	free(a);
}
*/
import "C"

import "unsafe"

// The Go binding routes every tree-sitter allocation through a Go
// callback that only calls C's malloc; a cgo round trip per allocation
// made parsing a 1 MB file take seconds. The core library is pointed at
// C functions instead: outside a huge file's parse they are malloc's own
// (memory allocated before the switch is freed by the same free); inside
// one they bump a pointer through an arena (arena).
func init() { C.lg_install_allocator() }

// arena is the memory of one huge file's parse (Grammar.Parse): some 2
// million blocks for TypeScript's 9 MB typescript.js, whose malloc and
// one-by-one free (ts_tree_delete) took a fifth of the time no other
// file may start (scanner.HoldExclusive). Its range is reserved, not
// committed: only the pages the parse touches are memory.
type arena struct{ c *C.lg_arena }

// arenaBytesPerByte and arenaBase size an arena for a source of n
// bytes: typescript.js's parse takes 21 bytes a byte of source. Past the
// range the parse goes on with malloc (arena.overflow).
const (
	arenaBytesPerByte = 48
	arenaBase         = 64 << 20
)

// newArena reserves an arena for a source of n bytes; nil when the
// system refuses the range.
func newArena(n int) *arena {
	return arenaOf(arenaBase + arenaBytesPerByte*uint64(n))
}

// arenaOf reserves an arena of size bytes.
func arenaOf(size uint64) *arena {
	c := C.lg_arena_new(C.size_t(size))
	if c == nil {
		return nil
	}
	return &arena{c}
}

// overflow reports whether some of the parse's memory came from malloc.
func (a *arena) overflow() bool { return C.lg_arena_overflow(a.c) != 0 }

// used is how much of the range the parse took.
func (a *arena) used() int { return int(C.lg_arena_used(a.c)) }

// free hands the range back.
func (a *arena) free() { C.lg_arena_free(a.c) }

// cArena is a's C arena for lg_parse, nil for none.
func (a *arena) cArena() unsafe.Pointer {
	if a == nil {
		return nil
	}
	return unsafe.Pointer(a.c)
}
