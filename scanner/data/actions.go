package data

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// actions scans a GitHub Actions workflow (jobs.*.steps) or a composite
// action (runs.steps): `run:` steps by their shell, and steps that `uses:`
// an agent action.
func (s *scan) actions(root *node) {
	if root == nil || root.kind != kindObject {
		return
	}
	wfShell := defaultShell(root)
	s.customShell(root.get("defaults").get("run").get("shell"))
	inputs := inputDefaults(root)
	wfEnv := envOf(nil, root, inputs)
	if jobs := root.get("jobs"); jobs != nil && jobs.kind == kindObject {
		outs := jobOutputs(jobs)
		for _, job := range jobs.vals {
			if job.kind != kindObject {
				continue
			}
			sh := defaultShell(job)
			s.customShell(job.get("defaults").get("run").get("shell"))
			if sh == "" {
				sh = wfShell
			}
			if sh == "" {
				sh = "bash"
				if ro := job.get("runs-on"); ro != nil && mentionsWindows(ro) {
					sh = "pwsh"
				}
			}
			matrix := append(append([]envVar(nil), inputs...), matrixOf(job)...)
			// ${{ needs.JOB.outputs.KEY }}: what the jobs it needs output
			jobEnv := envOf(wfEnv, job, matrix)
			for _, need := range scalars(job.get("needs")) {
				jobEnv = append(jobEnv, outs[need]...)
			}
			s.steps(job.get("steps"), sh, jobEnv, matrix)
			s.dynamicMatrix(job, jobs)
			s.jobContainers(job)
			if uses := job.get("uses"); uses != nil && uses.kind == kindScalar {
				s.localUses(uses, job.get("with"), matrix, nil) // a reusable workflow
			}
		}
	}
	if runs := root.get("runs"); runs != nil && runs.kind == kindObject {
		// a composite action's steps inherit the caller's environment
		s.steps(runs.get("steps"), "bash", s.callerEnv, inputs)
	}
}

// defaultShell is defaults.run.shell of a workflow or job.
func defaultShell(n *node) string {
	if sh := n.get("defaults").get("run").get("shell"); sh != nil && sh.kind == kindScalar {
		return sh.str
	}
	return ""
}

// customShell judges a `shell:` (of a step, or defaults.run.shell) as the
// program the runner starts for each step: its words, with `{0}` (the
// script file) an unknown word, which is also the last argument when
// `{0}` is not written. `shell: claude -p {0}` hands every step's script
// to the agent; `bash -e {0}` and `python {0}` start no runtime.
func (s *scan) customShell(n *node) {
	if n == nil || n.kind != kindScalar || !n.isString {
		return
	}
	var ws []word
	file := false
	for _, cmd := range splitSystemd(n.text()) {
		for _, w := range cmd {
			if w.t.s == "{0}" {
				w.known, file = false, true
			}
			ws = append(ws, w)
		}
	}
	if len(ws) == 0 {
		return
	}
	if !file {
		ws = append(ws, shellScriptWord(ws[len(ws)-1]))
	}
	s.judge(ws, "")
}

func mentionsWindows(n *node) bool {
	switch n.kind {
	case kindScalar:
		return strings.Contains(strings.ToLower(n.str), "windows")
	case kindArray:
		for _, e := range n.elems {
			if mentionsWindows(e) {
				return true
			}
		}
	}
	return false
}

// envOf adds the literal values of n's env: mapping to env (later values
// win). A value that is one ${{ matrix.KEY }} the job's matrix lists has
// each of its values (possibilities); other values holding an expression
// are set at run time and left out.
func envOf(env []envVar, n *node, matrix []envVar) []envVar {
	e := n.get("env")
	if e == nil || e.kind != kindObject {
		return env
	}
	out := append([]envVar(nil), env...)
	for i, k := range e.keys {
		v := e.vals[i]
		if !isEnvName(k.str) || v.kind != kindScalar {
			continue
		}
		if strings.Contains(v.str, "${{") {
			if name, ok := exprVar(v.str); ok {
				// an outer env: value too (`B: ${{ env.A }}`)
				for _, m := range append(out[:len(out):len(out)], matrix...) {
					if m.name == name {
						out = append(out, envVar{name: k.str, val: m.val, dflt: m.dflt})
					}
				}
			}
			for _, l := range exprLiterals(v.str) {
				out = append(out, envVar{name: k.str, val: text{s: l, m: constMap(len(l), v.text().fileOff(0))}})
			}
			continue
		}
		out = append(out, envVar{name: k.str, val: v.text()})
	}
	return out
}

