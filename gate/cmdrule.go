package gate

import (
	"errors"
	"regexp"
	"strings"
)

// cmdRule is a catastrophic-command rule: a command (after wrappers), an
// optional subcommand, and conditions that must all hold. Inside one
// condition any alternative (a flag, a flag with a value, an argument
// pattern, ...) is enough.
type cmdRule struct {
	names            []string // "*" alone: every command, a bare redirect included
	subcommand       []string
	globalValueFlags []string // options before the subcommand that take a value
	valueFlags       []string // options that take a value (so it is not an argument)
	abbrev           bool     // long options may be abbreviated (getopt_long, git)
	dynamic          bool     // judge a command whose name is not static too
	ignoreCase       bool     // arg globs match case-insensitively
	all              []cond

	any bool
}

type cond struct {
	flags      []string
	flagValues []flagValue
	args       []string // globs against positional arguments (see globRE)
	argREs     []*regexp.Regexp
	contains   []string // substrings of any word, here-document or redirect
	namesPath  []string // any argument or redirect names a path of these sets
	writesPath []string // an output redirect names a path of these sets
	ancestors  bool     // namesPath: a folder above a protected path counts
	minArgs    int      // at least this many positional arguments
}

type flagValue struct {
	flags  []string
	values []string // compared case-insensitively
}

func (c *cond) empty() bool {
	return c.flags == nil && c.flagValues == nil && c.args == nil && c.contains == nil &&
		c.namesPath == nil && c.writesPath == nil && c.minArgs == 0
}

func (c *cmdRule) compile() {
	c.any = len(c.names) == 1 && c.names[0] == "*"
	for i := range c.all {
		cd := &c.all[i]
		for _, a := range cd.args {
			if a == "~" || strings.HasPrefix(a, "~/") {
				a = "$HOME" + a[1:]
			}
			re, err := globRE(a, c.ignoreCase)
			if err != nil { // validated by the loader
				panic(err)
			}
			cd.argREs = append(cd.argREs, re)
		}
	}
	// A flag whose value a condition looks at always takes a value.
	for _, cd := range c.all {
		for _, fv := range cd.flagValues {
			for _, f := range fv.flags {
				if !containsStr(c.valueFlags, f) {
					c.valueFlags = append(c.valueFlags, f)
				}
			}
		}
	}
}

// globRE compiles an argument glob: "*" is any text ("/" included), "?"
// one character, "[...]" a class ("[!...]" negated), "\x" a literal x.
// The whole argument must match; fold makes it case-insensitive.
func globRE(g string, fold bool) (*regexp.Regexp, error) {
	var b strings.Builder
	if fold {
		b.WriteString("(?i)")
	}
	b.WriteString("^")
	for i := 0; i < len(g); i++ {
		switch ch := g[i]; ch {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		case '\\':
			if i+1 == len(g) {
				return nil, errors.New("trailing backslash")
			}
			i++
			b.WriteString(regexp.QuoteMeta(g[i : i+1]))
		case '[':
			j := strings.IndexByte(g[i+1:], ']')
			if j < 0 {
				return nil, errors.New("unclosed [")
			}
			class := g[i+1 : i+1+j]
			if class == "" || class == "!" {
				return nil, errors.New("empty [] class")
			}
			if class[0] == '!' {
				class = "^" + class[1:]
			}
			b.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
			i += j + 1
		default:
			b.WriteString(regexp.QuoteMeta(g[i : i+1]))
		}
	}
	b.WriteString("$")
	return regexp.Compile(b.String())
}

// parsedArgs is a command's arguments split into options and positionals
// according to one rule's view of its options.
type parsedArgs struct {
	flags       []flagSeen
	positionals []string
}

type flagSeen struct {
	name  string // "-f" or "--force"
	value string
	long  bool
}

