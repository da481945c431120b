package scanner

import "sync"

// The heavy phase: the few steps that hold most of a scan's memory at
// once (tree-sitter's C tree of a large bundle, some 25 bytes a byte of
// source) mark themselves with HoldHeavy, and the driver's workers call
// Heavy before each file but a small one, so no file that may build a
// large tree starts meanwhile: such a file is put aside and taken once the
// step ends. The files already in flight finish, small files go on (their
// trees are small; the driver scans the largest file first so that small
// ones are left to fill the cores), and the rest of
// the large file's analysis runs beside the other workers again: peak
// memory stays near that of the largest file, and no core idles for long.
var heavy = struct {
	sync.Mutex
	cond *sync.Cond
	n    int
}{}

func init() { heavy.cond = sync.NewCond(&heavy.Mutex) }

// HoldHeavy starts a heavy step; the returned function ends it.
func HoldHeavy() (release func()) {
	heavy.Lock()
	heavy.n++
	heavy.Unlock()
	return func() {
		heavy.Lock()
		heavy.n--
		if heavy.n == 0 {
			heavy.cond.Broadcast()
		}
		heavy.Unlock()
	}
}

// Heavy reports whether a heavy step is running now.
func Heavy() bool {
	heavy.Lock()
	defer heavy.Unlock()
	return heavy.n > 0
}

// WaitHeavy returns once no heavy step is running. A heavy step never
// waits for it, so it cannot deadlock: call it only between files.
func WaitHeavy() {
	heavy.Lock()
	for heavy.n > 0 {
		heavy.cond.Wait()
	}
	heavy.Unlock()
}

// The exclusive step: the part of a heavy step (the copy of a big file's
// C tree into the flat tree) during which no file starts at all, small
// ones included: its memory adds to the C tree's, which is then at its
// largest, and the Go heap's garbage of small files beside it would take
// the peak past the C tree's own (scanner/treesitter's Tree.buildBig).
var exclusive struct {
	sync.Mutex
	cond *sync.Cond
	n    int
}

func init() { exclusive.cond = sync.NewCond(&exclusive.Mutex) }

// HoldExclusive starts an exclusive step; the returned function ends it.
func HoldExclusive() (release func()) {
	exclusive.Lock()
	exclusive.n++
	exclusive.Unlock()
	return func() {
		exclusive.Lock()
		exclusive.n--
		if exclusive.n == 0 {
			exclusive.cond.Broadcast()
		}
		exclusive.Unlock()
	}
}

// WaitExclusive returns once no exclusive step is running. An exclusive
// step never waits for it: call it only between files.
func WaitExclusive() {
	exclusive.Lock()
	for exclusive.n > 0 {
		exclusive.cond.Wait()
	}
	exclusive.Unlock()
}