// exprVar returns the shell variable that stands for s when s is one
// `${{ matrix.KEY }}`, `${{ inputs.KEY }}` or `${{ env.NAME }}`
// expression (the last is the variable NAME the step's env: sets).
func exprVar(s string) (string, bool) {
	s = strings.TrimSpace(s)
	inner, ok := strings.CutPrefix(s, "${{")
	if !ok {
		return "", false
	}
	inner, ok = strings.CutSuffix(inner, "}}")
	if !ok || strings.Contains(inner, "}}") {
		return "", false
	}
	inner = strings.TrimSpace(inner)
	if k, ok := strings.CutPrefix(inner, "matrix."); ok {
		return matrixVar(k), true
	}
	if k, ok := strings.CutPrefix(inner, "inputs."); ok {
		return shellName(inputPrefix, k), true
	}
	if k, ok := strings.CutPrefix(inner, "env."); ok && isEnvName(k) {
		return k, true
	}
	if rest, ok := strings.CutPrefix(inner, "steps."); ok {
		if id, k, ok := strings.Cut(rest, ".outputs."); ok {
			return stepOutputVar(id, k), true
		}
	}
	if rest, ok := strings.CutPrefix(inner, "needs."); ok {
		if job, k, ok := strings.Cut(rest, ".outputs."); ok {
			return jobOutputVar(job, k), true
		}
	}
	return "", false
}

// jobOutputVar names the shell variable that stands for ${{
// needs.JOB.outputs.KEY }}.
func jobOutputVar(job, k string) string { return shellName(needsPrefix, job+"."+k) }

// jobOutputs lists, by job id, the values of each job's outputs: (what
// ${{ needs.JOB.outputs.KEY }} is in the jobs that need it): a literal
// value, the values an expression writes in it (exprLiterals), or the
// literal values its steps write to $GITHUB_OUTPUT when the output is
// ${{ steps.ID.outputs.KEY }}. A value computed at run time is left out,
// as for a step's own outputs.
func jobOutputs(jobs *node) map[string][]envVar {
	out := map[string][]envVar{}
	for i, job := range jobs.vals {
		o := job.get("outputs")
		if job.kind != kindObject || o == nil || o.kind != kindObject {
			continue
		}
		id := jobs.keys[i].str
		var written []envVar
		if st := job.get("steps"); st != nil && st.kind == kindArray {
			for _, step := range st.elems {
				sid, run := step.get("id"), step.get("run")
				if sid == nil || sid.kind != kindScalar || run == nil || run.kind != kindScalar || !run.isString {
					continue
				}
				written = append(written, githubEnvWrites(run.text(), "GITHUB_OUTPUT", func(k string) string { return stepOutputVar(sid.str, k) })...)
			}
		}
		for j, k := range o.keys {
			v := o.vals[j]
			if v.kind != kindScalar {
				continue
			}
			name := jobOutputVar(id, k.str)
			if !strings.Contains(v.str, "${{") {
				out[id] = append(out[id], envVar{name: name, val: v.text()})
				continue
			}
			if ref, ok := exprVar(v.str); ok {
				for _, w := range written {
					if w.name == ref {
						out[id] = append(out[id], envVar{name: name, val: w.val})
					}
				}
			}
			for _, l := range exprLiterals(v.str) {
				out[id] = append(out[id], envVar{name: name, val: text{s: l, m: constMap(len(l), v.text().fileOff(0))}})
			}
		}
	}
	return out
}

// scalars is the strings of a scalar or a list of scalars (`needs: a`,
// `needs: [a, b]`).
func scalars(n *node) []string {
	switch {
	case n == nil:
		return nil
	case n.kind == kindScalar:
		return []string{n.str}
	case n.kind == kindArray:
		var out []string
		for _, e := range n.elems {
			if e != nil && e.kind == kindScalar {
				out = append(out, e.str)
			}
		}
		return out
	}
	return nil
}

// stepOutputVar names the shell variable that stands for ${{
// steps.ID.outputs.KEY }}.
func stepOutputVar(id, k string) string { return shellName(stepsPrefix, id+"."+k) }

// matrixPrefix and inputPrefix start the shell variables that stand for
// ${{ matrix.x }} and ${{ inputs.x }}.
const (
	matrixPrefix = "LEASEGATE_MATRIX_"
	inputPrefix  = "LEASEGATE_INPUT_"
	stepsPrefix  = "LEASEGATE_STEPS_"
	needsPrefix  = "LEASEGATE_NEEDS_"
)

