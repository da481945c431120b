package shell

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/leasegate/leasegate/scanner"
)

// The shell side of the repository phase (docs/repository.md): a file
// another sources (`source lib.sh`, `. ./env.sh`) gives the sourcing
// shell its functions and variables, and a file handed whole to a shell
// (`bash notes.txt`) is shell whatever its name.

var _ scanner.Linker = Detector{}

// sourceRE finds a command that sources a file.
var sourceRE = regexp.MustCompile(`(?m)(?:^|[;&|({]|\bthen|\bdo|\belse)[ \t]*(?:source|\.)[ \t]+([^ \t;&|)\n][^\n]*)`)

// runRE finds a shell run on a file (`bash notes.txt`, `sh ./x`).
var runRE = regexp.MustCompile(`(?m)(?:^|[;&|({"'` + "`" + `]|\s)(?:ba|z|da|k|mk)?sh[ \t]+([^ \t;&|)\n'"-][^\n]*)`)

// stdinRE finds a shell fed a file on its standard input (`bash <
// steps.txt`, `sh -s < ./ci/steps.sh`), and catPipeRE one fed a file
// through a pipe (`cat steps.txt | bash`): either runs the file as
// `bash steps.txt` does.
var (
	stdinRE   = regexp.MustCompile(`(?m)(?:^|[;&|({"'` + "`" + `]|\s)(?:ba|z|da|k|mk)?sh(?:[ \t]+-[A-Za-z]+)*[ \t]*<[ \t]*([^ \t;&|)<(\n][^\n]*)`)
	catPipeRE = regexp.MustCompile(`(?m)(?:^|[;&|({"'` + "`" + `]|\s)cat[ \t]+([^ \t;&|)<>\n-][^ \t;&|)<>\n]*)[ \t]*\|[ \t]*(?:sudo[ \t]+)?(?:ba|z|da|k|mk)?sh(?:$|[ \t;&|)])`)
)

// dirPrefixRE is a leading reference to the script's own folder
// (`$(dirname "$0")/`, `${BASH_SOURCE%/*}/`, `$DIR/`).
var dirPrefixRE = regexp.MustCompile(`^(?:\$\(dirname\s+"?\$(?:0|\{?BASH_SOURCE(?:\[0\])?\}?)"?\)|\$\{BASH_SOURCE(?:\[0\])?%/\*\}|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?)/`)

// rootHead is the value of `$(git rev-parse --show-toplevel)`: itself,
// so a message shows it as written. A path under it is a path of the
// repository taken from the root alone (Detector.Resolve).
const rootHead = "$(git rev-parse --show-toplevel)"

// gitTopRE is a leading `$(git rev-parse --show-toplevel)/` (or the
// same in backquotes).
var gitTopRE = regexp.MustCompile(`^(?:\$\(\s*git\s+rev-parse\s+--show-toplevel\s*\)|` + "`" + `\s*git\s+rev-parse\s+--show-toplevel\s*` + "`" + `)/`)

// isGitTopLevel reports whether stmts are `git rev-parse --show-toplevel`.
func isGitTopLevel(stmts []*syntax.Stmt) bool {
	if len(stmts) != 1 {
		return false
	}
	c, ok := stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) != 3 || len(c.Assigns) != 0 || len(stmts[0].Redirs) != 0 {
		return false
	}
	return c.Args[0].Lit() == "git" && c.Args[1].Lit() == "rev-parse" && c.Args[2].Lit() == "--show-toplevel"
}

// pathVarRE is a word that starts with a variable's value as a folder
// (`"$CONFIG_DIR/agent.sh"`, `${LIB}/x.sh`).
var pathVarRE = regexp.MustCompile(`^["']?\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/`)

// literalAssignRE is an assignment of a literal, or of a default for the
// environment's value (`CONFIG_DIR=${CONFIG_DIR:-./config}`), at the start
// of a line.
var literalAssignRE = regexp.MustCompile(`(?m)^[ \t]*(?:export[ \t]+|local[ \t]+|readonly[ \t]+|declare[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)=(?:"\$\{[A-Za-z_][A-Za-z0-9_]*:?[-=]([^}$"\x60\n]*)\}"|\$\{[A-Za-z_][A-Za-z0-9_]*:?[-=]([^}$"\x60\s]*)\}|"([^"$\x60\n]*)"|'([^'\n]*)'|([^\s"'$\x60;&|()]+))`)

// maxPathVarValues bounds the literal values of one variable specsOf
// tries as a sourced path's folder.
const maxPathVarValues = 4

// pathVars is the literals a text assigns each variable
// (literalAssignRE), read once, when a sourced path first needs them.
type pathVars struct {
	text string
	vals map[string][]string
}

