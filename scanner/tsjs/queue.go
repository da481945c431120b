package tsjs

// Queues (docs/repository.md, `tsjs/repo_queue_drained_elsewhere.txtar`):
// a module-level array, or an instance field, whose elements a loop of
// the module hands to a process API offers them as a sink
// (scanner.Sink.Put), reached by what a caller puts into it.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// putMethod reports whether callee fn is a method putting its arguments
// into the array it is called on (`jobs.push`, `jobs.unshift`).
func (a *analyzer) putMethod(fn int32) bool {
	t := a.t
	if fn == none || t.Nodes[fn].Kind != kMember {
		return false
	}
	p := t.Child(fn, fProperty)
	return p != none && (t.Is(p, "push") || t.Is(p, "unshift"))
}

// putSinks are sinks as a call with callee fn and n arguments reaches
// them: a Put sink (an element of a queue, scanner.Sink.Put) is reached
// only by a put method (putMethod), through each argument; the others as
// they are.
func (a *analyzer) putSinks(sinks []scanner.Sink, fn int32, n int) []scanner.Sink {
	if !slices.ContainsFunc(sinks, func(k scanner.Sink) bool { return k.Put }) {
		return sinks
	}
	put := a.putMethod(fn)
	out := make([]scanner.Sink, 0, len(sinks))
	for _, k := range sinks {
		if !k.Put {
			out = append(out, k)
			continue
		}
		for i := 0; put && i < n && i < maxPutArgs; i++ {
			c := k
			c.Put, c.Param = false, i
			out = append(out, c)
		}
	}
	return out
}

// maxPutArgs bounds the arguments of a put method read as elements
// (`jobs.push(a, b, ...)`); the rest are not read as such.
const maxPutArgs = 8

// putValue is what call n (a put method: `jobs.push(a, b)`) puts into the
// queue, read at field path f of each element: the union of its
// arguments' (an argument spread, any element of it). False when n is no
// put method or no argument has the member.
func (a *analyzer) putValue(n int32, args []int32, f string, isSpread func(int32) bool) (value, bool) {
	t := a.t
	if t.Nodes[n].Kind != kCall || !a.putMethod(t.Child(n, fFunction)) {
		return value{}, false
	}
	var vals []value
	for i, c := range args {
		if i == maxPutArgs {
			break
		}
		var v value
		if isSpread(c) {
			x := c
			if t.Nodes[c].Kind == kSpread {
				x = t.Nodes[c].First
			}
			v = a.anyEntry(a.ev.Eval(x), c)
		} else {
			v = a.ev.Eval(c)
		}
		if f != "" {
			var ok bool
			if v, ok = a.fieldPath(v, f, n); !ok {
				continue
			}
		}
		vals = append(vals, v)
	}
	if len(vals) == 0 {
		return value{}, false
	}
	return a.ev.Tracked(treesitter.Union(a.ev.Cfg, vals, n)), true
}

// sinkQueued records sink k for n, an element (or a member of one) that
// a loop takes from a module-level array (queueElem): the array's name
// offers a Put sink, so a caller that puts an element into it (`jobs.push(
// job)` in another module, or through a function of this one that puts
// its parameter) hands the process API what it put.
func (a *analyzer) sinkQueued(n int32, k scanner.Sink) bool {
	switch k.Role {
	case scanner.SinkProgram, scanner.SinkArgs, scanner.SinkArgv, scanner.SinkShell:
	default:
		return false
	}
	arr, f, ok := a.queueElem(n, 0)
	if !ok {
		return false
	}
	if k.Field, ok = joinField(f, k.Field); !ok {
		return false
	}
	k.Param, k.Put = 0, true
	if k.At.Note == "" {
		k.At.Note = fmt.Sprintf("an element of `%s` is handed to a process API", arr)
	}
	if strings.HasPrefix(arr, "this.") {
		if a.link.fieldQueues == nil {
			a.link.fieldQueues = map[string][]scanner.Sink{}
		}
		if len(a.link.fieldQueues[arr]) >= scanner.MaxFixedPoint*4 {
			return false
		}
		a.link.fieldQueues[arr] = append(a.link.fieldQueues[arr], k)
		return true
	}
	return a.link.sum.AddSink(arr, k)
}