// matrixOf lists the values of a job's strategy.matrix, each a
// possibility of ${{ matrix.KEY }}: the elements of each KEY: list and
// the KEY: values of each include: entry. The matrix, or a KEY's list,
// may be written as `${{ fromJSON('...') }}` of a literal JSON text: that
// JSON is read (its values placed at the expression). Any other value
// that is an expression (fromJSON(needs.x.outputs.list)) is set at run
// time and left out, so the expression stays unknown.
func matrixOf(job *node) []envVar {
	m := job.get("strategy").get("matrix")
	if m == nil {
		return nil
	}
	mAt := -1 // where the matrix's literal JSON is, when it is one
	if lit := fromJSONLiteral(m); lit != nil {
		m, mAt = lit, m.text().fileOff(0)
	}
	if m.kind != kindObject {
		return nil
	}
	var out []envVar
	add := func(k string, v *node, at int) {
		if v == nil || v.kind != kindScalar || strings.Contains(v.str, "${{") {
			return
		}
		val := v.text()
		if at >= 0 {
			val = text{s: v.str, m: constMap(len(v.str), at)}
		}
		out = append(out, envVar{name: matrixVar(k), val: val})
	}
	for i, k := range m.keys {
		v, at := m.vals[i], mAt
		if lit := fromJSONLiteral(v); lit != nil && at < 0 {
			v, at = lit, v.text().fileOff(0)
		}
		switch {
		case k.str == "include" && v.kind == kindArray:
			for _, e := range v.elems {
				if e.kind == kindObject {
					for j, ek := range e.keys {
						add(ek.str, e.vals[j], at)
					}
				}
			}
		case k.str == "exclude":
		case v.kind == kindArray:
			for _, e := range v.elems {
				add(k.str, e, at)
			}
		}
	}
	return out
}

// fromJSONRE is one `${{ fromJSON('...') }}` expression of a literal
// string (a quote inside is written twice).
var fromJSONRE = regexp.MustCompile(`^\s*\$\{\{\s*(?i:fromJSON)\(\s*'((?:[^']|'')*)'\s*\)\s*\}\}\s*$`)

// fromJSONLiteral is the document of a scalar that is fromJSON of a
// literal JSON text, or nil. Its offsets are the JSON text's, not the
// file's.
func fromJSONLiteral(v *node) *node {
	if v == nil || v.kind != kindScalar || !strings.Contains(v.str, "fromJ") {
		return nil
	}
	sm := fromJSONRE.FindStringSubmatch(v.str)
	if sm == nil {
		return nil
	}
	d, err := parseJSON([]byte(strings.ReplaceAll(sm[1], "''", "'")))
	if err != nil {
		return nil
	}
	return d
}

// matrixVar names the shell variable that stands for ${{ matrix.k }}.
func matrixVar(k string) string { return shellName(matrixPrefix, k) }

// shellName is prefix+k with the bytes a shell name cannot hold replaced.
func shellName(prefix, k string) string {
	b := []byte(k)
	for i, c := range b {
		if !isNameByte(c) {
			b[i] = '_'
		}
	}
	return prefix + string(b)
}

// inputDefaults lists the literal `default:` of each input a composite
// action (inputs:) or a workflow (on.workflow_call.inputs,
// on.workflow_dispatch.inputs) declares: what ${{ inputs.KEY }} is when
// the caller does not set it. A caller may set it, so a launch through a
// default is dynamic (like a Dockerfile ARG).
func inputDefaults(root *node) []envVar {
	var out []envVar
	add := func(inputs *node) {
		if inputs == nil || inputs.kind != kindObject {
			return
		}
		for i, k := range inputs.keys {
			d := inputs.vals[i].get("default")
			if d == nil || d.kind != kindScalar || strings.Contains(d.str, "${{") {
				continue
			}
			out = append(out, envVar{name: shellName(inputPrefix, k.str), val: d.text(), dflt: true})
		}
	}
	add(root.get("inputs"))
	on := root.get("on")
	add(on.get("workflow_call").get("inputs"))
	add(on.get("workflow_dispatch").get("inputs"))
	return out
}

// exprRefs replaces each ${{ matrix.KEY }} (or ${{ inputs.KEY }}) that
// vars lists with a reference to the shell variable that holds its
// values, and each expression whose possible values are written in it
// (exprLiterals) with a reference to a new variable holding them, which
// it returns; each reference maps to where the expression is.
func exprRefs(t text, vars []envVar) (text, []envVar) {
	if !strings.Contains(t.s, "${{") {
		return t, nil
	}
	var parts []text
	var extra []envVar
	last := 0
	for i := 0; i+2 < len(t.s); {
		k := strings.Index(t.s[i:], "${{")
		if k < 0 {
			break
		}
		start := i + k
		end := strings.Index(t.s[start:], "}}")
		if end < 0 {
			break
		}
		end += start + 2
		i = end
		name, ok := exprVar(t.s[start:end])
		if !ok || !slices.ContainsFunc(vars, func(e envVar) bool { return e.name == name }) {
			lits := exprLiterals(t.s[start:end])
			if len(lits) == 0 {
				continue
			}
			name = fmt.Sprintf("%s%d", exprPrefix, len(extra))
			for _, l := range lits {
				extra = append(extra, envVar{name: name, val: text{s: l, m: constMap(len(l), t.fileOff(start))}})
			}
		}
		ref := "${" + name + "}"
		parts = append(parts, text{s: t.s[last:start], m: t.m[last : start+1]}, text{s: ref, m: constMap(len(ref), t.fileOff(start))})
		last = end
	}
	if parts == nil {
		return t, nil
	}
	return joinText(append(parts, text{s: t.s[last:], m: t.m[last:]})...), extra
}

