package tsjs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// Classes across modules (docs/repository.md): a base class whose method
// spawns its field (`spawn(this.bin)`) or what one of its methods returns
// (`spawn(this.command())`) offers that under the class's name; a class
// of another module that extends it is judged where it sets the field or
// defines the override, and offers the same to its own subclasses. The
// base's `this.m()` is so the union of m and every override in the
// repository (an over-approximation: the instance's class is not known).

// classAround is the name of the class whose method holds node n ("" when
// none, or when it is anonymous).
func (a *analyzer) classAround(n int32) string {
	t := a.t
	for p := t.Nodes[n].Parent; p != none; p = t.Nodes[p].Parent {
		if t.Nodes[p].Kind == kClassDecl {
			if nm := t.Child(p, fName); nm != none {
				return t.Text(nm)
			}
			return ""
		}
	}
	return ""
}

// thisCall is method m when n is what `this.m()` returns: the call itself
// (`spawn(this.prog())`), a name bound to it, or its head (`const [prog,
// ...rest] = this.command()`, `cmd[0]` of `const cmd = this.command()`).
func (a *analyzer) thisCall(n int32) string {
	t := a.t
	head := false
	for depth := 0; n != none && depth < 4; depth++ {
		switch t.Nodes[n].Kind {
		case kParen, kAwait, kAsExpr:
			n = t.Nodes[n].First
			continue
		case kSubscript:
			if head || t.Text(t.Child(n, fIndex)) != "0" {
				return ""
			}
			n, head = t.Child(n, fObject), true
			continue
		case kIdentifier:
			bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
			if !found || len(bs) != 1 || bs[0].param || bs[0].ref || bs[0].value == none {
				return ""
			}
			switch p := bs[0].path; {
			case len(p) == 0:
			case len(p) == 1 && p[0] == "#0" && !head:
				head = true
			default:
				return ""
			}
			n = bs[0].value
			continue
		case kCall:
			fn := t.Child(n, fFunction)
			if fn == none || t.Nodes[fn].Kind != kMember {
				return ""
			}
			obj, prop := t.Child(fn, fObject), t.Child(fn, fProperty)
			if obj == none || prop == none || t.Nodes[obj].Kind != kThis {
				return ""
			}
			return t.Text(prop)
		}
		return ""
	}
	return ""
}

// sinkThisCall records k on the class around node n when n is what a
// method of the instance returns (thisCall): a subclass that overrides
// the method chooses what runs.
func (a *analyzer) sinkThisCall(n int32, k scanner.Sink) bool {
	m := a.thisCall(n)
	if m == "" || a.methodOf(n) == "" {
		return false
	}
	cls := a.classAround(n)
	if cls == "" {
		return false
	}
	k.Param, k.Field = scanner.ParamThis, m+"()"
	k.At.Note = fmt.Sprintf("`%s` hands what `this.%s()` returns to a process API", cls, m)
	return a.link.sum.AddSink(cls, k)
}

// ownMethod reports whether callee fn is `this.m` in a method, m a
// method of a class of the file: a helper the fixed point follows
// (`start(bin) { return this.go(bin) }` with `go(b) { spawn(b) }`),
// whatever its name.
func (a *analyzer) ownMethod(fn int32) bool {
	t := a.t
	if t.Nodes[fn].Kind != kMember {
		return false
	}
	obj, p := t.Child(fn, fObject), t.Child(fn, fProperty)
	if obj == none || p == none || t.Nodes[obj].Kind != kThis {
		return false
	}
	return len(a.ev.Methods()[t.Text(p)]) > 0 && a.methodOf(fn) != ""
}

