package data

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// Sub-makes (docs/repository.md): a recipe that runs make again with
// variables set on its command line (`$(MAKE) -C tools run AGENT=claude`)
// hands them to the Makefile it runs, where they override the file's own
// assignments. When a value names a runtime, the repository phase reads
// that Makefile with the variables set; a launch they add there is RED at
// the value in the recipe, with the chain into the other Makefile.

// maxSubMakes bounds the Makefiles read for the sub-makes of one file
// (over the sub-makes they run in turn); past it the recipe's value is
// reported unparseable.
const maxSubMakes = 64

// subMakeState is shared by a Makefile's scan and the scans of the
// Makefiles its sub-makes run.
type subMakeState struct {
	seen  map[string]bool // file and variables already read
	reads int
}

// override is one variable a sub-make's command line sets.
type override struct {
	name, val string
	off       int // file offset of the value in the recipe
}

// subMakes finds the sub-makes of an expanded recipe line (raw is the
// line as written: `$(MAKE)` expands to an unknown word) and, when a
// variable given to one names a runtime, judges the Makefile it runs.
func (m *makeState) subMakes(raw, out text) {
	if m.foreign || !strings.Contains(out.s, "make") && !strings.Contains(raw.s, "MAKE") {
		return
	}
	makeVar := strings.Contains(raw.s, "$(MAKE)") || strings.Contains(raw.s, "${MAKE}")
	toks := shellTokens(out.s)
	start, cd := true, ""
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if isCommandEnd(t.s) {
			start = true
			continue
		}
		if !start {
			continue
		}
		start = false
		if t.s == "cd" && i+1 < len(toks) && !isCommandEnd(toks[i+1].s) {
			cd = toks[i+1].s
			continue
		}
		if b := path.Base(t.s); b != "make" && b != "gmake" && (t.s != makePlaceholder || !makeVar) {
			continue
		}
		dir, file := cd, ""
		var ovs []override
		for i++; i < len(toks) && !isCommandEnd(toks[i].s); i++ {
			a := toks[i]
			switch {
			case (a.s == "-C" || a.s == "--directory") && i+1 < len(toks):
				i++
				dir = path.Join(dir, toks[i].s)
			case strings.HasPrefix(a.s, "--directory="):
				dir = path.Join(dir, strings.TrimPrefix(a.s, "--directory="))
			case strings.HasPrefix(a.s, "-C") && len(a.s) > 2:
				dir = path.Join(dir, a.s[2:])
			case (a.s == "-f" || a.s == "--file" || a.s == "--makefile") && i+1 < len(toks):
				i++
				file = toks[i].s
			case strings.HasPrefix(a.s, "--file=") || strings.HasPrefix(a.s, "--makefile="):
				_, file, _ = strings.Cut(a.s, "=")
			default:
				if name, val, ok := strings.Cut(a.s, "="); ok && !strings.HasPrefix(name, "-") {
					name = strings.TrimSuffix(strings.TrimSuffix(name, ":"), ":")
					if isMakeName(name) {
						ovs = append(ovs, override{name: name, val: unquoteWord(val), off: out.fileOff(a.off + len(a.s) - len(val))})
					}
				}
			}
		}
		i--
		m.subMake(dir, file, ovs)
	}
}

// subMake judges the Makefile a sub-make runs (in dir, relative to the
// recipe's Makefile; file, or make's default names) with the variables
// ovs set, when one names a runtime.
func (m *makeState) subMake(dir, file string, ovs []override) {
	s := m.s
	at := -1
	for _, o := range ovs {
		if s.p.Config.MentionsRuntime([]byte(o.val)) {
			at = o.off
			break
		}
	}
	if at < 0 || path.IsAbs(dir) || path.IsAbs(file) || strings.Contains(dir+file, makePlaceholder) {
		return
	}
	base := path.Join(path.Dir(s.p.Path), dir)
	cands := []string{"GNUmakefile", "makefile", "Makefile"}
	if file != "" {
		cands = []string{file}
	}
	if s.p.Imports == nil {
		for _, c := range cands {
			s.p.Needs = append(s.p.Needs, makeIncludePrefix+path.Join(base, c))
		}
		return
	}
	var rel string
	var src []byte
	ok := false
	for _, c := range cands {
		if rel, src, ok = s.p.Imports.Source(makeIncludePrefix + path.Join(base, c)); ok {
			break
		}
	}
	if !ok {
		return // not a Makefile of the scan: nothing is known of it
	}
	if s.subs == nil {
		s.subs = &subMakeState{seen: map[string]bool{}}
	}
	set := map[string]string{}
	for _, o := range ovs {
		set[o.name] = o.val
	}
	key := rel + "\x00" + fmt.Sprint(sortedPairs(set))
	if s.subs.seen[key] {
		return
	}
	if s.subDepth >= scanner.MaxLinkDepth || s.subs.reads >= maxSubMakes {
		s.hitLimit(at, fmt.Sprintf("sub-makes nested more than %d deep or more than %d in all; %s is not read with its variables", scanner.MaxLinkDepth, maxSubMakes, rel))
		return
	}
	s.subs.seen[key] = true
	s.subs.reads++
	// What the Makefile launches by itself is reported where it is; what
	// the variables add is reported here.
	plain := s.p.Fork(rel, src)
	ps := newScan(plain)
	ps.noSubMakes = true
	_ = ps.run(KindMakefile, false)
	have := map[string]bool{}
	for _, f := range plain.Findings() {
		have[fmt.Sprintf("%d:%s", f.Line, f.Runtime)] = true
	}
	with := s.p.Fork(rel, src)
	with.Imports = s.p.Imports
	ws := newScan(with)
	ws.overrides, ws.subs, ws.subDepth = set, s.subs, s.subDepth+1
	_ = ws.run(KindMakefile, false)
	if ws.limit != nil {
		s.hitLimit(at, fmt.Sprintf("%s, read with the sub-make's variables: %s", rel, ws.limit.msg))
	}
	s.reportAdded(s.pos(at), rel, with.Findings(), have, "the sub-make's Makefile, with the variables it is given")
}

// sortedPairs is a map as sorted name=value pairs.
func sortedPairs(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k, v := range m {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}

// token is one word of a shell line and its offset.
type token struct {
	s   string
	off int
}

// shellTokens splits a command line into words at blanks outside quotes
// (the quotes kept), with `;`, `&&`, `||` and `|` words of their own.
func shellTokens(s string) []token {
	var out []token
	var quote byte
	start := -1
	flush := func(i int) {
		if start >= 0 {
			out = append(out, token{s: s[start:i], off: start})
			start = -1
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
			if start < 0 {
				start = i
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\\' && i+1 < len(s) && s[i+1] == '\n':
			flush(i)
		case c == ';' || c == '&' || c == '|' || c == '(' || c == ')':
			flush(i)
			j := i + 1
			if j < len(s) && (c == '&' || c == '|') && s[j] == c {
				j++
			}
			out = append(out, token{s: s[i:j], off: i})
			i = j - 1
		default:
			if start < 0 {
				start = i
			}
		}
	}
	flush(len(s))
	return out
}

// isCommandEnd reports a token that ends a command.
func isCommandEnd(t string) bool {
	switch t {
	case ";", "&&", "||", "|", "&", "(", ")":
		return true
	}
	return false
}

// unquoteWord drops the quotes of a word quoted whole.
func unquoteWord(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}