// exprPrefix starts the shell variables that stand for expressions whose
// values are written in them.
const exprPrefix = "LEASEGATE_EXPR_"

// exprLiterals returns the strings a `${{ ... }}` expression (the whole
// of s) may be when they are written in it: a string literal ('claude'),
// format() of literals (format('{0}de', 'clau')), and the literal
// operands of `||` and `&&` (`cond && 'claude' || 'pi'`: each is a
// possibility, the runner picks by the condition). Other operands
// (comparisons, contexts) are left out; nil when none is literal.
func exprLiterals(s string) []string {
	s = strings.TrimSpace(s)
	inner, ok := strings.CutPrefix(s, "${{")
	if !ok {
		return nil
	}
	inner, ok = strings.CutSuffix(inner, "}}")
	if !ok || strings.Contains(inner, "}}") || !strings.Contains(inner, "'") {
		return nil
	}
	var out []string
	for _, op := range exprSplit(inner, "||", "&&") {
		if v, ok := exprString(op, 0); ok {
			out = append(out, v)
		}
	}
	return out
}

// maxExprNesting bounds format() inside format(): deeper is unknown.
const maxExprNesting = 8

// exprString evaluates a literal string or format() of literals.
func exprString(e string, depth int) (string, bool) {
	e = strings.TrimSpace(e)
	for len(e) >= 2 && e[0] == '(' && e[len(e)-1] == ')' {
		e = strings.TrimSpace(e[1 : len(e)-1])
	}
	if len(e) >= 2 && e[0] == '\'' && e[len(e)-1] == '\'' {
		body := e[1 : len(e)-1]
		if strings.Contains(strings.ReplaceAll(body, "''", ""), "'") {
			return "", false
		}
		return strings.ReplaceAll(body, "''", "'"), true
	}
	args, ok := strings.CutPrefix(e, "format(")
	if !ok || !strings.HasSuffix(args, ")") || depth >= maxExprNesting {
		return "", false
	}
	parts := exprSplit(args[:len(args)-1], ",")
	vals := make([]string, len(parts))
	for i, p := range parts {
		if vals[i], ok = exprString(p, depth+1); !ok {
			return "", false
		}
	}
	out := vals[0]
	for i := len(vals) - 1; i >= 1; i-- {
		out = strings.ReplaceAll(out, fmt.Sprintf("{%d}", i-1), vals[i])
	}
	return out, true
}

// exprSplit splits an expression at the separators outside quotes and
// parentheses.
func exprSplit(e string, seps ...string) []string {
	var out []string
	depth, start := 0, 0
	quote := false
	for i := 0; i < len(e); i++ {
		c := e[i]
		switch {
		case c == '\'':
			quote = !quote
		case quote:
		case c == '(':
			depth++
		case c == ')':
			depth--
		case depth == 0:
			for _, sep := range seps {
				if strings.HasPrefix(e[i:], sep) {
					out = append(out, e[start:i])
					start = i + len(sep)
					i += len(sep) - 1
					break
				}
			}
		}
	}
	return append(out, e[start:])
}

func (s *scan) steps(steps *node, defShell string, env []envVar, matrix []envVar) {
	if steps == nil || steps.kind != kindArray {
		return
	}
	// variables a step writes to $GITHUB_ENV are the next steps'
	env = append([]envVar(nil), env...)
	for _, st := range steps.elems {
		if st == nil || st.kind != kindObject {
			continue
		}
		if uses := st.get("uses"); uses != nil && uses.kind == kindScalar {
			s.uses(uses, st.get("with"))
			stEnv := envOf(env, st, matrix)
			s.localUses(uses, st.get("with"), append(stEnv[:len(stEnv):len(stEnv)], matrix...), stEnv)
			s.githubScript(uses, st.get("with"))
			s.dockerUses(uses, st.get("with"), stEnv)
			s.actionInputs(uses, st.get("with"), stEnv, matrix)
		}
		run := st.get("run")
		if run == nil || run.kind != kindScalar || !run.isString {
			continue
		}
		sh := defShell
		if v := st.get("shell"); v != nil && v.kind == kindScalar {
			sh = v.str
			s.customShell(v)
		}
		s.runStep(run.text(), sh, envOf(env, st, matrix), matrix)
		env = append(env, githubEnvWrites(run.text(), "GITHUB_ENV", nil)...)
		if id := st.get("id"); id != nil && id.kind == kindScalar && id.str != "" {
			// the outputs it writes are ${{ steps.ID.outputs.KEY }}
			env = append(env, githubEnvWrites(run.text(), "GITHUB_OUTPUT", func(k string) string { return stepOutputVar(id.str, k) })...)
		}
	}
}

