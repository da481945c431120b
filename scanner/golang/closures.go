package golang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasegate/leasegate/scanner"
)

// Function literals. A closure is code of the package like a declared
// function, but it has no name the helper walk can follow: its
// parameters are read instead as every argument the package calls it
// with, and a call of it as every value its return statements give.
//
//   - `run := func(name string, args ...string) { exec.Command(name,
//     args...) }; run("claude", "-p")`, `go func(bin string) {...}(t)`:
//     the process-API call inside the literal is judged where it is
//     written, `name` being each argument a call of `run` gives it (a
//     range variable's elements, a constant, ...).
//   - `binary := func() string { return "claude" }; exec.Command(binary())`:
//     the call is every value the literal returns.
//
// A literal is called directly (`func(...){...}(x)`, also after `go` or
// `defer`) or through a variable the package gives it. A literal used in
// any other way (handed to a function, returned, stored in a field), or
// held by a variable used otherwise than called, may be called where the
// analysis does not look: an argument found at run time joins its
// parameters' values.

// litParam is a parameter of a function literal: the literal and the
// parameter's index.
type litParam struct {
	lit *ast.FuncLit
	i   int
}

// litIndex is what the package's function literals are given.
type litIndex struct {
	params map[*types.Var]litParam
	// calls are the calls of each literal, direct or through a variable
	// holding it.
	calls map[*ast.FuncLit][]*ast.CallExpr
	// escapes are the literals that may be called elsewhere.
	escapes map[*ast.FuncLit]bool
}

// lits returns the package's function literals, indexed once.
func (c *pkgIndex) lits() *litIndex {
	c.litOnce.Do(func() { c.litIdx = c.indexLits() })
	return c.litIdx
}

func (c *pkgIndex) indexLits() *litIndex {
	li := &litIndex{params: map[*types.Var]litParam{}, calls: map[*ast.FuncLit][]*ast.CallExpr{}, escapes: map[*ast.FuncLit]bool{}}
	// holders are the variables given a literal; varCalls the calls
	// through a variable of function type, uses every use of one.
	holders := map[*types.Var][]*ast.FuncLit{}
	varCalls := map[*types.Var][]*ast.CallExpr{}
	uses := map[*types.Var]int{}
	var stack []ast.Node
	for _, f := range c.files {
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			var parent ast.Node
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			stack = append(stack, n)
			switch n := n.(type) {
			case *ast.FuncLit:
				k := 0
				for _, fld := range n.Type.Params.List {
					names := fld.Names
					if len(names) == 0 {
						k++
						continue
					}
					for _, nm := range names {
						if v, ok := c.info.Defs[nm].(*types.Var); ok {
							li.params[v] = litParam{lit: n, i: k}
						}
						k++
					}
				}
				switch p := parent.(type) {
				case *ast.CallExpr:
					if ast.Unparen(p.Fun) == n {
						li.calls[n] = append(li.calls[n], p)
						return true
					}
				case *ast.ParenExpr:
				case *ast.AssignStmt:
					if v := c.litHolder(p.Lhs, p.Rhs, n, p.Tok == token.DEFINE || p.Tok == token.ASSIGN); v != nil {
						holders[v] = append(holders[v], n)
						return true
					}
				case *ast.ValueSpec:
					lhs := make([]ast.Expr, len(p.Names))
					for i, id := range p.Names {
						lhs[i] = id
					}
					if v := c.litHolder(lhs, p.Values, n, true); v != nil {
						holders[v] = append(holders[v], n)
						return true
					}
				}
				li.escapes[n] = true
			case *ast.Ident:
				v, ok := c.info.Uses[n].(*types.Var)
				if !ok {
					return true
				}
				if _, fn := v.Type().Underlying().(*types.Signature); !fn {
					return true
				}
				uses[v]++
				if call, ok := parent.(*ast.CallExpr); ok && ast.Unparen(call.Fun) == n {
					varCalls[v] = append(varCalls[v], call)
				}
			}
			return true
		})
	}
	for v, ls := range holders {
		// a package-level variable may be called from an importer; a
		// variable used otherwise than called may be handed on
		escapes := v.Parent() == nil || v.Parent() == v.Pkg().Scope() || uses[v] != len(varCalls[v])
		for _, l := range ls {
			li.calls[l] = append(li.calls[l], varCalls[v]...)
			if escapes {
				li.escapes[l] = true
			}
		}
	}
	return li
}

