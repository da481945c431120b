package golang

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/leasegate/leasegate/scanner"
)

// Values across the packages of a module. A package is type-checked with
// the module packages it imports (program.go), and its index holds every
// value any of them gives a variable or a field. Three things follow from
// that, each an over-approximation:
//
//   - A helper of an imported package is judged twice: as its own
//     package's scan sees it (scope: the values given in that package and
//     those it imports), and with every value the importer adds (a field
//     the importer sets, `job.Job{Bin: "claude"}.Start()`). Only a launch
//     the first misses is reported, at the importer's call.
//   - A parameter stored into a field is every argument its function is
//     called with, plus an unknown (callers outside the unit).
//   - A call of a function of the module yields every value its return
//     statements give, its parameters bound to the call's arguments; a
//     call through an interface method is every implementation the loaded
//     packages declare.

// valuesOf returns the values m gives v that the current scope sees.
func (c *checker) valuesOf(m map[*types.Var][]assignment, v *types.Var) []assignment {
	as := m[v]
	if c.scope == nil {
		return as
	}
	var out []assignment
	for _, a := range as {
		if c.scope[a.pkg] {
			out = append(out, a)
		}
	}
	return out
}

// scopeOf returns the module packages whose values pkg's own scan sees:
// pkg and the module packages it imports, transitively. It is nil (every
// value) for the package being checked.
func (c *checker) scopeOf(pkg *types.Package) map[string]bool {
	if pkg == nil || c.idx == nil || c.idx.deps[pkg.Path()] != pkg {
		return nil
	}
	if s, ok := c.scopes[pkg]; ok {
		return s
	}
	s := map[string]bool{}
	queue := []*types.Package{pkg}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if s[p.Path()] || c.idx.deps[p.Path()] != p {
			continue
		}
		s[p.Path()] = true
		queue = append(queue, p.Imports()...)
	}
	if c.scopes == nil {
		c.scopes = map[*types.Package]map[string]bool{}
	}
	c.scopes[pkg] = s
	return s
}

// paramString resolves a parameter stored into a field: every argument
// its function is called with in the scope, and an unknown (a caller the
// unit does not hold). ok is false for a variable that is not such a
// parameter.
func (c *checker) paramString(v *types.Var, depth int) (scanner.Arg, bool) {
	if c.inField == 0 || c.idx == nil || c.resolving[v] {
		return scanner.Arg{}, false
	}
	ref, ok := c.idx.params[v]
	if !ok {
		return scanner.Arg{}, false
	}
	sig := ref.fn.Type().(*types.Signature)
	if sig.Variadic() && ref.i == sig.Params().Len()-1 {
		return scanner.Arg{}, false
	}
	if c.resolving == nil {
		c.resolving = map[*types.Var]bool{}
	}
	c.resolving[v] = true
	defer delete(c.resolving, v)
	vals := []scanner.Arg{{}}
	for _, cs := range c.idx.callSites()[ref.fn] {
		if c.scope != nil && !c.scope[cs.pkg] || ref.i >= len(cs.call.Args) {
			continue
		}
		// past maxPossibilities only an argument naming a runtime is
		// kept (the set is dynamic anyway: an unknown is in it)
		if a := c.str(cs.call.Args[ref.i], depth+1); len(vals) <= maxPossibilities || c.argNamesRuntime(a) {
			vals = append(vals, a)
		}
	}
	return c.judgeSet(vals, false), true
}

// bindArgs binds fn's parameters to call's arguments, evaluated with the
// current binding.
func (c *checker) bindArgs(call *ast.CallExpr, sig *types.Signature, depth int) (map[*types.Var]scanner.Arg, map[*types.Var][]scanner.Arg) {
	bind := map[*types.Var]scanner.Arg{}
	bindList := map[*types.Var][]scanner.Arg{}
	params := sig.Params()
	for i := 0; i < params.Len(); i++ {
		v := params.At(i)
		if !isString(v.Type()) && !isStringList(v.Type()) {
			continue // only strings and string lists reach an argv
		}
		if sig.Variadic() && i == params.Len()-1 {
			if call.Ellipsis.IsValid() && i < len(call.Args) {
				if l, ok := c.list(call.Args[i], depth); ok {
					bindList[v] = l
				}
				continue
			}
			var l []scanner.Arg
			for _, a := range call.Args[min(i, len(call.Args)):] {
				l = append(l, c.str(a, depth))
			}
			bindList[v] = l
			continue
		}
		if i < len(call.Args) {
			bind[v] = c.str(call.Args[i], depth)
		}
	}
	return bind, bindList
}

