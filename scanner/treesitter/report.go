package treesitter

import (
	"bytes"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// ContainsAny reports whether src holds any of needles: the cheap pre-scan
// that lets a detector skip files that cannot hold what it looks for.
func ContainsAny(src []byte, needles [][]byte) bool {
	for _, n := range needles {
		if bytes.Contains(src, n) {
			return true
		}
	}
	return false
}

// BrokenAt returns the position of the first syntax error (a node of kind
// errKind) whose text, or the text of the call it sits in (a node of one
// of callKinds), holds one of needles.
func (t *Tree) BrokenAt(errKind Kind, needles [][]byte, callKinds ...Kind) (scanner.Pos, bool) {
	for i := range t.Nodes {
		n := &t.Nodes[i]
		if n.Kind != errKind {
			continue
		}
		// The error's own text, or the call it sits in, names an API.
		span := t.Src[n.Start:n.End]
	parents:
		for p := n.Parent; p != None; p = t.Nodes[p].Parent {
			for _, k := range callKinds {
				if t.Nodes[p].Kind == k {
					span = t.Src[t.Nodes[p].Start:t.Nodes[p].End]
					break parents
				}
			}
		}
		if ContainsAny(t.Src[n.Start:n.End], needles) || ContainsAny(span, needles) {
			return t.Pos(int32(i)), true
		}
	}
	return scanner.Pos{}, false
}

// Judge reports what an argv launches: a runtime (class process-api), or
// the class the core gives it when the command is a tracked variable
// (variable-execution), a run-time look-up (dynamic) or a package runner
// (package-runner), as in the Go detector; shell strings inside the argv
// (`bash -c '...'`) get the shell detector's verdict with class eval. alt
// is the chain of the command's other possibilities. A dangerous
// primitive in the argv is reported too.
func Judge(p *scanner.Pass, t *Tree, argv []scanner.Arg, at scanner.Pos, alt *Value) {
	JudgeLost(p, t, argv, at, alt, false)
}

// JudgeLost is Judge for a command whose value the detector may have lost
// track of (scanner.Command.Lost).
func JudgeLost(p *scanner.Pass, t *Tree, argv []scanner.Arg, at scanner.Pos, alt *Value, lost bool) {
	JudgeInput(p, t, argv, at, alt, lost, false)
}

// JudgeInput is JudgeLost for a command whose standard input the detector
// knows (input: an `input` option it scans) or not: what the code writes
// to the process otherwise is not followed (scanner.Command.Stdin).
func JudgeInput(p *scanner.Pass, t *Tree, argv []scanner.Arg, at scanner.Pos, alt *Value, lost, input bool) {
	// Every possibility of the command is judged (see Command.Alts).
	p.Judge(scanner.Command{Argv: argv, At: at, API: true, Alts: AltArgs(t, alt), Lost: lost, Stdin: !input})
}

// DangerText is the text reported for the dangerous primitive at argv[k].
func DangerText(argv []scanner.Arg, k int) string {
	if argv[k].Value == "--permission-mode" {
		return "--permission-mode bypassPermissions" // check-launches: inert — the name of the primitive this detector reports
	}
	if m := scanner.FindDangerous(argv[k].Value); len(m) > 0 {
		return m[0].Text
	}
	return argv[k].Value
}

// ReportComposite reports the dangerous primitives in v, the value of node
// n, when it is a string built from more than one literal, which the raw
// text search cannot see. The bare bypass mode built from pieces
// (`'bypass' + 'Permissions'`) is the primitive too: nothing but hiding
// it from a search builds it, and where it is used may be another file.
func ReportComposite(p *scanner.Pass, t *Tree, n int32, v Value) {
	if v.K != VStr || !v.Composite {
		return
	}
	ms := scanner.FindDangerous(v.S)
	for _, m := range ms {
		p.ReportDangerous(t.Pos(n), m.Text, true)
	}
	if len(ms) == 0 && strings.Contains(v.S, scanner.BareMode) {
		p.ReportDangerous(t.Pos(n), scanner.BareMode, true)
	}
}

// ShimBase reports whether an executable path names a launch-runtime shim:
// its last element is or contains "launch-runtime".
func ShimBase(p string) bool {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		p = p[i+1:]
	}
	return strings.Contains(p, scanner.WrapperCommand)
}

// NamesCommand reports whether s names a runtime or the wrapper as a
// command.
func NamesCommand(cfg *scanner.Config, s string) bool {
	if _, ok := cfg.RuntimeForCommand(s); ok {
		return true
	}
	base := s
	if i := strings.LastIndexByte(base, '/'); i >= 0 {
		base = base[i+1:]
	}
	return base == scanner.WrapperCommand
}

// Agree combines the values a name or call at n may take: the set of
// their possibilities (see Union).
func Agree(cfg *scanner.Config, vals []Value, n int32) Value {
	return Union(cfg, vals, n)
}

// AppendPath returns p with s appended, never sharing p's array.
func AppendPath(p []string, s string) []string {
	out := make([]string, len(p), len(p)+1)
	copy(out, p)
	return append(out, s)
}
