package driver

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
)

func launch(file string, line, col int, class scanner.Class, site *scanner.Step) scanner.Finding {
	v := scanner.VerdictRed
	if class == scanner.ClassGated {
		v = scanner.VerdictGated
	}
	return scanner.Finding{File: file, Line: line, Column: col, Runtime: "claude", Class: class, Verdict: v,
		Message: "claude at " + file, Site: site}
}

func TestGroupLaunches(t *testing.T) {
	site := &scanner.Step{File: "term/term.go", Line: 13, Column: 70, Note: "the launch"}
	tests := []struct {
		name string
		in   []scanner.Finding
		// want is each finding as file:line:col [TAG], with where its
		// paths start.
		want  []string
		paths [][]string
	}{
		{
			name:  "one position reached two ways",
			in:    []scanner.Finding{launch("a.sh", 3, 1, scanner.ClassVariableExecution, nil), launch("a.sh", 3, 1, scanner.ClassDynamic, nil)},
			want:  []string{"a.sh:3:1 [RED:dynamic]"},
			paths: [][]string{{"a.sh:3:1"}},
		},
		{
			name: "calls that reach a launch reported where it is written",
			in: []scanner.Finding{
				launch("app/app.go", 9, 2, scanner.ClassEval, site),
				launch("term/term.go", 13, 70, scanner.ClassEval, nil),
				launch("app/app.go", 4, 2, scanner.ClassEval, site),
			},
			want:  []string{"term/term.go:13:70 [RED:eval]"},
			paths: [][]string{{"app/app.go:4:2", "app/app.go:9:2"}},
		},
		{
			name:  "calls that reach a launch reported nowhere else",
			in:    []scanner.Finding{launch("main.go", 5, 1, scanner.ClassEval, site), launch("app/app.go", 9, 2, scanner.ClassEval, site)},
			want:  []string{"app/app.go:9:2 [RED:eval]"},
			paths: [][]string{{"main.go:5:1"}},
		},
		{
			name:  "calls that name the runtime are launches of their own",
			in:    []scanner.Finding{launch("app/app.go", 30, 28, scanner.ClassProcessAPI, nil), launch("app/app.go", 29, 28, scanner.ClassProcessAPI, nil)},
			want:  []string{"app/app.go:29:28 [RED:process-api]", "app/app.go:30:28 [RED:process-api]"},
			paths: [][]string{nil, nil},
		},
		{
			name:  "a gated and a RED launch stay apart",
			in:    []scanner.Finding{launch("a.sh", 3, 1, scanner.ClassGated, nil), launch("a.sh", 3, 1, scanner.ClassDynamic, nil)},
			want:  []string{"a.sh:3:1 [RED:dynamic]", "a.sh:3:1 [GATED]"},
			paths: [][]string{nil, nil},
		},
		{
			name: "findings that are not launches are kept",
			in: []scanner.Finding{
				{File: "a.sh", Line: 3, Column: 1, Class: scanner.ClassDangerousPrimitive, Verdict: scanner.VerdictRed, Message: "flag"},
				{File: "a.sh", Line: 3, Column: 1, Class: scanner.ClassUnparseable, Verdict: scanner.VerdictRed, Message: "bad"},
			},
			want:  []string{"a.sh:3:1 [RED:dangerous-primitive]", "a.sh:3:1 [RED:unparseable]"},
			paths: [][]string{nil, nil},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := slices.Clone(tt.in)
			got := groupLaunches(tt.in)
			assert.Equal(t, in, tt.in, "the input is not changed")
			var tags []string
			var paths [][]string
			for _, f := range got {
				tags = append(tags, scanner.Step{File: f.File, Line: f.Line, Column: f.Column}.String()+" ["+f.Tag()+"]")
				var starts []string
				if f.Paths != nil {
					for _, p := range *f.Paths {
						require.NotEmpty(t, p)
						starts = append(starts, p[0].String())
					}
					assert.Contains(t, f.Message, "more path")
				}
				paths = append(paths, starts)
			}
			assert.Equal(t, tt.want, tags)
			assert.Equal(t, tt.paths, paths)
			// The same findings in another order group the same way.
			rev := slices.Clone(tt.in)
			slices.Reverse(rev)
			assert.Equal(t, got, groupLaunches(rev))
		})
	}
}
