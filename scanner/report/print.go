package report

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// WriteJSON prints the report as SPEC.md's JSON, indented, with a final
// newline. The same report always gives the same bytes.
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

func refKey(file string, line, col int, cls scanner.Class, rt string) string {
	return fmt.Sprintf("%s\x00%d\x00%d\x00%s\x00%s", file, line, col, cls, rt)
}

func findingKey(f scanner.Finding) string {
	return refKey(f.File, f.Line, f.Column, f.Class, f.Runtime)
}

func (r Ref) key() string { return refKey(r.File, r.Line, r.Column, r.Class, r.Runtime) }

// waived returns the RED findings the gate does not let fail the run,
// keyed by position, class and runtime, with the reason: "baselined" or
// "outside-diff".
func (r *Report) waived() map[string]string {
	m := map[string]string{}
	if r.Waivers == nil {
		return m
	}
	for _, x := range r.Waivers.OutsideDiff {
		m[x.key()] = "outside-diff"
	}
	for _, x := range r.Waivers.Baselined {
		m[x.key()] = "baselined"
	}
	return m
}

// MarkerCounts counts inert markers: those that suppressed at least one
// finding, those that suppressed nothing, and those without a reason
// (which never suppress).
type MarkerCounts struct {
	Total, Used, Unused, NoReason, Suppressed int
}

// Markers counts the report's inert markers.
func (r *Report) Markers() MarkerCounts {
	var c MarkerCounts
	for _, m := range r.Suppressions {
		c.Total++
		switch {
		case m.Reason == "":
			c.NoReason++
		case m.Suppressed == 0:
			c.Unused++
		default:
			c.Used++
			c.Suppressed += m.Suppressed
		}
	}
	return c
}

// markerNote is the text note for an inert marker that is not doing its
// job, or "" for one that suppressed something.
func (r *Report) markerNote(m Suppression, launches map[string]bool) string {
	onLaunch := launches[fmt.Sprintf("%s\x00%d", m.File, m.Line)]
	switch {
	case m.Reason == "":
		return "inert marker without a reason suppresses nothing; write `check-launches: inert <reason>`"
	case m.Suppressed == 0 && onLaunch:
		return "inert marker suppresses nothing: a real launch on its line is never inert"
	case m.Suppressed == 0:
		return "inert marker suppresses nothing; remove it"
	}
	return ""
}

func (r *Report) launchLines() map[string]bool {
	out := map[string]bool{}
	for _, f := range r.Findings {
		if f.IsLaunch() {
			out[fmt.Sprintf("%s\x00%d", f.File, f.Line)] = true
		}
	}
	return out
}