// sinkThisCallArg records sink k of helper name (of file) on the class
// around call n when the argument arg handed to the sink's parameter is
// what a method of the instance returns (`const bin = await
// this.binary(); this.spawnPty(bin, args)`): a subclass overriding the
// method, in any module, chooses what the helper runs. Only the roles a
// subclass's override is judged for (judgeThis): the program, the argv,
// the shell line; reports whether the sink is new.
func (a *analyzer) sinkThisCallArg(n int32, name, file string, arg int32, k scanner.Sink) bool {
	if k.Field != "" || k.Role != scanner.SinkProgram && k.Role != scanner.SinkArgv && k.Role != scanner.SinkShell && k.Role != scanner.SinkArgElem {
		return false
	}
	m := a.thisCall(arg)
	if m == "" {
		return false
	}
	cls, caller := a.classAround(n), a.methodOf(n)
	if cls == "" || caller == "" {
		return false
	}
	note := fmt.Sprintf("`%s` hands what `this.%s()` returns to `%s`", caller, m, name)
	if file != a.p.Path {
		note += " of " + file
	}
	nk := k
	nk.Param, nk.Field = scanner.ParamThis, m+"()"
	nk.Via = scanner.CutVia(append([]scanner.Step{a.step(n, note)}, k.Via...))
	have := len(a.link.sum.Sinks[cls])
	a.link.sum.AddSink(cls, nk)
	return len(a.link.sum.Sinks[cls]) > have
}

// baseOf is the expression a class declaration extends (`extends
// Base`, `extends base.Runner<T>`), or none.
func (a *analyzer) baseOf(cls int32) int32 {
	t := a.t
	nm, body := t.Child(cls, fName), t.Child(cls, fBody)
	if nm == none || body == none {
		return none
	}
	for i := nm + 1; i < int32(len(t.Nodes)) && t.Nodes[i].Start < t.Nodes[body].Start; i++ {
		if k := t.Nodes[i].Kind; (k == kIdentifier || k == kMember) && t.Nodes[i].Start >= t.Nodes[nm].End {
			return i
		}
	}
	return none
}

// subclasses handles the classes of this file that extend a class of
// another module offering its fields or methods: each offers the same
// under its own name (for its subclasses elsewhere), and, when judge is
// set, what it sets the field to or what its override returns is judged
// where it is written.
func (a *analyzer) subclasses(judge bool) {
	t := a.t
	if a.p.Imports == nil {
		return
	}
	for cls := int32(0); cls < int32(len(t.Nodes)); cls++ {
		if t.Nodes[cls].Kind != kClassDecl {
			continue
		}
		b := a.baseOf(cls)
		if b == none {
			continue
		}
		last := b
		if t.Nodes[b].Kind == kMember {
			last = t.Child(b, fProperty)
		}
		if last == none || !a.p.Imports.Hint(t.Src[t.Nodes[last].Start:t.Nodes[last].End]) {
			continue // no file offers a helper of that name: not looked up
		}
		base := a.ev.Eval(b)
		if base.K != vRef || !local(base.Mod) {
			continue
		}
		e, ok := a.imported(base)
		if !ok {
			continue
		}
		name := t.Text(t.Child(cls, fName))
		if e.Dynamic {
			if judge {
				a.judgeHelper(cls, t.Text(b), e, nil, none, value{})
			}
			continue
		}
		for _, k := range e.Sinks {
			if (k.Param != scanner.ParamThis || k.Field == "") && !k.Ctor {
				continue
			}
			nk := k
			nk.Via = append([]scanner.Step{a.step(cls, fmt.Sprintf("`%s` extends `%s` of %s", name, t.Text(b), e.File))}, k.Via...)
			if len(nk.Via) > scanner.MaxLinkDepth {
				a.link.sum.Truncated = true
			} else {
				a.link.sum.AddSink(name, nk)
			}
			if judge {
				a.judgeSubclass(cls, k)
			}
		}
	}
}