// githubEnvRE finds a line of a run: script that writes NAME=value to the
// job's environment file (`echo "AGENT=claude" >> "$GITHUB_ENV"`, also
// printf and `${GITHUB_ENV}`) or to the step's output file
// ($GITHUB_OUTPUT).
var githubEnvRE = regexp.MustCompile(`(?m)^[ \t]*(?:echo|printf)[ \t]+(?:-e[ \t]+)?(["']?)([A-Za-z_][A-Za-z0-9_-]*)=([^"'\n>]*)(["']?)(?:\\n)?[ \t]*>>?[ \t]*["']?\$\{?(GITHUB_ENV|GITHUB_OUTPUT)\}?["']?[ \t]*$`)

// githubEnvWrites are the variables a run: script writes to file
// ($GITHUB_ENV, which every later step of the job sees, or
// $GITHUB_OUTPUT, the step's outputs), each named by name (nil: as
// written). A value that is not literal text (a `$`, an expression) is not
// known: the variable is then left out, as an unknown value names no
// launch by itself.
func githubEnvWrites(t text, file string, name func(string) string) []envVar {
	var out []envVar
	for _, m := range githubEnvRE.FindAllStringSubmatchIndex(t.s, -1) {
		if m[2] != m[3] && t.s[m[2]:m[3]] != t.s[m[8]:m[9]] || t.s[m[10]:m[11]] != file {
			continue // unbalanced quotes, or the other file
		}
		val := t.s[m[6]:m[7]]
		if strings.ContainsAny(val, "$`\\") {
			continue
		}
		k := t.s[m[4]:m[5]]
		switch {
		case name != nil:
			k = name(k)
		case !isEnvName(k):
			continue
		}
		out = append(out, envVar{name: k, val: text{s: val, m: t.m[m[6] : m[7]+1]}})
	}
	return out
}

// runStep scans a run: script by its shell, with the literal env: values
// of the workflow, job and step it refers to set first. POSIX shells (bash, sh, zsh,
// and custom `bash -e {0}` forms) go to the shell detector, with each
// ${{ matrix.KEY }} the job's matrix lists (or ${{ inputs.KEY }} with a
// default) standing for its values, an expression whose values are
// written in it standing for them (see exprRefs), and every other
// `${{ ... }}` expression blanked out (same
// length, so positions hold): the expression is evaluated by the runner,
// not by the shell. PowerShell and cmd are judged word by word (see
// powershell). A Python, Node, Deno or Bun program goes to the suite's
// detector of its language (stepPrograms); other interpreters (perl) are
// not scanned for launches, and the raw primitive search still covers
// them.
func (s *scan) runStep(t text, sh string, env []envVar, matrix []envVar) {
	prog := sh
	if f := strings.Fields(sh); len(f) > 0 {
		prog = path.Base(f[0])
	}
	switch {
	case prog == "" || scanner.IsShellInterpreter(prog):
		menv := matrix
		if len(env) > 0 {
			menv = append(append([]envVar(nil), env...), matrix...)
		}
		t, extra := exprRefs(t, menv)
		if len(extra) > 0 {
			menv = append(append([]envVar(nil), menv...), extra...)
		}
		s.shell(withEnv(blankExpressions(t), menv), "", nil)
	case prog == "pwsh" || prog == "powershell" || prog == "cmd":
		s.powershell(blankExpressions(t))
	case stepPrograms[prog] != "":
		s.program(stepPrograms[prog], blankExpressions(t))
	}
}

// stepPrograms names, for each interpreter a run: step's shell may be,
// the file its script is scanned as (the extension picks the detector).
var stepPrograms = map[string]string{
	"python": "step.py", "python3": "step.py", "python2": "step.py", "pypy3": "step.py",
	"node": "step.js", "nodejs": "step.js",
	"deno": "step.ts", "bun": "step.ts", "tsx": "step.ts", "ts-node": "step.ts",
}

// blankExpressions replaces each `${{ ... }}` with underscores of the same
// length (newlines kept).
func blankExpressions(t text) text {
	if !strings.Contains(t.s, "${{") {
		return t
	}
	b := []byte(t.s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] != '$' || b[i+1] != '{' || b[i+2] != '{' {
			continue
		}
		end := strings.Index(string(b[i:]), "}}")
		if end < 0 {
			break
		}
		for k := i; k < i+end+2; k++ {
			if b[k] != '\n' {
				b[k] = '_'
			}
		}
		i += end + 1
	}
	return text{s: string(b), m: t.m}
}

