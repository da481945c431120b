package checklaunches

import (
	_ "embed"
	"fmt"
	"regexp"
	"strings"

	"github.com/leasegate/leasegate/scanner/report"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/report/sarif"
	"github.com/leasegate/leasegate/version"
)

// classesDoc is the one source of the class documentation: docs/classes.md
// is a copy kept identical by a test, `explain` prints its sections and the
// SARIF rules take their descriptions from it.
//
//go:embed classes.md
var classesDoc string

// ClassDoc is the documentation of one finding class.
type ClassDoc struct {
	Class scanner.Class
	// Summary is the first paragraph: what the class is, one sentence or
	// two.
	Summary string
	// Detail is the paragraph after the summary, if any.
	Detail string
	// Why is the "why it matters" paragraph.
	Why string
	// Section is the whole Markdown section, heading included.
	Section string
	// Examples are the fenced code blocks labelled Example or Fixed.
	Examples []DocExample
}

// DocExample is one labelled code block of a class section.
type DocExample struct {
	// File is the name the example is scanned under (it decides the
	// language).
	File string
	// Tags are the tags the scan must give (GATED, RED:<class>); a Fixed
	// example has none: it must be free of RED.
	Tags  []string
	Fixed bool
	Code  string
}

var (
	labelRE = regexp.MustCompile(`^\*\*(Example|Fixed)\*\* \(([^)]*)\):$`)
	tickRE  = regexp.MustCompile("`([^`]+)`")
)

// ParseClassDocs splits a classes page into its class sections.
func ParseClassDocs(doc string) (map[scanner.Class]*ClassDoc, error) {
	out := map[scanner.Class]*ClassDoc{}
	parts := strings.Split("\n"+doc, "\n## ")
	for _, part := range parts[1:] {
		head, body, _ := strings.Cut(part, "\n")
		cls := scanner.Class(strings.TrimSpace(head))
		if !cls.Valid() {
			return nil, fmt.Errorf("classes doc: section %q is not a class", head)
		}
		if _, dup := out[cls]; dup {
			return nil, fmt.Errorf("classes doc: section %s twice", cls)
		}
		d := &ClassDoc{Class: cls, Section: strings.TrimRight("## "+part, "\n") + "\n"}
		paras := strings.Split(strings.TrimSpace(body), "\n\n")
		d.Summary = joinLines(paras[0])
		if len(paras) > 1 && !strings.HasPrefix(paras[1], "**") {
			d.Detail = joinLines(paras[1])
		}
		for _, p := range paras {
			if rest, ok := strings.CutPrefix(p, "**Why it matters.** "); ok {
				d.Why = joinLines(rest)
			}
		}
		lines := strings.Split(body, "\n")
		for i := 0; i < len(lines); i++ {
			m := labelRE.FindStringSubmatch(lines[i])
			if m == nil {
				continue
			}
			ex := DocExample{Fixed: m[1] == "Fixed"}
			for j, t := range tickRE.FindAllStringSubmatch(m[2], -1) {
				if j == 0 {
					ex.File = t[1]
				} else {
					ex.Tags = append(ex.Tags, t[1])
				}
			}
			// The fenced block follows after one blank line.
			j := i + 1
			for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
				j++
			}
			if j >= len(lines) || !strings.HasPrefix(lines[j], "```") {
				return nil, fmt.Errorf("classes doc: %s: %s label without a code block", cls, m[1])
			}
			var code []string
			for j++; j < len(lines) && !strings.HasPrefix(lines[j], "```"); j++ {
				code = append(code, lines[j])
			}
			ex.Code = strings.Join(code, "\n") + "\n"
			if ex.File == "" || (!ex.Fixed && len(ex.Tags) == 0) {
				return nil, fmt.Errorf("classes doc: %s: label %q needs a file name and, for an Example, tags", cls, lines[i])
			}
			d.Examples = append(d.Examples, ex)
			i = j
		}
		if d.Why == "" {
			return nil, fmt.Errorf("classes doc: %s has no **Why it matters.** paragraph", cls)
		}
		out[cls] = d
	}
	for _, c := range scanner.Classes {
		if out[c] == nil {
			return nil, fmt.Errorf("classes doc: no section for %s", c)
		}
	}
	return out, nil
}

func joinLines(s string) string { return strings.Join(strings.Fields(s), " ") }

// ClassDocs returns the documentation of every class.
func ClassDocs() map[scanner.Class]*ClassDoc {
	d, err := ParseClassDocs(classesDoc)
	if err != nil {
		panic(err) // the embedded page is checked by tests
	}
	return d
}

// ClassesMarkdown is the embedded classes page (docs/classes.md).
func ClassesMarkdown() string { return classesDoc }

// SARIFTool describes check-launches and its rules for SARIF output.
func SARIFTool() sarif.Tool {
	docs := ClassDocs()
	t := sarif.Tool{Name: "check-launches", Version: version.Version(), InformationURI: "https://github.com/leasegate/leasegate"}
	for _, c := range scanner.Classes {
		d := docs[c]
		level := "error"
		if c == scanner.ClassGated {
			level = "none"
		}
		t.Rules = append(t.Rules, sarif.Rule{
			ID:      sarif.RuleID(c),
			Name:    ruleName(c),
			Short:   d.Summary,
			Full:    strings.Join(strings.Fields(d.Summary+" "+d.Detail+" "+d.Why), " "),
			Help:    d.Section,
			HelpURI: report.ClassesDocURL + "#" + string(c),
			Level:   level,
		})
	}
	t.Rules = append(t.Rules, sarif.Rule{
		ID:      sarif.MarkerRuleID,
		Name:    "InertMarker",
		Short:   "An inert marker that suppresses nothing, or has no reason.",
		Full:    "An inert marker (`check-launches: inert <reason>`) suppresses findings that come from data on its line, never a real launch. A marker without a reason suppresses nothing; a marker on a line with nothing to suppress is stale. Neither fails the run.",
		Help:    "Remove the marker, or give it a reason: `# check-launches: inert <reason>`. See " + report.ClassesDocURL + "#dangerous-primitive.",
		HelpURI: report.ClassesDocURL + "#dangerous-primitive",
		Level:   "note",
	})
	return t
}

// ruleName turns a class into a SARIF rule name: direct-literal →
// DirectLiteral.
func ruleName(c scanner.Class) string {
	var b strings.Builder
	for _, p := range strings.Split(string(c), "-") {
		if p == "sdk" {
			b.WriteString("SDK")
			continue
		}
		b.WriteString(strings.ToUpper(p[:1]) + p[1:])
	}
	return b.String()
}