// WriteText prints one line per finding (`path:line:col: message [TAG]`;
// a failing RED finding is followed by its source line with a caret under
// the column when o.Read is set, and the first of each class by a hint to
// `check-launches explain CLASS`), then the RED findings a gate waives
// (baselined, outside the diff) in their own sections, stale baseline
// entries, skipped files, inert markers that suppress nothing, the
// inventory by family, a count of inert markers and a summary line.
func WriteText(w io.Writer, r *Report, o TextOptions) error {
	bw := bufio.NewWriter(w)
	p := painter(o.Color)
	src := &sourceCache{read: o.Read}
	hinted := map[scanner.Class]bool{}
	// section starts a block separated from what came before by one blank
	// line.
	wrote := false
	section := func() {
		if wrote {
			fmt.Fprintln(bw)
		}
		wrote = true
	}
	waived := r.waived()
	var baselined, outside []scanner.Finding
	for _, f := range r.Findings {
		if f.Verdict == scanner.VerdictRed {
			switch waived[findingKey(f)] {
			case "baselined":
				baselined = append(baselined, f)
				continue
			case "outside-diff":
				outside = append(outside, f)
				continue
			}
		}
		fmt.Fprintln(bw, p.findingLine(f))
		if f.Verdict == scanner.VerdictRed {
			if line, ok := src.line(f.File, f.Line); ok {
				text, caret := excerpt(line, f.Column)
				num := strconv.Itoa(f.Line)
				fmt.Fprintf(bw, "  %s | %s\n", p.paint(ansiDim, num), text)
				fmt.Fprintf(bw, "  %s | %s\n", strings.Repeat(" ", len(num)), p.paint(ansiRed, caret))
			}
			if !hinted[f.Class] {
				hinted[f.Class] = true
				fmt.Fprintf(bw, "  hint: `check-launches explain %s` says why this fails and how to fix it\n", f.Class)
			}
		}
		wrote = true
	}
	if g := r.Waivers; g != nil {
		if len(baselined) > 0 {
			section()
			fmt.Fprintf(bw, "baselined RED findings, recorded in %s (not failing):\n", g.Baseline)
			for _, f := range baselined {
				fmt.Fprintf(bw, "  %s\n", p.findingLine(f))
			}
		}
		if len(outside) > 0 {
			section()
			fmt.Fprintf(bw, "RED findings in files not changed since %s (not failing):\n", g.DiffBase)
			for _, f := range outside {
				fmt.Fprintf(bw, "  %s\n", p.findingLine(f))
			}
		}
		if len(g.Stale) > 0 {
			section()
			fmt.Fprintf(bw, "stale baseline entries in %s, no longer found (refresh with --write-baseline):\n", g.Baseline)
			for _, s := range g.Stale {
				rt := s.Runtime
				if rt == "" {
					rt = "-"
				}
				fmt.Fprintf(bw, "  %s: %s %s %s [STALE]\n", s.File, s.Class, rt, s.Fingerprint)
			}
		}
		if len(g.Notes) > 0 {
			section()
			for _, n := range g.Notes {
				fmt.Fprintf(bw, "note: %s\n", n)
			}
		}
	}
	launches := r.launchLines()
	var notes []string
	for _, m := range r.Suppressions {
		if note := r.markerNote(m, launches); note != "" {
			notes = append(notes, fmt.Sprintf("%s:%d: %s [NOTE]", m.File, m.Line, note))
		}
	}
	if len(r.Skipped)+len(notes) > 0 {
		section()
		for _, s := range r.Skipped {
			fmt.Fprintf(bw, "%s: skipped: %s\n", s.File, s.Reason)
		}
		for _, n := range notes {
			fmt.Fprintln(bw, n)
		}
	}
	if len(r.Families) > 0 {
		section()
		fmt.Fprintf(bw, "inventory of launches:\n")
		width := len("family")
		for _, fc := range r.Families {
			width = max(width, len(fc.Name))
		}
		if r.Summary.Notes == 0 {
			fmt.Fprintf(bw, "  %-*s  gated / launches\n", width, "family")
			for _, fc := range r.Families {
				fmt.Fprintf(bw, "  %-*s  %d / %d\n", width, fc.Name, fc.Gated, fc.Launches)
			}
		} else {
			fmt.Fprintf(bw, "  %-*s  gated / launches  notes\n", width, "family")
			for _, fc := range r.Families {
				fmt.Fprintf(bw, "  %-*s  %-16s  %d\n", width, fc.Name, fmt.Sprintf("%d / %d", fc.Gated, fc.Launches), fc.Notes)
			}
		}
	}
	section()
	if n := r.Summary.Notes; n > 0 {
		fmt.Fprintf(bw, "notes: %d (the permission-bypass primitive mentioned in prose, which runs nothing; not failing)\n", n)
	}
	if mc := r.Markers(); mc.Total > 0 {
		fmt.Fprintf(bw, "inert markers: %d (%d suppressing %d %s, %d suppressing nothing, %d without a reason)\n",
			mc.Total, mc.Used, mc.Suppressed, plural(mc.Suppressed, "finding", "findings"), mc.Unused, mc.NoReason)
	}
	summary := r.SummaryLine()
	if verdict, rest, ok := strings.Cut(summary, ":"); ok && o.Color {
		style := ansiGreen
		if verdict == "FAIL" {
			style = ansiRed
		}
		summary = p.paint(style, verdict) + ":" + rest
	}
	fmt.Fprintln(bw, summary)
	return bw.Flush()
}

