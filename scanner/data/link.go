package data

import (
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// The data side of the repository phase (docs/repository.md): a local
// action (`uses: ./path`) or reusable workflow (`uses:
// ./.github/workflows/x.yml`) given an input that names a runtime is
// scanned again with that input in place of `${{ inputs.NAME }}`; a launch
// the input makes is RED at the `uses:`, with the chain into the action.

var _ scanner.Linker = Detector{}

// Resolve implements scanner.Linker: a local action is a folder (its
// action.yml or action.yaml) or a workflow file, from the root; a
// Makefile's include is a root-relative path; k8sRefSpec is the file
// itself.
func (Detector) Resolve(from, spec string, exists func(string) bool) (string, bool) {
	if spec == k8sRefSpec {
		// a container reading ConfigMaps or Secrets: the file itself,
		// read again with the repository's (k8senv.go)
		return from, from != ""
	}
	if rel, ok := strings.CutPrefix(spec, makeIncludePrefix); ok {
		// A Makefile's include (see makeState.include), root-relative.
		rel = path.Clean(rel)
		if rel == ".." || strings.HasPrefix(rel, "../") || !exists(rel) {
			return "", false
		}
		return rel, true
	}
	if !strings.HasPrefix(spec, "./") {
		return "", false
	}
	c := path.Clean(spec)
	if c == ".." || strings.HasPrefix(c, "../") {
		return "", false
	}
	for _, f := range []string{c, c + "/action.yml", c + "/action.yaml"} {
		if ext := path.Ext(f); (ext == ".yml" || ext == ".yaml") && exists(f) {
			return f, true
		}
	}
	return "", false
}

// localActionIn reports whether the local action or reusable workflow
// spec (`./path`) is a file the scan reads, as Resolve would find it.
func localActionIn(sh *scanner.Shared, spec string) bool {
	_, ok := Detector{}.Resolve("", spec, func(rel string) bool {
		_, ok := sh.Read(rel)
		return ok
	})
	return ok
}

// Summarize implements scanner.Linker: a local action is read whole with
// its inputs (Imports.Source), so its summary is empty.
func (Detector) Summarize(*scanner.Pass) (*scanner.Summary, error) { return &scanner.Summary{}, nil }

// inputRE is a reference to an action's or reusable workflow's input.
var inputRE = regexp.MustCompile(`\$\{\{\s*inputs\.([A-Za-z0-9_-]+)\s*\}\}`)

// localUses judges a local action or reusable workflow with the literal
// inputs the step gives it, when one names a runtime. An input that is
// one `${{ matrix.KEY }}` (or `${{ inputs.KEY }}` with a default, or `${{
// env.NAME }}` the step's env: sets; vars lists them) of the job stands
// for each of its values: the action is judged once per value (the other
// inputs at their first), a bounded number of variants. The action read
// with its inputs follows the local actions and reusable workflows it
// uses in turn (`${{ inputs.agent }}` handed on to a second workflow), at
// most MaxLinkDepth deep: past that, or where the chain comes back to a
// file it holds, an input naming a runtime is dynamic at the call.
//
// env is the environment a local action's steps inherit from the step
// that uses it (the workflow's, job's and step's env:; nil for a reusable
// workflow, which inherits none): a variable of it naming a runtime is
// set for the action's steps, and a launch that makes is reported where
// the variable is set, with the chain into the action.
func (s *scan) localUses(uses, with *node, vars, env []envVar) {
	spec := strings.TrimSpace(uses.str)
	if !strings.HasPrefix(spec, "./") {
		return
	}
	var rtEnv []envVar // the inherited variables that name a runtime
	for i, e := range env {
		// a nearer env: that sets the name to another value replaces it
		replaced := slices.ContainsFunc(env[i+1:], func(o envVar) bool {
			return o.name == e.name && !s.p.Config.MentionsRuntime([]byte(o.val.s))
		})
		if !replaced && s.p.Config.MentionsRuntime([]byte(e.val.s)) {
			rtEnv = append(rtEnv, e)
		}
	}
	if (with == nil || with.kind != kindObject) && len(rtEnv) == 0 {
		return
	}
	vals := map[string][]string{}
	var all []string
	for i, k := range with.keysOrNone() {
		v := with.vals[i]
		if v.kind != kindScalar {
			continue
		}
		if !strings.Contains(v.str, "${{") {
			vals[k.str] = []string{v.str}
			all = append(all, v.str)
			continue
		}
		if name, ok := exprVar(v.str); ok {
			for _, m := range vars {
				if m.name == name {
					vals[k.str] = append(vals[k.str], m.val.s)
					all = append(all, m.val.s)
				}
			}
		}
		for _, l := range exprLiterals(v.str) {
			vals[k.str] = append(vals[k.str], l)
			all = append(all, l)
		}
	}
	if !s.p.Config.MentionsRuntime([]byte(strings.Join(all, "\n"))) && len(rtEnv) == 0 {
		return
	}
	at := s.pos(uses.off)
	if s.p.Imports == nil && s.p.Shared != nil && s.p.Shared.Read != nil && !localActionIn(s.p.Shared, spec) {
		// No file of the scan is the action: the repository phase would
		// not pick this file for it (nothing to resolve), so it is judged
		// here, the same way.
		s.unjudgedUses(at, spec, "it is not a file of the scan (missing, excluded or over the size cap)")
		return
	}
	s.p.Needs = append(s.p.Needs, spec)
	if s.p.Imports == nil {
		return
	}
	rel, src, ok := s.p.Imports.Source(spec)
	if !ok {
		s.unjudgedUses(at, spec, "it is not a file of the scan (missing, excluded or over the size cap)")
		return
	}
	if rel == s.p.Path || slices.Contains(s.usesChain, rel) {
		s.unjudgedUses(at, spec, "it uses, in turn, the file that leads to it (a cycle)")
		return
	}
	if len(s.usesChain) >= scanner.MaxLinkDepth {
		s.unjudgedUses(at, spec, fmt.Sprintf("it is reached through more than %d local actions or reusable workflows", scanner.MaxLinkDepth))
		return
	}
	// What the action launches by itself is reported where it is; what
	// the inputs add is reported here.
	plain, ps := s.usedFile(rel, src)
	if err := ps.run(KindActions, false); err != nil {
		s.unjudgedUses(at, spec, "it cannot be parsed: "+err.Error())
		return
	}
	have := map[string]bool{}
	for _, f := range plain.Findings() {
		have[fmt.Sprintf("%d:%s", f.Line, f.Runtime)] = true
	}
	for _, in := range inputVariants(vals) {
		sub := inputRE.ReplaceAllStringFunc(string(src), func(m string) string {
			if v, ok := in[inputRE.FindStringSubmatch(m)[1]]; ok {
				return v
			}
			return m
		})
		if sub == string(src) {
			continue
		}
		withIn, ws := s.usedFile(rel, []byte(sub))
		if err := ws.run(KindActions, false); err != nil {
			s.unjudgedUses(at, spec, "it cannot be parsed with the inputs in place: "+err.Error())
			return
		}
		s.reportAdded(at, rel, withIn.Findings(), have, "the action runs its input")
	}
	// each inherited variable naming a runtime, with the rest of the
	// environment: what it adds is reported where it is set
	if len(rtEnv) > maxInheritedRuntimeVars {
		s.unjudgedUses(at, spec, fmt.Sprintf("more than %d variables it inherits name a runtime", maxInheritedRuntimeVars))
		return
	}
	for _, e := range rtEnv {
		var rest []envVar
		for _, o := range env {
			if o.name != e.name && !s.p.Config.MentionsRuntime([]byte(o.val.s)) {
				rest = append(rest, o)
			}
		}
		rest = append(rest, e)
		withEnv, es := s.usedFile(rel, src)
		es.callerEnv = rest
		// parsed though it names no runtime itself: the environment does
		if err := es.run(KindActions, true); err != nil {
			return // reported above
		}
		s.reportAdded(s.pos(e.val.fileOff(0)), rel, withEnv.Findings(), have, "a step that inherits "+e.name)
	}
}

// maxInheritedRuntimeVars bounds the inherited variables naming a
// runtime a local action is read with, one reading each.
const maxInheritedRuntimeVars = 16

// keysOrNone is an object's keys, none for any other node.
func (n *node) keysOrNone() []*node {
	if n == nil || n.kind != kindObject {
		return nil
	}
	return n.keys
}

// usedFile is the scan of a local action or reusable workflow rel (its
// text src) that s's file uses: it may follow the ones rel uses in turn.
func (s *scan) usedFile(rel string, src []byte) (*scanner.Pass, *scan) {
	p := s.p.Fork(rel, src)
	p.Imports = s.p.Imports
	u := newScan(p)
	u.usesChain = append(s.usesChain[:len(s.usesChain):len(s.usesChain)], s.p.Path)
	return p, u
}

// reportAdded reports at at the launches fs (findings of the file rel,
// read with values the call gives it) holds that have does not (keyed
// by line and runtime), with the chain into rel.
func (s *scan) reportAdded(at scanner.Pos, rel string, fs []scanner.Finding, have map[string]bool, note string) {
	for _, f := range fs {
		key := fmt.Sprintf("%d:%s", f.Line, f.Runtime)
		if !f.IsLaunch() || have[key] {
			continue
		}
		have[key] = true
		chain := []scanner.Step{{File: rel, Line: f.Line, Column: f.Column, Note: note}}
		msg := f.Message
		if f.Chain != nil {
			// the whole chain is named once, below
			msg = strings.TrimSuffix(msg, " ("+scanner.ChainText(*f.Chain)+")")
			chain = append(chain, *f.Chain...)
		}
		mark := s.p.Mark()
		s.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: f.Runtime, Class: f.Class, Message: msg})
		s.p.AddChain(mark, chain)
	}
}