// isExecutableInput reports whether k is an action input that names the
// agent binary the action runs.
func isExecutableInput(k string) bool {
	k = strings.ToLower(k)
	return strings.Contains(k, "executable") || strings.Contains(k, "_path_to_claude") || k == "claude_path"
}

// uses reports a step that uses an action known to start an agent. It is
// class sdk, like an Agent SDK entry point: the action starts the runtime
// as a child process itself. It is gated when an executable input
// (path_to_claude_code_executable and the like) points at a launch-runtime
// shim: a path whose last element starts with "launch-runtime".
func (s *scan) uses(uses, with *node) {
	if !s.p.Config.IsAgentAction(uses.str) {
		return
	}
	rt := s.actionRuntime(uses.str)
	cls := scanner.ClassSDK
	var input, value string // the executable input set, and its value
	if with != nil && with.kind == kindObject {
		for i, k := range with.keys {
			v := with.vals[i]
			if !isExecutableInput(k.str) {
				continue
			}
			input = k.str
			if v.kind == kindScalar {
				value = strings.TrimSpace(v.str)
				if strings.HasPrefix(path.Base(value), scanner.WrapperCommand) {
					cls = scanner.ClassGated
				}
			}
		}
	}
	pos := s.pos(uses.off)
	s.p.Report(scanner.Finding{Line: pos.Line, Column: pos.Column, Runtime: rt, Class: cls, Message: actionMessage(rt, uses.str, cls, input, value)})
}

// claudeCodeExecutableInput is the input of Anthropic's Claude Code
// actions that names the binary they run.
const claudeCodeExecutableInput = "path_to_claude_code_executable"

// actionMessage says what to set: the executable input (named, for the
// built-in actions) pointing at a shim that execs launch-runtime.
func actionMessage(rt, action string, cls scanner.Class, input, value string) string {
	if cls == scanner.ClassGated {
		return rt + " started by action `" + action + "` through a launch-runtime shim"
	}
	head := rt + " started by action `" + action + "`, bypassing launch-runtime"
	const fix = " to a shim named `launch-runtime-<name>` that execs `launch-runtime --runtime "
	switch {
	case input != "" && value != "" && len(value) <= 80 && !strings.ContainsAny(value, "\n\r`"):
		return head + ": its input `" + input + "` is `" + value + "`, not a launch-runtime shim; set it" + fix + rt + " -- \"$@\"`"
	case input != "":
		return head + ": its input `" + input + "` is not a launch-runtime shim; set it" + fix + rt + " -- \"$@\"`"
	case isBuiltinAgentAction(action):
		return head + ": set its input `" + claudeCodeExecutableInput + "`" + fix + rt + " -- \"$@\"`"
	}
	return head + ": set its executable input" + fix + rt + " -- \"$@\"`"
}

// isBuiltinAgentAction reports whether uses names one of Anthropic's Claude
// Code actions, whose executable input is path_to_claude_code_executable.
func isBuiltinAgentAction(uses string) bool {
	name, _, _ := strings.Cut(strings.ToLower(uses), "@")
	return name == "anthropics/claude-code-action" || name == "anthropics/claude-code-base-action"
}

// actionRuntime is the runtime an agent action starts: a configured
// runtime named in the action's name, else claude (the built-in agent
// actions are Claude Code's).
func (s *scan) actionRuntime(uses string) string {
	name := strings.ToLower(uses)
	for _, rt := range s.p.Config.RuntimeNames() {
		if len(rt) > 2 && strings.Contains(name, rt) {
			return rt
		}
	}
	return "claude"
}

// composeService judges a service's entrypoint and command, each alone
// (`docker compose run` may replace either) and as the one argv the
// container runs (entrypoint ["sh", "-c"] with command ["claude -p x"]).
// A string alone is a command line (the shell detector); joined, it is
// split into words as compose splits it (quotes, backslashes; no shell).
// `$$` is compose's escape of `$`: the container sees `$`. The service's
// literal `environment:` values (map or KEY=VALUE list) are set for the
// shell text it runs (a string, or the script of `sh -c`), so
// `AGENT_BIN: claude` with `sh -c 'exec $$AGENT_BIN -p'` is a launch.
// The nodes judged here are skipped by the generic walk.
func (s *scan) composeService(svc *node, vars composeVars) {
	if svc == nil || svc.kind != kindObject {
		return
	}
	if b := svc.get("build"); b != nil && b.kind == kindObject {
		// the image's Dockerfile written inline: scanned as one, its
		// links and copies kept for the service's command
		if di := b.get("dockerfile_inline"); di != nil && di.kind == kindScalar && di.isString {
			s.done[di] = true
			s.program("Dockerfile", di.text())
		}
	}
	env := overrideEnv(s.composeEnvFiles(svc.get("env_file")), composeEnv(svc.get("environment"), vars))
	s.env = env
	defer func() { s.env = nil }()
	for _, k := range []string{"entrypoint", "command"} {
		n := svc.get(k)
		if n == nil {
			continue
		}
		s.done[n] = true
		switch {
		case n.kind == kindScalar && n.isString:
			t, subst := s.composeShell(n.text(), vars)
			s.shell(withEnv(composeUnescape(t), append(subst, env...)), "", nil)
			if ws, ok := composeWords(n, vars); ok && (len(env) > 0 || len(subst) > 0) {
				// What compose runs is the string's words: a shell
				// they start (`sh -c '$$X'`) has the environment.
				s.judgeMore(ws)
			}
		case n.kind == kindArray:
			ws, _ := composeWords(n, vars)
			s.judge(ws, "")
		}
	}
	ep, ok := composeWords(svc.get("entrypoint"), vars)
	if !ok || len(ep) == 0 {
		return
	}
	cmd, ok := composeWords(svc.get("command"), vars)
	if !ok || len(cmd) == 0 {
		return
	}
	s.judge(append(ep, cmd...), "")
}

