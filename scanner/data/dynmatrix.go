package data

import (
	"path"
	"regexp"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// dynMatrixRE is `${{ matrix.KEY }}` as the program of a command in a
// run: script: at the start of a line or after `&&`, `||`, `;`, `|`,
// `(`, with assignments before it.
var dynMatrixRE = regexp.MustCompile(`(?m)(?:^|&&|\|\||[;|(])[ \t]*(?:[A-Za-z_][A-Za-z0-9_]*=\S*[ \t]+)*(?:exec[ \t]+|sudo[ \t]+|npx[ \t]+)?(\$\{\{\s*matrix\.([A-Za-z0-9_-]+)\s*\}\})`)

// repoFileRE is a path of the repository a run: line may read (`jq -c .
// .github/agents.json`, `cat agents.txt`).
var repoFileRE = regexp.MustCompile(`[A-Za-z0-9_.][A-Za-z0-9_./-]*\.(?:json|ya?ml|toml|txt)\b`)

// runtimeWordRE splits a file into the words that may name a command.
var runtimeWordRE = regexp.MustCompile(`[A-Za-z0-9_./@-]+`)

// dynamicMatrix judges a job whose strategy.matrix (or a key of it) is
// an expression set at run time (`${{ fromJSON(needs.setup.outputs.m)
// }}`): its values are unknown, and `${{ matrix.KEY }}` as a run: line's
// program may be a runtime. When the workflow names a runtime, or a run:
// step of a job it needs reads a repository file (`jq -c .
// .github/agents.json`) that names one, such a program is `dynamic`
// (review 097); the values themselves are not followed.
func (s *scan) dynamicMatrix(job, jobs *node) {
	m := job.get("strategy").get("matrix")
	if m == nil {
		return
	}
	dyn := map[string]bool{}
	all := false
	switch {
	case m.kind == kindScalar && strings.Contains(m.str, "${{") && fromJSONLiteral(m) == nil:
		all = true
	case m.kind == kindObject:
		for i, k := range m.keys {
			if v := m.vals[i]; v.kind == kindScalar && strings.Contains(v.str, "${{") && fromJSONLiteral(v) == nil {
				dyn[k.str] = true
			}
		}
	}
	if !all && len(dyn) == 0 {
		return
	}
	rt := s.matrixEvidence(job, jobs)
	if rt == "" {
		return
	}
	steps := job.get("steps")
	if steps == nil || steps.kind != kindArray {
		return
	}
	for _, st := range steps.elems {
		run := st.get("run")
		if run == nil || run.kind != kindScalar {
			continue
		}
		t := run.text()
		for _, sm := range dynMatrixRE.FindAllStringSubmatchIndex(t.s, -1) {
			if k := t.s[sm[4]:sm[5]]; !all && !dyn[k] {
				continue
			}
			at := s.pos(t.fileOff(sm[2]))
			s.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: rt, Class: scanner.ClassDynamic,
				Message: scanner.LaunchMessage(rt, "", scanner.ClassDynamic) + " (a matrix set at run time)"})
		}
	}
}

// matrixEvidence is the runtime a dynamic matrix may hold: one the
// workflow names (unknown which: scanner.UnknownRuntime), or one named
// by a repository file that a run: step of a job this job needs reads;
// "" when neither.
func (s *scan) matrixEvidence(job, jobs *node) string {
	if s.p.Shared != nil && s.p.Shared.Read != nil {
		for _, need := range scalars(job.get("needs")) {
			steps := jobs.get(need).get("steps")
			if steps == nil || steps.kind != kindArray {
				continue
			}
			for _, st := range steps.elems {
				run := st.get("run")
				if run == nil || run.kind != kindScalar {
					continue
				}
				for _, f := range repoFileRE.FindAllString(run.str, 16) {
					rel := path.Clean(f)
					if path.IsAbs(rel) || strings.HasPrefix(rel, "../") {
						continue
					}
					src, ok := s.p.Shared.Read(rel)
					if !ok || len(src) > 1<<20 {
						continue
					}
					for _, w := range runtimeWordRE.FindAllString(string(src), 4096) {
						if r, ok := s.p.Config.RuntimeForCommand(w); ok {
							return r
						}
					}
				}
			}
		}
	}
	if s.p.Hits.Has(scanner.HitRuntime) {
		return scanner.UnknownRuntime
	}
	return ""
}
