package report

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"

	"github.com/leasegate/leasegate/scanner"
)

// BaselineVersion is the version of the baseline file format.
const BaselineVersion = 1

// Baseline is the file written by --write-baseline: today's RED findings,
// by fingerprint, so that an existing repository can adopt check-launches
// and fail only on new RED findings. File, class and runtime are there for
// the humans reading a diff of it; only the fingerprint is matched.
type Baseline struct {
	Version            int             `json:"version"`
	FingerprintVersion int             `json:"fingerprint_version"`
	Findings           []BaselineEntry `json:"findings"`
}

// BaselineEntry is one recorded RED finding.
type BaselineEntry struct {
	Fingerprint string        `json:"fingerprint"`
	File        string        `json:"file"`
	Class       scanner.Class `json:"class"`
	Runtime     string        `json:"runtime"`
}

func (e BaselineEntry) finding() scanner.Finding {
	return scanner.Finding{File: e.File, Class: e.Class, Runtime: e.Runtime}
}

// BaselineError is a baseline file that cannot be used.
type BaselineError struct {
	File string
	Err  error
}

func (e *BaselineError) Error() string { return "baseline " + e.File + ": " + e.Err.Error() }
func (e *BaselineError) Unwrap() error { return e.Err }

// ErrBaselineVersion is a baseline written by another format version.
var ErrBaselineVersion = errors.New("unsupported baseline version")

// NewBaseline records the RED findings of a report; fps are their
// fingerprints (Fingerprints), one per finding of r.
func NewBaseline(r *Report, fps []string) *Baseline {
	b := &Baseline{Version: BaselineVersion, FingerprintVersion: FingerprintVersion, Findings: []BaselineEntry{}}
	for i, f := range r.Findings {
		if f.Verdict != scanner.VerdictRed {
			continue
		}
		b.Findings = append(b.Findings, BaselineEntry{Fingerprint: fps[i], File: f.File, Class: f.Class, Runtime: f.Runtime})
	}
	// In the findings' order (no position: a baseline entry has none),
	// then by fingerprint.
	slices.SortFunc(b.Findings, func(x, y BaselineEntry) int {
		return cmp.Or(scanner.CompareFindings(x.finding(), y.finding()), cmp.Compare(x.Fingerprint, y.Fingerprint))
	})
	return b
}

// WriteFile writes the baseline as indented JSON with a final newline.
func (b *Baseline) WriteFile(file string) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(b); err != nil {
		return err
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		return &BaselineError{File: file, Err: err}
	}
	return nil
}

// LoadBaseline reads a baseline file strictly: unknown fields, another
// version and bad JSON are errors.
func LoadBaseline(file string) (*Baseline, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, &BaselineError{File: file, Err: err}
	}
	return ParseBaseline(file, data)
}

// ParseBaseline parses baseline bytes strictly; file names the source in
// errors.
func ParseBaseline(file string, data []byte) (*Baseline, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var b Baseline
	if err := dec.Decode(&b); err != nil {
		return nil, &BaselineError{File: file, Err: err}
	}
	if dec.More() {
		return nil, &BaselineError{File: file, Err: errors.New("more than one JSON value")}
	}
	if b.Version != BaselineVersion || b.FingerprintVersion != FingerprintVersion {
		return nil, &BaselineError{File: file, Err: fmt.Errorf("%w: version %d, fingerprint_version %d (want %d, %d); rewrite it with --write-baseline",
			ErrBaselineVersion, b.Version, b.FingerprintVersion, BaselineVersion, FingerprintVersion)}
	}
	for i, e := range b.Findings {
		if e.Fingerprint == "" {
			return nil, &BaselineError{File: file, Err: fmt.Errorf("findings[%d]: empty fingerprint", i)}
		}
	}
	return &b, nil
}

// Waive decides which RED findings fail the run under a baseline (nil:
// none) and a set of changed files (nil: every file counts), and records
// it in r.Waivers. fps are the findings' fingerprints (Fingerprints).
func (r *Report) Waive(fps []string, base *Baseline, baseFile string, changed map[string]bool, diffBase string, notes []string) {
	g := &Waivers{Baseline: baseFile, DiffBase: diffBase, Baselined: []Ref{}, OutsideDiff: []Ref{}, Stale: []Ref{}, Notes: notes}
	known := map[string]bool{}
	if base != nil {
		for _, e := range base.Findings {
			known[e.Fingerprint] = true
		}
	}
	matched := map[string]bool{}
	for i, f := range r.Findings {
		if f.Verdict != scanner.VerdictRed {
			continue
		}
		ref := Ref{File: f.File, Line: f.Line, Column: f.Column, Class: f.Class, Runtime: f.Runtime, Fingerprint: fps[i]}
		switch {
		case known[fps[i]]:
			matched[fps[i]] = true
			g.Baselined = append(g.Baselined, ref)
		case changed != nil && !changed[f.File]:
			g.OutsideDiff = append(g.OutsideDiff, ref)
		default:
			g.Failing++
		}
	}
	if base != nil {
		for _, e := range base.Findings {
			if !matched[e.Fingerprint] {
				g.Stale = append(g.Stale, Ref{File: e.File, Class: e.Class, Runtime: e.Runtime, Fingerprint: e.Fingerprint})
			}
		}
	}
	r.Waivers = g
}
