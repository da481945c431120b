package data

import (
	"bytes"
	"fmt"
	"path"
	"strings"

	"github.com/leasegate/leasegate/cmdline"
	"github.com/leasegate/leasegate/scanner"
)

// Script kinds no detector parses: their code is read line by line
// (unparsedScript), over-approximating.
const (
	KindFish       Kind = "fish"
	KindPowerShell Kind = "powershell"
	KindBatch      Kind = "batch"
	KindRuby       Kind = "ruby"
	KindGradle     Kind = "gradle" // build.gradle (Groovy) and *.gradle.kts
	KindKotlin     Kind = "kotlin" // other Kotlin scripts (*.kts)
	KindGroovy     Kind = "groovy" // a script whose shebang names groovy
	KindNix        Kind = "nix"
	KindLua        Kind = "lua"
	KindExpect     Kind = "expect"
	KindTcl        Kind = "tcl"
	KindPerl       Kind = "perl"
	// execline (s6 and s6-overlay `run` files, #!/command/execlineb)
	KindExecline Kind = "execline"
)

// unparsedExts are the extensions of script kinds no detector parses.
var unparsedExts = map[string]Kind{
	".fish": KindFish,
	".ps1":  KindPowerShell, ".psm1": KindPowerShell,
	".bat": KindBatch, ".cmd": KindBatch,
	".rb": KindRuby, ".rake": KindRuby,
	".gradle": KindGradle,
	".kts":    KindKotlin,
	".nix":    KindNix,
	".lua":    KindLua,
	".exp":    KindExpect,
	".tcl":    KindTcl,
	".pl":     KindPerl,
}

// unparsedBases are Ruby files known by their name (Rake, Bundler,
// fastlane, Danger and friends: each may run commands).
var unparsedBases = map[string]Kind{
	"Rakefile": KindRuby, "rakefile": KindRuby, "Gemfile": KindRuby, "Guardfile": KindRuby,
	"Fastfile": KindRuby, "Dangerfile": KindRuby, "Podfile": KindRuby, "Brewfile": KindRuby,
}

// unparsedInterpreters are the shebang programs of script kinds no
// detector parses.
var unparsedInterpreters = map[string]Kind{
	"fish": KindFish, "pwsh": KindPowerShell, "powershell": KindPowerShell,
	"ruby": KindRuby, "rake": KindRuby, "kotlin": KindKotlin, "kscript": KindKotlin,
	"groovy": KindGroovy, "nix-shell": KindNix, "lua": KindLua, "luajit": KindLua,
	"nvim": KindLua, "expect": KindExpect, "tclsh": KindTcl, "wish": KindTcl, "perl": KindPerl,
	"execlineb": KindExecline,
}

// unparsedByName returns the script kind of a file by its name, or "".
func unparsedByName(base, ext string) Kind {
	if k, ok := unparsedBases[base]; ok {
		return k
	}
	if strings.HasSuffix(strings.ToLower(base), ".gradle.kts") {
		return KindGradle
	}
	return unparsedExts[ext]
}

// unparsedComments are the line comments of each kind (a `#` opens one
// only at a word's start).
var unparsedComments = map[Kind][]string{
	KindFish: {"#"}, KindPowerShell: {"#"}, KindRuby: {"#"}, KindNix: {"#"},
	KindExpect: {"#"}, KindTcl: {"#"}, KindPerl: {"#"}, KindExecline: {"#"},
	KindGradle: {"//"}, KindKotlin: {"//"}, KindGroovy: {"//"},
	KindLua: {"--"},
}

// maxUnparsedFindings bounds the findings of one unparsed script: the
// file is RED by the first.
const maxUnparsedFindings = 64

