package shell

import (
	"slices"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/leasegate/leasegate/scanner"
)

// maxFuncOutputRounds bounds the rounds of the fixed point that reads
// what the file's functions print (a function's output holds the output
// of the functions it calls, so a chain of calls needs a round per call);
// past it the output of a function still changing holds everything the
// functions it reaches print, and an unknown possibility.
const maxFuncOutputRounds = 4

// funcSubst recognises `$(f)` where f is a function the text defines: its
// output is the set of what the function prints — the words of each
// `echo`, the arguments of each `printf` (the format when it takes none),
// each `command -v NAME`/`which NAME` look-up, and the output of the
// file's functions it calls — each a possibility. A command whose output
// is not modelled adds an unknown possibility, so a printed name is never
// the only reading when something else may be printed.
func (s *scan) funcSubst(stmts []*syntax.Stmt) ([]val, bool) {
	if len(stmts) != 1 {
		return nil, false
	}
	c, ok := stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) == 0 || len(s.bodies[c.Args[0].Lit()]) == 0 {
		return nil, false
	}
	name := c.Args[0].Lit()
	if s.printed != nil {
		// inside the fixed point: the previous round's output
		return s.outputOf(name), true
	}
	return s.funcOutputs(name)[name], true
}

// outputOf is the output the fixed point holds for function name, unknown
// before it has one.
func (s *scan) outputOf(name string) []val {
	if out, ok := s.printed[name]; ok {
		return out
	}
	return []val{{s: unknown}}
}

// funcOutputs reads the output of function name and of every function it
// reaches, to a fixed point of at most maxFuncOutputRounds rounds, each
// reading every body once (values do not change meanwhile).
func (s *scan) funcOutputs(name string) map[string][]val {
	reach := s.reachedFuncs(name)
	s.printed = map[string][]val{}
	defer func() { s.printed = nil }()
	for round := 0; ; round++ {
		next := map[string][]val{}
		changed := false
		for _, f := range reach {
			out := s.capOutput(s.bodyOutput(f))
			next[f] = out
			if outputKey(out) != outputKey(s.outputOf(f)) {
				changed = true
			}
		}
		if !changed {
			return next
		}
		if round+1 == maxFuncOutputRounds {
			// The bound: what still changes may print more, at most what
			// the functions it reaches print (an output is the union of
			// its prints and its callees' outputs), and something unknown.
			// Taking all of it keeps a name printed deeper than the bound
			// a possibility, so reaching the bound never hides one.
			// Only name's output is read (funcSubst); it reaches every
			// function of reach.
			var all []val
			for _, g := range reach {
				all = append(all, next[g]...)
			}
			next[name] = s.capOutput(append(all, val{s: unknown}))
			return next
		}
		s.printed = next
	}
}

// reachedFuncs are function name and the functions of the text its
// bodies call, in name order.
func (s *scan) reachedFuncs(name string) []string {
	seen := map[string]bool{name: true}
	for work := []string{name}; len(work) > 0; {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, fd := range s.bodies[f] {
			syntax.Walk(fd.Body, func(n syntax.Node) bool {
				if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 {
					if g := c.Args[0].Lit(); !seen[g] && len(s.bodies[g]) > 0 {
						seen[g] = true
						work = append(work, g)
					}
				}
				return true
			})
		}
	}
	out := make([]string, 0, len(seen))
	for f := range seen {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

// bodyOutput is what the bodies of function name print, with the
// outputs of the functions they call from the previous round.
func (s *scan) bodyOutput(name string) []val {
	var out []val
	for _, fd := range s.bodies[name] {
		syntax.Walk(fd.Body, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.FuncDecl:
				// their output is not the function's
				return false
			case *syntax.Stmt:
				if c, ok := n.Cmd.(*syntax.CallExpr); ok && !stdoutRedirected(n) {
					out = append(out, s.callOutput(n, c)...)
				}
			}
			return true
		})
	}
	return out
}

// capOutput drops repeated possibilities and keeps at most maxAlts, those
// that name a runtime as a program first, then those that mention one;
// past the bound the kept ones are dynamic.
func (s *scan) capOutput(vs []val) []val {
	var out []val
	for _, v := range vs {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	if len(out) <= maxAlts {
		return out
	}
	rank := func(v val) int {
		if _, ok := s.p.Config.RuntimeForCommand(v.s); ok {
			return 0
		}
		if s.mentionsRuntime(fields{v}) {
			return 1
		}
		return 2
	}
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i]) < rank(out[j]) })
	out = out[:maxAlts]
	for i := range out {
		out[i] = through(out[i], scanner.ClassDynamic)
	}
	return out
}

// outputKey identifies an output for the fixed point.
func outputKey(vs []val) string {
	var b strings.Builder
	for _, v := range vs {
		b.WriteString(fields{v}.key())
		b.WriteByte(3)
	}
	return b.String()
}

// callOutput is what one command of a function prints.
func (s *scan) callOutput(st *syntax.Stmt, c *syntax.CallExpr) []val {
	if len(c.Args) == 0 {
		return nil // an assignment prints nothing
	}
	name := c.Args[0].Lit()
	switch name {
	case "echo":
		var words []*syntax.Word
		for i, w := range c.Args[1:] {
			if l := w.Lit(); i == len(words) && len(l) > 1 && strings.HasPrefix(l, "-") && strings.Trim(l[1:], "neE") == "" {
				continue // echo -n
			}
			words = append(words, w)
		}
		return s.joinWords(words)
	case "printf":
		args := c.Args[1:]
		if len(args) > 0 && args[0].Lit() == "--" {
			args = args[1:]
		}
		if len(args) == 1 {
			var out []val
			for _, v := range s.joinWords(args) {
				v.s = strings.TrimRight(strings.ReplaceAll(v.s, `\n`, "\n"), "\n")
				out = append(out, v)
			}
			return out
		}
		var out []val
		for _, w := range args[min(1, len(args)):] {
			for _, v := range s.scalar(w) {
				out = append(out, through(v, scanner.ClassVariableExecution))
			}
		}
		return out
	case "return", "exit", "true", "false", ":", "[", "[[", "test", "local", "declare", "typeset", "export", "readonly", "shift", "set", "unset", "break", "continue":
		return nil
	}
	if v, ok := s.lookupStmt(st); ok {
		return []val{v}
	}
	if len(s.bodies[name]) > 0 {
		return s.outputOf(name)
	}
	return []val{{s: unknown}}
}

// joinWords is each possibility of words joined by spaces, as echo prints
// them, at most maxAlts of them.
func (s *scan) joinWords(words []*syntax.Word) []val {
	out := []val{{}}
	for i, w := range words {
		var next []val
		for _, pre := range out {
			for _, v := range s.scalar(w) {
				if i > 0 {
					v = s.concat(val{s: " "}, v)
				}
				next = append(next, s.concat(pre, v))
			}
		}
		out = s.capOutput(next)
	}
	for i := range out {
		out[i] = through(out[i], scanner.ClassVariableExecution)
	}
	return out
}

// stdoutRedirected reports whether a command's standard output goes
// elsewhere than the function's output (`echo x >&2`, `> file`).
func stdoutRedirected(st *syntax.Stmt) bool {
	for _, r := range st.Redirs {
		if r.N != nil && r.N.Value != "1" {
			continue
		}
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.DplOut, syntax.RdrAll, syntax.AppAll:
			return true
		}
	}
	return false
}
