package treesitter

import (
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// Lang is what the shared evaluator needs from one language: its
// expressions and bindings in its own node kinds. A detector implements it
// on its per-file analyzer; everything that follows names, attributes,
// parameters and returns across the file is the Evaluator's.
//
// Every method returns a Value and the evaluator combines values only in
// Agree, Concat and JoinValues, so a value that becomes a set of
// possibilities changes those three and not this interface.
type Lang[B any] interface {
	// Expr is the value of expression n, read in the language's own node
	// kinds. The evaluator has already taken the step on its budget;
	// subexpressions are evaluated through Evaluator.Eval.
	Expr(n int32) Value
	// Binding is the value one binding gives its name.
	Binding(b *B) Value
	// Import reports whether b is an import (a module reference), the
	// binding that wins among many.
	Import(b *B) bool
	// Entry reads child c of an object literal (or keyword arguments) for
	// key name: the value bound to name (found), or the value a spread
	// brings in, searched in turn (spread).
	Entry(c int32, name string) (v Value, found, spread bool)
	// Body is what a call of function fn evaluates: an expression body
	// (expr), or a block whose return statements give the value.
	Body(fn int32) (body int32, expr bool)
	// Method names the method that node n defines, when it is one.
	Method(n int32) (string, bool)
	// Class names the class that node n defines, when it is one, and the
	// names its bases are written with (the last part of a dotted name).
	Class(n int32) (name string, bases []string, ok bool)
}

// Shape is how the evaluator reads the language's tree and values.
type Shape struct {
	Calls CallShape // calls, for call-site values
	News  CallShape // constructor calls (new C(...)), indexed as "new C"; zero when none
	// Aliases are callee names that stand for another at some sites
	// (Python's cls(...) in a classmethod is the class): each site of
	// such a name is also a site of what Alias returns for it ("" for
	// none).
	Aliases []string
	Alias   func(t *Tree, site int32, name string) string
	Return  Kind // a return statement
	// Yield is a yield expression (none when zero): a function that
	// holds one is a generator, and a call of it is the list of what it
	// yields (ReturnValue); YieldFrom reports whether yield n hands on
	// every element of its operand (Python's `yield from xs`).
	Yield                 Kind
	YieldFrom             func(t *Tree, n int32) bool
	Operator, Left, Right Field       // the fields of a binary expression
	Lists                 []ValueKind // value kinds whose elements a tracked value marks
	// Pure are the node kinds that read no name (literals and their
	// containers); KeyField is a field whose identifier is a key, not
	// a read (Python's keyword argument). A place past a bound made of
	// these alone, whose text holds no trigger, cannot give a value that
	// names a launch (Evaluator.past); any other kind may.
	Pure     []Kind
	KeyField Field
	Wins     []ValueKind // value kinds that win among a name's bindings (a module, a command object)
}

// The work bounds of the evaluation, besides the Budget.
const (
	// MaxMultiBindings is how many bindings of one name are compared
	// before only an import can give the name a value.
	MaxMultiBindings = 64
	// MaxCallSites bounds how many call sites are compared to resolve a
	// parameter.
	MaxCallSites = 32
	// MaxReturns bounds how many return statements (or attribute
	// assignments) are compared.
	MaxReturns = 16
	// MaxPastSteps bounds the evaluation steps one file spends on the
	// call sites, returns and assignments past MaxCallSites and
	// MaxReturns (see Evaluator.past).
	MaxPastSteps = 4096
)

// Evaluator is the static evaluator of one file, shared by the tree-sitter
// detectors: it follows names through their bindings in the innermost
// scope, parameters through the call sites of their function, attributes
// of the instance (this.x, self.x) through their assignments, calls of
// file-local functions through their returns, and keys through object
// literals and their spreads. Each is memoized, a cycle is unknown, and
// every step is charged to one Budget.
type Evaluator[B any] struct {
	T      *Tree
	Cfg    *scanner.Config
	Scopes *Scopes[B]
	Memo   *Memo
	Budget *Budget

	lang      Lang[B]
	shape     Shape
	multi     map[ScopeKey]Value
	attrs     map[string]Value
	propBusy  map[propKey]bool
	sites     map[string][]int32
	methodIdx map[string][]int32
	// classes are the file's classes, indexed once (see Family).
	classes *classIndex
	// methodsFor are the method values of a name through the instance of
	// a class (see MethodValue), by name and class.
	methodsFor map[propKey]Value
	// folded holds the value of a link of a left-nested operator chain
	// while the link above it is evaluated (see Operands).
	folded map[int32]Value
	// setsBusy are the properties whose later assignments are being
	// evaluated (see PropSet).
	setsBusy map[propKey]bool
	// Seed says a value of the file may mention a runtime, the wrapper or
	// the primitive: the file's bytes hold a trigger (scanner.Hits.Seed),
	// or the repository phase lends it the values of other files. In a
	// file that is not a seed, no value can name a launch, so nothing
	// past MaxCallSites and MaxReturns is read.
	Seed bool
	// MoreSites, when set, adds the language's own call sites to the
	// index CallSites builds, once, when it is first asked for (Python:
	// the calls of a name a method was bound to).
	MoreSites func(sites map[string][]int32)
	// Unread says a value was left unread because the file is not a
	// seed (Param, Attr and ReturnValue past their bounds, or a
	// language's own shortcut): in phase one such a file then needs every
	// module it imports, so that phase two, where the imports lend their
	// values and the file is a seed, reads it (an unknown is never
	// absent: `run(AGENT)` beside forty `run('git')`, AGENT imported).
	Unread bool
	// CutSeen counts the expressions evaluated whose value is past a
	// bound (Value.Cut): a process API call that read one and launches
	// nothing known is reported as a launch of an unknown runtime, so an
	// operation that drops the mark (`String(x)`, a template, `+ ''`)
	// does not make the bound silent.
	CutSeen int
	// pastSteps are the steps spent past MaxCallSites and MaxReturns.
	pastSteps int
	// spans are where the file holds a trigger, read once past that.
	spans     []scanner.Span
	spansRead bool
}

type propKey struct {
	obj  int32
	name string
}

// NewEvaluator returns the evaluator of tree t for lang, whose names are
// bound in scopes.
func NewEvaluator[B any](t *Tree, cfg *scanner.Config, scopes *Scopes[B], lang Lang[B], shape Shape) *Evaluator[B] {
	b := NewBudget()
	memo := NewMemo()
	memo.budget = b
	if scopes != nil {
		scopes.budget = b
	}
	return &Evaluator[B]{T: t, Cfg: cfg, Scopes: scopes, Memo: memo, Budget: b, lang: lang, shape: shape,
		multi: map[ScopeKey]Value{}, attrs: map[string]Value{}, propBusy: map[propKey]bool{}, methodsFor: map[propKey]Value{}}
}

// Eval is the value of expression n, Unknown past the budget.
func (e *Evaluator[B]) Eval(n int32) Value {
	if n == None {
		return Unknown(None)
	}
	if !e.Budget.Enter(n) {
		return Unknown(n)
	}
	defer e.Budget.Leave()
	v := e.lang.Expr(n)
	if v.HasCut() {
		e.CutSeen++
	}
	return v
}

// Err reports a bound the evaluation reached, as the file's parse error.
func (e *Evaluator[B]) Err() error { return e.Budget.Err(e.T) }

// Once evaluates a binding at most once (its value is memoized by the
// name node; a binding that depends on itself is unknown).
func (e *Evaluator[B]) Once(name int32, f func() Value) Value {
	return e.Memo.Once(name, name, f)
}

// Tracked marks a string that came through a name the file sets
// (variable-execution), unless it came from a run-time look-up.
func (e *Evaluator[B]) Tracked(v Value) Value {
	if e.isTracked(&v) {
		return v // nothing to mark: the value itself, no copy
	}
	if v.K == VStr && v.Via == "" {
		v.Via = scanner.ClassVariableExecution
	}
	if v.Alt != nil {
		// a possibility that came through a name is reported at the use
		alt := e.Tracked(*v.Alt)
		alt.Lit = None
		v.Alt = &alt
	}
	if e.isKind(v.K, e.shape.Lists) {
		elems := make([]Value, len(v.Elems))
		for i, x := range v.Elems {
			elems[i] = e.Tracked(x)
		}
		v.Elems = elems
	}
	return v
}

// isTracked reports whether Tracked leaves v as it is: no string to mark,
// no alternative with a literal. It walks what Tracked walks, so its
// recursion has Tracked's bound (the value's own depth).
func (e *Evaluator[B]) isTracked(v *Value) bool {
	if v.K == VStr && v.Via == "" {
		return false
	}
	if v.Alt != nil && (v.Alt.Lit != None || !e.isTracked(v.Alt)) {
		return false
	}
	if e.isKind(v.K, e.shape.Lists) {
		for i := range v.Elems {
			if !e.isTracked(&v.Elems[i]) {
				return false
			}
		}
	}
	return true
}

func (e *Evaluator[B]) isKind(k ValueKind, ks []ValueKind) bool {
	for _, x := range ks {
		if k == x {
			return true
		}
	}
	return false
}

// Multi is the value of a name bound several times in one scope (key): a
// binding that wins (an import) is the value; otherwise the bindings must
// agree on a known string. The result does not depend on where the name
// is used, so it is worked out once per name; re-entry is unknown.
func (e *Evaluator[B]) Multi(key ScopeKey, bs []B, n int32) Value {
	if v, ok := e.multi[key]; ok {
		return v
	}
	e.multi[key] = Unknown(n) // re-entry sees unknown
	v := e.multiValue(bs, n)
	e.multi[key] = v
	return v
}

func (e *Evaluator[B]) multiValue(bs []B, n int32) Value {
	if len(bs) > MaxMultiBindings {
		// A name reused throughout the file (minified code): only an
		// import can give it a useful value.
		for i := range bs {
			if e.lang.Import(&bs[i]) {
				v := e.lang.Binding(&bs[i])
				v.Node, v.Lit = n, None
				return v
			}
		}
		return Unknown(n)
	}
	vals := make([]Value, 0, len(bs))
	for i := range bs {
		v := e.lang.Binding(&bs[i])
		if e.isKind(v.K, e.shape.Wins) {
			v.Node, v.Lit = n, None
			return v
		}
		vals = append(vals, v)
	}
	// Each binding is a possibility of the name (flow-insensitive: a
	// reassignment in any branch may be the value at the use).
	v := Union(e.Cfg, vals, n)
	if len(vals) > 1 {
		v.Lit = None
	}
	return v
}

// CallSites indexes the calls of the file by callee name: "f" for
// f(...), ".m" for x.m(...), "new C" for new C(...).
func (e *Evaluator[B]) CallSites() map[string][]int32 {
	if e.sites == nil {
		e.sites = e.T.CallSites(e.shape.Calls)
		if e.shape.News.Call != 0 {
			for k, v := range e.T.CallSites(e.shape.News) {
				e.sites["new "+k] = v
			}
		}
		for _, name := range e.shape.Aliases {
			for _, site := range e.sites[name] {
				if to := e.shape.Alias(e.T, site, name); to != "" {
					e.sites[to] = append(e.sites[to], site)
				}
			}
		}
		if e.MoreSites != nil {
			e.MoreSites(e.sites)
		}
	}
	return e.sites
}

// Op is the operator of binary expression n, "" when it has none.
func (e *Evaluator[B]) Op(n int32) string {
	if op := e.T.Child(n, e.shape.Operator); op != None {
		return e.T.Text(op)
	}
	return ""
}

// Operands are the values of both sides of binary expression n. A
// left-nested chain of one operator (`'a ' + 'b ' + … ` with hundreds of
// terms, as generated and bundled code writes long strings) is evaluated
// link by link from the bottom, iteratively: its length does not count
// against the depth bound, only its steps against the step bound.
func (e *Evaluator[B]) Operands(n int32) (l, r Value) {
	left := e.T.Child(n, e.shape.Left)
	if v, ok := e.folded[left]; ok {
		l = v
	} else if e.sameOp(left, n) {
		l = e.foldLeft(left)
	} else {
		l = e.Eval(left)
	}
	return l, e.Eval(e.T.Child(n, e.shape.Right))
}

// maxChainLinks bounds one iterative pass down a chain; a longer chain is
// folded in several passes, each one level deeper.
const maxChainLinks = 1 << 16

// sameOp reports whether m is a binary expression of the same kind and
// operator as n.
func (e *Evaluator[B]) sameOp(m, n int32) bool {
	return m != None && e.T.Nodes[m].Kind == e.T.Nodes[n].Kind && e.Op(m) == e.Op(n)
}

// foldLeft evaluates the chain whose top link is top, bottom link first;
// each link's Operands finds the value of the link below in e.folded.
func (e *Evaluator[B]) foldLeft(top int32) Value {
	spine := []int32{top}
	for m := top; len(spine) < maxChainLinks; {
		next := e.T.Child(m, e.shape.Left)
		if !e.sameOp(next, top) {
			break
		}
		spine = append(spine, next)
		m = next
	}
	if e.folded == nil {
		e.folded = map[int32]Value{}
	}
	var v Value
	for i := len(spine) - 1; i >= 0; i-- {
		v = e.Eval(spine[i])
		if i+1 < len(spine) {
			delete(e.folded, spine[i+1])
		}
		e.folded[spine[i]] = v
	}
	delete(e.folded, top)
	return v
}

// Param resolves the parameter named at node name of function fn (a
// method, called as x.fn(...), when method is set) from the calls of
// that function in the file: arg gives
// the argument one call site passes for it (found), or ok=false when the
// call cannot be read (a spread). One call site gives its argument;
// several yield Agree's value; a call site without the argument, or no
// call site, gives the default value def, if any.
func (e *Evaluator[B]) Param(name int32, fn string, method bool, def int32, arg func(site int32) (v Value, found, ok bool)) Value {
	if method {
		fn = "." + fn
	}
	return e.Memo.Once(name, name, func() Value {
		sites := e.CallSites()[fn]
		if len(sites) == 0 {
			if def != None {
				return e.Eval(def)
			}
			return Unknown(name)
		}
		if len(sites) > MaxCallSites && !e.Seed {
			e.Unread = true
			return Unknown(name)
		}
		var vals []Value
		cut := false
		over := len(sites) > MaxCallSites
		for _, site := range sites {
			if over && !e.past(site) {
				cut = cut || !e.pure(site)
				continue
			}
			steps := e.Budget.steps
			v, found, ok := arg(site)
			if over {
				e.pastSteps += e.Budget.steps - steps
			}
			switch {
			case !ok, !found && def == None:
				// a site that cannot be read (a spread) or passes
				// nothing: an unknown among the values, which hides
				// none of the other sites' (run(...xs); run('claude'))
				v = Unknown(site)
			case !found:
				v = e.Eval(def)
			}
			vals = append(vals, v)
		}
		// One value stands; call sites that disagree yield the one that
		// passes a runtime (or the wrapper), the launch to judge.
		if len(sites) > MaxCallSites {
			return UnionPast(e.Cfg, vals, cut, name)
		}
		return Agree(e.Cfg, vals, name)
	})
}

// past reports whether call site, return or assignment n, one past
// MaxCallSites or MaxReturns, is read: every one while the file has spent
// less than MaxPastSteps steps on them, and after that one whose text
// holds a trigger (a runtime's name, the wrapper's, the primitive or a
// piece of it: a value that can name a launch); the others are cut, and
// the value they would have added to is dynamic (UnionPast). A value is
// read past the bounds only in a seed (Evaluator.Seed: Param, Attr and
// ReturnValue check it first); what the file offers other files (a
// helper's sinks, ReadPast) is read in any file.
func (e *Evaluator[B]) past(n int32) bool {
	if n == None || e.pastSteps < MaxPastSteps {
		return true // a bare return is unknown at once
	}
	if !e.spansRead {
		e.spans, e.spansRead = e.Cfg.Triggers().Spans(e.T.Src), true
	}
	nd := &e.T.Nodes[n]
	return scanner.Within(e.spans, int(nd.Start), int(nd.End))
}

// MayName reports whether the value of expression n may name a launch:
// its text holds a trigger (a runtime's name, the wrapper's, the
// primitive or a piece of it), or it reads a name (not pure), whose value
// may be anything.
func (e *Evaluator[B]) MayName(n int32) bool {
	if n == None {
		return true
	}
	nd := &e.T.Nodes[n]
	return e.Cfg.Triggers().Scan(e.T.Src[nd.Start:nd.End]).Seed() || !e.pure(n)
}

// pure reports whether place n (a call site, a return's or an
// assignment's value) reads no name: every node in it, the callee of a
// call aside, is of a Shape.Pure kind (an identifier in Shape.KeyField is
// a key). Its value is then its text, so a place past the bounds that is
// pure and holds no trigger cannot name a launch, and leaving it unread
// cuts nothing; any other place left unread does (UnionPast).
func (e *Evaluator[B]) pure(n int32) bool {
	t := e.T
	if n == None {
		return true
	}
	skip := int32(None)
	switch k := t.Nodes[n].Kind; {
	case k == e.shape.Calls.Call:
		skip = t.Child(n, e.shape.Calls.Callee)
	case e.shape.News.Call != 0 && k == e.shape.News.Call:
		skip = t.Child(n, e.shape.News.Callee)
	}
	end := t.Nodes[n].End
	for i := n; i < int32(len(t.Nodes)) && (i == n || t.Nodes[i].Start < end); i++ {
		if i == n && skip != None {
			continue // the call itself: its arguments are read below
		}
		if i == skip {
			// the callee's subtree: up to the first node past it
			se := t.Nodes[skip].End
			for i+1 < int32(len(t.Nodes)) && t.Nodes[i+1].Start < se {
				i++
			}
			continue
		}
		k := t.Nodes[i].Kind
		if k == e.shape.Calls.Ident && e.shape.KeyField != NoField && t.Nodes[i].Field == e.shape.KeyField {
			continue
		}
		if !slices.Contains(e.shape.Pure, k) {
			return false
		}
	}
	return true
}

// pastValues evaluates exprs, those past bound as past says (Param's
// call sites, ReturnValue's returns, Attr's assignments): their values,
// and whether one was cut.
func (e *Evaluator[B]) pastValues(exprs []int32, bound int) (vals []Value, cut bool) {
	cut = e.ReadPast(exprs, bound, func(x int32) { vals = append(vals, e.Eval(x)) })
	return vals, cut
}

// ReadPast calls read on places (call sites, returns, assignments, a
// name's bindings): on the first bound of them, and on those past it as
// past says, the steps read spends on those charged to the file's
// MaxPastSteps. It reports whether a place was cut: what the places make
// is then dynamic (UnionPast), or the caller says the bound was reached
// its own way, never silently narrowed.
func (e *Evaluator[B]) ReadPast(places []int32, bound int, read func(int32)) (cut bool) {
	for i, x := range places {
		if i < bound {
			read(x)
			continue
		}
		if !e.past(x) {
			cut = cut || !e.pure(x)
			continue
		}
		steps := e.Budget.steps
		read(x)
		e.pastSteps += e.Budget.steps - steps
	}
	return cut
}

// Prop looks key name up in the object literal v (last definition wins,
// spreads of resolvable objects included). An object that spreads itself
// (a parameter whose only call site spreads the parameter, as generated
// SDK code does) has no value for name beyond its own entries.
func (e *Evaluator[B]) Prop(v Value, name string) (Value, bool) {
	if v.K != VObj || v.Obj == None {
		return Value{}, false
	}
	key := propKey{v.Obj, name}
	if e.propBusy[key] || !e.Budget.Enter(v.Obj) {
		return Value{}, false
	}
	e.propBusy[key] = true
	defer func() {
		delete(e.propBusy, key)
		e.Budget.Leave()
	}()
	t := e.T
	var out Value
	found := false
	for c := t.Nodes[v.Obj].First; c != None; c = t.Nodes[c].Next {
		w, ok, spread := e.lang.Entry(c, name)
		switch {
		case ok:
			out, found = w, true
		case spread:
			if p, ok := e.Prop(w, name); ok {
				out, found = p, true
			}
		}
	}
	return out, found
}

// Methods indexes the methods of the file's classes by name.
func (e *Evaluator[B]) Methods() map[string][]int32 {
	if e.methodIdx != nil {
		return e.methodIdx
	}
	e.methodIdx = map[string][]int32{}
	for i := int32(0); i < int32(len(e.T.Nodes)); i++ {
		if name, ok := e.lang.Method(i); ok {
			e.methodIdx[name] = append(e.methodIdx[name], i)
		}
	}
	return e.methodIdx
}

// Attr is the value of the instance attribute name (this.name,
// self.name) at node n: the values the file assigns to it (exprs; they
// must agree, or one names a runtime), else the methods of that name as a
// set of function values (see MethodValue), so a call takes the returns of
// each.
func (e *Evaluator[B]) Attr(name string, exprs []int32, n int32) Value {
	if len(exprs) > MaxReturns && !e.Seed {
		e.Unread = true
	}
	if len(exprs) == 0 || len(exprs) > MaxReturns && !e.Seed {
		return e.MethodValue(name, n)
	}
	if v, ok := e.attrs[name]; ok {
		v.Node, v.Lit = n, None
		return v
	}
	e.attrs[name] = Unknown(n) // re-entry sees unknown
	var out Value
	if len(exprs) > MaxReturns {
		vals, cut := e.pastValues(exprs, MaxReturns)
		out = e.Tracked(UnionPast(e.Cfg, vals, cut, n))
	} else {
		var vals []Value
		for _, r := range exprs {
			vals = append(vals, e.Eval(r))
		}
		out = e.Tracked(Agree(e.Cfg, vals, n))
	}
	e.attrs[name] = out
	out.Node, out.Lit = n, None
	return out
}

// MethodValue is method name read through an instance at node n, as a set
// of function values: when n is inside a class, every method of that name
// in the classes the instance may be (the class, the file's classes that
// derive from it, and those it derives from, by name: an
// over-approximation of the override that runs); elsewhere every method
// of that name in the file. Past MaxPossibilities methods it is unknown at
// n and a call of it returns nothing known.
func (e *Evaluator[B]) MethodValue(name string, n int32) Value {
	ms := e.Methods()[name]
	if len(ms) == 0 {
		return Unknown(n)
	}
	cls := e.classOf(n)
	key := propKey{cls, name}
	if v, ok := e.methodsFor[key]; ok {
		v.Node, v.Lit = n, None
		return v
	}
	if cls != None {
		fam := e.Family(cls)
		var in []int32
		for _, m := range ms {
			if fam[e.classOf(m)] {
				in = append(in, m)
			}
		}
		if len(in) > 0 {
			ms = in
		}
	}
	var out Value
	if len(ms) > MaxPossibilities {
		out = Unknown(n)
	} else {
		ps := make([]Value, len(ms))
		for i, m := range ms {
			ps[i] = Value{K: VFunc, Fn: m, Node: n, Lit: None}
		}
		out = chain(ps)
	}
	e.methodsFor[key] = out
	return out
}

// CallValue is what a call of function value f returns at node call: the
// returns of each of its possibilities that is a function of the file, as
// one value (a possibility that is not is unknown and adds nothing).
func (e *Evaluator[B]) CallValue(f Value, call int32) Value {
	if f.Alt == nil {
		if f.K == VFunc && f.Fn != None {
			return e.ReturnValue(f.Fn, call)
		}
		return Unknown(call)
	}
	var vals []Value
	for _, p := range f.Possibilities() {
		if p.K == VFunc && p.Fn != None {
			vals = append(vals, e.ReturnValue(p.Fn, call))
		}
	}
	return Union(e.Cfg, vals, call)
}

// classIndex is the file's classes: the class node each class name
// names, and the bases each class is written with.
type classIndex struct {
	byName map[string][]int32
	bases  map[int32][]string
	names  map[int32]string
	// subs are the classes written with each base name.
	subs map[string][]int32
	fams map[int32]map[int32]bool
}

// classOf is the class whose body holds node n, or None.
func (e *Evaluator[B]) classOf(n int32) int32 {
	t := e.T
	for p := t.Nodes[n].Parent; p != None; p = t.Nodes[p].Parent {
		if _, _, ok := e.lang.Class(p); ok {
			return p
		}
	}
	return None
}

// Family is class cls, the file's classes it derives from and those that
// derive from it, transitively, by the names bases are written with. A
// name several classes share counts as each of them.
func (e *Evaluator[B]) Family(cls int32) map[int32]bool {
	if e.classes == nil {
		ci := &classIndex{byName: map[string][]int32{}, bases: map[int32][]string{}, names: map[int32]string{},
			subs: map[string][]int32{}, fams: map[int32]map[int32]bool{}}
		for i := int32(0); i < int32(len(e.T.Nodes)); i++ {
			if name, bases, ok := e.lang.Class(i); ok {
				ci.byName[name] = append(ci.byName[name], i)
				ci.bases[i], ci.names[i] = bases, name
				for _, b := range bases {
					ci.subs[b] = append(ci.subs[b], i)
				}
			}
		}
		e.classes = ci
	}
	ci := e.classes
	if fam, ok := ci.fams[cls]; ok {
		return fam
	}
	fam := map[int32]bool{cls: true}
	// up: the bases of cls, then theirs
	for work := []int32{cls}; len(work) > 0; {
		c := work[len(work)-1]
		work = work[:len(work)-1]
		for _, b := range ci.bases[c] {
			for _, bc := range ci.byName[b] {
				if !fam[bc] {
					fam[bc] = true
					work = append(work, bc)
				}
			}
		}
	}
	// down: the classes whose bases name cls, then theirs
	down := map[int32]bool{cls: true}
	for work := []int32{cls}; len(work) > 0; {
		c := work[len(work)-1]
		work = work[:len(work)-1]
		for _, sub := range ci.subs[ci.names[c]] {
			if !down[sub] {
				down[sub], fam[sub] = true, true
				work = append(work, sub)
			}
		}
	}
	ci.fams[cls] = fam
	return fam
}

// ReturnValue is what call, a call of the file-local function fn,
// returns: its expression body, or its return statements when they agree
// (a runtime among them wins, as for call sites).
func (e *Evaluator[B]) ReturnValue(fn, call int32) Value {
	t := e.T
	key := -fn - 2 // distinct from binding keys (node indexes)
	out := e.Memo.Once(key, call, func() Value {
		body, expr := e.lang.Body(fn)
		var out Value
		switch {
		case body == None:
			out = Unknown(call)
		case expr:
			out = e.Eval(body)
		default:
			var rets, ys []int32
			unread := false
			end := t.Nodes[body].End
			for i := body + 1; i < int32(len(t.Nodes)) && t.Nodes[i].Start < end; i++ {
				k := t.Nodes[i].Kind
				if k != e.shape.Return && (k != e.shape.Yield || e.shape.Yield == 0) || e.Scopes.Of(i) != fn {
					continue
				}
				switch {
				case k == e.shape.Yield:
					ys = append(ys, i)
				case unread:
				case len(rets) == MaxReturns && !e.Seed:
					unread, rets = true, nil
				default:
					rets = append(rets, t.Nodes[i].First)
				}
			}
			if len(ys) > 0 {
				// a generator: what it yields, not what it returns;
				// read only in a seed, since in a file that is not one
				// no yield can name a launch (reading every generator's
				// yields cost 5% more allocation on a standard library)
				out = Unknown(call)
				if e.Seed {
					out = e.yielded(ys, call)
				}
				break
			}
			if unread {
				e.Unread = true
			}
			if len(rets) > MaxReturns {
				vals, cut := e.pastValues(rets, MaxReturns)
				out = UnionPast(e.Cfg, vals, cut, call)
			} else {
				var vals []Value
				for _, r := range rets {
					vals = append(vals, e.Eval(r))
				}
				out = Agree(e.Cfg, vals, call)
			}
		}
		return e.Tracked(out)
	})
	out.Node, out.Lit = call, None
	return out
}

// yielded is what a call of a generator iterates, the function whose
// own yields are ys: the list of their operands in the order written
// (`list(gen())`, `next(gen())`), a `yield from xs` spreading xs (one
// unknown element when xs is not a known list). A yield in a loop is one
// element, its operand any value it takes. Past MaxReturns yields they
// are read as ReadPast says, and a yield cut is an element past a bound
// (CutAt: dynamic as a command), never a silent drop.
func (e *Evaluator[B]) yielded(ys []int32, call int32) Value {
	t := e.T
	out := Value{K: VArr, Node: call, Lit: None}
	cut := e.ReadPast(ys, MaxReturns, func(y int32) {
		x := t.Nodes[y].First
		if x == None {
			out.Elems = append(out.Elems, Value{K: VNull, Node: y, Lit: None})
			return
		}
		v := e.Eval(x)
		if e.shape.YieldFrom == nil || !e.shape.YieldFrom(t, y) {
			out.Elems = append(out.Elems, v)
			return
		}
		switch {
		case v.K == VArr:
			out.Elems = append(out.Elems, v.Elems...)
		case v.Known() && v.Alt == nil:
			out.Elems = append(out.Elems, Chars(v, y).Elems...)
		default:
			out.Elems = append(out.Elems, Unknown(y))
		}
	})
	if cut {
		out.Elems = append(out.Elems, CutAt(call))
	}
	return out
}

// Elem is element "#i" of list v (the key a subscript or a destructuring
// path uses), or Unknown(n).
func Elem(v Value, name string, n int32) Value {
	if v.K != VArr || !strings.HasPrefix(name, "#") {
		return Unknown(n)
	}
	i := 0
	for _, c := range name[1:] {
		if c < '0' || c > '9' {
			return Unknown(n)
		}
		i = i*10 + int(c-'0')
		if i > 1<<20 {
			return Unknown(n)
		}
	}
	if i < len(v.Elems) {
		return v.Elems[i]
	}
	return Unknown(n)
}

// Fallback is the value of `l || r` (`l ?? r` when nullish, Python's
// `l or r`): a known left side stands (an empty one gives r, unless
// nullish); a run-time left side stands; else a known right side is the
// fallback of a run-time value (dynamic).
func Fallback(l, r Value, nullish bool, n int32) Value {
	if l.K == VObj && r.K == VNull && r.Alt == nil {
		// `cmd || undefined` of an object: the object, the fallback
		// having no property to read (as in Union)
		return l
	}
	if l.Known() && l.Via != scanner.ClassDynamic && !l.Env {
		if l.S != "" || nullish {
			return l
		}
		return r
	}
	if l.K == VStr && l.Via == scanner.ClassDynamic && l.Known() {
		return l
	}
	if callable(r) && (callable(l) || !l.Known()) {
		// `options.spawn ?? spawn`, `deps.spawnPty ?? pty.spawn`: an
		// injected function or the default, which a call calls like any
		// other (both stay possibilities, as in Union)
		if callable(l) {
			return chain([]Value{l, r})
		}
		r.Node = n
		return r
	}
	if r.K == VStr && r.Known() {
		r.Via = scanner.ClassDynamic
		r.Sh = DynamicShellWord(r.S)
		r.Lit = None
		return r
	}
	// A fallback with unknown parts (`resolve(root, "@scope/pkg/cli.js")`)
	// or that is one of several values: each possibility with known text,
	// found at run time.
	var ps []Value
	for _, p := range r.Possibilities() {
		if p.K == VStr && p.Usable() {
			p.Via, p.Lit = scanner.ClassDynamic, None
			if p.Known() {
				p.Sh = DynamicShellWord(p.S)
			}
			ps = append(ps, p)
		}
	}
	if len(ps) > 0 {
		return chain(ps)
	}
	return Unknown(n)
}

// DynamicStr is the string s found by a run-time look-up (which claude).
func DynamicStr(s string, n int32) Value {
	v := Str(s, n)
	v.Via = scanner.ClassDynamic
	v.Sh = DynamicShellWord(s)
	return v
}

// LookupRE matches a shell command line that only looks a command up.
var LookupRE = regexp.MustCompile(`^\s*(?:which|where|command\s+-v|type\s+-p)\s+([A-Za-z0-9_./@-]+)\s*$`)

// List is the value of the list literal n (array, list, tuple): its
// elements in order, a spread (a child of kind spread) of a known list
// inlined, of anything else one unknown element.
func (e *Evaluator[B]) List(n int32, spread Kind) Value {
	t := e.T
	out := Value{K: VArr, Node: n, Lit: None}
	for c := t.Nodes[n].First; c != None; c = t.Nodes[c].Next {
		if t.Nodes[c].Kind != spread {
			out.Elems = append(out.Elems, e.Eval(c))
			continue
		}
		if inner := e.Eval(t.Nodes[c].First); inner.K == VArr {
			out.Elems = append(out.Elems, inner.Elems...)
		} else if inner.Known() && inner.Alt == nil {
			// [..."abc"]: the characters
			out.Elems = append(out.Elems, Chars(inner, c).Elems...)
		} else {
			out.Elems = append(out.Elems, Unknown(c))
		}
	}
	return out
}

// Either is the value of a conditional whose branches are x and y: the
// set of both (see Union) when they are strings or lists; else the branch
// that is a string (or of a kind in also) stands.
func Either(cfg *scanner.Config, x, y Value, n int32, also ...ValueKind) Value {
	if x.K == VStr && y.K == VStr || x.K == VArr && y.K == VArr || x.K == VObj && y.K == VObj || callable(x) && callable(y) ||
		x.K == VObj && y.K == VNull || x.K == VNull && y.K == VObj {
		// an object or null (`c ? {bin} : undefined`): the object, as
		// in Union
		return Union(cfg, []Value{x, y}, n)
	}
	both := []Value{x, y}
	for i, v := range both {
		if v.K == VStr {
			if o := both[1-i]; o.K == VUnknown || o.K == VRef {
				// the other branch is left out: marked, as in Union
				v.Other = true
			}
			return v
		}
		for _, k := range also {
			if v.K == k {
				return v
			}
		}
	}
	return Unknown(n)
}

func callable(v Value) bool { return v.K == VRef || v.K == VFunc }

// ObjectAt is the value of the object (dict) literal n.
func ObjectAt(n int32) Value { return Value{K: VObj, Obj: n, Node: n, Lit: None} }

// FuncAt is the value of the function (lambda, arrow) n.
func FuncAt(n int32) Value { return Value{K: VFunc, Node: n, Fn: n, Lit: None} }

// SetIndex gives, for an object node, the value nodes the file assigns to
// its properties after constructing it (`options.permissionMode = ...`),
// by property name. Each language indexes its own assignment forms. A set
// whose key is not one known string (`mods[m] = require(m)` in a loop) is
// indexed under AnyProp: it may have set any property.
type SetIndex func(obj int32) map[string][]int32

// AnyProp is the SetIndex name of the sets whose key is not known: a
// property read is each of them too (PropSet).
const AnyProp = "\x00any"

// SetKeys are the names a set with key k sets: each possibility of k
// when all are known strings, else AnyProp alone (Value.MaybeOther).
func SetKeys(k Value) []string {
	if k.MaybeOther() {
		return []string{AnyProp}
	}
	var names []string
	for _, p := range k.Possibilities() {
		names = append(names, p.S)
	}
	return names
}

// PropSet is Prop with the values the file assigns to that property after
// construction as further possibilities. A set that reads the property
// being set (`options.x = options.x ?? d`) sees the literal alone.
func (e *Evaluator[B]) PropSet(v Value, name string, sets SetIndex) (Value, bool) {
	out, ok := e.Prop(v, name)
	if v.K != VObj || v.Obj == None {
		return out, ok
	}
	key := propKey{v.Obj, name}
	if e.setsBusy[key] {
		return out, ok
	}
	var vals []Value
	if ok {
		vals = append(vals, out)
	}
	if e.setsBusy == nil {
		e.setsBusy = map[propKey]bool{}
	}
	e.setsBusy[key] = true
	idx := sets(v.Obj)
	for _, r := range idx[name] {
		vals = append(vals, e.Eval(r))
	}
	if name != AnyProp {
		for _, r := range idx[AnyProp] {
			vals = append(vals, e.Eval(r))
		}
	}
	delete(e.setsBusy, key)
	if len(vals) == 0 {
		return out, false
	}
	return Union(e.Cfg, vals, vals[0].Node), true
}

// SetValues are the values the file assigns to any property of obj after
// constructing it, in a stable order, at most a few times
// MaxPossibilities (Union bounds them after).
func (e *Evaluator[B]) SetValues(obj int32, sets SetIndex) []Value {
	key := propKey{obj, "*"}
	if e.setsBusy[key] {
		return nil
	}
	if e.setsBusy == nil {
		e.setsBusy = map[propKey]bool{}
	}
	e.setsBusy[key] = true
	defer delete(e.setsBusy, key)
	var vals []Value
	byName := sets(obj)
	for _, name := range slices.Sorted(maps.Keys(byName)) { // a stable order of possibilities
		for _, r := range byName[name] {
			if len(vals) > 4*MaxPossibilities {
				// a bound reached is reported, never silent: the
				// entries left unread stand for any value
				return append(vals, CutAt(obj))
			}
			vals = append(vals, e.Eval(r))
		}
	}
	return vals
}

// BaseNames reads the bases a class head is written with (`(base.Invoker,
// Mixin, metaclass=M)`, ` Runner<T>`): the last part of each dotted name
// that is not a keyword argument, type arguments dropped.
func BaseNames(head []byte) []string {
	var out []string
	depth := 0
	var cur []byte
	flush := func() {
		s := strings.TrimSpace(string(cur))
		cur = cur[:0]
		if s == "" || strings.Contains(s, "=") {
			return
		}
		if i := strings.LastIndexByte(s, '.'); i >= 0 {
			s = s[i+1:]
		}
		out = append(out, s)
	}
	for _, c := range head {
		switch {
		case c == '<' || c == '[':
			depth++
		case c == '>' || c == ']':
			depth--
		case depth > 0:
		case c == ',':
			flush()
		case c == '_' || c == '.' || c == '=' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			cur = append(cur, c)
		}
	}
	flush()
	return out
}

// MaxArgText bounds the text of an argument MayReturnArg reads for a
// runtime's name (and a string a detector decodes as JSON), and
// MaxArgsRead how many arguments of one call it reads.
const (
	MaxArgText  = 512
	MaxArgsRead = 4
)

// MayReturnArg is the result of call n of a function the analysis does
// not model, handed the arguments args, in a file whose text names a
// runtime (named): unknown, or any argument whose text names a runtime
// (`lib.resolveBin("claude")`, `new String("claude")`): such a function
// may hand back what it was given, and an unknown must not hide the
// name. The union is judged on its known values and marked as holding an
// unknown. An argument that is an object or a dict stands for its entries
// (entries, the detector's any-entry reading, when not nil): the function
// may hand back what it was given in any shape (`wrap({bin: "claude"}).bin`,
// `json.loads(...)["bin"]` of a known text), and a union of objects and
// an unknown is unknown. Only the first MaxArgsRead arguments of at most
// MaxArgText bytes are read.
func (e *Evaluator[B]) MayReturnArg(named bool, args []int32, n int32, entries func(Value, int32) Value) Value {
	if !named {
		return Unknown(n)
	}
	var vals []Value
	for i, arg := range args {
		if i == MaxArgsRead {
			break
		}
		text := e.T.Src[e.T.Nodes[arg].Start:e.T.Nodes[arg].End]
		if len(text) > MaxArgText || !e.Cfg.Triggers().Scan(text).Has(scanner.HitRuntime) {
			continue
		}
		v := e.Eval(arg)
		if v.K == VObj && entries != nil {
			v = entries(v, n)
		}
		vals = append(vals, v)
	}
	if len(vals) == 0 {
		return Unknown(n)
	}
	return Union(e.Cfg, append(vals, Unknown(n)), n)
}
