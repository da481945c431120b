package sarif

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/leasegate/leasegate/scanner/report"

	"github.com/leasegate/leasegate/scanner"
)

// SchemaURI is the $schema written in every log.
const SchemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

// FingerprintKey is the partialFingerprints key of results. GitHub reserves
// primaryLocationLineHash and computes it itself; this key carries the
// scanner's own line-number-free fingerprint.
var FingerprintKey = fmt.Sprintf("leasegateFindingHash/v%d", report.FingerprintVersion)

// MarkerRuleID is the rule of notes about inert markers that suppress
// nothing (not a finding class: such a note never fails the run).
const MarkerRuleID = "leasegate/inert-marker"

// RuleID returns the stable ruleId of a finding class.
func RuleID(c scanner.Class) string { return "leasegate/" + string(c) }

// Rule describes one rule for the tool's driver.
type Rule struct {
	ID, Name string
	// Short is one sentence; Full is a paragraph; Help is Markdown.
	Short, Full, Help string
	HelpURI           string
	// Level is the default level: "error", "warning", "note" or "none".
	Level string
}

// Tool is the analysis tool that produced the log.
type Tool struct {
	Name, Version, InformationURI string
	// Rules must hold one rule per scanner class, plus MarkerRuleID.
	Rules []Rule
}

// Options tune one log.
type Options struct {
	// Read returns a file's contents by root-relative name; it is used for
	// fingerprints and to turn byte columns into SARIF's code-point
	// columns. Nil means fingerprints of empty line text.
	Read func(string) ([]byte, error)
	// Fingerprints, when set, are the findings' fingerprints already
	// computed (report.Fingerprints), one per finding; otherwise they are
	// computed with Read.
	Fingerprints []string
	// URIPrefix is put before every root-relative file name in URIs: the
	// root's path inside the repository ("packages/app/") when the root is
	// a subfolder of a git work tree, so that code scanning finds the
	// files. Empty for the repository root.
	URIPrefix string
	// Fixes, when set, are the rewrites that gate findings (check-launches
	// fix), by the finding's index in the report; each becomes the
	// result's fixes entry, so code-scanning UIs can offer it.
	Fixes map[int]Fix
}

// Fix is a rewrite of one file that gates a finding.
type Fix struct {
	Description  string
	Replacements []Replacement
}

// Replacement replaces the bytes from (StartLine, StartColumn) up to
// (EndLine, EndColumn) of the finding's file with Text; lines and byte
// columns are 1-based, as in findings.
type Replacement struct {
	StartLine, StartColumn, EndLine, EndColumn int
	Text                                       string
}

// Level maps a verdict to a SARIF level: RED is "error", a note (the
// primitive in prose) is "note"; gated launches are not reported as
// results at all.
func Level(v scanner.Verdict) string {
	switch v {
	case scanner.VerdictRed:
		return "error"
	case scanner.VerdictNote:
		return "note"
	}
	return "none"
}

