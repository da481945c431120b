package treesitter

// ScopeKey names the bindings of one name in one function scope.
type ScopeKey struct{ Name, Scope int32 }

// Scopes records where the names of one file are bound, by the innermost
// function around each binding (None: the module). Block scopes are not
// told apart. B is the detector's own record of a binding.
type Scopes[B any] struct {
	t         *Tree
	funcKinds []Kind
	ids       map[string]int32 // each name the file binds, numbered
	bound     map[ScopeKey][]B
	cache     map[int32]int32
	budget    *Budget // counts the bindings kept (Budget.Keep); nil: no bound
}

// NewScopes returns an empty table for t, whose scopes are the nodes of
// funcKinds.
func NewScopes[B any](t *Tree, funcKinds ...Kind) *Scopes[B] {
	return &Scopes[B]{t: t, funcKinds: funcKinds, ids: map[string]int32{}, bound: map[ScopeKey][]B{}, cache: map[int32]int32{}}
}

func (s *Scopes[B]) isFunc(k Kind) bool {
	for _, f := range s.funcKinds {
		if k == f {
			return true
		}
	}
	return false
}

// Of is the innermost function strictly around node n, or None for the
// module.
func (s *Scopes[B]) Of(n int32) int32 {
	t := s.t
	if v, ok := s.cache[n]; ok {
		return v
	}
	sc := int32(None)
	for p := t.Nodes[n].Parent; p != None; p = t.Nodes[p].Parent {
		if s.isFunc(t.Nodes[p].Kind) {
			sc = p
			break
		}
	}
	if s.isFunc(t.Nodes[n].Kind) {
		s.cache[n] = sc
	}
	return sc
}

// Bind records b as a binding of the name at node name, in the scope
// around that node.
func (s *Scopes[B]) Bind(name int32, b B) {
	s.BindIn(name, b, s.Of(name))
}

// BindIn records b as a binding of the name at node name, in scope.
func (s *Scopes[B]) BindIn(name int32, b B, scope int32) {
	if !s.budget.Keep(name) {
		return // past the file's bound, which the evaluator reports
	}
	t := s.t
	nm := t.Nodes[name]
	// the name's text is copied to a string only the first time it is
	// bound: a look-up by the bytes allocates nothing
	src := t.Src[nm.Start:nm.End]
	id, ok := s.ids[string(src)]
	if !ok {
		id = int32(len(s.ids))
		s.ids[string(src)] = id
	}
	k := ScopeKey{id, scope}
	s.bound[k] = append(s.bound[k], b)
}

// Bound reports whether the file binds name anywhere.
func (s *Scopes[B]) Bound(name []byte) bool {
	_, ok := s.ids[string(name)]
	return ok
}

// Lookup returns the bindings of name that a use at node n sees: those of
// the innermost scope around n that binds it, else the module's. ok is
// false when no such scope binds it.
func (s *Scopes[B]) Lookup(name []byte, n int32) (bs []B, key ScopeKey, ok bool) {
	id, ok := s.ids[string(name)]
	if !ok {
		return nil, ScopeKey{}, false
	}
	for sc := s.Of(n); ; sc = s.Of(sc) {
		if bs, ok := s.bound[ScopeKey{id, sc}]; ok {
			return bs, ScopeKey{id, sc}, true
		}
		if sc == None {
			break
		}
	}
	return nil, ScopeKey{}, false
}
