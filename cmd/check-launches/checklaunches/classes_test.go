package checklaunches

import (
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner/driver"

	"github.com/leasegate/leasegate/scanner"
)

var update = flag.Bool("update", false, "rewrite docs/classes.md from the embedded classes.md")

// TestClassesDocInSync keeps docs/classes.md byte-identical to the page
// that `explain` and the SARIF rules use.
func TestClassesDocInSync(t *testing.T) {
	file := filepath.Join(repoRoot(t), "docs", "classes.md")
	if *update {
		require.NoError(t, os.WriteFile(file, []byte(classesDoc), 0o644))
	}
	got, err := os.ReadFile(file)
	require.NoError(t, err)
	if string(got) != classesDoc {
		t.Errorf("docs/classes.md differs from cmd/check-launches/checklaunches/classes.md; edit the latter and run `go test ./cmd/check-launches/checklaunches -run TestClassesDocInSync -update`")
	}
}

// TestClassDocsComplete checks one section per class, in scanner.Classes
// order, each with an Example that names its own class.
func TestClassDocsComplete(t *testing.T) {
	docs, err := ParseClassDocs(classesDoc)
	require.NoError(t, err)
	var order []scanner.Class
	for _, line := range strings.Split(classesDoc, "\n") {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			order = append(order, scanner.Class(h))
		}
	}
	if !slices.Equal(order, scanner.Classes) {
		t.Errorf("sections %v, want %v", order, scanner.Classes)
	}
	for _, c := range scanner.Classes {
		d := docs[c]
		want := "RED:" + string(c)
		if c == scanner.ClassGated {
			want = "GATED"
		}
		var has, fixed bool
		for _, ex := range d.Examples {
			has = has || (!ex.Fixed && slices.Contains(ex.Tags, want))
			fixed = fixed || ex.Fixed
		}
		if !has {
			t.Errorf("%s: no Example tagged %s", c, want)
		}
		if c != scanner.ClassGated && !fixed {
			t.Errorf("%s: no Fixed example", c)
		}
		if !strings.Contains(d.Section, "**Fix.**") {
			t.Errorf("%s: no **Fix.** paragraph", c)
		}
	}
}

// TestClassDocExamples scans every example of docs/classes.md (read from
// the file, as a reader sees it) with the real detectors: an Example must
// give exactly the tags it names, a Fixed example must have no RED.
func TestClassDocExamples(t *testing.T) {
	page, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "classes.md"))
	require.NoError(t, err)
	docs, err := ParseClassDocs(string(page))
	require.NoError(t, err)
	cfg := scanner.DefaultConfig()
	for _, c := range scanner.Classes {
		for i, ex := range docs[c].Examples {
			name := string(c) + "/" + map[bool]string{false: "example", true: "fixed"}[ex.Fixed]
			t.Run(name+"/"+ex.File+"#"+string(rune('0'+i)), func(t *testing.T) {
				// A prose example (design.md) is a page, not a script: no
				// detector reads it and it has no executable bit.
				prose := scanner.IsProse(scanner.NewFile(ex.File, []byte(ex.Code), false))
				if !prose {
					requireDetector(t, ex.File, ex.Code)
				}
				fs, _, err := driver.ScanBytes(ex.File, []byte(ex.Code), !prose, cfg, Suite())
				require.NoError(t, err)
				var tags []string
				for _, f := range fs {
					tags = append(tags, f.Tag())
				}
				slices.Sort(tags)
				if ex.Fixed {
					for _, f := range fs {
						if f.Verdict == scanner.VerdictRed {
							t.Errorf("fixed example still RED: %s:%d:%d %s [%s]", f.File, f.Line, f.Column, f.Message, f.Tag())
						}
					}
					if c != scanner.ClassDangerousPrimitive && !slices.Contains(tags, "GATED") {
						t.Errorf("fixed example has no gated launch: %v", tags)
					}
					return
				}
				want := slices.Clone(ex.Tags)
				slices.Sort(want)
				if !slices.Equal(tags, want) {
					t.Errorf("tags %v, want %v\n%s", tags, want, ex.Code)
				}
			})
		}
	}
}

// TestExplain prints the same section as the page, for a class, a tag and
// a rule id, and lists every class without an argument.
func TestExplain(t *testing.T) {
	docs := ClassDocs()
	for _, arg := range []string{"eval", "RED:eval", "leasegate/eval"} {
		code, out, errs := runCmd(t, nil, "explain", arg)
		if code != ExitOK || out != docs[scanner.ClassEval].Section {
			t.Errorf("explain %s: exit %d %q\n%s", arg, code, errs, out)
		}
	}
	if code, out, _ := runCmd(t, nil, "explain", "GATED"); code != ExitOK || !strings.HasPrefix(out, "## gated\n") {
		t.Errorf("explain GATED: exit %d\n%s", code, out)
	}
	code, out, _ := runCmd(t, nil, "explain")
	if code != ExitOK {
		t.Fatalf("explain: exit %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(scanner.Classes) {
		t.Fatalf("explain lists %d lines, want %d\n%s", len(lines), len(scanner.Classes), out)
	}
	for i, c := range scanner.Classes {
		if f := strings.Fields(lines[i]); len(f) == 0 || f[0] != string(c) {
			t.Errorf("line %d = %q, want class %s", i, lines[i], c)
		}
	}
}

func TestExplainUnknownClassIsTyped(t *testing.T) {
	err := runExplain(&ExplainOptions{Class: "nope", IO: &IO{Out: io.Discard}})
	var ue *UsageError
	var ce *UnknownClassError
	if !errors.As(err, &ue) || !errors.As(err, &ce) || ce.Name != "nope" {
		t.Errorf("err = %v, want a UsageError wrapping an UnknownClassError", err)
	}
}

func TestRuleNames(t *testing.T) {
	for c, want := range map[scanner.Class]string{"direct-literal": "DirectLiteral", "sdk": "SDK", "gated": "Gated", "command-substitution": "CommandSubstitution"} {
		if got := ruleName(c); got != want {
			t.Errorf("ruleName(%s) = %s, want %s", c, got, want)
		}
	}
}
