package sarif

import "github.com/leasegate/leasegate/scanner"

// A finding whose launch goes through other files (Finding.Chain) carries
// the chain twice, as SARIF readers expect it: each step as a related
// location (numbered from 1, with its note), and the whole way from the
// call site to the launch as one code flow. A finding that other ways to
// the same launch were merged into (Finding.Paths) carries each of them
// the same way: its steps as further related locations, and one more code
// flow from where that way starts to the finding's location.

type jCodeFlow struct {
	ThreadFlows []jThreadFlow `json:"threadFlows"`
}

type jThreadFlow struct {
	Locations []jThreadFlowLocation `json:"locations"`
}

type jThreadFlowLocation struct {
	Location jLocation `json:"location"`
}

// chainFlow is the related locations and the code flow of a chain that
// starts at the finding's own location at.
func chainFlow(at jLocation, chain []scanner.Step, prefix string, lines *lineCache) ([]jLocation, []jCodeFlow) {
	related := make([]jLocation, len(chain))
	flow := []jThreadFlowLocation{{Location: at}}
	for i, s := range chain {
		loc := location(prefix+s.File, s.Line, lines.column(s.File, s.Line, s.Column))
		loc.Message = &jMessage{Text: s.Note}
		flow = append(flow, jThreadFlowLocation{Location: loc})
		loc.ID = i + 1
		related[i] = loc
	}
	return related, []jCodeFlow{{ThreadFlows: []jThreadFlow{{Locations: flow}}}}
}

// pathFlows adds the merged paths of a finding to its related locations
// (numbered on from the last) and code flows: each path's steps, then the
// finding's own location.
func pathFlows(at jLocation, paths [][]scanner.Step, related []jLocation, flows []jCodeFlow, prefix string, lines *lineCache) ([]jLocation, []jCodeFlow) {
	for _, p := range paths {
		var flow []jThreadFlowLocation
		for _, s := range p {
			loc := location(prefix+s.File, s.Line, lines.column(s.File, s.Line, s.Column))
			loc.Message = &jMessage{Text: s.Note}
			flow = append(flow, jThreadFlowLocation{Location: loc})
			loc.ID = len(related) + 1
			related = append(related, loc)
		}
		flow = append(flow, jThreadFlowLocation{Location: at})
		flows = append(flows, jCodeFlow{ThreadFlows: []jThreadFlow{{Locations: flow}}})
	}
	return related, flows
}
