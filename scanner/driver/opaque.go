package driver

import (
	"fmt"

	"github.com/leasegate/leasegate/scanner"
)

// reportOpaque judges a file that runs a program the analysis cannot name
// (scanner.Pass.OpaqueSites: an unknown command word, an unknown script,
// a shell fed by standard input): when the same file names a runtime as a
// command could be written (Config.NamedAsCommand), that name may be what
// runs there, through a way the analysis does not follow (an event, a
// callback, `arguments`, a proxy, a thrown value, a pipe). An unknown is
// never absent: the first such place is a dynamic launch of that runtime,
// reported once for the file, with the place that names it as its chain.
// An inert marker on the naming line says the name is data.
func reportOpaque(p *scanner.Pass) {
	sites := p.OpaqueSites()
	if len(sites) == 0 || p.Chokepoint {
		return
	}
	n, ok := p.Config.NamedAsCommand(p.Src, func(line []byte) bool { return findMarker(string(line)) != nil })
	if !ok {
		return
	}
	more := ""
	if k := len(sites) - 1; k == 1 {
		more = " (and 1 more place in this file)"
	} else if k > 1 {
		more = fmt.Sprintf(" (and %d more places in this file)", k)
	}
	chain := []scanner.Step{{File: p.Path, Line: n.At.Line, Column: n.At.Column, Note: fmt.Sprintf("`%s` named here", n.Text)}}
	p.Report(scanner.Finding{Line: sites[0].Line, Column: sites[0].Column, Runtime: n.Runtime, Class: scanner.ClassDynamic, Chain: &chain,
		Message: fmt.Sprintf("runs a program the analysis cannot follow%s, and this file names `%s` at line %d: it may start %s this way, bypassing launch-runtime", more, n.Text, n.At.Line, n.Runtime)})
}