// returned is what one return statement gives as a result: a string
// (one element) or a []string's elements; ok is false for a list not
// known.
type returned struct {
	elems []scanner.Arg
	ok    bool
}

// returnedString resolves result idx of a call of functions the module
// declares (one, or the implementations of an interface method): every
// value their return statements give, with the parameters bound to the
// call's arguments, judged as a set.
func (c *checker) returnedString(call *ast.CallExpr, idx, depth int) scanner.Arg {
	rets, allKnown := c.calleeResults(call, idx, depth, false)
	var vals []scanner.Arg
	for _, r := range rets {
		for _, a := range r.elems {
			allKnown = allKnown && a.Known
		}
		vals = append(vals, r.elems...)
	}
	return c.judgeSet(vals, allKnown && len(vals) <= maxPossibilities)
}

// returnedList resolves result idx of a call of functions the module
// declares that returns a []string (`argv := backend.Command(p)`): the
// lists their return statements give, merged element by element, each
// position judged as a set of the values it takes. A list not known
// makes every position a set with a value found at run time, and adds
// an unknown tail. ok is false when no return statement gives a list.
func (c *checker) returnedList(call *ast.CallExpr, idx, depth int) ([]scanner.Arg, bool) {
	rets, allKnown := c.calleeResults(call, idx, depth, true)
	return c.mergeLists(rets, allKnown)
}

// mergeLists merges lists a value may be, element by element, each
// position judged as a set of the values it takes; a list not known
// (ok false) makes every position a set with a value found at run time,
// and adds an unknown tail. ok is false when no list is known.
func (c *checker) mergeLists(rets []returned, allKnown bool) ([]scanner.Arg, bool) {
	n, any, tail := 0, false, false
	for _, r := range rets {
		if !r.ok {
			tail = true
			continue
		}
		any = true
		n = max(n, len(r.elems))
	}
	if !any {
		return nil, false
	}
	out := make([]scanner.Arg, n, n+1)
	for i := range out {
		var vals []scanner.Arg
		known := allKnown
		for _, r := range rets {
			switch {
			case !r.ok:
				vals = append(vals, scanner.Arg{})
				known = false
			case i < len(r.elems):
				vals = append(vals, r.elems[i])
				known = known && r.elems[i].Known
			}
		}
		out[i] = c.judgeSet(vals, known && len(vals) <= maxPossibilities)
	}
	if tail {
		out = append(out, scanner.Arg{})
	}
	return out, true
}

// maxChanHops bounds the parameters a channel is followed through to
// the variable its values are sent on (chanSends).
const maxChanHops = 4

// isChan reports whether t is a channel type.
func isChan(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Chan)
	return ok
}

// chanSends returns the values sent on the channel x names: the sends
// on the variable, and, for a parameter (of a declared function or a
// function literal), those on each channel the package's calls hand it
// (`go worker(jobs)` with `jobs <- argv` in the caller), at most
// maxChanHops parameters deep. A send the analysis does not see is
// always possible: the caller adds a value found at run time.
func (c *checker) chanSends(x ast.Expr, depth int) []assignment {
	var out []assignment
	seen := map[*types.Var]bool{}
	var walk func(e ast.Expr, hops int)
	walk = func(e ast.Expr, hops int) {
		v := c.builderVar(e)
		if v == nil || seen[v] || hops > maxChanHops || len(out) > maxPossibilities {
			return
		}
		seen[v] = true
		for _, as := range c.valuesOf(c.assigns, v) {
			if as.sent {
				as.sent = false
				out = append(out, as)
			}
		}
		if c.idx == nil || v.Kind() != types.ParamVar {
			return
		}
		if ref, ok := c.idx.params[v]; ok {
			for _, cs := range c.idx.callSites()[ref.fn] {
				if (c.scope == nil || c.scope[cs.pkg]) && ref.i < len(cs.call.Args) {
					walk(cs.call.Args[ref.i], hops+1)
				}
			}
			return
		}
		if ref, ok := c.idx.lits().params[v]; ok {
			for _, call := range c.idx.lits().calls[ref.lit] {
				if ref.i < len(call.Args) {
					walk(call.Args[ref.i], hops+1)
				}
			}
		}
	}
	walk(x, 0)
	return out
}

