package report

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// SchemaVersion is the version of the JSON report.
const SchemaVersion = 1

// Summary counts a scan.
type Summary struct {
	FilesScanned int `json:"files_scanned"`
	Launches     int `json:"launches"`
	Gated        int `json:"gated"`
	Red          int `json:"red"`
	// Notes counts the primitive in prose (verdict "note"): reported,
	// never failing. Absent when zero.
	Notes int `json:"notes,omitempty"`
}

// FamilyCount is one inventory row.
type FamilyCount struct {
	Name     string `json:"name"`
	Launches int    `json:"launches"`
	Gated    int    `json:"gated"`
	// Notes counts the family's notes (the primitive in prose); absent
	// when zero. A family with notes and no launch is listed too.
	Notes int `json:"notes,omitempty"`
}

// Report is the result of a scan, in SPEC.md's JSON shape plus the
// additive skipped and suppressions lists.
type Report struct {
	SchemaVersion int               `json:"schema_version"`
	Root          string            `json:"root"`
	Summary       Summary           `json:"summary"`
	Families      []FamilyCount     `json:"families"`
	Findings      []scanner.Finding `json:"findings"`
	Skipped       []Skip            `json:"skipped"`
	Suppressions  []Suppression     `json:"suppressions"`
	// Waivers is set when a baseline or a diff base decides which RED
	// findings fail the run (additive; absent from a plain scan).
	Waivers *Waivers `json:"gate,omitempty"`
	// Warnings are what the config does that is valid but probably not
	// meant, such as turning off the detection of a built-in runtime
	// (additive; absent when there is none).
	Warnings []Warning `json:"warnings,omitempty"`

	// Errors are files that could not be read (also listed in Skipped).
	Errors []error `json:"-"`
}

// Warning is a config warning: where it is in the config file (line and
// column 0 when unknown) and what it says.
type Warning struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message"`
}

// Skip records a file in scope that was not scanned, and why. A skipped file
// is never silent: it is listed in every output.
type Skip struct {
	File   string `json:"file"`
	Reason string `json:"reason"`
}

// Suppression records an inert marker: where it is, its reason, and how
// many findings it suppressed.
type Suppression struct {
	File       string `json:"file"`
	Line       int    `json:"line"`
	Reason     string `json:"reason"`
	Suppressed int    `json:"suppressed"`
}

// Finish sorts the findings (scanner.CompareFindings), counts them, and
// makes the lists empty rather than null in JSON.
func (r *Report) Finish() {
	slices.SortStableFunc(r.Findings, scanner.CompareFindings)
	r.Recount()
	if r.Findings == nil {
		r.Findings = []scanner.Finding{}
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
		family := func() *FamilyCount {
			fc := fam[f.Family]
			if fc == nil {
				fc = &FamilyCount{Name: f.Family}
				fam[f.Family] = fc
			}
			return fc
		}
		switch f.Verdict {
		case scanner.VerdictRed:
			r.Summary.Red++
		case scanner.VerdictNote:
			r.Summary.Notes++
			family().Notes++
		}
		if !f.IsLaunch() {
			continue
		}
		r.Summary.Launches++
		fc := family()
		fc.Launches++
		if f.Verdict == scanner.VerdictGated {
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

// Waivers records how a baseline or a diff base narrowed the RED findings
// that fail the run. It is nil for a plain scan, and then every RED
// finding fails. The findings list and the inventory always cover the
// whole tree; the waivers only say which RED findings are waived, and
// why. In JSON it is the report's "gate" object.
type Waivers struct {
	// Baseline is the baseline file given with --baseline, if any.
	Baseline string `json:"baseline,omitempty"`
	// DiffBase is the revision given with --diff-base, if any.
	DiffBase string `json:"diff_base,omitempty"`
	// Failing counts the RED findings that fail the run.
	Failing int `json:"failing"`
	// Baselined are RED findings recorded in the baseline.
	Baselined []Ref `json:"baselined"`
	// OutsideDiff are RED findings in files not changed since DiffBase.
	OutsideDiff []Ref `json:"outside_diff"`
	// Stale are baseline entries that match no finding any more.
	Stale []Ref `json:"stale"`
	// Notes explain decisions of the gate (a changed config file makes
	// the whole tree count, for instance).
	Notes []string `json:"notes,omitempty"`
}

// Ref names one RED finding (or one baseline entry, which has no
// position) by its fingerprint.
type Ref struct {
	File        string        `json:"file"`
	Line        int           `json:"line,omitempty"`
	Column      int           `json:"column,omitempty"`
	Class       scanner.Class `json:"class"`
	Runtime     string        `json:"runtime"`
	Fingerprint string        `json:"fingerprint"`
}

// Failing counts the RED findings that fail the run: all of them without a
// gate, else those the gate did not waive.
func (r *Report) Failing() int {
	if r.Waivers != nil {
		return r.Waivers.Failing
	}
	return r.Summary.Red
}

// FingerprintVersion names the fingerprint scheme; it is part of the SARIF
// partialFingerprints key and of the baseline format, so a change of scheme
// is visible rather than silently mismatching.
const FingerprintVersion = 1

// Fingerprints returns one fingerprint per finding, in order. A fingerprint
// hashes the file, the class, the runtime and the text of the finding's
// line with its blanks collapsed, plus the occurrence index among findings
// of the same file with those same values. It does not hash the line
// number, so it stays the same when unrelated lines are inserted or
// removed above the finding. read returns a file's contents by its
// root-relative name; a file it cannot read fingerprints with an empty
// line text.
func Fingerprints(fs []scanner.Finding, read func(file string) ([]byte, error)) []string {
	out := make([]string, len(fs))
	var (
		cur   string
		lines []string
		seen  map[string]int
	)
	for i, f := range fs {
		if f.File != cur || lines == nil {
			cur, seen = f.File, map[string]int{}
			lines = []string{}
			if src, err := read(f.File); err == nil {
				lines = strings.Split(string(src), "\n")
			}
		}
		text := ""
		if f.Line >= 1 && f.Line <= len(lines) {
			text = strings.Join(strings.Fields(lines[f.Line-1]), " ")
		}
		key := strings.Join([]string{f.File, string(f.Class), f.Runtime, text}, "\x00")
		n := seen[key]
		seen[key] = n + 1
		out[i] = HashKey(fmt.Sprintf("%s\x00%d", key, n))
	}
	return out
}

// ReadUnder returns a read function for Fingerprints that reads
// root-relative names under root.
func ReadUnder(root string) func(string) ([]byte, error) {
	return func(rel string) ([]byte, error) {
		return os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	}
}

// HashKey hashes a fingerprint key under the current FingerprintVersion:
// 32 hex digits.
func HashKey(key string) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("v%d\x00%s", FingerprintVersion, key)))
	return hex.EncodeToString(sum[:16])
}