// SummaryLine is the last line of the text report: the verdict, the
// inventory count, the RED count (with what a gate waived) and the files
// scanned.
func (r *Report) SummaryLine() string {
	var b strings.Builder
	s := r.Summary
	verdict := "ok"
	if r.Failing() > 0 {
		verdict = "FAIL"
	}
	fmt.Fprintf(&b, "%s: %d / %d %s gated, %d RED", verdict, s.Gated, s.Launches, plural(s.Launches, "launch", "launches"), s.Red)
	if s.Notes > 0 {
		fmt.Fprintf(&b, ", %d %s", s.Notes, plural(s.Notes, "note", "notes"))
	}
	if g := r.Waivers; g != nil {
		var parts []string
		parts = append(parts, fmt.Sprintf("%d failing", g.Failing))
		if g.Baseline != "" {
			parts = append(parts, fmt.Sprintf("%d baselined", len(g.Baselined)))
		}
		if g.DiffBase != "" {
			parts = append(parts, fmt.Sprintf("%d in unchanged files", len(g.OutsideDiff)))
		}
		if len(g.Stale) > 0 {
			parts = append(parts, fmt.Sprintf("%d stale baseline %s", len(g.Stale), plural(len(g.Stale), "entry", "entries")))
		}
		fmt.Fprintf(&b, " (%s)", strings.Join(parts, ", "))
	}
	fmt.Fprintf(&b, ", %d %s scanned", s.FilesScanned, plural(s.FilesScanned, "file", "files"))
	if len(r.Skipped) > 0 {
		fmt.Fprintf(&b, ", %d skipped", len(r.Skipped))
	}
	return b.String()
}

// MaxAnnotations is GitHub's limit of error annotations shown per step.
const MaxAnnotations = 10

// WriteGitHub prints GitHub workflow annotations for the RED findings that
// fail the run, at most MaxAnnotations, then a warning saying how many
// more there are and pointing to the SARIF report.
func WriteGitHub(w io.Writer, r *Report) error { return WriteGitHubAt(w, r, "") }

// WriteGitHubAt is WriteGitHub with prefix put before every file name: the
// scanned root's path inside the repository ("packages/app/"), since
// GitHub resolves annotation files from the repository root.
func WriteGitHubAt(w io.Writer, r *Report, prefix string) error {
	bw := bufio.NewWriter(w)
	waived := r.waived()
	n, total := 0, 0
	for _, f := range r.Findings {
		if f.Verdict != scanner.VerdictRed || waived[findingKey(f)] != "" {
			continue
		}
		total++
		if n == MaxAnnotations {
			continue
		}
		n++
		fmt.Fprintf(bw, "::error file=%s,line=%d,col=%d,title=%s::%s\n",
			escapeProperty(prefix+f.File), f.Line, f.Column, escapeProperty("RED "+string(f.Class)), escapeData(f.Message))
	}
	if more := total - n; more > 0 {
		fmt.Fprintf(bw, "::warning title=check-launches::%d more RED findings are not annotated (GitHub shows at most %d per step); see the job log, or upload the SARIF report (--sarif) to code scanning to see every finding\n", more, MaxAnnotations)
	}
	return bw.Flush()
}

func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// MaxMarkdownFindings bounds the RED findings, and separately the notes,
// listed in the Markdown summary; the rest are counted.
const MaxMarkdownFindings = 50