// judgeSubclass judges what class cls sets field k.Field to (a class
// field or `this.x = ...` in its methods), what its override of method m
// returns when k.Field is `m()`, or what it hands the base constructor
// (`super("claude")`) for a constructor's sink, reaching sink k of a
// base class of another module: RED where it is written.
func (a *analyzer) judgeSubclass(cls int32, k scanner.Sink) {
	t := a.t
	inside := func(n int32) bool {
		return t.Nodes[n].Start >= t.Nodes[cls].Start && t.Nodes[n].End <= t.Nodes[cls].End
	}
	if k.Ctor {
		// super("claude"): the base constructor's argument
		for n := cls; n < int32(len(t.Nodes)) && inside(n); n++ {
			fn, args := t.Child(n, fFunction), t.Child(n, fArguments)
			if t.Nodes[n].Kind != kCall || fn == none || args == none || t.Text(fn) != "super" {
				continue
			}
			if cs := t.Children(args); k.Param < len(cs) && t.Nodes[cs[k.Param]].Kind != kSpread {
				a.judgeThis(k, a.ev.Eval(cs[k.Param]), t.Pos(cs[k.Param]))
			}
		}
		return
	}
	if m, ok := strings.CutSuffix(k.Field, "()"); ok {
		for _, fn := range a.ev.Methods()[m] {
			if inside(fn) {
				a.judgeThis(k, a.ev.ReturnValue(fn, fn), t.Pos(fn))
			}
		}
		return
	}
	for _, v := range a.thisAttrs[k.Field] {
		if inside(v) {
			a.judgeThis(k, a.ev.Eval(v), t.Pos(v))
		}
	}
	for _, fn := range a.ev.Methods()[k.Field] {
		if inside(fn) && a.isGetter(fn) {
			// get binary() { return 'claude' }: the field is what the
			// subclass's getter returns
			a.judgeThis(k, a.ev.ReturnValue(fn, fn), t.Pos(fn))
		}
	}
}

// judgeThis judges value v reaching sink k (a field or a method's
// result that a base class hands to a process API) at at: an array is
// the argv, a string the program (or the line, for a shell).
func (a *analyzer) judgeThis(k scanner.Sink, v value, at scanner.Pos) {
	mark := a.p.Mark()
	switch {
	case k.Role == scanner.SinkShell:
		for _, c := range v.Possibilities() {
			if text, ok := treesitter.ShellText(c); ok {
				a.p.ScanShell(text, a.textPos(c, at), "")
			}
		}
	case k.Role == scanner.SinkArgElem:
		// spawn(node, [script, ...args]): the value at its element
		a.judgeElem(k, v, at)
	case k.Role == scanner.SinkProgram && v.K == vArr, k.Role == scanner.SinkArgv:
		a.p.Judge(scanner.Command{Argv: a.argvOf(nil, v), At: at, API: true})
	case k.Role == scanner.SinkProgram:
		a.p.Judge(scanner.Command{Argv: []scanner.Arg{a.t.Arg(v)}, At: at, API: true, Alts: treesitter.AltArgs(a.t, v.Alt)})
	}
	a.p.AddChain(mark, k.Chain())
}

// judgeElem judges value v at element k.Elem of the arguments k.Args of
// program k.Program (unknown when ""), at at: each string v may be (an
// array's elements for a value built from a helper's arguments). A
// program the analysis cannot name handed a runtime's command as an
// argument (`pty.spawn(nodePath, [command, ...args])`, `nodePath` found
// at run time) may be an interpreter running it: unknown is not absent,
// so it is `dynamic` there.
func (a *analyzer) judgeElem(k scanner.Sink, v value, at scanner.Pos) {
	if k.Elem >= len(k.Args) {
		return
	}
	vals := v.Possibilities()
	if v.K == vArr {
		vals = nil
		for _, e := range v.Elems {
			vals = append(vals, e.Possibilities()...)
		}
	}
	for i, p := range vals {
		if i == treesitter.MaxPossibilities {
			break
		}
		args := slices.Clone(k.Args)
		args[k.Elem] = a.t.Arg(p)
		prog := scanner.Arg{Pos: at}
		if k.Program != "" {
			prog = scanner.Lit(k.Program)
		}
		argv := append([]scanner.Arg{prog}, args...)
		if l := a.p.Judge(scanner.Command{Argv: argv, At: at, API: true}); l != nil || k.Program != "" || p.K != vStr || !p.Usable() {
			continue
		}
		if rt, ok := a.p.Config.RuntimeForCommand(p.S); ok {
			a.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: rt, Class: scanner.ClassDynamic,
				Message: fmt.Sprintf("`%s` is handed as an argument to a program the analysis cannot name, which may run it (an interpreter such as node), bypassing launch-runtime", p.S)})
		}
	}
}

