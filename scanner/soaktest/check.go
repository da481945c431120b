package soaktest

import (
	"fmt"
	"sort"
	"strings"

	"github.com/leasegate/leasegate/scanner/report"

	"github.com/leasegate/leasegate/scanner"
)

// Outcome is what a report said about one pathological entry.
type Outcome struct {
	Path         string
	Pathological string
	Got          string // the findings' `line TAG` list, or `skipped: reason`, or `clean`
}

// Claimed reports whether a detector in the list claims the file at the
// report path; launch expectations bind only files a detector claims.
type Claimed func(path string) bool

// Check compares a report with the manifest and returns the problems (none
// when every file is reported honestly) and the outcome of every
// pathological entry. unprivileged says whether the scan ran as a user that
// cannot read the unreadable members.
func Check(m *Manifest, rep *report.Report, claimed Claimed, unprivileged bool) (problems []string, outcomes []Outcome) {
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	findings := map[string][]scanner.Finding{}
	for _, f := range rep.Findings {
		findings[f.File] = append(findings[f.File], f)
	}
	skips := map[string][]string{}
	for _, s := range rep.Skipped {
		skips[s.File] = append(skips[s.File], s.Reason)
	}
	entries := map[string]*Entry{}
	want := m.Regular
	for i := range m.Entries {
		e := &m.Entries[i]
		entries[e.Path] = e
		if unprivileged && (e.Unreadable || e.Hidden) && e.Regular {
			want--
		}
	}
	for file, fs := range findings {
		if entries[file] == nil {
			bad("%s: unexpected findings in a clean ordinary file: %s", file, tags(fs))
		}
	}
	for file, rs := range skips {
		e := entries[file]
		if e == nil || (e.Skip == "" && !(unprivileged && e.Unreadable)) {
			bad("%s: unexpected skip: %s", file, strings.Join(rs, "; "))
		}
	}
	if rep.Summary.FilesScanned != want {
		bad("files_scanned = %d, want %d (every readable regular file under the cap)", rep.Summary.FilesScanned, want)
	}
	for _, e := range m.Entries {
		fs, rs := findings[e.Path], skips[e.Path]
		got := "clean"
		switch {
		case len(rs) > 0:
			got = "skipped: " + strings.Join(rs, "; ")
		case len(fs) > 0:
			got = tags(fs)
		}
		if e.Pathological != "" {
			outcomes = append(outcomes, Outcome{Path: e.Path, Pathological: e.Pathological, Got: got})
		}
		switch {
		case unprivileged && e.Hidden:
			if len(fs) > 0 || len(rs) > 0 {
				bad("%s: inside an unreadable folder, yet reported: %s", e.Path, got)
			}
			continue
		case unprivileged && e.Unreadable:
			if len(rs) != 1 || !strings.Contains(rs[0], "cannot be read") || len(fs) > 0 {
				bad("%s: unreadable: want one skip \"cannot be read\", got %s", e.Path, got)
			}
			continue
		case e.Unreadable && !e.Regular:
			continue // a folder a privileged scan reads
		case e.Skip != "":
			if len(rs) != 1 || !strings.Contains(rs[0], e.Skip) {
				bad("%s: want one skip %q, got %s", e.Path, e.Skip, got)
			}
			// what a skipped file's bytes still give (a trigger in a
			// file over the size cap is RED unparseable), and nothing else
			checkFindings(e, fs, claimed, bad)
			continue
		case len(rs) > 0:
			bad("%s: skipped, want it scanned: %s", e.Path, got)
			continue
		}
		checkFindings(e, fs, claimed, bad)
	}
	return problems, outcomes
}

// checkFindings matches a scanned entry's findings against its
// expectations.
func checkFindings(e Entry, fs []scanner.Finding, claimed Claimed, bad func(string, ...any)) {
	isClaimed := false
	for _, x := range e.Expect {
		if x.IsLaunch() {
			isClaimed = claimed(e.Path)
			break
		}
	}
	if !isClaimed && e.AllowUnparseable {
		isClaimed = claimed(e.Path)
	}
	waived := false
	used := make([]bool, len(fs))
	for i, f := range fs {
		if f.Class == scanner.ClassUnparseable {
			if e.AllowUnparseable && isClaimed {
				waived, used[i] = true, true
			}
		}
	}
	for _, x := range e.Expect {
		found := false
		for i, f := range fs {
			if !used[i] && matches(x, f) {
				used[i], found = true, true
				break
			}
		}
		required := !x.Optional && (!x.IsLaunch() || (isClaimed && !waived))
		if !found && required {
			bad("%s:%d: missing %s; got %s", e.Path, x.Line, x, tagsOr(fs))
		}
	}
	for i, f := range fs {
		if !used[i] {
			bad("%s:%d: unexpected finding [%s] %s", e.Path, f.Line, f.Tag(), f.Message)
		}
	}
}

func matches(x Expect, f scanner.Finding) bool {
	if f.Line != x.Line {
		return false
	}
	if !x.IsLaunch() {
		if x.Class != "" {
			return f.Class == x.Class // a finding of no runtime: unparseable
		}
		return f.Class == scanner.ClassDangerousPrimitive
	}
	if f.Runtime != x.Runtime || (f.Verdict == scanner.VerdictGated) != x.Gated {
		return false
	}
	return x.Class == "" || f.Class == x.Class
}

func (x Expect) String() string {
	switch {
	case !x.IsLaunch() && x.Class != "":
		return "[RED:" + string(x.Class) + "]"
	case !x.IsLaunch():
		return "[RED:dangerous-primitive]"
	case x.Gated:
		return fmt.Sprintf("[GATED] %s launch", x.Runtime)
	case x.Class == "":
		return fmt.Sprintf("[RED:*] %s launch", x.Runtime)
	}
	return fmt.Sprintf("[RED:%s] %s launch", x.Class, x.Runtime)
}

func tags(fs []scanner.Finding) string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%d [%s]", f.Line, f.Tag()))
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

func tagsOr(fs []scanner.Finding) string {
	if len(fs) == 0 {
		return "nothing"
	}
	return tags(fs)
}
