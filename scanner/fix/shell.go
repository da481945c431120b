package fix

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/leasegate/leasegate/cmdline"
	"github.com/leasegate/leasegate/scanner"
)

// maxNesting bounds the shell strings inside shell strings (bash -c
// '... bash -c "..."') fix follows.
const maxNesting = 8

// word is one argv element with the bytes it spans in the file.
type word struct {
	cmdline.Word
	start, end int
	// inner is the file offset and raw text of the word's content when a
	// shell may run it and its bytes are its value (single quotes, plain
	// double quotes, a bare word); ok is false otherwise.
	inner   string
	innerAt int
	innerOK bool
}

// shellFile finds the launch at off in a shell file.
func (fx *fixer) shellFile(off int) []Edit {
	return fx.shellEdits(string(fx.src), 0, off, 0)
}

// stringShell finds the launch at off in the string literal around it on
// its line (a JSON value, a YAML scalar, a JS or Python string, a Go
// string) read as shell.
func (fx *fixer) stringShell(off int) []Edit {
	return fx.stringShellAfter(off, false)
}

// stringAfterShell is stringShell that also reads the first string after
// the position (an alias definition, a here-string).
func (fx *fixer) stringAfterShell(off int) []Edit {
	return fx.stringShellAfter(off, true)
}

func (fx *fixer) stringShellAfter(off int, after bool) []Edit {
	start, end := fx.lineBounds(off)
	line := fx.src[start:end]
	var q byte
	open := -1
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case q != 0 && c == '\\':
			i++
		case q != 0 && c == q:
			if start+open <= off && off <= start+i || after && start+open > off {
				// The string around the position, or (alias x='...',
				// bash <<< '...') the first one after it.
				at := off
				if start+open >= off {
					at = anyOffset
				}
				if e := fx.shellEdits(string(line[open+1:i]), start+open+1, at, 0); len(e) > 0 {
					return e
				}
			}
			q = 0
		case q == 0 && (c == '"' || c == '\'' || c == '`'):
			q, open = c, i
		}
	}
	return nil
}

// lineShell finds the launch at off in the rest of its line, read as shell
// from each word start before off (a Makefile recipe, a Dockerfile RUN, a
// workflow run: line, a crontab or Procfile entry): the first start from
// which the launch parses keeps the most wrappers.
func (fx *fixer) lineShell(off int) []Edit {
	start, end := fx.lineBounds(off)
	for i := start; i <= off && i < end; i++ {
		if i > start && !isSpace(fx.src[i-1]) && !strings.ContainsRune("=:@-+!", rune(fx.src[i-1])) || isSpace(fx.src[i]) {
			continue
		}
		if edits := fx.shellEdits(string(fx.src[i:end]), i, off, 0); len(edits) > 0 {
			return edits
		}
	}
	return nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' }

// shellEdits parses text, which sits at base in the file, as shell and
// returns the edits for the launch whose words hold off.
func (fx *fixer) shellEdits(text string, base, off, depth int) []Edit {
	if depth > maxNesting {
		return nil
	}
	f, err := syntax.NewParser(syntax.KeepComments(true), syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(maskExpressions(text)), fx.rel)
	if err != nil {
		return nil
	}
	var best []Edit
	bestSpan := -1
	syntax.Walk(f, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		words := make([]word, len(call.Args))
		for i, w := range call.Args {
			words[i] = shellWord(text, base, w)
		}
		if !holds(off, words[0].start, words[len(words)-1].end) {
			return true
		}
		edits, span := fx.argvEdits(words, off, depth, shellStyle{})
		if off == anyOffset {
			// Every launch of the string: a process-API finding stands for
			// the whole call.
			if all, ok := merge(best, edits); ok {
				best = all
			}
			return true
		}
		if len(edits) > 0 && (bestSpan < 0 || span < bestSpan) {
			best, bestSpan = edits, span
		}
		return true
	})
	return best
}

// maskExpressions blanks GitHub Actions expressions (${{ ... }}), which
// the runner substitutes before a shell sees the text, with letters of the
// same length so offsets hold.
func maskExpressions(text string) string {
	if !strings.Contains(text, "${{") {
		return text
	}
	b := []byte(text)
	for i := 0; i+3 <= len(b); i++ {
		if string(b[i:i+3]) != "${{" {
			continue
		}
		end := strings.Index(text[i:], "}}")
		if end < 0 || strings.ContainsAny(text[i:i+end], "\n") {
			break
		}
		for k := i; k < i+end+2; k++ {
			b[k] = 'x'
		}
		i += end + 1
	}
	return string(b)
}

