package gate

import (
	"bytes"
	"encoding/json"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// writeTools maps each tool that writes a file to the tool_input field that
// names it (Claude Code and Pi).
var writeTools = map[string]string{
	"Write":        "file_path",
	"Edit":         "file_path",
	"MultiEdit":    "file_path",
	"NotebookEdit": "notebook_path",
	"write":        "path",
	"edit":         "path",
}

func writeToolNames() []string {
	names := make([]string, 0, len(writeTools))
	for n := range writeTools {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// shellTools are the tools whose tool_input.command is a Bash command.
var shellTools = map[string]bool{"Bash": true, "bash": true}

// Evaluate returns every rule that denies c, enforced and shadow, in policy
// order (the allow-list first). An empty result means the policy has no
// objection; the lease class decision still applies. Evaluate never panics
// on any input and gives the same answer for the same call and file system.
// A nil *Policy has no rules: only the allow-list and the tool_input shape
// are checked.
func (p *Policy) Evaluate(c Call) []Decision {
	if p == nil {
		p = &Policy{fsys: osFS{}}
	}
	var out []Decision
	if len(c.AllowTools) > 0 && !slices.Contains(c.AllowTools, c.Tool) {
		out = append(out, Decision{
			Rule:   RuleAllowList,
			Reason: oneLine("tool " + quoteTool(c.Tool) + " is not in this session's task allow-list (" + strings.Join(c.AllowTools, ",") + ")"),
			Shadow: c.AllowToolsShadow,
		})
	}

	var target string  // write tools: the path named
	var command string // shell tools: the command
	field, isWrite := writeTools[c.Tool]
	isShell := shellTools[c.Tool]
	if isWrite || isShell {
		if isShell {
			field = "command"
		}
		v, reason := stringField(c.Input, field)
		if reason != "" {
			return append(out, Decision{Rule: RuleToolInput, Reason: oneLine(quoteTool(c.Tool) + " tool_input: " + reason)})
		}
		if isWrite {
			target = v
		} else {
			command = v
		}
	}

	var sh *shellFacts
	var targetNorm string
	var targetErr error
	targetDone := false
	var ec *evalCtx // allocated when a rule needs paths
	ctx := func() *evalCtx {
		if ec == nil {
			ec = &evalCtx{c: c}
		}
		return ec
	}
	for _, rs := range p.sets {
		for _, r := range rs.rules {
			detail, hit := "", false
			switch r.kind {
			case kindRole:
				hit = c.AgentType != "" && slices.Contains(r.roles, c.AgentType) && slices.Contains(r.tools, c.Tool)
				if hit {
					detail = "role " + c.AgentType + " may not use " + c.Tool
				}
			case kindPath:
				if !slices.Contains(r.tools, c.Tool) {
					continue
				}
				if r.inputField != "" {
					// A team's own tool (an MCP server's write tool):
					// the path is in the field the rule names.
					v, bad := stringField(c.Input, r.inputField)
					if bad != "" {
						hit, detail = true, "tool_input: "+bad
						break
					}
					n, err := ctx().normalize(p, v, "")
					if err != nil {
						hit, detail = true, v+": "+err.Error()
					} else if pp := p.matchSets(r.paths, n, ctx()); pp != nil {
						hit, detail = true, v+" is protected ("+pp.src+")"
					}
					break
				}
				if !isWrite {
					continue
				}
				if !targetDone {
					targetNorm, targetErr = ctx().normalize(p, target, "")
					targetDone = true
				}
				if targetErr != nil {
					hit, detail = true, target+": "+targetErr.Error()
				} else if pp := p.matchSets(r.paths, targetNorm, ctx()); pp != nil {
					hit, detail = true, target+" is protected ("+pp.src+")"
				}
			case kindUnparseable:
				if !isShell {
					continue
				}
				if sh == nil {
					sh = analyzeShell(command, p.env.Home)
				}
				if sh.err != nil {
					hit, detail = true, sh.err.Error()
				}
			case kindRuntimeLaunch:
				if !isShell {
					continue
				}
				if sh == nil {
					sh = analyzeShell(command, p.env.Home)
				}
				detail, hit = runtimeLaunch(sh)
			case kindCommand:
				if !isShell {
					continue
				}
				if sh == nil {
					sh = analyzeShell(command, p.env.Home)
				}
				detail, hit = p.matchCommand(r.cmd, sh, ctx())
			}
			if hit {
				out = append(out, Decision{Rule: r.id, Reason: oneLine(r.reason + ": " + detail), Shadow: rs.shadow})
			}
		}
	}
	return out
}

// matchSets returns the first pattern of the named path sets that covers
// the normalised path, or nil.
func (p *Policy) matchSets(sets []string, norm string, ec *evalCtx) *pathPattern {
	elems := pathElems(norm, p.fold)
	for _, name := range sets {
		pats := p.paths[name]
		for i := range pats {
			if pats[i].matchElems(elems) {
				return &pats[i]
			}
		}
		if name == "gate-files" {
			pats := ec.session(p)
			for i := range pats {
				if pats[i].matchElems(elems) {
					return &pats[i]
				}
			}
		}
	}
	return nil
}

// evalCtx carries one evaluation's call and caches.
type evalCtx struct {
	c        Call
	fs       cachedFS
	bases    map[string]string // resolved folder per tracked cd
	norm     map[string]normResult
	sess     []pathPattern
	sessDone bool
}

type normResult struct {
	path string
	err  error
}

// normalize resolves a path named by the call; dir, if set, is the folder a
// shell `cd` moved to (relative to the call's folder or absolute).
func (ec *evalCtx) normalize(p *Policy, w, dir string) (string, error) {
	key := dir + "\x00" + w
	if r, ok := ec.norm[key]; ok {
		return r.path, r.err
	}
	if ec.fs.fs == nil {
		ec.fs.fs = p.fsys
	}
	base, ok := ec.bases[dir]
	if !ok {
		var err error
		base, err = normalizePath(&ec.fs, ec.c.Cwd, "/", p.env.Home)
		if err == nil && dir != "" {
			base, err = normalizePath(&ec.fs, dir, base, p.env.Home)
		}
		if err != nil {
			base = "/"
		}
		if ec.bases == nil {
			ec.bases = map[string]string{}
		}
		ec.bases[dir] = base
	}
	var n string
	var err error
	if w = expandHome(w, p.env.Home); strings.HasPrefix(w, "/") {
		n, err = resolveFrom(&ec.fs, "/", w)
	} else {
		n, err = resolveFrom(&ec.fs, base, w)
	}
	if ec.norm == nil {
		ec.norm = map[string]normResult{}
	}
	ec.norm[key] = normResult{n, err}
	return n, err
}

// session compiles the call's own GateFiles once.
func (ec *evalCtx) session(p *Policy) []pathPattern {
	if ec.sessDone {
		return ec.sess
	}
	ec.sessDone = true
	ec.sess = p.sessionPatterns(ec.c)
	return ec.sess
}

// sessionPatterns compiles the call's own GateFiles.
func (p *Policy) sessionPatterns(c Call) []pathPattern {
	var out []pathPattern
	for _, f := range c.GateFiles {
		if f == "" {
			continue
		}
		exp := expandHome(filepath.ToSlash(f), p.env.Home)
		if !path.IsAbs(exp) {
			base := filepath.ToSlash(c.Cwd)
			if !path.IsAbs(base) {
				base = "/" + base
			}
			exp = base + "/" + exp
		}
		pp, err := compilePattern(p.fsys, f, exp, p.env.Home, p.fold)
		if err == nil {
			out = append(out, pp)
		}
	}
	return out
}

// stringField extracts a string field from a tool_input object; reason is
// non-empty when the input does not have that shape.
func stringField(input json.RawMessage, field string) (value, reason string) {
	in := bytes.TrimSpace(input)
	if len(in) == 0 || in[0] != '{' {
		return "", "not a JSON object"
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(in, &m); err != nil {
		return "", "not a JSON object"
	}
	raw, ok := m[field]
	if !ok {
		return "", field + " is missing"
	}
	if err := json.Unmarshal(raw, &value); err != nil {
		return "", field + " is not a string"
	}
	if value == "" {
		return "", field + " is empty"
	}
	if strings.ContainsRune(value, 0) {
		return "", field + " contains a NUL byte"
	}
	return value, ""
}

func quoteTool(t string) string {
	if len(t) > 64 {
		t = t[:64] + "..."
	}
	return "`" + t + "`"
}

// oneLine makes a reason fit the hook's one-line stderr contract: control
// characters (newlines of a here-document, a path holding "\n") become
// spaces, and it is cut at 400 bytes on a rune boundary.
func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == 0x2028 || r == 0x2029 {
			return ' '
		}
		return r
	}, s)
	s = strings.ToValidUTF8(s, "?")
	if len(s) > 400 {
		cut := 397
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}
