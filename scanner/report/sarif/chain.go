package sarif

import "github.com/leasegate/leasegate/scanner"

// A finding whose launch goes through other files (Finding.Chain) carries
// the chain twice, as SARIF readers expect it: each step as a related
// location (numbered from 1, with its note), and the whole way from the
// call site to the launch as one code flow.

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
