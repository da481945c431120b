package treesitter

/*
#include <stddef.h>
void ts_set_allocator(void *(*)(size_t), void *(*)(size_t, size_t), void *(*)(void *, size_t), void (*)(void *));
static void leasegate_native_allocator(void) { ts_set_allocator(NULL, NULL, NULL, NULL); }
*/
import "C"

// The Go binding routes every tree-sitter allocation through a Go
// callback that only calls C's malloc; a cgo round trip per allocation
// made parsing a 1 MB file take seconds. Both sides end in the same libc
// heap, so the core library is pointed straight at it: memory allocated
// before the switch is freed by the same free.
func init() { C.leasegate_native_allocator() }