// litHolder is the local variable among lhs that rhs's element lit is
// given to (`run := func(...)`, `var run = func(...)`), or nil.
func (c *pkgIndex) litHolder(lhs, rhs []ast.Expr, lit *ast.FuncLit, plain bool) *types.Var {
	if !plain || len(lhs) != len(rhs) {
		return nil
	}
	for i, r := range rhs {
		if ast.Unparen(r) != lit {
			continue
		}
		id, ok := ast.Unparen(lhs[i]).(*ast.Ident)
		if !ok {
			return nil
		}
		obj := c.info.Defs[id]
		if obj == nil {
			obj = c.info.Uses[id]
		}
		v, _ := obj.(*types.Var)
		return v
	}
	return nil
}

// isLitParam reports whether v may be a function literal's parameter
// (a parameter no declared function has).
func (c *checker) isLitParam(v *types.Var) bool {
	if c.idx == nil || v.Kind() != types.ParamVar {
		return false
	}
	_, declared := c.idx.params[v]
	return !declared
}

// litParamString resolves a parameter of a function literal: every
// argument the package's calls of the literal give it, the values the
// literal's body assigns it, and one found at run time when the literal
// may be called elsewhere. ok is false for any other variable.
func (c *checker) litParamString(v *types.Var, depth int) (scanner.Arg, bool) {
	if !c.isLitParam(v) || c.resolving[v] {
		return scanner.Arg{}, false
	}
	li := c.idx.lits()
	ref, ok := li.params[v]
	if !ok {
		return scanner.Arg{}, false
	}
	sig, ok := c.info.TypeOf(ref.lit).(*types.Signature)
	if !ok || sig.Variadic() && ref.i == sig.Params().Len()-1 {
		return scanner.Arg{}, false
	}
	if c.resolving == nil {
		c.resolving = map[*types.Var]bool{}
	}
	c.resolving[v] = true
	defer delete(c.resolving, v)
	var vals []scanner.Arg
	allKnown := !li.escapes[ref.lit]
	add := func(a scanner.Arg) {
		if len(vals) < maxPossibilities || c.argNamesRuntime(a) {
			vals = append(vals, a)
		} else {
			allKnown = false
		}
	}
	for _, call := range li.calls[ref.lit] {
		if call.Ellipsis.IsValid() || ref.i >= len(call.Args) {
			allKnown = false
			continue
		}
		a := c.str(call.Args[ref.i], depth+1)
		allKnown = allKnown && a.Known
		add(a)
	}
	for _, as := range c.valuesOf(c.assigns, v) {
		var a scanner.Arg
		if as.expr != nil && as.idx < 0 && as.plus == nil && !as.sent {
			a = c.str(as.expr, depth+1)
		}
		allKnown = allKnown && a.Known
		add(a)
	}
	if !allKnown {
		vals = append(vals, scanner.Arg{})
	}
	return c.judgeSet(vals, allKnown && len(vals) <= maxPossibilities), true
}

// litParamList resolves a []string parameter of a function literal,
// variadic or not, that the package calls once and that its body does
// not assign: the list that call gives. ok is false otherwise.
func (c *checker) litParamList(v *types.Var, depth int) ([]scanner.Arg, bool) {
	if !c.isLitParam(v) || c.resolving[v] || len(c.valuesOf(c.assigns, v)) > 0 {
		return nil, false
	}
	li := c.idx.lits()
	ref, ok := li.params[v]
	if !ok || li.escapes[ref.lit] || len(li.calls[ref.lit]) != 1 {
		return nil, false
	}
	sig, ok := c.info.TypeOf(ref.lit).(*types.Signature)
	if !ok {
		return nil, false
	}
	if c.resolving == nil {
		c.resolving = map[*types.Var]bool{}
	}
	c.resolving[v] = true
	defer delete(c.resolving, v)
	call := li.calls[ref.lit][0]
	if sig.Variadic() && ref.i == sig.Params().Len()-1 && !call.Ellipsis.IsValid() {
		var out []scanner.Arg
		for _, a := range call.Args[min(ref.i, len(call.Args)):] {
			out = append(out, c.str(a, depth+1))
		}
		return out, true
	}
	if ref.i >= len(call.Args) {
		return nil, false
	}
	return c.list(call.Args[ref.i], depth+1)
}