// judgeMore judges ws and reports only the launches the file's findings
// do not already hold at the same place (a string scanned as shell, then
// as the argv it also is).
func (s *scan) judgeMore(ws []word) {
	key := func(f scanner.Finding) string {
		return fmt.Sprintf("%d:%d:%s:%s", f.Line, f.Column, f.Runtime, f.Class)
	}
	have := map[string]bool{}
	for _, f := range s.p.Findings() {
		have[key(f)] = true
	}
	sub := newScan(s.p.Fork(s.p.Path, s.src))
	sub.env = s.env
	sub.judge(ws, "")
	for _, f := range sub.p.Findings() {
		if !have[key(f)] {
			s.p.Report(f)
		}
	}
}

// composeEnv lists a service's literal environment values: a map, or a
// list of KEY=VALUE strings. A value compose interpolates from the host
// (`${X}`) is unknown and left out; `$$` is a literal `$`.
// composeEnvFiles lists the literal values a service's `env_file:` sets
// (a path, a list of paths, or of objects with a `path:`), from the
// files of the scan it names; a later file's value of a name replaces an
// earlier one's.
func (s *scan) composeEnvFiles(e *node) []envVar {
	var env []envVar
	for _, f := range e.items() {
		if f.kind == kindObject {
			f = f.get("path")
		}
		if f != nil && f.kind == kindScalar {
			env = overrideEnv(env, s.envFile(f.str, f.off))
		}
	}
	return env
}

func composeEnv(e *node, vars composeVars) []envVar {
	var out []envVar
	set := func(name string, v text) {
		// a value interpolated from the project's .env is one the host
		// may replace: a default
		interpolated := len(composeRefs(v)) > 0
		v, known := vars.interp(v, 0)
		if !known {
			return
		}
		v = composeUnescape(v)
		if isEnvName(name) && !strings.ContainsAny(v.s, "$`") {
			out = append(out, envVar{name: name, val: v, dflt: interpolated})
		}
	}
	switch {
	case e == nil:
	case e.kind == kindObject:
		for i, k := range e.keys {
			if v := e.vals[i]; v.kind == kindScalar {
				set(k.str, v.text())
			}
		}
	case e.kind == kindArray:
		for _, v := range e.elems {
			if v.kind != kindScalar {
				continue
			}
			t := v.text()
			if eq := strings.IndexByte(t.s, '='); eq > 0 {
				set(t.s[:eq], text{s: t.s[eq+1:], m: t.m[eq+1:]})
			}
		}
	}
	return out
}

// composeUnescape turns compose's `$$` into the `$` the container sees.
func composeUnescape(t text) text {
	if !strings.Contains(t.s, "$$") {
		return t
	}
	var b builder
	for i := 0; i < len(t.s); i++ {
		if t.s[i] == '$' && i+1 < len(t.s) && t.s[i+1] == '$' {
			i++
		}
		b.add(t.s[i:i+1], t.fileOff(i))
	}
	return b.text(t.fileOff(len(t.s)))
}

// composeWords is a compose entrypoint or command as argv words (`$$`
// unescaped): a list's elements, or a string's words. ok is false for
// anything else, and for a string holding `;` (split there as a command
// list, which compose does not do).
func composeWords(n *node, vars composeVars) ([]word, bool) {
	if n == nil {
		return nil, false
	}
	switch {
	case n.kind == kindArray:
		var ws []word
		for _, e := range n.elems {
			w := scalarWord(e)
			if w.known {
				w = vars.word(w)
				w.t = composeUnescape(w.t)
			}
			ws = append(ws, w)
		}
		return ws, true
	case n.kind == kindScalar && n.isString:
		cmds := splitSystemd(n.text())
		if len(cmds) == 1 {
			ws := cmds[0]
			for i, w := range ws {
				if w.known {
					w = vars.word(w)
					w.t = composeUnescape(w.t)
				}
				ws[i] = w
			}
			return ws, true
		}
	}
	return nil, false
}

