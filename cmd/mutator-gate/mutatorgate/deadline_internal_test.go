package mutatorgate

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestEffectiveDeadline: docs/mutator-gate.md says a --deadline over the
// cap is cut to the cap (it used to fall back to the 2 s default).
func TestEffectiveDeadline(t *testing.T) {
	for _, tc := range []struct{ in, want time.Duration }{
		{0, DefaultDeadline},
		{-time.Second, DefaultDeadline},
		{500 * time.Millisecond, 500 * time.Millisecond},
		{MaxDeadline, MaxDeadline},
		{MaxDeadline + time.Nanosecond, MaxDeadline},
		{time.Hour, MaxDeadline},
	} {
		assert.Equal(t, tc.want, effectiveDeadline(tc.in), "--deadline %v", tc.in)
	}
}