// unparsedScript reads a script of a kind no detector parses line by
// line, over-approximating (docs/data.md, "Scripts that are not
// parsed"). A runtime's command standing as a command word (at a line's
// or statement's start, after `;`, `&`, `|`, `{`, `@` or `!`, or before
// a flag, a quoted argument or the statement's end) or as a string's
// first word (the whole string, or before a flag) is RED unparseable:
// the value may be run, and what runs it is not read. Any other string
// holding a runtime's command, a runtime's package or the wrapper, and
// a line holding a package outside strings, is scanned as a shell
// command line. A comment, a word of prose in a string (`"starting
// claude"`), a member (`math.pi`), a variable (`$pi`), a key (`claude:`)
// or a symbol (`:claude`), a call (`pi()`), an assignment's target and
// the wrapper's `--runtime NAME` are not read as commands.
func (s *scan) unparsedScript(kind Kind) {
	s.p.LineRead = true
	if !s.p.Hits.Has(scanner.HitRuntime) && !s.p.Hits.Has(scanner.HitWrapper) {
		return // the primitive is the raw search's
	}
	reported := 0
	src := s.src
	for start := 0; start < len(src) && reported < maxUnparsedFindings; {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		reported += s.unparsedLine(kind, start, end)
		start = end + 1
	}
}