// parseArgs splits args into flags and positionals. Short flags cluster
// (-rf is -r -f); a value flag takes the rest of its cluster or the next
// word; "--" ends the options; options may follow positionals.
func parseArgs(args []string, valueFlags []string, abbrev bool) parsedArgs {
	var pa parsedArgs
	for i := 0; i < len(args); i++ {
		w := args[i]
		switch {
		case w == "--":
			pa.positionals = append(pa.positionals, args[i+1:]...)
			return pa
		case strings.HasPrefix(w, "--"):
			name, val, hasVal := strings.Cut(w, "=")
			if !hasVal && flagIn(name, valueFlags, abbrev) && i+1 < len(args) {
				i++
				val = args[i]
			}
			pa.flags = append(pa.flags, flagSeen{name: name, value: val, long: true})
		case len(w) > 1 && w[0] == '-':
			for j := 1; j < len(w); j++ {
				f := "-" + w[j:j+1]
				if containsStr(valueFlags, f) {
					val := w[j+1:]
					if val == "" && i+1 < len(args) {
						i++
						val = args[i]
					}
					pa.flags = append(pa.flags, flagSeen{name: f, value: val})
					break
				}
				pa.flags = append(pa.flags, flagSeen{name: f})
			}
		default:
			pa.positionals = append(pa.positionals, w)
		}
	}
	return pa
}

// flagIn reports whether a flag as given matches one of the spellings; a
// long flag may be a prefix of a spelling when abbreviations are allowed.
func flagIn(given string, spellings []string, abbrev bool) bool {
	for _, s := range spellings {
		if given == s {
			return true
		}
		if abbrev && strings.HasPrefix(given, "--") && len(given) > 2 && strings.HasPrefix(s, "--") && strings.HasPrefix(s, given) {
			return true
		}
	}
	return false
}

// matchCommand reports the first command of the shell facts that the rule
// matches, as a detail for the reason.
func (p *Policy) matchCommand(r *cmdRule, sh *shellFacts, ec *evalCtx) (string, bool) {
	if sh.err != nil {
		return "", false
	}
	for i := range sh.cmds {
		ci := &sh.cmds[i]
		if !p.nameMatches(r, ci) {
			continue
		}
		args := ci.argv[1:]
		if r.subcommand != nil {
			sub, rest, ok := findSubcommand(args, r.globalValueFlags)
			if !ok || !containsStr(r.subcommand, sub) {
				continue
			}
			args = rest
		}
		var pa *parsedArgs
		all := true
		for j := range r.all {
			cd := &r.all[j]
			if (cd.flags != nil || cd.flagValues != nil || cd.args != nil || cd.minArgs > 0) && pa == nil {
				v := parseArgs(args, r.valueFlags, r.abbrev)
				pa = &v
			}
			if !p.condHolds(r, cd, ci, pa, ec) {
				all = false
				break
			}
		}
		if all {
			return ci.String(), true
		}
	}
	return "", false
}