// shellWord reads a shell word: known when it is all literal.
func shellWord(text string, base int, w *syntax.Word) word {
	out := word{start: base + int(w.Pos().Offset()), end: base + int(w.End().Offset())}
	if v, ok := litValue(w); ok {
		out.Word = cmdline.Lit(v)
	} else if tail, ok := pathTail(w); ok {
		// "$HOME/.local/bin/claude": a path whose last element is known.
		out.Word = cmdline.Lit(cmdline.Placeholder + tail)
	}
	raw := text[w.Pos().Offset():w.End().Offset()]
	if len(w.Parts) == 1 {
		switch p := w.Parts[0].(type) {
		case *syntax.SglQuoted:
			if !p.Dollar {
				out.inner, out.innerAt, out.innerOK = p.Value, out.start+1, true
			}
		case *syntax.DblQuoted:
			if _, ok := litValue(w); ok && !strings.Contains(raw, `\`) && !p.Dollar {
				out.inner, out.innerAt, out.innerOK = raw[1:len(raw)-1], out.start+1, true
			}
		case *syntax.Lit:
			if !strings.Contains(raw, `\`) {
				out.inner, out.innerAt, out.innerOK = raw, out.start, true
			}
		}
	}
	return out
}

// pathTail returns the literal end of a word from its last slash on,
// when the word's last part is literal and holds one.
func pathTail(w *syntax.Word) (string, bool) {
	if len(w.Parts) == 0 {
		return "", false
	}
	var lit string
	switch p := w.Parts[len(w.Parts)-1].(type) {
	case *syntax.Lit:
		lit = p.Value
	case *syntax.DblQuoted:
		if len(p.Parts) == 0 {
			return "", false
		}
		l, ok := p.Parts[len(p.Parts)-1].(*syntax.Lit)
		if !ok {
			return "", false
		}
		lit = l.Value
	default:
		return "", false
	}
	i := strings.LastIndexByte(lit, '/')
	if i < 0 {
		return "", false
	}
	return lit[i:], true
}

// litValue returns a word's value when it has no expansion.
func litValue(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(unescape(p.Value))
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", false
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// unescape drops the backslashes of an unquoted literal.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// style writes argv elements the way the file writes them.
type style interface {
	// replace renders the gated prefix that replaces words [from, to].
	prefix(words []word, from, to int, elems []string) string
	// remove returns the range that drops words[k] with its separator.
	remove(words []word, k int) (int, int)
}

// shellStyle writes words separated by spaces.
type shellStyle struct{}

func (shellStyle) prefix(_ []word, _, _ int, elems []string) string { return strings.Join(elems, " ") }

func (shellStyle) remove(words []word, k int) (int, int) {
	start := words[k].start
	if k > 0 {
		start = words[k-1].end
	}
	return start, words[k].end
}

// argvEdits returns the edits that gate the launch the argv words run
// whose words hold off, and the size of the range those words span (the
// innermost launch wins).
func (fx *fixer) argvEdits(words []word, off, depth int, st style) ([]Edit, int) {
	argv := make([]cmdline.Word, len(words))
	for i, w := range words {
		argv[i] = w.Word
	}
	res := cmdline.Unwrap(argv)
	for _, in := range res.Inners {
		switch in.Kind {
		case cmdline.KindArgv, cmdline.KindPackage, cmdline.KindScript:
			if in.Kind == cmdline.KindArgv && words[in.Start].Known && progName(words[in.Start].Text) == scanner.WrapperCommand {
				if e := fx.upgrade(words, in.Start, in.End, off, st); e != nil {
					return e, words[in.End-1].end - words[in.Start].start
				}
				continue
			}
			// The runtime's name gives way to the gated prefix, and so do
			// a package runner and its package (npx -y @anthropic-ai/...)
			// or an interpreter and the runtime's entry (node
			// node_modules/@anthropic-ai/claude-code/cli.js).
			from, name, rt := fx.launchIn(words, in)
			if rt == "" || !holds(off, words[from].start, words[in.End-1].end) {
				continue
			}
			if e := fx.gate(words, from, name, in.End, rt, st); e != nil {
				return e, words[in.End-1].end - words[from].start
			}
		case cmdline.KindShell:
			w := words[in.Arg]
			if !w.innerOK || !holds(off, w.innerAt+1, w.end) {
				continue
			}
			if e := fx.shellEdits(w.inner, w.innerAt, off, depth+1); len(e) > 0 {
				return e, w.end - w.start
			}
		}
	}
	// A runtime's name handed to a function or a test helper that runs its
	// arguments (run_logged claude -p, bats' run claude): the name itself
	// gives way to the gated prefix. The re-scan decides whether that
	// gated the launch.
	if off != anyOffset && words[0].Known && words[0].Text != scanner.WrapperCommand {
		for k := 1; k < len(words); k++ {
			w := words[k]
			if rt, ok := fx.cfg.RuntimeForCommand(w.Text); ok && w.Known && w.start <= off && off < w.end && !strings.Contains(w.Text, "/") {
				if e := fx.gate(words, k, k, len(words), rt, st); e != nil {
					return e, w.end - w.start
				}
			}
		}
	}
	return nil, 0
}

// runtimeOfScript returns the runtime whose package an interpreter's
// script names: npm:@anthropic-ai/claude-code, or a path into
// node_modules/@anthropic-ai/claude-code/.
func (fx *fixer) runtimeOfScript(v string) (string, bool) {
	if strings.HasPrefix(v, "npm:") {
		return fx.cfg.RuntimeForPackage(v)
	}
	_, rest, ok := strings.Cut(v, "node_modules/")
	if !ok {
		return "", false
	}
	parts := strings.SplitN(rest, "/", 3)
	name := parts[0]
	if strings.HasPrefix(name, "@") && len(parts) > 1 {
		name += "/" + parts[1]
	}
	return fx.cfg.RuntimeForPackage(name)
}

// dangerous reports the words of a runtime's arguments that spell the raw
// bypass, and whether all could be read.
func dangerous(words []word, from, end int) ([]int, bool) {
	var out []int
	for k := from; k < end; k++ {
		w := words[k]
		if !w.Known {
			continue
		}
		switch {
		case w.Text == "--":
			return out, true
		case bypass(w.Text):
			out = append(out, k)
		case k+1 < end && words[k+1].Known && bypass(w.Text+" "+words[k+1].Text):
			// The flag and its value in two words.
			out = append(out, k, k+1)
			k++
		case scanner.FindDangerous(w.Text) != nil:
			// The primitive inside a word (or the allow- form, which
			// only permits the bypass: --dangerous would grant more).
			return nil, false
		}
	}
	return out, true
}

// upgrade turns the raw bypass among a gated claude launch's own
// arguments (launch-runtime --runtime claude -- --dangerously-...) into the
// wrapper's --dangerous, when off is on it.
func (fx *fixer) upgrade(words []word, start, end, off int, st style) []Edit {
	dd, claude, already := -1, false, false
	for k := start + 1; k < end; k++ {
		w := words[k]
		if !w.Known {
			return nil
		}
		switch {
		case w.Text == "--":
			dd = k
		case w.Text == "--runtime=claude", w.Text == "--runtime" && k+1 < end && words[k+1].Text == "claude":
			claude = true
		case w.Text == "--dangerous":
			already = true
		}
		if dd >= 0 {
			break
		}
	}
	if dd < 0 || !claude {
		return nil
	}
	flags, ok := dangerous(words, dd+1, end)
	if !ok || len(flags) == 0 {
		return nil
	}
	on := off == anyOffset
	for _, k := range flags {
		on = on || holds(off, words[k].start, words[k].end)
	}
	if !on {
		return nil
	}
	var edits []Edit
	if !already {
		edits = append(edits, Edit{Start: words[dd].start, End: words[dd].end, Text: st.prefix(words, dd, dd, []string{"--dangerous", "--"})})
	}
	for _, k := range flags {
		s, e := st.remove(words, k)
		edits = append(edits, Edit{Start: s, End: e})
	}
	return edits
}

// progName is the last element of a command word's path.
func progName(w string) string {
	if i := strings.LastIndexByte(w, '/'); i >= 0 {
		return w[i+1:]
	}
	return w
}

// bypass reports whether s is, whole, a form of the raw permission bypass
// that launch-runtime --dangerous stands for (the scanner's own pattern
// decides; the allow- form is not one).
func bypass(s string) bool {
	ms := scanner.FindDangerous(s)
	return len(ms) == 1 && ms[0].Offset == 0 && ms[0].Text == s && !strings.HasPrefix(s, "--allow")
}

// gate returns the edits that replace words[from..name] (a runtime's name,
// or a package runner and its package) with the gated prefix and turn the
// raw bypass among the runtime's arguments into --dangerous.
func (fx *fixer) gate(words []word, from, name, end int, rt string, st style) []Edit {
	flags, ok := dangerous(words, name+1, end)
	if !ok {
		return nil
	}
	if len(flags) > 0 && rt != "claude" {
		return nil
	}
	edits := []Edit{{Start: words[from].start, End: words[name].end, Text: st.prefix(words, from, name, Prefix(rt, len(flags) > 0))}}
	for _, k := range flags {
		s, e := st.remove(words, k)
		if strings.ContainsAny(string(fx.src[s:e]), "\n\r") {
			return nil
		}
		edits = append(edits, Edit{Start: s, End: e})
	}
	return edits
}
