package treesitter

import (
	"fmt"

	"github.com/leasegate/leasegate/scanner"
)

// The bounds of one file's evaluation. Real code stays far below them; a
// file that reaches one is reported, never silently truncated.
const (
	// MaxEvalDepth bounds how deep one value is followed (through names,
	// members, spreads, calls, concatenations): it keeps the Go stack
	// bounded whatever the input.
	MaxEvalDepth = 2048
	// MaxEvalSteps bounds the evaluation work of one file, so values that
	// fan out (spreads of spreads, calls of calls) cannot make it
	// exponential.
	MaxEvalSteps = 1 << 20
	// MaxKept bounds the values one file's analysis keeps in memory (the
	// bindings of its names, the values worked out once, the calls a
	// detector records for the repository phase), so the memory of one
	// file stays bounded whatever its size and shape: a generated module
	// of 100,000 functions held 600 MB for 6 MB of source, and the
	// largest file the scan reads (scanner.MaxFileSize) over 2 GB.
	MaxKept = 1 << 20
)

// Budget is the explicit depth and work bound of one file's evaluation.
// Every recursive step of an evaluator or resolver enters it. A step past
// the depth is refused (its value is unknown); once the work is spent
// every further step is. The first place a bound was reached is kept, for
// the detector to report.
type Budget struct {
	depth, steps int
	maxDepth     int
	maxSteps     int
	kept         int
	maxKept      int
	hit          int32 // the node where a bound was first reached, or None
	msg          string
}

// NewBudget returns the budget of one file: MaxEvalDepth levels and
// MaxEvalSteps steps.
func NewBudget() *Budget { return NewBudgetOf(MaxEvalDepth, MaxEvalSteps) }

// NewBudgetOf returns a budget of maxDepth levels and maxSteps steps.
func NewBudgetOf(maxDepth, maxSteps int) *Budget {
	return &Budget{maxDepth: maxDepth, maxSteps: maxSteps, maxKept: MaxKept, hit: None}
}

// Keep counts one value the analysis keeps for node n (Scopes.BindIn,
// Memo.Once, a detector's recorded calls). Past MaxKept it reports false
// and spends the file's work, so the evaluation stops growing: the
// caller drops the value, and the file is reported (Err) with the bound.
func (b *Budget) Keep(n int32) bool {
	if b == nil {
		return true
	}
	if b.kept >= b.maxKept {
		b.reach(n, fmt.Sprintf("the file's analysis keeps more than %d values (bindings, values and calls)", b.maxKept))
		b.steps = max(b.steps, b.maxSteps)
		return false
	}
	b.kept++
	return true
}

// Enter takes one step one level deeper, at node n. It reports false, and
// records the bound, when the depth or the file's work is spent; a caller
// that got true must call Leave.
func (b *Budget) Enter(n int32) bool {
	switch {
	case b.steps >= b.maxSteps:
		b.reach(n, fmt.Sprintf("evaluating the file's values takes more than %d steps", b.maxSteps))
		return false
	case b.depth >= b.maxDepth:
		b.reach(n, fmt.Sprintf("a value nests deeper than %d levels", b.maxDepth))
		return false
	}
	b.depth++
	b.steps++
	return true
}

func (b *Budget) reach(n int32, msg string) {
	if b.hit == None {
		b.hit, b.msg = n, msg
	}
}

// Leave returns from a level entered with Enter.
func (b *Budget) Leave() { b.depth-- }

// Reached reports whether a bound was reached, and where.
func (b *Budget) Reached() (n int32, msg string, ok bool) {
	return b.hit, b.msg, b.hit != None
}

// Err is the parse error that reports a reached bound (the file is
// unparseable: its launches past the bound cannot be checked), or nil.
func (b *Budget) Err(t *Tree) error {
	n, msg, ok := b.Reached()
	if !ok {
		return nil
	}
	pos := scanner.Pos{Line: 1, Column: 1}
	if n != None {
		pos = t.Pos(n)
	}
	return &scanner.ParseError{Pos: pos, Msg: "the evaluator stopped: " + msg + "; values past the bound are unknown"}
}
