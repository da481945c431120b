package scanner

import "sync"

// steps counts the running steps of one kind, for the driver's workers
// to wait on between files.
type steps struct {
	mu   sync.Mutex
	cond *sync.Cond
	n    int
}

func newSteps() *steps {
	s := &steps{}
	s.cond = sync.NewCond(&s.mu)
	return s
}

// hold starts a step; the returned function ends it.
func (s *steps) hold() (release func()) {
	s.mu.Lock()
	s.n++
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		s.n--
		if s.n == 0 {
			s.cond.Broadcast()
		}
		s.mu.Unlock()
	}
}

// running reports whether a step is running now.
func (s *steps) running() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n > 0
}

// wait returns once no step is running.
func (s *steps) wait() {
	s.mu.Lock()
	for s.n > 0 {
		s.cond.Wait()
	}
	s.mu.Unlock()
}

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
var heavy = newSteps()

// HoldHeavy starts a heavy step; the returned function ends it.
func HoldHeavy() (release func()) { return heavy.hold() }

// Heavy reports whether a heavy step is running now.
func Heavy() bool { return heavy.running() }

// WaitHeavy returns once no heavy step is running. A heavy step never
// waits for it, so it cannot deadlock: call it only between files.
func WaitHeavy() { heavy.wait() }

// The exclusive step: a heavy step during which no file starts at all,
// small ones included: the parse and copy of a huge file, whose C tree
// is the scan's peak (scanner/treesitter's hugeFile); the small files'
// garbage beside it, held under a Go memory limit, cost more than the
// core they kept busy.
var exclusive = newSteps()

// HoldExclusive starts an exclusive step; the returned function ends it.
func HoldExclusive() (release func()) { return exclusive.hold() }

// WaitExclusive returns once no exclusive step is running. An exclusive
// step never waits for it: call it only between files.
func WaitExclusive() { exclusive.wait() }