// Write prints r as a SARIF 2.1.0 log with one run.
func Write(w io.Writer, r *report.Report, tool Tool, opt Options) error {
	read := opt.Read
	if read == nil {
		read = func(string) ([]byte, error) { return nil, io.EOF }
	}
	index := map[string]int{}
	var rules []jRule
	for i, rl := range tool.Rules {
		index[rl.ID] = i
		rules = append(rules, jRule{
			ID:                   rl.ID,
			Name:                 rl.Name,
			ShortDescription:     &jMessage{Text: rl.Short},
			FullDescription:      &jMessage{Text: rl.Full},
			Help:                 &jMessage{Text: rl.Help, Markdown: rl.Help},
			HelpURI:              rl.HelpURI,
			DefaultConfiguration: &jConfig{Level: rl.Level},
			Properties:           map[string]any{"tags": []string{"security", "leasegate"}},
		})
	}
	for _, c := range scanner.Classes {
		if _, ok := index[RuleID(c)]; !ok {
			return fmt.Errorf("sarif: no rule for class %s", c)
		}
	}
	if _, ok := index[MarkerRuleID]; !ok {
		return fmt.Errorf("sarif: no rule %s", MarkerRuleID)
	}

	fps := opt.Fingerprints
	if len(fps) != len(r.Findings) {
		fps = report.Fingerprints(r.Findings, read)
	}
	lines := lineCache{read: read}
	baselined, outside := map[string]bool{}, map[string]bool{}
	hasBaseline := r.Waivers != nil && r.Waivers.Baseline != ""
	if r.Waivers != nil {
		for _, b := range r.Waivers.Baselined {
			baselined[b.Fingerprint] = true
		}
		for _, b := range r.Waivers.OutsideDiff {
			outside[b.Fingerprint] = true
		}
	}
	results := []jResult{}
	for i, f := range r.Findings {
		if f.Verdict != scanner.VerdictRed && f.Verdict != scanner.VerdictNote {
			continue
		}
		id := RuleID(f.Class)
		res := jResult{
			RuleID:              id,
			RuleIndex:           index[id],
			Level:               Level(f.Verdict),
			Kind:                "fail",
			Message:             jMessage{Text: f.Message},
			Locations:           []jLocation{location(opt.URIPrefix+f.File, f.Line, lines.column(f.File, f.Line, f.Column))},
			PartialFingerprints: map[string]string{FingerprintKey: fps[i]},
			Properties: map[string]any{
				"runtime": f.Runtime, "language": f.Language, "family": f.Family, "verdict": string(f.Verdict),
			},
		}
		if f.Chain != nil {
			res.RelatedLocations, res.CodeFlows = chainFlow(res.Locations[0], *f.Chain, opt.URIPrefix, &lines)
		}
		if f.Paths != nil {
			res.RelatedLocations, res.CodeFlows = pathFlows(res.Locations[0], *f.Paths, res.RelatedLocations, res.CodeFlows, opt.URIPrefix, &lines)
		}
		if hasBaseline && f.Verdict == scanner.VerdictRed {
			res.BaselineState = "new"
			if baselined[fps[i]] {
				res.BaselineState = "unchanged"
			}
		}
		if fx, ok := opt.Fixes[i]; ok {
			res.Fixes = []jFix{fixOf(opt.URIPrefix+f.File, f.File, fx, &lines)}
		}
		if baselined[fps[i]] || outside[fps[i]] {
			// The gate does not let this finding fail the run.
			res.Properties["waived"] = true
		}
		results = append(results, res)
	}
	for _, m := range r.Suppressions {
		var text string
		switch {
		case m.Reason == "":
			text = "inert marker without a reason suppresses nothing; write `check-launches: inert <reason>`"
		case m.Suppressed == 0:
			text = "inert marker suppresses nothing (a real launch is never inert); remove it"
		default:
			continue
		}
		key := strings.Join([]string{MarkerRuleID, m.File, lines.text(m.File, m.Line)}, "\x00")
		results = append(results, jResult{
			RuleID:              MarkerRuleID,
			RuleIndex:           index[MarkerRuleID],
			Level:               "note",
			Kind:                "fail",
			Message:             jMessage{Text: text},
			Locations:           []jLocation{location(opt.URIPrefix+m.File, m.Line, 1)},
			PartialFingerprints: map[string]string{FingerprintKey: report.HashKey(key)},
		})
	}
	var notes []jNotification
	for _, s := range r.Skipped {
		notes = append(notes, jNotification{
			Level:     "warning",
			Message:   jMessage{Text: "skipped: " + s.Reason},
			Locations: []jLocation{location(opt.URIPrefix+s.File, 0, 0)},
		})
	}
	log := jLog{
		Schema:  SchemaURI,
		Version: "2.1.0",
		Runs: []jRun{{
			Tool: jTool{Driver: jDriver{
				Name: tool.Name, Version: tool.Version, InformationURI: tool.InformationURI, Rules: rules,
			}},
			Invocations: []jInvocation{{ExecutionSuccessful: true, ToolExecutionNotifications: notes}},
			Results:     results,
			ColumnKind:  "unicodeCodePoints",
			Properties: map[string]any{
				"summary":  r.Summary,
				"families": r.Families,
			},
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(log)
}

func location(file string, line, col int) jLocation {
	loc := jLocation{PhysicalLocation: jPhysical{ArtifactLocation: jArtifact{URI: uriPath(file), URIBaseID: "%SRCROOT%"}}}
	if line > 0 {
		loc.PhysicalLocation.Region = &jRegion{StartLine: line, StartColumn: max(col, 1)}
	}
	return loc
}

// uriPath escapes a slash-separated relative path as a URI reference.
func uriPath(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c < 0x80 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("/-._~!$&'()*+,;=:@", c) >= 0) {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// lineCache reads each file once to find line texts.
type lineCache struct {
	read  func(string) ([]byte, error)
	file  string
	lines []string
}

func (c *lineCache) text(file string, line int) string {
	if c.lines == nil || c.file != file {
		c.file, c.lines = file, []string{}
		if src, err := c.read(file); err == nil {
			c.lines = strings.Split(string(src), "\n")
		}
	}
	if line < 1 || line > len(c.lines) {
		return ""
	}
	return c.lines[line-1]
}

// column turns a 1-based byte column into a 1-based code-point column.
func (c *lineCache) column(file string, line, col int) int {
	t := c.text(file, line)
	if col < 1 || col-1 > len(t) {
		return max(col, 1)
	}
	return utf8.RuneCountInString(t[:col-1]) + 1
}

// The JSON shapes below are the part of SARIF 2.1.0 this package writes.

type jLog struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []jRun `json:"runs"`
}

type jRun struct {
	Tool        jTool          `json:"tool"`
	Invocations []jInvocation  `json:"invocations"`
	Results     []jResult      `json:"results"`
	ColumnKind  string         `json:"columnKind"`
	Properties  map[string]any `json:"properties,omitempty"`
}

type jTool struct {
	Driver jDriver `json:"driver"`
}

type jDriver struct {
	Name           string  `json:"name"`
	Version        string  `json:"version,omitempty"`
	InformationURI string  `json:"informationUri,omitempty"`
	Rules          []jRule `json:"rules"`
}

type jRule struct {
	ID                   string         `json:"id"`
	Name                 string         `json:"name,omitempty"`
	ShortDescription     *jMessage      `json:"shortDescription,omitempty"`
	FullDescription      *jMessage      `json:"fullDescription,omitempty"`
	Help                 *jMessage      `json:"help,omitempty"`
	HelpURI              string         `json:"helpUri,omitempty"`
	DefaultConfiguration *jConfig       `json:"defaultConfiguration,omitempty"`
	Properties           map[string]any `json:"properties,omitempty"`
}

type jConfig struct {
	Level string `json:"level"`
}

type jMessage struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type jInvocation struct {
	ExecutionSuccessful        bool            `json:"executionSuccessful"`
	ToolExecutionNotifications []jNotification `json:"toolExecutionNotifications,omitempty"`
}

type jNotification struct {
	Level     string      `json:"level"`
	Message   jMessage    `json:"message"`
	Locations []jLocation `json:"locations,omitempty"`
}

type jResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Kind                string            `json:"kind"`
	Message             jMessage          `json:"message"`
	Locations           []jLocation       `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	BaselineState       string            `json:"baselineState,omitempty"`
	Properties          map[string]any    `json:"properties,omitempty"`
	Fixes               []jFix            `json:"fixes,omitempty"`
	RelatedLocations    []jLocation       `json:"relatedLocations,omitempty"`
	CodeFlows           []jCodeFlow       `json:"codeFlows,omitempty"`
}

type jFix struct {
	Description     jMessage          `json:"description"`
	ArtifactChanges []jArtifactChange `json:"artifactChanges"`
}

type jArtifactChange struct {
	ArtifactLocation jArtifact      `json:"artifactLocation"`
	Replacements     []jReplacement `json:"replacements"`
}

type jReplacement struct {
	DeletedRegion   jSpan    `json:"deletedRegion"`
	InsertedContent jContent `json:"insertedContent"`
}

type jSpan struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

type jContent struct {
	Text string `json:"text"`
}

// fixOf renders a fix of the file (uri in the report, file as read), with
// SARIF's code-point columns.
func fixOf(uri, file string, fx Fix, lines *lineCache) jFix {
	ch := jArtifactChange{ArtifactLocation: location(uri, 0, 0).PhysicalLocation.ArtifactLocation}
	for _, r := range fx.Replacements {
		ch.Replacements = append(ch.Replacements, jReplacement{
			DeletedRegion: jSpan{
				StartLine: r.StartLine, StartColumn: lines.column(file, r.StartLine, r.StartColumn),
				EndLine: r.EndLine, EndColumn: lines.column(file, r.EndLine, r.EndColumn),
			},
			InsertedContent: jContent{Text: r.Text},
		})
	}
	return jFix{Description: jMessage{Text: fx.Description}, ArtifactChanges: []jArtifactChange{ch}}
}

type jLocation struct {
	ID               int       `json:"id,omitempty"`
	PhysicalLocation jPhysical `json:"physicalLocation"`
	Message          *jMessage `json:"message,omitempty"`
}

type jPhysical struct {
	ArtifactLocation jArtifact `json:"artifactLocation"`
	Region           *jRegion  `json:"region,omitempty"`
}

type jArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId"`
}

type jRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
}
