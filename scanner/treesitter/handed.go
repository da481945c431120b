package treesitter

import "github.com/leasegate/leasegate/scanner"

// Handed judges v, a value handed as an argument to a call the detector
// does not model, as a command when it is command-shaped
// (scanner.Pass.HandedArgv for a list, HandedLine for a string); keyed
// says it is the value of a command-named key (scanner.CommandKey),
// literal that it is a list literal at the call. Each
// possibility of the value is read; it returns whether one was judged.
func Handed(p *scanner.Pass, t *Tree, v Value, keyed, literal bool) bool {
	judged := false
	for _, q := range v.Possibilities() {
		if q.Cut || q.Via == scanner.ClassDynamic {
			continue
		}
		switch q.K {
		case VArr:
			if len(q.Elems) == 0 {
				continue
			}
			if _, ok := p.Config.RuntimeForCommand(q.Elems[0].S); !ok || !q.Elems[0].Known() {
				// a list of command lines (`scripts: ["claude -p x"]`)
				for _, e := range q.Elems {
					if e.K == VStr && Handed(p, t, e, false, false) {
						judged = true
					}
				}
				continue
			}
			argv := make([]scanner.Arg, 0, len(q.Elems))
			shaped := true
			for _, e := range q.Elems {
				if !argvElem(t, e) {
					shaped = false
					break
				}
				argv = append(argv, t.Arg(e))
			}
			at := t.PosOf(q)
			if shaped && p.HandedArgv(argv, at, keyed, literal) {
				judged = true
			}
		case VStr:
			if text, ok := ShellText(q); ok && q.AnyKnown {
				at := t.PosOf(q)
				if q.Lit != None {
					at = t.PosAt(int(t.Nodes[q.Lit].Start) + 1)
				}
				if p.HandedLine(text, at) {
					judged = true
				}
			}
		}
	}
	return judged
}

// argvElem reports whether e may be an element of an argv: a string or
// a value not known (a reference into a module: `sys.argv[1]`), not a number, a boolean, null, a list or a map (a
// list of a name and a number is data: `["pi", 3.14]`).
func argvElem(t *Tree, e Value) bool {
	switch e.K {
	case VBool, VNull, VArr, VObj, VFunc:
		return false
	}
	if e.Node == None || e.Node < 0 || e.Node >= int32(len(t.Nodes)) {
		return true
	}
	if n := t.Nodes[e.Node]; n.End > n.Start {
		// a number literal, whatever the evaluator made of it
		c := t.Src[n.Start]
		return !('0' <= c && c <= '9') && c != '.'
	}
	return true
}