// queueElem is, for expression n, the module-level array (queueArray) an
// element of which n reads, and the path of the element n reads: `job.cmd`
// of `for (const job of jobs.splice(0))` or `jobs.forEach(job => ...)`
// ("cmd"), `jobs.shift()`, `jobs[i]`, a name bound once to one of these.
func (a *analyzer) queueElem(n int32, depth int) (arr, field string, ok bool) {
	t := a.t
	if n == none || depth > maxFieldDepth {
		return "", "", false
	}
	switch t.Nodes[n].Kind {
	case kParen, kAwait, kAsExpr:
		return a.queueElem(t.Nodes[n].First, depth+1)
	case kMember:
		obj, prop := t.Child(n, fObject), t.Child(n, fProperty)
		if obj == none || prop == none || t.Nodes[obj].Kind == kThis {
			return "", "", false
		}
		if arr, field, ok = a.queueElem(obj, depth+1); !ok {
			return "", "", false
		}
		field, ok = joinField(field, t.Text(prop))
		return arr, field, ok
	case kSubscript:
		obj, ix := t.Child(n, fObject), t.Child(n, fIndex)
		if o, _, list := a.removedFrom(obj); o != none && list {
			// jobs.splice(0, 1)[0]
			obj = o
		}
		if arr, ok = a.queueArray(obj); ok {
			return arr, "", true
		}
		// argv[0] of an element
		k, err := strconv.Atoi(t.Text(ix))
		if ix == none || err != nil || k < 0 {
			return "", "", false
		}
		if arr, field, ok = a.queueElem(obj, depth+1); !ok {
			return "", "", false
		}
		field, ok = joinField(field, "#"+strconv.Itoa(k))
		return arr, field, ok
	case kCall:
		// jobs.shift(), jobs.pop()
		if o, _, list := a.removedFrom(n); o != none && !list {
			arr, ok = a.queueArray(o)
			return arr, "", ok
		}
	case kIdentifier, kShorthandProperty:
		bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
		if found && len(bs) > 1 && len(bs) <= 4 {
			// let job; while ((job = jobs.shift())) ...: a declaration
			// with no value, and assignments taking from one queue
			var one []binding
			for _, x := range bs {
				if x.value == none && x.fn == "" && !x.each && !x.ref && len(x.path) == 0 {
					continue
				}
				one = append(one, x)
			}
			if len(one) != 1 {
				return "", "", false
			}
			bs = one
		}
		if !found || len(bs) != 1 || bs[0].value == none || bs[0].ref || bs[0].keys {
			return "", "", false
		}
		b := bs[0]
		if slices.ContainsFunc(b.path, func(p string) bool { return strings.HasPrefix(p, restFrom) }) {
			return "", "", false
		}
		path := ""
		if len(b.path) > 0 {
			path = pathKey(b.path)
		}
		switch {
		case b.each:
			arr, ok = a.queueArray(b.value)
		case !b.param:
			arr, field, ok = a.queueElem(b.value, depth+1)
			if ok && path != "" {
				field, ok = joinField(field, path)
			}
			return arr, field, ok
		}
		return arr, path, ok
	}
	return "", "", false
}

// queueArray is the name of the module-level array expression e reads
// whole (`jobs`, `jobs.splice(0)`, `jobs.slice()`, `[...jobs]`), bound
// once to an array literal (`export const jobs: Job[] = []`).
func (a *analyzer) queueArray(e int32) (string, bool) {
	t := a.t
	for k := 0; e != none && k < 4; k++ {
		switch t.Nodes[e].Kind {
		case kParen, kAsExpr:
			e = t.Nodes[e].First
			continue
		case kCall:
			fn := t.Child(e, fFunction)
			if fn == none || t.Nodes[fn].Kind != kMember {
				return "", false
			}
			p := t.Child(fn, fProperty)
			if p == none || !(t.Is(p, "splice") || t.Is(p, "slice") || t.Is(p, "filter") || t.Is(p, "concat") || t.Is(p, "reverse") || t.Is(p, "values")) {
				return "", false
			}
			e = t.Child(fn, fObject)
			continue
		case kArray:
			c := t.Nodes[e].First
			if c == none || t.Nodes[c].Next != none || t.Nodes[c].Kind != kSpread {
				return "", false
			}
			e = t.Nodes[c].First
			continue
		case kMember:
			// this.jobs of a class whose field it is, every value given
			// it an array literal (`private jobs: Job[] = []`)
			obj, prop := t.Child(e, fObject), t.Child(e, fProperty)
			if obj == none || prop == none || t.Nodes[obj].Kind != kThis || a.methodOf(e) == "" {
				return "", false
			}
			vals := a.thisAttrs[t.Text(prop)]
			if len(vals) == 0 {
				return "", false
			}
			for _, v := range vals {
				if v == none || t.Nodes[v].Kind != kArray {
					return "", false
				}
			}
			return "this." + t.Text(prop), true
		case kIdentifier:
			name := t.Text(e)
			bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[e].Start:t.Nodes[e].End], e)
			ms := a.scopes.ModuleBindings(name)
			if !found || len(bs) != 1 || len(ms) != 1 || bs[0].name != ms[0].name || bs[0].param || bs[0].ref || len(bs[0].path) > 0 ||
				bs[0].value == none || t.Nodes[bs[0].value].Kind != kArray {
				return "", false
			}
			return name, true
		}
		return "", false
	}
	return "", false
}

// queuePuts makes a helper of a function that puts its parameter into a
// module-level array offering a Put sink (`enqueue(job) { jobs.push(job)
// }`): the element's sinks, at the parameter.
func (a *analyzer) queuePuts() {
	t := a.t
	if len(a.link.sum.Sinks) == 0 && len(a.link.fieldQueues) == 0 {
		return
	}
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		if t.Nodes[i].Kind != kCall {
			continue
		}
		fn := t.Child(i, fFunction)
		if !a.putMethod(fn) {
			continue
		}
		obj := t.Child(fn, fObject)
		arr, ok := a.queueArray(obj)
		if !ok {
			continue
		}
		sinks := a.link.sum.Sinks[arr]
		if strings.HasPrefix(arr, "this.") {
			sinks = a.link.fieldQueues[arr]
		}
		args := t.Children(t.Child(i, fArguments))
		for _, k := range a.putSinks(slices.Clone(sinks), fn, len(args)) {
			if k.Param < 0 || k.Ctor || k.Param >= len(args) || t.Nodes[args[k.Param]].Kind == kSpread {
				continue
			}
			caller, _, _, ok := a.paramOf(args[k.Param])
			if !ok {
				continue
			}
			nk := k
			nk.Via = scanner.CutVia(append([]scanner.Step{a.step(i, fmt.Sprintf("`%s` puts it into `%s`", caller, arr))}, k.Via...))
			a.sinkParam(args[k.Param], nk)
		}
	}
}