func (p *Policy) nameMatches(r *cmdRule, ci *cmdInst) bool {
	if r.any {
		return true
	}
	if ci.argv[0] == "" {
		return false
	}
	if ci.dynamic {
		return r.dynamic
	}
	name := cmdName(ci.argv[0])
	for _, n := range r.names {
		if n == name || p.fold && strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

// findSubcommand skips global options (git -C dir -c k=v --git-dir=x) and
// returns the first positional word and what follows it.
func findSubcommand(args, globalValueFlags []string) (string, []string, bool) {
	for i := 0; i < len(args); i++ {
		w := args[i]
		switch {
		case w == "--":
			if i+1 < len(args) {
				return args[i+1], args[i+2:], true
			}
			return "", nil, false
		case strings.HasPrefix(w, "--"):
			if !strings.Contains(w, "=") && containsStr(globalValueFlags, w) {
				i++
			}
		case len(w) > 1 && w[0] == '-':
			if len(w) == 2 && containsStr(globalValueFlags, w) {
				i++
			}
		default:
			return w, args[i+1:], true
		}
	}
	return "", nil, false
}

func (p *Policy) condHolds(r *cmdRule, cd *cond, ci *cmdInst, pa *parsedArgs, ec *evalCtx) bool {
	if pa != nil {
		if cd.minArgs > 0 && len(pa.positionals) >= cd.minArgs {
			return true
		}
		for _, f := range pa.flags {
			if cd.flags != nil && flagIn(f.name, cd.flags, r.abbrev && f.long) {
				return true
			}
			for _, fv := range cd.flagValues {
				if flagIn(f.name, fv.flags, r.abbrev && f.long) {
					for _, v := range fv.values {
						if strings.EqualFold(strings.TrimSpace(f.value), v) {
							return true
						}
					}
				}
			}
		}
		for _, a := range pa.positionals {
			clean := cleanArg(a)
			for _, re := range cd.argREs {
				if re.MatchString(a) || re.MatchString(clean) {
					return true
				}
			}
		}
	}
	if cd.contains != nil {
		for _, s := range cd.contains {
			if anyContains(ci.words, s) || anyContains(ci.docs, s) || anyContains(ci.argv, s) {
				return true
			}
			for _, rd := range ci.redirs {
				if strings.Contains(rd.target, s) {
					return true
				}
			}
		}
	}
	if cd.namesPath != nil {
		words := ci.words
		if len(words) == 0 {
			words = ci.argv
		}
		for _, w := range append(append([]string(nil), words...), ci.argv...) {
			if w == "" {
				continue
			}
			for _, pw := range pathWords(w) {
				if p.wordNamesPath(cd.namesPath, pw, ci.cwd, cd.ancestors, ec) {
					return true
				}
			}
		}
		for _, rd := range ci.redirs {
			if p.wordNamesPath(cd.namesPath, rd.target, ci.cwd, false, ec) {
				return true
			}
		}
		for _, d := range ci.docs {
			if p.textNamesPath(cd.namesPath, d, ec) {
				return true
			}
		}
	}
	if cd.writesPath != nil {
		for _, rd := range ci.redirs {
			if rd.write && p.wordNamesPath(cd.writesPath, rd.target, ci.cwd, false, ec) {
				return true
			}
		}
	}
	return false
}

func anyContains(ws []string, s string) bool {
	for _, w := range ws {
		if strings.Contains(w, s) {
			return true
		}
	}
	return false
}

// wordNamesPath reports whether a shell word names a path of the sets:
// taken as a path (relative to the call's folder, symlinks resolved), or
// holding a protected file's absolute path inside a longer string.
func (p *Policy) wordNamesPath(sets []string, w, cwd string, ancestors bool, ec *evalCtx) bool {
	if w == "" || strings.HasPrefix(w, "$(") {
		return false
	}
	if !strings.HasPrefix(w, "-") || strings.Contains(w, "/") {
		if norm, err := ec.normalize(p, w, cwd); err != nil {
			return true
		} else if p.matchSets(sets, norm, ec) != nil {
			return true
		} else if ancestors && p.ancestorOf(sets, norm, ec) {
			return true
		}
	}
	return p.textNamesPath(sets, w, ec)
}

// textNamesPath finds a protected file's absolute path inside free text
// (python -c "open('/x/hook')", a here-document).
func (p *Policy) textNamesPath(sets []string, text string, ec *evalCtx) bool {
	if !strings.Contains(text, "/") {
		return false
	}
	if p.env.Home != "" && (strings.Contains(text, "$HOME") || strings.Contains(text, "~/")) {
		text = strings.NewReplacer("${HOME}", p.env.Home, "$HOME", p.env.Home, "~/", p.env.Home+"/").Replace(text)
	}
	hay := text
	if p.fold {
		hay = strings.ToLower(text)
	}
	check := func(pats []pathPattern) bool {
		for _, pp := range pats {
			if pp.concrete == "" || pp.concrete == "/" {
				continue
			}
			for _, needle := range [2]string{pp.concrete, pp.raw} {
				if needle == "" || needle == "/" {
					continue
				}
				if p.fold {
					needle = strings.ToLower(needle)
				}
				if containsPath(hay, needle) {
					return true
				}
			}
		}
		return false
	}
	for _, name := range sets {
		if check(p.paths[name]) {
			return true
		}
		if name == "gate-files" && check(ec.session(p)) {
			return true
		}
	}
	return false
}

func (p *Policy) ancestorOf(sets []string, norm string, ec *evalCtx) bool {
	for _, name := range sets {
		for _, pp := range p.paths[name] {
			if pp.isAncestor(norm, p.fold) {
				return true
			}
		}
		if name == "gate-files" {
			for _, pp := range ec.session(p) {
				if pp.isAncestor(norm, p.fold) {
					return true
				}
			}
		}
	}
	return false
}

// containsPath reports whether text holds path as a whole path: the
// character after it must not continue a file name (".../gate" is not named
// by ".../gate.md").
func containsPath(text, p string) bool {
	for off := 0; ; {
		i := strings.Index(text[off:], p)
		if i < 0 {
			return false
		}
		end := off + i + len(p)
		if end == len(text) || !isNameByte(text[end]) {
			return true
		}
		off += i + 1
	}
}

func isNameByte(b byte) bool {
	return b == '.' || b == '-' || b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