// unparsedLine reads one line of an unparsed script (unparsedScript)
// and returns the findings it reported (at most one unparseable).
func (s *scan) unparsedLine(kind Kind, start, end int) int {
	src := s.src
	line := bytes.TrimRight(src[start:end], "\r")
	end = start + len(line)
	t := bytes.TrimLeft(line, " \t")
	if kind == KindBatch {
		lower := strings.ToLower(string(t))
		if strings.HasPrefix(lower, "rem ") || lower == "rem" || strings.HasPrefix(lower, "::") {
			return 0
		}
	}
	if !s.p.Config.MentionsRuntime(line) && !bytes.Contains(line, []byte(scanner.WrapperCommand)) {
		return 0
	}
	escapes := kind != KindBatch && kind != KindPowerShell
	var q byte     // the quote of the string open at i, 0 outside one
	strStart := -1 // offset of the open string's content
	stmt := start  // offset of the statement's start
	runtimeInStr := false
	packageInLine := false
	n := 0
	flag := func(ws int, word string) {
		if n == 0 {
			s.p.ReportUnparseable(s.pos(ws), fmt.Sprintf("%s scripts are not parsed: `%s` stands where a command, or a value that may be run as one, is written", kind, word))
			n++
		}
	}
	closeString := func(i int) {
		if runtimeInStr && n == 0 {
			s.shell(verbatim(string(src[strStart:i]), strStart), "", nil)
		}
		q, strStart, runtimeInStr = 0, -1, false
	}
	for i := start; i < end; i++ {
		c := src[i]
		if q != 0 {
			switch {
			case c == '\\' && escapes && q != '\'':
				i++
				continue
			case c == q:
				closeString(i)
				continue
			}
		} else {
			switch c {
			case '"', '\'', '`':
				q, strStart = c, i+1
				continue
			}
			if isUnparsedComment(kind, src, start, i) {
				end = i
				break
			}
			if c == ';' || c == '|' || c == '&' || c == '{' {
				stmt = i + 1
			}
		}
		if !isScriptWordByte(c) || i > start && isScriptWordByte(src[i-1]) {
			continue
		}
		ws := i
		we := i
		for we < end && isScriptWordByte(src[we]) {
			we++
		}
		word := string(src[ws:we])
		i = we - 1
		if q != 0 && s.p.Config.MentionsRuntime([]byte(word)) || q != 0 && strings.Contains(word, scanner.WrapperCommand) {
			if _, ok := s.p.Config.RuntimeForPackage(word); ok || strings.Contains(word, scanner.WrapperCommand) {
				runtimeInStr = true
			}
		} else if q == 0 {
			if _, ok := s.p.Config.RuntimeForPackage(strings.TrimPrefix(word, "@")); ok || strings.HasPrefix(word, "@") && s.p.Config.MentionsRuntime([]byte(word)) {
				packageInLine = true
			}
		}
		if strings.HasPrefix(word, "@") && q == 0 {
			ws, word = ws+1, word[1:] // batch's echo-off prefix
		}
		base := word
		if j := strings.LastIndexAny(base, `/\`); j >= 0 {
			base = base[j+1:]
		}
		for _, x := range []string{".exe", ".cmd", ".bat", ".ps1"} {
			base = strings.TrimSuffix(base, x)
		}
		if _, ok := s.p.Config.RuntimeForCommand(base); !ok || base == "" {
			continue
		}
		if ws > start {
			if p := src[ws-1]; p == '$' || p == ':' || p == '%' || p == '.' {
				continue // a variable, a symbol, a member
			}
		}
		before := strings.TrimRight(string(src[start:ws]), " \t")
		if strings.HasSuffix(before, "--runtime") || strings.HasSuffix(strings.TrimRight(string(src[start:ws]), " \t"), "--runtime=") {
			continue // the wrapper's runtime
		}
		after := we
		if after < end {
			if c := src[after]; c == ':' || c == '(' || c == '[' {
				continue // a key, a call, an index
			}
		}
		for after < end && (src[after] == ' ' || src[after] == '\t') {
			after++
		}
		var next byte
		if after < end {
			next = src[after]
		}
		flagNext := next == '-' && after+1 < end && src[after+1] != ' ' && src[after+1] != '='
		if q != 0 {
			first := len(bytes.TrimLeft(src[strStart:ws], " \t")) == 0
			if first && (next == q || flagNext || next == 0) {
				flag(ws, word)
				continue
			}
			// prose (`"claude is done"`) is not read; a later word
			// (`"npx claude -p"`) is the shell's to judge
			runtimeInStr = runtimeInStr || !first
			continue
		}
		if next == '=' && (after+1 >= end || src[after+1] != '=') {
			continue // an assignment's target
		}
		var prev byte
		if b := strings.TrimRight(string(src[start:ws]), " \t"); b != "" {
			prev = b[len(b)-1]
		}
		stmtStart := prev == 0 || strings.IndexByte(";&|{@!", prev) >= 0
		argEnd := next == 0 || next == ';' || next == '}' || next == '"' || next == '\'' || flagNext
		if !stmtStart && !argEnd {
			continue // inside an expression: `pi * r`
		}
		// The statement as a shell command line: the judge reads what
		// it knows (`sudo claude`, `git log --grep claude`); a runtime
		// it finds nothing in, as the command or as an argument of a
		// command it does not know (`set -l agent claude`, `spawn
		// claude`), is a value that may be run.
		n0 := len(s.p.Findings())
		s.shell(verbatim(string(src[stmt:end]), stmt), "", nil)
		for _, f := range s.p.Findings()[n0:] {
			if f.IsLaunch() {
				n++
			}
		}
		if n > 0 {
			break
		}
		cmd := strings.Fields(strings.TrimLeft(string(src[stmt:end]), " \t@"))
		if _, known := cmdline.Lookup(cmd[0]); stmtStart || !known {
			flag(ws, word)
		}
	}
	if q != 0 {
		closeString(end)
	}
	if packageInLine && n == 0 {
		s.shell(verbatim(string(src[start:end]), start), "", nil)
	}
	return n
}

// isScriptWordByte reports a byte of a word of an unparsed script: a
// command or a path.
func isScriptWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		strings.IndexByte("_-./\\~+@", c) >= 0
}

// isUnparsedComment reports whether a line comment of kind opens at
// src[i] (outside a string): `#` at a word's start, `//` or `--`.
func isUnparsedComment(kind Kind, src []byte, start, i int) bool {
	for _, m := range unparsedComments[kind] {
		if !bytes.HasPrefix(src[i:], []byte(m)) {
			continue
		}
		if m == "#" && i > start && src[i-1] != ' ' && src[i-1] != '\t' && src[i-1] != ';' {
			continue // `$#`, `a#b`
		}
		if m == "//" && i > start && src[i-1] == ':' {
			continue // a URL
		}
		return true
	}
	return false
}

// unparsedKind returns the unparsed script kind of a file by its shebang
// or its name, or "".
func unparsedKind(rel string, head []byte) Kind {
	if ip := scanner.Interpreter(head); ip != "" {
		return unparsedInterpreters[ip]
	}
	base := path.Base(rel)
	return unparsedByName(base, strings.ToLower(path.Ext(base)))
}
