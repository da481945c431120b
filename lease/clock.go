package lease

import (
	"sync"
	"time"
)

// Clock is a monotonic clock: Now returns the time elapsed since an
// arbitrary fixed origin and never goes backwards.
type Clock interface {
	Now() time.Duration
}

// MonotonicClock returns a Clock backed by the process's monotonic clock,
// immune to wall-clock changes.
func MonotonicClock() Clock { return monoClock{origin: time.Now()} }

type monoClock struct{ origin time.Time }

func (c monoClock) Now() time.Duration { return time.Since(c.origin) }

// ManualClock is a Clock that moves only when told to; for tests.
type ManualClock struct {
	mu  sync.Mutex
	now time.Duration
}

// Now returns the current manual time.
func (c *ManualClock) Now() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d (negative values are ignored: a
// monotonic clock never goes back).
func (c *ManualClock) Advance(d time.Duration) {
	if d < 0 {
		return
	}
	c.mu.Lock()
	c.now += d
	c.mu.Unlock()
}