// inputVariants are the input sets a local action is judged with: every
// input at its first value, then, for each input with several values,
// one set per further value (the others at their first).
func inputVariants(vals map[string][]string) []map[string]string {
	base := map[string]string{}
	for k, v := range vals {
		base[k] = v[0]
	}
	out := []map[string]string{base}
	keys := make([]string, 0, len(vals))
	for k := range vals {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		for _, v := range vals[k][1:] {
			m := maps.Clone(base)
			m[k] = v
			out = append(out, m)
		}
	}
	return out
}

// unjudgedUses reports a local action or reusable workflow given an input
// that names a runtime, where what the action does with it cannot be
// judged: unknown is not absent, so the `uses:` is dynamic, never green.
func (s *scan) unjudgedUses(at scanner.Pos, spec, why string) {
	s.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: "unknown", Class: scanner.ClassDynamic,
		Message: fmt.Sprintf("an input naming a runtime is given to the local action `%s`, which cannot be judged: %s", spec, why)})
}

// Mentions implements scanner.Linker: data files offer no helpers by name.
func (Detector) Mentions(string) [][]byte { return nil }

// scriptCalls judges the repository's shell scripts an argv runs by path
// (a Dockerfile's exec-form ENTRYPOINT `["/entry.sh", "claude"]`) with the
// arguments it gives them, like the shell detector does for shell text
// (docs/repository.md). A path in an image is mapped back to the file
// COPY or ADD put there; otherwise Imports.Script finds it by base name.
func (s *scan) scriptCalls(argv []scanner.Arg, via scanner.Class) {
	if len(argv) < 2 {
		return
	}
	var vals []string
	for _, a := range argv[1:] {
		vals = append(vals, a.Value)
	}
	if !s.p.Config.MentionsRuntime([]byte(strings.Join(vals, "\n"))) {
		return
	}
	for _, r := range scanner.ScriptRuns(argv) {
		spec := r.Spec
		if s.docker != nil {
			if src, ok := s.docker.copies[s.docker.inImage(spec)]; ok {
				spec = src
			}
		}
		if len(r.Args) == 0 {
			continue
		}
		if s.p.Imports == nil {
			s.p.Needs = append(s.p.Needs, spec)
			continue
		}
		ex, ok := s.p.Imports.Script(spec)
		if !ok {
			continue
		}
		if ex.Dynamic {
			s.p.ReportUnjudgedScript(r.At, ex.File)
			continue
		}
		for _, k := range ex.Sinks {
			all, cut := k.Derived(r.Args)
			if cut {
				s.p.ReportUnjudgedScript(r.At, ex.File)
			}
			c := via
			if k.Class != "" {
				c = k.Class
			}
			for _, derived := range all {
				s.p.JudgeThrough(scanner.Command{Argv: derived, Via: c}, k.Chain())
			}
		}
	}
}
