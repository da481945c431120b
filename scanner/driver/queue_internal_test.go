package driver

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
)

// TestEachFileSteps: while a heavy step runs only small files start, and
// while an exclusive step runs none does; every file is scanned once.
func TestEachFileSteps(t *testing.T) {
	const n = 40
	for _, exclusive := range []bool{false, true} {
		var (
			mu      sync.Mutex
			during  []int // files started while the step ran
			inStep  atomic.Bool
			counted [n]atomic.Int32
		)
		started := make(chan struct{})
		eachFile(context.Background(), n, 2, func(i int) {
			counted[i].Add(1)
			if i == 0 {
				// file 0 is the big one: it holds the step a while
				release := scanner.HoldHeavy()
				var releaseX func()
				if exclusive {
					releaseX = scanner.HoldExclusive()
				}
				inStep.Store(true)
				close(started)
				time.Sleep(50 * time.Millisecond)
				inStep.Store(false)
				if releaseX != nil {
					releaseX()
				}
				release()
				return
			}
			<-started
			if inStep.Load() {
				mu.Lock()
				during = append(during, i)
				mu.Unlock()
			}
			time.Sleep(time.Millisecond)
		}, func(i int) bool { return i%2 == 0 })
		for i := range counted {
			require.Equal(t, int32(1), counted[i].Load(), "file %d scanned once", i)
		}
		if exclusive {
			// at most the one file taken before the step began
			assert.LessOrEqual(t, len(during), 1, "files started in an exclusive step: %v", during)
			continue
		}
		for _, i := range during[min(1, len(during)):] {
			assert.Zero(t, i%2, "file %d is not small but started in a heavy step", i)
		}
	}
}
