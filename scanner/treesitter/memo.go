package treesitter

// Memo caches the values a detector works out for one file (a binding, a
// parameter, a function's returns), keyed by node index or another int32,
// and breaks cycles: a key read while its own value is being worked out
// is unknown.
type Memo struct {
	done   map[int32]Value
	busy   map[int32]bool
	budget *Budget // counts what done keeps (Budget.Keep); nil: no bound
}

// NewMemo returns an empty memo.
func NewMemo() *Memo {
	return &Memo{done: map[int32]Value{}, busy: map[int32]bool{}}
}

// Once returns the cached value of key; Unknown(n) while key is being
// worked out (a cycle); else f's value, which it caches.
func (m *Memo) Once(key, n int32, f func() Value) Value {
	if v, ok := m.done[key]; ok {
		return v
	}
	if m.busy[key] {
		return Unknown(n)
	}
	m.busy[key] = true
	v := f()
	delete(m.busy, key)
	if m.budget.Keep(n) {
		m.done[key] = v
	}
	return v
}