// calleeResults resolves what the functions call may call give as result
// idx (a string, or a []string when list is set), one entry per return
// statement; allKnown is false when the callees are not all known. A
// function's result for the same argument values is resolved once per
// file (memo). When they are not all known (more than maxPossibilities
// implementations of an interface method, module packages left out at a
// bound), the results of the implementations loaded that name a runtime
// or the wrapper are kept, with one found at run time beside them: the
// runtime is dynamic, never dropped; the others are not judged.
func (c *checker) calleeResults(call *ast.CallExpr, idx, depth int, list bool) ([]returned, bool) {
	if rets, allKnown, ok := c.litResults(call, idx, depth, list); ok {
		return rets, allKnown
	}
	fns, unknown := c.calleesPast(call, func(fn *types.Func) bool {
		res := fn.Type().(*types.Signature).Results()
		if idx >= res.Len() {
			return false
		}
		if list {
			return isStringList(res.At(idx).Type())
		}
		return isString(res.At(idx).Type())
	})
	if len(fns) == 0 {
		return nil, !unknown
	}
	if unknown {
		return c.resultsPast(call, fns, idx, depth, list), false
	}
	return c.resultsOf(call, fns, idx, depth, list)
}

// resultsOf is what fns give as result idx of call, one entry per return
// statement; allKnown is false when one of them is being resolved (a
// recursion).
func (c *checker) resultsOf(call *ast.CallExpr, fns []*types.Func, idx, depth int, list bool) ([]returned, bool) {
	// A result the depth bound cuts is unknown only for the bound: the
	// command is then dynamic at its call (resultCut, see judge), and
	// the cut result is not memoized, since the same call resolved from
	// less deep would reach its end.
	cut, resultCut := c.cut, c.resultCut
	tainted := false
	defer func() { c.cut, c.resultCut = cut, resultCut || tainted }()
	var rets []returned
	allKnown := true
	for _, fn := range fns {
		if c.returning[fn] {
			allKnown = false
			continue
		}
		sig := fn.Type().(*types.Signature)
		bind, bindList := c.bindArgs(call, sig, depth+1)
		key := resultKey(fn, idx, sig, bind, bindList, c.scope, c.inField > 0)
		rs, ok := c.results[key]
		if !ok {
			c.cut, c.resultCut = false, false
			rs = c.results1(fn, idx, sig, bind, bindList, depth, list)
			if c.cut || c.resultCut {
				tainted = true
			} else {
				if c.results == nil {
					c.results = map[string][]returned{}
				}
				c.results[key] = rs
			}
		}
		rets = append(rets, rs...)
	}
	return rets, allKnown
}

// resultsPast is what calleeResults gives for callees not all known:
// the results of fns that name a runtime or the wrapper (a list any of
// whose elements does), and one found at run time.
func (c *checker) resultsPast(call *ast.CallExpr, fns []*types.Func, idx, depth int, list bool) []returned {
	rets, _ := c.resultsOf(call, fns, idx, depth, list)
	var out []returned
	for _, r := range rets {
		if r.ok && slices.ContainsFunc(r.elems, c.argNamesRuntime) {
			out = append(out, r)
		}
	}
	if list {
		return append(out, returned{})
	}
	return append(out, returned{elems: []scanner.Arg{{}}, ok: true})
}

// results1 resolves what fn's return statements give as result idx, with
// its parameters bound.
func (c *checker) results1(fn *types.Func, idx int, sig *types.Signature, bind map[*types.Var]scanner.Arg, bindList map[*types.Var][]scanner.Arg, depth int, list bool) []returned {
	oldBind, oldList := c.bind, c.bindList
	if c.returning == nil {
		c.returning = map[*types.Func]bool{}
	}
	c.returning[fn] = true
	c.bind, c.bindList = bind, bindList
	var rets []returned
	over := false
	for _, r := range returns(c.funcs[fn].Body) {
		var e ast.Expr
		var inner *ast.CallExpr
		switch {
		case len(r.Results) == sig.Results().Len() && idx < len(r.Results):
			e = r.Results[idx]
		case len(r.Results) == 1:
			inner, _ = ast.Unparen(r.Results[0]).(*ast.CallExpr)
		}
		var ret returned
		switch {
		case !list && e != nil:
			ret = returned{elems: []scanner.Arg{c.str(e, depth+1)}, ok: true}
		case !list && inner != nil:
			ret = returned{elems: []scanner.Arg{c.callString(inner, idx, depth+1)}, ok: true}
		case !list && len(r.Results) == 0:
			ret = returned{elems: []scanner.Arg{c.varString(sig.Results().At(idx), depth+1)}, ok: true}
		case !list:
			ret = returned{elems: []scanner.Arg{{}}, ok: true}
		case e != nil && isNil(c.info, e):
			ret.ok = true // no elements
		case e != nil:
			ret.elems, ret.ok = c.list(e, depth+1)
		case inner != nil:
			ret.elems, ret.ok = c.returnedList(inner, idx, depth+1)
		case len(r.Results) == 0:
			ret.elems, ret.ok = c.varList(sig.Results().At(idx), depth+1)
		}
		if len(rets) >= maxPossibilities && !c.namesRuntime(ret) {
			// past the bound only a value naming a runtime is kept
			// (the set is then dynamic): none is dropped
			over = true
			continue
		}
		rets = append(rets, ret)
	}
	if over {
		rets = append(rets, returned{elems: []scanner.Arg{{}}, ok: !list})
	}
	c.bind, c.bindList = oldBind, oldList
	delete(c.returning, fn)
	return rets
}

