package scanner

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// WriteJSON prints the report as SPEC.md's JSON, indented, with a final
// newline. The same report always gives the same bytes.
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// Tag is the bracketed tag of a finding in text output: GATED, or
// RED:<class>.
func (f Finding) Tag() string {
	if f.Verdict == VerdictGated {
		return "GATED"
	}
	return "RED:" + string(f.Class)
}

// WriteText prints one line per finding (`path:line:col: message [TAG]`),
// the skipped files, the inventory by family and a summary line.
func WriteText(w io.Writer, r *Report) error {
	bw := bufio.NewWriter(w)
	for _, f := range r.Findings {
		fmt.Fprintf(bw, "%s:%d:%d: %s [%s]\n", f.File, f.Line, f.Column, f.Message, f.Tag())
	}
	for _, s := range r.Skipped {
		fmt.Fprintf(bw, "%s: skipped: %s\n", s.File, s.Reason)
	}
	for _, m := range r.Suppressions {
		switch {
		case m.Reason == "":
			fmt.Fprintf(bw, "%s:%d: inert marker without a reason suppresses nothing [NOTE]\n", m.File, m.Line)
		case m.Suppressed == 0:
			fmt.Fprintf(bw, "%s:%d: inert marker suppresses nothing [NOTE]\n", m.File, m.Line)
		}
	}
	if len(r.Families) > 0 {
		fmt.Fprintf(bw, "\ninventory of launches:\n")
		width := len("family")
		for _, fc := range r.Families {
			width = max(width, len(fc.Name))
		}
		fmt.Fprintf(bw, "  %-*s  gated / launches\n", width, "family")
		for _, fc := range r.Families {
			fmt.Fprintf(bw, "  %-*s  %d / %d\n", width, fc.Name, fc.Gated, fc.Launches)
		}
		fmt.Fprintln(bw)
	}
	s := r.Summary
	verdict := "ok"
	if s.Red > 0 {
		verdict = "FAIL"
	}
	fmt.Fprintf(bw, "%s: %d / %d launches gated, %d RED, %d files scanned", verdict, s.Gated, s.Launches, s.Red, s.FilesScanned)
	if len(r.Skipped) > 0 {
		fmt.Fprintf(bw, ", %d skipped", len(r.Skipped))
	}
	fmt.Fprintln(bw)
	return bw.Flush()
}

// MaxAnnotations is GitHub's limit of error annotations shown per step.
const MaxAnnotations = 10

// WriteGitHub prints GitHub workflow annotations for RED findings, at most
// MaxAnnotations, then a notice saying how many more there are.
func WriteGitHub(w io.Writer, r *Report) error {
	bw := bufio.NewWriter(w)
	n := 0
	for _, f := range r.Findings {
		if f.Verdict != VerdictRed {
			continue
		}
		if n == MaxAnnotations {
			break
		}
		n++
		fmt.Fprintf(bw, "::error file=%s,line=%d,col=%d,title=%s::%s\n",
			escapeProperty(f.File), f.Line, f.Column, escapeProperty("RED "+string(f.Class)), escapeData(f.Message))
	}
	if more := r.Summary.Red - n; more > 0 {
		fmt.Fprintf(bw, "::warning::%d more RED findings are not annotated (GitHub shows at most %d per step); see the text report or upload the SARIF report (--sarif) to code scanning\n", more, MaxAnnotations)
	}
	return bw.Flush()
}

func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
