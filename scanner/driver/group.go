package driver

import (
	"fmt"
	"slices"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// One finding per launch (docs/repository.md, "One finding per launch").
// A launch is where a runtime is started: a position, a runtime and a
// verdict. Two findings are the same launch when
//
//   - they are at the same position for the same runtime and verdict (a
//     value that reaches the program two ways, `dynamic` and
//     `variable-execution`); or
//   - a finding reported at a call only reaches a launch written elsewhere
//     (Finding.Site: the call's arguments do not name the runtime, a
//     field or constant there does), and that launch is the other
//     finding's, or the Site of the other finding.
//
// A call that supplies the runtime itself (a helper running its
// parameter, called with "claude") has no Site: each such call is a
// launch of its own and stays a finding of its own.
//
// The group is reported once: at the launch itself when a finding is
// there, else at the first call in the order of findings. The others are
// kept as its Paths, and the message counts them.

// maxPathsNamed is how many merged paths the message names (all are in
// Paths).
const maxPathsNamed = 3

// launchKey is the launch a finding stands for.
type launchKey struct {
	file         string
	line, column int
	runtime      string
	verdict      scanner.Verdict
}

func keyOf(f scanner.Finding) launchKey {
	if f.Site != nil {
		return launchKey{f.Site.File, f.Site.Line, f.Site.Column, f.Runtime, f.Verdict}
	}
	return launchKey{f.File, f.Line, f.Column, f.Runtime, f.Verdict}
}

// groupLaunches merges the findings that are the same launch. It returns
// the findings in the one order (scanner.CompareFindings); the input is
// not changed.
func groupLaunches(fs []scanner.Finding) []scanner.Finding {
	sorted := slices.Clone(fs)
	slices.SortStableFunc(sorted, scanner.CompareFindings)
	groups := map[launchKey][]int{}
	for i, f := range sorted {
		if f.IsLaunch() {
			k := keyOf(f)
			groups[k] = append(groups[k], i)
		}
	}
	out := make([]scanner.Finding, 0, len(sorted))
	for i, f := range sorted {
		if !f.IsLaunch() {
			out = append(out, f)
			continue
		}
		k := keyOf(f)
		g := groups[k]
		if len(g) == 1 {
			out = append(out, f)
			continue
		}
		rep := g[0]
		for _, j := range g {
			if sorted[j].Site == nil && sorted[j].File == k.file && sorted[j].Line == k.line && sorted[j].Column == k.column {
				rep = j // the launch itself
				break
			}
		}
		if i != rep {
			continue
		}
		out = append(out, merge(sorted[rep], g, rep, sorted))
	}
	return out
}

// merge returns rep with the other findings of its group as Paths, each
// starting where that finding was reported.
func merge(rep scanner.Finding, group []int, self int, sorted []scanner.Finding) scanner.Finding {
	var paths [][]scanner.Step
	var named []string
	seen := map[string]bool{}
	for _, j := range group {
		if j == self {
			continue
		}
		m := sorted[j]
		start := scanner.Step{File: m.File, Line: m.Line, Column: m.Column, Note: m.Message}
		id := start.String() + "\x00" + m.Message
		if seen[id] {
			continue
		}
		seen[id] = true
		path := []scanner.Step{start}
		if m.Chain != nil {
			path = append(path, *m.Chain...)
		}
		paths = append(paths, path)
		if len(named) < maxPathsNamed {
			if m.File == rep.File && m.Line == rep.Line && m.Column == rep.Column {
				named = append(named, "here as `"+string(m.Class)+"`")
			} else {
				named = append(named, "from "+start.String())
			}
		}
	}
	if len(paths) == 0 {
		return rep
	}
	if len(paths) > len(named) {
		named = append(named, "…")
	}
	noun := "paths"
	if len(paths) == 1 {
		noun = "path"
	}
	rep.Message += fmt.Sprintf(" (and %d more %s to this launch: %s)", len(paths), noun, strings.Join(named, ", "))
	rep.Paths = &paths
	return rep
}