// namesRuntime reports whether a returned value names a runtime or the
// wrapper in one of its elements.
func (c *checker) namesRuntime(r returned) bool {
	return slices.ContainsFunc(r.elems, c.argNamesRuntime)
}

// resultKey names a function's result for given argument values, scope
// and field context.
func resultKey(fn *types.Func, idx int, sig *types.Signature, bind map[*types.Var]scanner.Arg, bindList map[*types.Var][]scanner.Arg, scope map[string]bool, inField bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%p/%d/%p/%t", fn, idx, scope, inField)
	params := sig.Params()
	for i := 0; i < params.Len(); i++ {
		v := params.At(i)
		if a, ok := bind[v]; ok {
			fmt.Fprintf(&b, "|%t%q%s", a.Known, a.Value, a.Via)
		}
		for _, a := range bindList[v] {
			fmt.Fprintf(&b, ",%t%q%s", a.Known, a.Value, a.Via)
		}
	}
	return b.String()
}

// isString reports whether t is a string type, or a type parameter
// whose constraint admits one (`func Run[T ~string](b T)`: the argument
// given is bound as a string would be).
func isString(t types.Type) bool {
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
		return admitsString(tp.Constraint(), 0)
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// maxConstraintDepth bounds how many constraints embedded in each other
// admitsString reads.
const maxConstraintDepth = 4

// admitsString reports whether a type parameter's constraint lists a
// string type among its terms (`~string`, `string | []byte`, a named
// constraint embedding one).
func admitsString(constraint types.Type, depth int) bool {
	iface, ok := constraint.Underlying().(*types.Interface)
	if !ok || depth > maxConstraintDepth {
		return false
	}
	for i := 0; i < iface.NumEmbeddeds(); i++ {
		switch e := iface.EmbeddedType(i).(type) {
		case *types.Union:
			for j := 0; j < e.Len(); j++ {
				if isString(e.Term(j).Type()) {
					return true
				}
			}
		default:
			if isString(e) || admitsString(e, depth+1) {
				return true
			}
		}
	}
	return false
}

// isStringList reports whether t is a slice of strings.
func isStringList(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	return ok && isString(s.Elem())
}

// returns lists the return statements of body, not those of the function
// literals inside it.
func returns(body *ast.BlockStmt) []*ast.ReturnStmt {
	var out []*ast.ReturnStmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			out = append(out, n)
		}
		return true
	})
	return out
}

// callees returns the functions with a body that call may call, keeping
// those pred accepts (nil: all): its static callee, or every method of
// the loaded packages that implements the interface method it calls.
// unknown is set when that set is larger than maxPossibilities, when some
// module packages were left out at a bound, or when an interface of the
// module has no implementation loaded (an implementation may be
// elsewhere); fns is then empty.
func (c *checker) callees(call *ast.CallExpr, pred func(*types.Func) bool) (fns []*types.Func, unknown bool) {
	if fns, unknown = c.calleesPast(call, pred); unknown {
		return nil, true
	}
	return fns, false
}