// WriteMarkdown prints the report as a Markdown summary for a CI job page
// (GitHub's $GITHUB_STEP_SUMMARY): the verdict, the inventory table, the
// failing RED findings, the notes (the primitive in prose), and counts of
// what a gate waived.
func WriteMarkdown(w io.Writer, r *Report) error {
	bw := bufio.NewWriter(w)
	s := r.Summary
	icon := "✅"
	if r.Failing() > 0 {
		icon = "❌"
	}
	fmt.Fprintf(bw, "## %s check-launches: %d / %d %s gated\n\n", icon, s.Gated, s.Launches, plural(s.Launches, "launch", "launches"))
	fmt.Fprintf(bw, "`%s`\n\n", mdCode(r.SummaryLine()))
	if len(r.Families) > 0 && s.Notes == 0 {
		fmt.Fprintf(bw, "| family | gated | launches |\n| --- | ---: | ---: |\n")
		for _, fc := range r.Families {
			fmt.Fprintf(bw, "| %s%s | %d | %d |\n", mdCell(fc.Name), familyMark(fc), fc.Gated, fc.Launches)
		}
		fmt.Fprintf(bw, "| **total** | **%d** | **%d** |\n\n", s.Gated, s.Launches)
	} else if len(r.Families) > 0 {
		fmt.Fprintf(bw, "| family | gated | launches | notes |\n| --- | ---: | ---: | ---: |\n")
		for _, fc := range r.Families {
			fmt.Fprintf(bw, "| %s%s | %d | %d | %d |\n", mdCell(fc.Name), familyMark(fc), fc.Gated, fc.Launches, fc.Notes)
		}
		fmt.Fprintf(bw, "| **total** | **%d** | **%d** | **%d** |\n\n", s.Gated, s.Launches, s.Notes)
	} else {
		fmt.Fprintf(bw, "No launches found.\n\n")
	}
	waived := r.waived()
	var failing []scanner.Finding
	for _, f := range r.Findings {
		if f.Verdict == scanner.VerdictRed && waived[findingKey(f)] == "" {
			failing = append(failing, f)
		}
	}
	if len(failing) > 0 {
		fmt.Fprintf(bw, "### RED findings that fail the run\n\n| location | class | runtime | message |\n| --- | --- | --- | --- |\n")
		for i, f := range failing {
			if i == MaxMarkdownFindings {
				fmt.Fprintf(bw, "\n…and %d more: see the job log or the SARIF report.\n", len(failing)-i)
				break
			}
			rt := f.Runtime
			if rt == "" {
				rt = "–"
			}
			fmt.Fprintf(bw, "| `%s:%d:%d` | [%s](%s#%s) | %s | %s |\n", mdCode(f.File), f.Line, f.Column, f.Class, ClassesDocURL, f.Class, mdCell(rt), mdCell(f.Message))
		}
		fmt.Fprintln(bw)
	}
	var notes []scanner.Finding
	for _, f := range r.Findings {
		if f.Verdict == scanner.VerdictNote {
			notes = append(notes, f)
		}
	}
	if len(notes) > 0 {
		fmt.Fprintf(bw, "### Notes: the primitive mentioned in prose (not failing)\n\n| location | class | message |\n| --- | --- | --- |\n")
		for i, f := range notes {
			if i == MaxMarkdownFindings {
				fmt.Fprintf(bw, "\n…and %d more: see the job log or the SARIF report.\n", len(notes)-i)
				break
			}
			fmt.Fprintf(bw, "| `%s:%d:%d` | [%s](%s#%s) | %s |\n", mdCode(f.File), f.Line, f.Column, f.Class, ClassesDocURL, f.Class, mdCell(f.Message))
		}
		fmt.Fprintln(bw)
	}
	if g := r.Waivers; g != nil {
		if g.Baseline != "" {
			n := len(g.Baselined)
			fmt.Fprintf(bw, "- %d RED %s baselined in `%s` (not failing)\n", n, plural(n, "finding", "findings"), mdCode(g.Baseline))
			fmt.Fprintf(bw, "- %d stale baseline %s\n", len(g.Stale), plural(len(g.Stale), "entry", "entries"))
		}
		if g.DiffBase != "" {
			n := len(g.OutsideDiff)
			fmt.Fprintf(bw, "- %d RED %s in files not changed since `%s` (not failing)\n", n, plural(n, "finding", "findings"), mdCode(g.DiffBase))
		}
		for _, n := range g.Notes {
			fmt.Fprintf(bw, "- note: %s\n", mdCell(n))
		}
		fmt.Fprintln(bw)
	}
	if mc := r.Markers(); mc.Unused+mc.NoReason > 0 {
		n := mc.Unused + mc.NoReason
		fmt.Fprintf(bw, "- %d inert %s nothing (%d without a reason)\n", n, plural(n, "marker suppresses", "markers suppress"), mc.NoReason)
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(bw, "- ⚠️ config warning: `%s`: %s\n", mdCode(position(w)), mdCell(w.Message))
	}
	if len(r.Skipped) > 0 {
		fmt.Fprintf(bw, "- %d %s (listed in the job log)\n", len(r.Skipped), plural(len(r.Skipped), "file in scope was skipped", "files in scope were skipped"))
	}
	return bw.Flush()
}

// ClassesDocURL is the page with one section per class, anchored by the
// class name.
const ClassesDocURL = "https://github.com/leasegate/leasegate/blob/main/docs/classes.md"

func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ", "\r", " ", "<", "&lt;", ">", "&gt;").Replace(s)
}

func mdCode(s string) string {
	return strings.NewReplacer("`", "'", "\n", " ", "|", `\|`).Replace(s)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// familyMark flags an inventory row with an ungated launch.
func familyMark(fc FamilyCount) string {
	if fc.Gated < fc.Launches {
		return " ❌"
	}
	return ""
}

// position is a warning's `file:line:col` (line and column when known).
func position(w Warning) string {
	switch {
	case w.Line > 0 && w.Column > 0:
		return fmt.Sprintf("%s:%d:%d", w.File, w.Line, w.Column)
	case w.Line > 0:
		return fmt.Sprintf("%s:%d", w.File, w.Line)
	}
	return w.File
}