// maxCtorChain bounds the classes of the file inheritedCtor walks up
// (`class C extends B {}`, `class B extends A {}`).
const maxCtorChain = 8

// inheritedCtor is, for name fn that a `new` calls, the class of another
// module whose constructor runs: fn names a class of the file with no
// constructor of its own that extends it, directly or through such
// classes of the file. found is false otherwise, and past maxCtorChain.
func (a *analyzer) inheritedCtor(fn int32) (value, bool) {
	t := a.t
	if a.classDecls == nil {
		a.classDecls = map[string]int32{}
		for i := int32(0); i < int32(len(t.Nodes)); i++ {
			if t.Nodes[i].Kind == kClassDecl && t.Nodes[i].Parent != none && a.scopes.Of(i) == a.scopes.Of(0) {
				if nm := t.Child(i, fName); nm != none {
					if _, dup := a.classDecls[t.Text(nm)]; dup {
						a.classDecls[t.Text(nm)] = none // two classes of the name: neither
					} else {
						a.classDecls[t.Text(nm)] = i
					}
				}
			}
		}
	}
	for depth := 0; depth < maxCtorChain && fn != none && t.Nodes[fn].Kind == kIdentifier; depth++ {
		cls, ok := a.classDecls[t.Text(fn)]
		if !ok || cls == none || a.scopes.Bound(t.Src[t.Nodes[fn].Start:t.Nodes[fn].End]) {
			return value{}, false
		}
		body := t.Child(cls, fBody)
		if body == none {
			return value{}, false
		}
		for m := t.Nodes[body].First; m != none; m = t.Nodes[m].Next {
			if nm := t.Child(m, fName); nm != none && t.Is(nm, "constructor") {
				return value{}, false // its own constructor
			}
		}
		base := a.baseOf(cls)
		if base == none {
			return value{}, false
		}
		if v := a.ev.Eval(base); v.K == vRef && local(v.Mod) {
			return v, true
		}
		fn = base
	}
	return value{}, false
}

// thisLike reports whether node o stands for the instance or its class
// where a member of it is read: `this`, and the class the instance was
// made by, `this.constructor` (also `(this.constructor as typeof
// Base)`), `new.target` and `Object.getPrototypeOf(this).constructor`.
// A static field read through the instance's class (`(this.constructor
// as typeof CliTool).id`) is then read as `this.id`: the union of the
// field over the class and every class of the file (static ones too),
// and, through the base's sink, every subclass of another module that
// sets it (judgeSubclass).
func (a *analyzer) thisLike(o int32) bool {
	t := a.t
	for depth := 0; o != none && depth < 4; depth++ {
		switch t.Nodes[o].Kind {
		case kThis:
			return true
		case kParen, kAsExpr:
			o = t.Nodes[o].First
			continue
		case kMember:
			obj, p := t.Child(o, fObject), t.Child(o, fProperty)
			if obj == none || p == none || !t.Is(p, "constructor") {
				return t.Text(o) == "new.target"
			}
			for obj != none && (t.Nodes[obj].Kind == kParen || t.Nodes[obj].Kind == kAsExpr) {
				obj = t.Nodes[obj].First
			}
			if obj == none {
				return false
			}
			if t.Nodes[obj].Kind == kThis {
				return true
			}
			// Object.getPrototypeOf(this).constructor
			return t.Nodes[obj].Kind == kCall && strings.Join(strings.Fields(t.Text(obj)), "") == "Object.getPrototypeOf(this)"
		}
		return t.Text(o) == "new.target"
	}
	return false
}