// calleesPast is callees, keeping the implementations loaded when the
// set is unknown: a result one of them gives is not dropped past the
// bound (calleeResults).
func (c *checker) calleesPast(call *ast.CallExpr, pred func(*types.Func) bool) (fns []*types.Func, unknown bool) {
	if fn := typeutil.StaticCallee(c.info, call); fn != nil {
		if c.funcs[fn] != nil && (pred == nil || pred(fn)) {
			return []*types.Func{fn}, false
		}
		return nil, false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || c.idx == nil {
		return nil, false
	}
	s := c.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return nil, false
	}
	iface, ok := types.Unalias(s.Recv()).Underlying().(*types.Interface)
	if !ok {
		return nil, false
	}
	if _, isParam := types.Unalias(s.Recv()).(*types.TypeParam); isParam {
		return nil, false
	}
	impls := 0
	for _, m := range c.idx.methods[sel.Sel.Name] {
		if c.scope != nil && !c.scope[m.Pkg().Path()] {
			// judged as its own package's scan sees it: an
			// implementation its importers declare is theirs to add
			continue
		}
		recv := m.Type().(*types.Signature).Recv().Type()
		if p, ok := recv.(*types.Pointer); ok {
			recv = p.Elem()
		}
		if !types.Implements(recv, iface) && !types.Implements(types.NewPointer(recv), iface) {
			continue
		}
		impls++
		if pred != nil && !pred(m) {
			continue
		}
		fns = append(fns, m)
	}
	// A module's interface with no implementation among the loaded
	// packages is implemented where the analysis does not look (a
	// package that imports this one): unknown, as past the bounds.
	if len(fns) > maxPossibilities || len(fns) > 0 && len(c.cutPkgs) > 0 || impls == 0 && c.moduleType(s.Recv()) {
		return fns, true
	}
	return fns, false
}

// moduleType reports whether t is a named type declared in the package
// being checked or a module package loaded with it.
func (c *checker) moduleType(t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return false
	}
	pkg := named.Obj().Pkg()
	return pkg == c.idx.root || c.idx.deps[pkg.Path()] == pkg
}

// helperCalls follows call into the helpers it may call (a function of the
// package or of a module package it imports, or every implementation of
// an interface method): outer is the caller's binding. Past the bound on
// implementations, a runtime among the arguments is dynamic.
func (c *checker) helperCalls(call *ast.CallExpr, outer map[*types.Var]scanner.Arg, outerList map[*types.Var][]scanner.Arg, chain []string, at scanner.Pos) {
	fns, unknown := c.callees(call, func(fn *types.Func) bool { return c.wrappers[fn] })
	if unknown {
		c.bind, c.bindList = outer, outerList
		var vals []scanner.Arg
		for _, a := range call.Args {
			vals = append(vals, c.str(a, 0))
		}
		c.reportUnfollowed(vals, at, fmt.Sprintf("handed to an interface method whose implementations are not all known (more than %d, or module packages left out at a bound)", maxPossibilities))
		return
	}
	// One RED finding says the call launches: the other implementations
	// are not followed further.
	before := len(c.p.Findings())
	for _, fn := range fns {
		c.viaHelper(call, fn, c.funcs[fn], outer, outerList, chain, at)
		if slices.ContainsFunc(c.p.Findings()[before:], func(f scanner.Finding) bool { return f.Verdict == scanner.VerdictRed }) {
			return
		}
	}
}

// callsWrapperMethod reports whether call calls an interface method of
// the name of a declared method that is a wrapper (one of its possible
// implementations): its caller may be a wrapper too.
func (c *pkgIndex) callsWrapperMethod(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := c.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal || !types.IsInterface(s.Recv()) {
		return false
	}
	for _, m := range c.methods[sel.Sel.Name] {
		if c.wrappers[m] {
			return true
		}
	}
	return false
}

// qualifiedVar returns the package-level variable sel names as pkg.V (a
// variable of an imported package), or nil.
func qualifiedVar(info *types.Info, sel *ast.SelectorExpr) *types.Var {
	x, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	if _, ok := info.Uses[x].(*types.PkgName); !ok {
		return nil
	}
	v, _ := info.Uses[sel.Sel].(*types.Var)
	return v
}

// callSites returns the static calls with arguments of every function,
// indexed once (only a parameter stored into a field asks for them).
func (c *pkgIndex) callSites() map[*types.Func][]callSite {
	c.callsOnce.Do(func() {
		c.calls = map[*types.Func][]callSite{}
		for _, f := range c.files {
			pkg := c.filePkg[f]
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok && len(call.Args) > 0 {
					if fn := typeutil.StaticCallee(c.info, call); fn != nil {
						c.calls[fn] = append(c.calls[fn], callSite{call: call, pkg: pkg})
					}
				}
				return true
			})
		}
	})
	return c.calls
}
