package scanner

import "cmp"

// Verdict is the outcome of one finding.
type Verdict string

// Verdicts.
const (
	VerdictGated Verdict = "gated"
	VerdictRed   Verdict = "red"
	// VerdictNote is the raw primitive in prose (Markdown,
	// reStructuredText, AsciiDoc, plain text): reported and counted, never
	// failing, unless the config says `prose: red`.
	VerdictNote Verdict = "note"
)

// Class names the kind of a finding. The names are SPEC.md's and never
// change meaning.
type Class string

// Classes, in SPEC.md order.
const (
	ClassGated               Class = "gated"
	ClassDirectLiteral       Class = "direct-literal"
	ClassAbsolutePath        Class = "absolute-path"
	ClassPackageRunner       Class = "package-runner"
	ClassProcessAPI          Class = "process-api"
	ClassSDK                 Class = "sdk"
	ClassDynamic             Class = "dynamic"
	ClassCommandSubstitution Class = "command-substitution"
	ClassEval                Class = "eval"
	ClassVariableExecution   Class = "variable-execution"
	ClassDangerousPrimitive  Class = "dangerous-primitive"
	ClassUnparseable         Class = "unparseable"
)

// Classes lists every class in a stable order.
var Classes = []Class{
	ClassGated, ClassDirectLiteral, ClassAbsolutePath, ClassPackageRunner,
	ClassProcessAPI, ClassSDK, ClassDynamic, ClassCommandSubstitution,
	ClassEval, ClassVariableExecution, ClassDangerousPrimitive, ClassUnparseable,
}

// Valid reports whether c is one of SPEC.md's classes.
func (c Class) Valid() bool {
	for _, k := range Classes {
		if k == c {
			return true
		}
	}
	return false
}

// Pos is a 1-based position in a file; Column counts bytes.
type Pos struct {
	Line   int
	Column int
}

// Finding is one launch (gated or RED), one RED non-launch finding
// (dangerous primitive, unparseable file), or one note (the primitive in
// prose).
type Finding struct {
	File     string  `json:"file"`
	Line     int     `json:"line"`
	Column   int     `json:"column"`
	Language string  `json:"language"`
	Runtime  string  `json:"runtime"`
	Class    Class   `json:"class"`
	Verdict  Verdict `json:"verdict"`
	Family   string  `json:"family"`
	Message  string  `json:"message"`
	// Chain is the way from the call site to where the launch finally
	// happens in another file (helpers, imported constants), in order;
	// nil for a launch written where it is reported. A pointer keeps
	// Finding comparable.
	Chain *[]Step `json:"chain,omitempty"`
	// Paths are the other ways that reach the same launch, merged into
	// this finding (one finding per launch: docs/repository.md): each
	// starts where the merged finding was reported, then its chain.
	Paths *[][]Step `json:"paths,omitempty"`
	// Site is, for a finding reported at a call that only reaches a
	// launch written elsewhere (the call's arguments do not name the
	// runtime: it comes from a field, a variable or a constant there),
	// where that launch is. Findings with the same launch are merged.
	Site *Step `json:"-"`

	// RunPath is Launch.RunPath: the driver drops the finding when a
	// shell script of the repository is there, since what it runs is
	// judged where it is written (the script's own scan).
	RunPath string `json:"-"`

	// Data marks a finding that comes from data (a string, a flag named in
	// help text) rather than a real launch; only such findings may be
	// suppressed by an inert marker.
	Data bool `json:"-"`
}

// IsLaunch reports whether the finding is a launch of a runtime.
func (f Finding) IsLaunch() bool { return f.Runtime != "" }

// Tag is the bracketed tag of a finding in text output: GATED,
// NOTE:<class> or RED:<class>.
func (f Finding) Tag() string {
	switch f.Verdict {
	case VerdictGated:
		return "GATED"
	case VerdictNote:
		return "NOTE:" + string(f.Class)
	}
	return "RED:" + string(f.Class)
}

// CompareFindings is the one order of findings: by file, line, column,
// then class, runtime and message, so the same input always prints the
// same way. It returns -1, 0 or +1, for slices.SortStableFunc.
func CompareFindings(a, b Finding) int {
	return cmp.Or(
		cmp.Compare(a.File, b.File),
		cmp.Compare(a.Line, b.Line),
		cmp.Compare(a.Column, b.Column),
		cmp.Compare(a.Class, b.Class),
		cmp.Compare(a.Runtime, b.Runtime),
		cmp.Compare(a.Message, b.Message),
	)
}