// litsCalled returns the function literals a call's function may be: a
// literal written there, or every literal a variable the package gives
// it holds, and the declared functions that variable is given (`pick :=
// agentName`); other is set when it may be something else too.
func (c *checker) litsCalled(fun ast.Expr) (lits []*ast.FuncLit, fns []*types.Func, other bool) {
	switch f := ast.Unparen(fun).(type) {
	case *ast.FuncLit:
		return []*ast.FuncLit{f}, nil, false
	case *ast.Ident:
		v, ok := c.info.Uses[f].(*types.Var)
		if !ok {
			return nil, nil, false
		}
		for _, as := range c.valuesOf(c.assigns, v) {
			if as.idx >= 0 || as.expr == nil {
				other = true
				continue
			}
			switch e := ast.Unparen(as.expr).(type) {
			case *ast.FuncLit:
				lits = append(lits, e)
				continue
			case *ast.Ident:
				// pick := agentName: a function the package declares
				if fn, ok := c.info.Uses[e].(*types.Func); ok && c.funcs[fn] != nil {
					fns = append(fns, fn)
					continue
				}
			}
			other = true
		}
	}
	return lits, fns, other
}

// litResults is what the function literals a call may call give as
// result idx (a string, or a []string when list is set), one entry per
// return statement, with one found at run time when the function may be
// another value; ok is false when the call calls no literal.
func (c *checker) litResults(call *ast.CallExpr, idx, depth int, list bool) ([]returned, bool, bool) {
	lits, fns, other := c.litsCalled(call.Fun)
	if len(lits) == 0 && len(fns) == 0 {
		return nil, false, false
	}
	allKnown := !other
	var rets []returned
	if len(fns) > 0 {
		// a declared function held in the variable: its results with
		// its parameters bound to the call's arguments
		var keep []*types.Func
		for _, fn := range fns {
			if res := fn.Type().(*types.Signature).Results(); idx < res.Len() && (list && isStringList(res.At(idx).Type()) || !list && isString(res.At(idx).Type())) {
				keep = append(keep, fn)
			}
		}
		rs, known := c.resultsOf(call, keep, idx, depth, list)
		rets, allKnown = append(rets, rs...), allKnown && known
	}
	for _, l := range lits {
		if c.returningLit[l] {
			allKnown = false
			continue
		}
		sig, ok := c.info.TypeOf(l).(*types.Signature)
		if !ok || idx >= sig.Results().Len() {
			continue
		}
		if c.returningLit == nil {
			c.returningLit = map[*ast.FuncLit]bool{}
		}
		c.returningLit[l] = true
		for _, r := range returns(l.Body) {
			var ret returned
			switch {
			case len(r.Results) == sig.Results().Len() && idx < len(r.Results):
				e := r.Results[idx]
				switch {
				case !list:
					ret = returned{elems: []scanner.Arg{c.str(e, depth+1)}, ok: true}
				case isNil(c.info, e):
					ret.ok = true
				default:
					ret.elems, ret.ok = c.list(e, depth+1)
				}
			case !list:
				ret = returned{elems: []scanner.Arg{{}}, ok: true}
			}
			if len(rets) >= maxPossibilities && !c.namesRuntime(ret) {
				allKnown = false
				continue
			}
			rets = append(rets, ret)
		}
		delete(c.returningLit, l)
	}
	if !allKnown {
		if list {
			rets = append(rets, returned{})
		} else {
			rets = append(rets, returned{elems: []scanner.Arg{{}}, ok: true})
		}
	}
	return rets, allKnown, true
}
