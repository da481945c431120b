package scanner

import (
	"sort"
)

// SchemaVersion is the version of the JSON report.
const SchemaVersion = 1

// Summary counts a scan.
type Summary struct {
	FilesScanned int `json:"files_scanned"`
	Launches     int `json:"launches"`
	Gated        int `json:"gated"`
	Red          int `json:"red"`
}

// FamilyCount is one inventory row.
type FamilyCount struct {
	Name     string `json:"name"`
	Launches int    `json:"launches"`
	Gated    int    `json:"gated"`
}

// Report is the result of a scan, in SPEC.md's JSON shape plus the
// additive skipped and suppressions lists.
type Report struct {
	SchemaVersion int           `json:"schema_version"`
	Root          string        `json:"root"`
	Summary       Summary       `json:"summary"`
	Families      []FamilyCount `json:"families"`
	Findings      []Finding     `json:"findings"`
	Skipped       []Skip        `json:"skipped"`
	Suppressions  []Suppression `json:"suppressions"`

	// Errors are files that could not be read (also listed in Skipped).
	Errors []error `json:"-"`
}

// SortFindings orders findings by file, line, column, then class, runtime
// and message, so the same input always prints the same way.
func SortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		if a.Class != b.Class {
			return a.Class < b.Class
		}
		if a.Runtime != b.Runtime {
			return a.Runtime < b.Runtime
		}
		return a.Message < b.Message
	})
}

// finish sorts and counts.
func (r *Report) finish(cfg *Config) {
	SortFindings(r.Findings)
	r.Recount()
	if r.Findings == nil {
		r.Findings = []Finding{}
	}
	if r.Skipped == nil {
		r.Skipped = []Skip{}
	}
	if r.Suppressions == nil {
		r.Suppressions = []Suppression{}
	}
}

// Recount recomputes the summary and families from the findings.
func (r *Report) Recount() {
	files := r.Summary.FilesScanned
	r.Summary = Summary{FilesScanned: files}
	fam := map[string]*FamilyCount{}
	for _, f := range r.Findings {
		if f.Verdict == VerdictRed {
			r.Summary.Red++
		}
		if !f.IsLaunch() {
			continue
		}
		r.Summary.Launches++
		fc := fam[f.Family]
		if fc == nil {
			fc = &FamilyCount{Name: f.Family}
			fam[f.Family] = fc
		}
		fc.Launches++
		if f.Verdict == VerdictGated {
			r.Summary.Gated++
			fc.Gated++
		}
	}
	r.Families = []FamilyCount{}
	for _, fc := range fam {
		r.Families = append(r.Families, *fc)
	}
	sort.Slice(r.Families, func(i, j int) bool { return r.Families[i].Name < r.Families[j].Name })
}

// HasRed reports whether any finding is RED.
func (r *Report) HasRed() bool { return r.Summary.Red > 0 }