func (pv *pathVars) of(name string) []string {
	if pv.vals == nil {
		pv.vals = map[string][]string{}
		for _, a := range literalAssignRE.FindAllStringSubmatch(pv.text, -1) {
			v := a[2] + a[3] + a[4] + a[5] + a[6]
			if v != "" && len(pv.vals[a[1]]) < maxPathVarValues && !slices.Contains(pv.vals[a[1]], v) {
				pv.vals[a[1]] = append(pv.vals[a[1]], v)
			}
		}
	}
	return pv.vals[name]
}

// specsOf is specOf, and, for a word that starts with a variable's value
// as a folder, the same path under each literal the text assigns the
// variable (at most maxPathVarValues): `CONFIG_DIR=${CONFIG_DIR:-./config};
// . "$CONFIG_DIR/agent.sh"` sources config/agent.sh when the environment
// leaves it unset.
func specsOf(word string, pv *pathVars) []string {
	var out []string
	if spec := specOf(word); spec != "" {
		out = append(out, spec)
	}
	m := pathVarRE.FindStringSubmatch(word)
	if m == nil {
		return out
	}
	quote := ""
	if word[0] == '"' || word[0] == '\'' {
		quote = word[:1]
	}
	for _, v := range pv.of(m[1] + m[2]) {
		if spec := specOf(quote + strings.TrimSuffix(v, "/") + "/" + word[len(m[0]):]); spec != "" && !slices.Contains(out, spec) {
			out = append(out, spec)
		}
	}
	return out
}

// specOf is the path a sourced or run file's word names, or "" when it is
// not a path the scan can follow (a variable in the middle, a glob).
func specOf(word string) string {
	word = firstWord(word)
	if len(word) >= 2 && (word[0] == '"' || word[0] == '\'') && word[len(word)-1] == word[0] {
		word = word[1 : len(word)-1]
	}
	head := ""
	if m := gitTopRE.FindString(word); m != "" {
		head, word = rootHead+"/", word[len(m):]
	} else if m := dirPrefixRE.FindString(word); m != "" {
		word = "./" + word[len(m):]
	}
	if word == "" || strings.ContainsAny(word, "$`*?[{~") || strings.HasPrefix(word, "/") {
		return ""
	}
	return head + word
}

// firstWord is the first shell word of s: up to the first blank, `;`,
// `&`, `|` or `)` outside quotes and `$(...)`.
func firstWord(s string) string {
	var quote byte
	depth := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '$' && i+1 < len(s) && s[i+1] == '(':
			depth++
			i++
		case c == ')' && depth > 0:
			depth--
		case depth == 0 && (c == ' ' || c == '\t' || c == ';' || c == '&' || c == '|' || c == ')'):
			return s[:i]
		}
	}
	return s
}

// Resolve implements scanner.Linker: a path from the sourcing file's
// folder, else from the root (where scripts are usually run from); a
// path under `$(git rev-parse --show-toplevel)` from the root alone.
func (Detector) Resolve(from, spec string, exists func(string) bool) (string, bool) {
	if spec == "" || strings.HasPrefix(spec, "/") {
		return "", false
	}
	cands := []string{path.Join(path.Dir(from), spec), path.Clean(spec)}
	if rest, ok := strings.CutPrefix(spec, rootHead+"/"); ok {
		cands = []string{path.Clean(rest)}
	}
	for _, c := range cands {
		if c != ".." && !strings.HasPrefix(c, "../") && exists(c) {
			return c, true
		}
	}
	return "", false
}

// noteLinks records the files the text sources (Pass.Needs) and hands
// whole to a shell (Pass.Runs): as its operand, on its standard input or
// through `cat FILE |`.
func noteLinks(p *scanner.Pass, text string, at scanner.Pos) {
	if !strings.Contains(text, "sh") && !strings.Contains(text, ".") {
		return
	}
	// Each expression matches within one line, and only on a line that
	// holds a word every match of it must: it runs on those lines alone
	// (Go's regexp has no literal prefilter of its own here; run over
	// whole texts the four took 40% of the scan of a repository of
	// composite actions).
	pv := &pathVars{text: text}
	for _, m := range matchLines(sourceRE, text, linkExprs[0].keys...) {
		for _, spec := range specsOf(text[m[2]:m[3]], pv) {
			p.Needs = append(p.Needs, spec)
			p.Runs = append(p.Runs, scanner.Run{Spec: spec, At: at.Offset(text, m[2])})
		}
	}
	for _, rk := range linkExprs[1:] {
		for _, m := range matchLines(rk.re, text, rk.keys...) {
			if spec := specOf(text[m[2]:m[3]]); spec != "" {
				p.Runs = append(p.Runs, scanner.Run{Spec: spec, At: at.Offset(text, m[2])})
			}
		}
	}
}

// linkExprs are noteLinks's expressions, sourceRE first, each with the
// words one of which every match of it holds (matchLines).
var linkExprs = []struct {
	re   *regexp.Regexp
	keys []string
}{
	{sourceRE, []string{"source", ". ", ".\t"}},
	{runRE, []string{"sh ", "sh\t"}},
	{stdinRE, []string{"<"}},
	{catPipeRE, []string{"cat"}},
}