// compose scans each service's entrypoint and command (composeService)
// and its healthcheck test (["CMD", ...] is an argv, ["CMD-SHELL", "..."]
// and a string are shell, with the service's environment).
func (s *scan) compose(root *node) {
	services := root.get("services")
	if services == nil || services.kind != kindObject {
		return
	}
	vars := s.composeDotenv()
	for _, svc := range services.vals {
		s.composeService(svc, vars)
		test := svc.get("healthcheck").get("test")
		if test == nil {
			continue
		}
		env := overrideEnv(s.composeEnvFiles(svc.get("env_file")), composeEnv(svc.get("environment"), vars))
		switch test.kind {
		case kindScalar:
			if test.isString {
				t, subst := s.composeShell(test.text(), vars)
				s.shell(withEnv(composeUnescape(t), append(subst, env...)), "", nil)
			}
		case kindArray:
			if len(test.elems) < 2 || test.elems[0].kind != kindScalar {
				continue
			}
			switch test.elems[0].str {
			case "CMD":
				var ws []word
				for _, e := range test.elems[1:] {
					ws = append(ws, vars.word(scalarWord(e)))
				}
				s.judge(ws, "")
			case "CMD-SHELL":
				if e := test.elems[1]; e.kind == kindScalar {
					t, subst := s.composeShell(e.text(), vars)
					s.shell(withEnv(composeUnescape(t), append(subst, env...)), "", nil)
				}
			}
		}
	}
}

// githubScriptPrelude is what actions/github-script puts in scope of its
// script besides github, context, core, glob and io: `exec` is the
// @actions/exec module and `require` is Node's. The script body runs
// inside an async function (top-level await and return are allowed).
const githubScriptPrelude = "const exec = require('@actions/exec'); (async function (github, context, core, glob, io) {\n"

// githubScript scans the `script:` input of actions/github-script (any
// ref) as the JavaScript it is, with the action's prelude in scope, by the
// suite's TS/JS detector (Pass.ScanAs), like a run: step whose shell is
// node. Expressions are blanked first, as in run: steps.
func (s *scan) githubScript(uses, with *node) {
	name, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(uses.str)), "@")
	if name != "actions/github-script" {
		return
	}
	script := with.get("script")
	if script == nil || script.kind != kindScalar || !script.isString {
		return
	}
	body := blankExpressions(script.text())
	pre := text{s: githubScriptPrelude, m: constMap(len(githubScriptPrelude), body.fileOff(0))}
	post := "\n})();\n"
	end := body.fileOff(len(body.s))
	s.program("step.js", joinText(pre, body, text{s: post, m: constMap(len(post), end)}))
}

// dockerUses judges a step that runs a container image directly (`uses:
// docker://IMAGE`): its `with: entrypoint` replaces the image's
// entrypoint and `with: args`, a string the runner splits into words
// (quotes honoured, no shell), are its arguments, so the two are one argv.
// Without an entrypoint the image's own is unknown: the args are judged
// alone as the command the image runs (like a Dockerfile CMD, which a
// pass-through entrypoint such as node's `docker-entrypoint.sh` execs), an
// over-approximation. Expressions are blanked (an unknown word), and the
// step's literal env: values are set for a shell the argv starts.
func (s *scan) dockerUses(uses, with *node, env []envVar) {
	if !strings.HasPrefix(strings.TrimSpace(uses.str), "docker://") || with == nil || with.kind != kindObject {
		return
	}
	var argv []word
	if ep := with.get("entrypoint"); ep != nil && ep.kind == kindScalar && ep.isString && strings.TrimSpace(ep.str) != "" {
		argv = append(argv, dockerArgWords(ep)...)
		s.done[ep] = true // judged here, not again by the generic walk
	}
	args := with.get("args")
	if args != nil && args.kind == kindScalar && args.isString {
		argv = append(argv, dockerArgWords(args)...)
	}
	// The step's env: is the container's environment, seen by a shell
	// it starts (`sh -c '$AGENT -p'`).
	s.env = env
	s.judge(argv, "")
	s.env = nil
}

// dockerArgWords splits a docker:// step's entrypoint or args string into
// words as the runner does (blanks outside quotes; no shell), keeping
// positions (systemd's splitting, which is the same but for a lone `;`
// word, dropped here: it names no program).
func dockerArgWords(n *node) []word {
	var ws []word
	for _, cmd := range splitSystemd(blankExpressions(n.text())) {
		ws = append(ws, cmd...)
	}
	return ws
}