// matchLines is re.FindAllStringSubmatchIndex over the lines of text that
// hold one of keys, with offsets into text: the same matches as over the
// whole text for an expression that matches within one line and only
// where one of keys is.
func matchLines(re *regexp.Regexp, text string, keys ...string) [][]int {
	var out [][]int
	for i := 0; i < len(text); {
		j := -1
		for _, k := range keys {
			if x := strings.Index(text[i:], k); x >= 0 && (j < 0 || x < j) {
				j = x
			}
		}
		if j < 0 {
			break
		}
		j += i
		ls := strings.LastIndexByte(text[:j], '\n') + 1
		le := strings.IndexByte(text[j:], '\n')
		if le < 0 {
			le = len(text)
		} else {
			le += j
		}
		for _, m := range re.FindAllStringSubmatchIndex(text[ls:le], -1) {
			for k := range m {
				if m[k] >= 0 {
					m[k] += ls
				}
			}
			out = append(out, m)
		}
		i = le + 1
	}
	return out
}

// source is one file the scanned file sources, directly or through
// another.
type source struct {
	rel  string
	text string
	at   scanner.Pos // the source command in the scanned file
}

// sources lists the files the text sources, depth first, at most
// MaxLinkDepth deep and MaxFileSize in all; a bound reached is reported.
func sources(p *scanner.Pass, text, dir string, at *scanner.Pos, depth int, seen map[string]bool, size *int) []source {
	var out []source
	pv := &pathVars{text: text}
	for _, m := range sourceRE.FindAllStringSubmatchIndex(text, -1) {
		for _, spec := range specsOf(text[m[2]:m[3]], pv) {
			// a nested file is named at the source command in the scanned
			// file that brought it in, and resolves from its own folder
			here := scanner.Pos{Line: 1, Column: 1}.Offset(text, m[2])
			if at != nil {
				here = *at
			}
			if dir != "" && !strings.HasPrefix(spec, rootHead+"/") {
				spec = path.Join(dir, spec)
			}
			rel, src, ok := p.Imports.Source(spec)
			if !ok || seen[rel] {
				continue
			}
			if depth >= scanner.MaxLinkDepth || *size+len(src) > scanner.MaxFileSize {
				p.ReportUnparseable(here, fmt.Sprintf("sourced files nested deeper than %d levels or larger than %d MiB in all; `%s` is not followed", scanner.MaxLinkDepth, scanner.MaxFileSize>>20, rel))
				continue
			}
			seen[rel] = true
			*size += len(src)
			s := string(src)
			out = append(out, sources(p, s, path.Dir(rel), &here, depth+1, seen, size)...)
			out = append(out, source{rel: rel, text: s, at: here})
		}
	}
	return out
}

// scanSourced scans the file again with the text of the files it sources
// before it (their functions and variables are the sourcing shell's), and
// reports what that adds in the file, naming the sourced files.
func scanSourced(p *scanner.Pass, src string, lang syntax.LangVariant) error {
	size := len(src)
	srcs := sources(p, src, "", nil, 0, map[string]bool{p.Path: true}, &size)
	if len(srcs) == 0 {
		return nil
	}
	var pre strings.Builder
	var chain []scanner.Step
	for _, s := range srcs {
		pre.WriteString(s.text)
		if !strings.HasSuffix(s.text, "\n") {
			pre.WriteByte('\n')
		}
		chain = append(chain, scanner.Step{File: s.rel, Line: 1, Column: 1, Note: fmt.Sprintf("sourced at %s:%d", p.Path, s.at.Line)})
	}
	lines := strings.Count(pre.String(), "\n")
	q := p.Fork(p.Path, p.Src)
	if err := scanText(q, pre.String()+src, scanner.Pos{Line: 1, Column: 1}, "", lang, nil, 0, false); err != nil {
		return nil // the sourced text does not parse: it is reported where it is
	}
	have := map[string]bool{}
	for _, f := range p.Findings() {
		have[fmt.Sprintf("%d:%d:%s", f.Line, f.Column, f.Runtime)] = true
	}
	for _, f := range q.Findings() {
		// a launch, or the primitive a sourced value spells in this file
		if f.Line <= lines || !f.IsLaunch() && f.Class != scanner.ClassDangerousPrimitive {
			continue
		}
		f.Line -= lines
		if have[fmt.Sprintf("%d:%d:%s", f.Line, f.Column, f.Runtime)] {
			continue
		}
		mark := p.Mark()
		p.Report(f)
		p.AddChain(mark, chain)
		p.AddPrimitiveChain(mark, chain)
	}
	return nil
}

// Mentions implements scanner.Linker: shell files offer no helpers by
// name (a sourced file is taken whole).
func (Detector) Mentions(string) [][]byte { return nil }
