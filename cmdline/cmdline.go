// Package cmdline is leasegate's one model of "what runs what": for every
// program that runs another program, its option grammar (which options
// take a value, grouped short options, --opt=value, "--" ends options) and
// where the inner command is (the rest of the argv, a string a shell runs,
// a string typed into a terminal, a package a runner fetches).
//
// Both users ask it the same question: Unwrap peels every wrapper off an
// argv and returns what finally runs. The scanner's judge then asks its
// runtime table once; the gate's Bash rules then match the command left.
// The package imports nothing of leasegate.
//
// An element the caller could not resolve is an opaque word, never a reason
// to stop: where it could be an option or the command, both readings are
// returned. A string a shell runs that holds unknown parts is returned with
// Placeholder in their place, for the caller's shell parser. Recursion has
// an explicit depth bound; reaching it is reported (Result.Bound), never
// silent.
package cmdline

import "strings"

// Word is one argv element as the caller resolved it.
type Word struct {
	// Text is the element's text. For an unknown element it may hold the
	// caller's own rendering (the gate's "$X"); when empty, text built from
	// the word uses Placeholder.
	Text string
	// Known is false when the caller cannot resolve the element: it is
	// then never taken for an option or a program name.
	Known bool
}

// Lit returns a known word.
func Lit(s string) Word { return Word{Text: s, Known: true} }

// Words returns known words.
func Words(ss ...string) []Word {
	out := make([]Word, len(ss))
	for i, s := range ss {
		out[i] = Lit(s)
	}
	return out
}

// Placeholder stands for an unknown word inside text handed back for a
// shell parse; it never names a program anyone knows.
const Placeholder = "__leasegate_unknown__"

// Kind says what an Inner is.
type Kind int

// Kinds of inner command.
const (
	// KindArgv: argv[Start:End] is a command whose name is not a wrapper
	// (or is unknown: argv[Start].Known is false).
	KindArgv Kind = iota + 1
	// KindShell: Text is a string a shell (or an interpreter's process
	// API) runs: bash -c, eval, su -c, ssh HOST CMD, watch, cmd /c.
	KindShell
	// KindTyped: Text is typed into a terminal's shell (tmux send-keys).
	KindTyped
	// KindPackage: a package runner runs the package or bin named at
	// argv[Start] (Start is -1 when only Packages name it); Packages are
	// the indices of --package values.
	KindPackage
	// KindScript: an interpreter runs the file, module or npm: spec at
	// argv[Start] (node cli.js, deno run npm:x).
	KindScript
	// KindStdin: a shell reads its script from standard input.
	KindStdin
	// KindNone: nothing from the argv runs (command -v, sudo -l, a shell
	// given a script file, docker ps).
	KindNone
	// kindCode is interpreter code (node -e); Unwrap turns it into
	// KindShell strings when the code spawns processes.
	kindCode
	// kindArgvOrShell is GNU parallel's command: one word with shell
	// syntax is a string, several are an argv.
	kindArgvOrShell
)

var kindNames = map[Kind]string{
	KindArgv: "argv", KindShell: "shell", KindTyped: "typed", KindPackage: "package",
	KindScript: "script", KindStdin: "stdin", KindNone: "none",
}

func (k Kind) String() string { return kindNames[k] }

// Inner is one thing an argv finally runs.
type Inner struct {
	Kind Kind
	// Prog is the index of the program that runs this inner: the command
	// itself for KindArgv, the innermost wrapper otherwise (bash in
	// `sudo bash -c x`).
	Prog int
	// Start and End bound the command (KindArgv), the package word
	// (KindPackage) or the script word (KindScript).
	Start, End int
	// Arg is the index of the word a Text comes from.
	Arg int
	// Params, for a string a shell runs from its -c option, is the index
	// of the word that becomes the string's $0: the words after it, up to
	// End, are its positional parameters (sh -c 'exec "$@"' sh claude).
	// It is 0 when no word follows the string.
	Params int
	// Text is the string for KindShell and KindTyped.
	Text string
	// Loose reports a Text that may not be a whole shell script: keys
	// typed into a terminal, or a string literal taken from interpreter
	// code. A caller's parse error in it is not the command's.
	Loose bool
	// Packages are indices of package-naming option values (npx -p X).
	Packages []int
	// Repl, when set, is replaced in the command's words by each of With
	// (find -exec's {} by the starting points).
	Repl string
	With []string
	// ShellScript marks a KindNone that is a shell given a script file:
	// the script's path is at Start (`sh run.sh`). The shell runs the
	// file's text, which is not in the argv.
	ShellScript bool
	// Opaque reports that an unknown word was passed over where the
	// command could have started: this inner is one possibility.
	Opaque bool
	// Wrapper is the index of the innermost wrapper program, -1 when
	// the argv is not wrapped.
	Wrapper int
	// Chain lists the wrappers peeled to reach this inner, outermost
	// first.
	Chain []string
	// Code, for an inner found in interpreter code (python -c CODE, node
	// -e CODE) whose word is known, is that code whole, from word Arg: a
	// caller with a parser for the interpreter's language (argv[Prog])
	// may scan it. The inner itself is what CodeCommands makes of it.
	Code string
	// CodeCut reports that the code holds more strings than CodeCommands
	// takes (maxCodeStrings): the inners leave some out, so a caller that
	// scans Code judges all of it.
	CodeCut bool
}

// Result is what an argv runs.
type Result struct {
	Inners []Inner
	// Bound reports that the depth bound (or the bound on possibilities)
	// was reached: what lies beyond it is not in Inners. The scanner
	// reports such an argv as dynamic; the gate denies it.
	Bound bool
}

// MaxDepth is the default bound on wrappers peeled off one argv.
const MaxDepth = 32

// maxInners bounds the possibilities returned for one argv.
const maxInners = 64

// Unwrap peels the wrappers off argv with the default depth bound.
func Unwrap(argv []Word) Result { return UnwrapDepth(argv, MaxDepth) }

// UnwrapDepth peels the wrappers off argv, at most maxDepth deep.
func UnwrapDepth(argv []Word, maxDepth int) Result {
	u := &unwrapper{argv: argv, max: maxDepth}
	u.cmd(0, len(argv), 0, Inner{Wrapper: -1})
	return u.res
}

// Lookup returns the table entry of a program name (a path's last element
// is compared; Windows names also without ".exe" and case).
func Lookup(name string) (*Spec, bool) {
	s := lookup(name)
	return s, s != nil
}

type unwrapper struct {
	argv []Word
	max  int
	res  Result
}

func (u *unwrapper) add(in Inner) {
	if len(u.res.Inners) >= maxInners {
		u.res.Bound = true
		return
	}
	in.Chain = append([]string(nil), in.Chain...)
	u.res.Inners = append(u.res.Inners, in)
}

// cmd unwraps the command at argv[start:end].
func (u *unwrapper) cmd(start, end, depth int, in Inner) {
	if start >= end {
		return
	}
	if depth > u.max || len(u.res.Inners) >= maxInners {
		u.res.Bound = true
		return
	}
	w := u.argv[start]
	if w.Known {
		if s := lookup(w.Text); s != nil {
			in.Chain = append(append([]string(nil), in.Chain...), progName(w.Text))
			in.Wrapper = start
			u.opts(s, start, start+1, end, depth, in)
			return
		}
	}
	in.Kind, in.Prog, in.Start, in.End = KindArgv, start, start, end
	u.add(in)
}

// text renders argv[i] for a shell parse.
func (u *unwrapper) text(i int) string {
	if w := u.argv[i]; w.Known || w.Text != "" {
		return w.Text
	}
	return Placeholder
}

func (u *unwrapper) join(from, end int, drop []string) string {
	var parts []string
	for k := from; k < end; k++ {
		if u.argv[k].Known && has(drop, u.argv[k].Text, false) {
			continue
		}
		parts = append(parts, u.text(k))
	}
	return strings.Join(parts, " ")
}

func (u *unwrapper) leaf(in Inner, k Kind, prog int) {
	in.Kind, in.Prog = k, prog
	u.add(in)
}

func (u *unwrapper) shell(in Inner, prog, arg int, text string) {
	in.Kind, in.Prog, in.Arg, in.Text = KindShell, prog, arg, text
	u.add(in)
}

func (u *unwrapper) code(in Inner, prog, arg int, text string) {
	if u.argv[arg].Known {
		in.Code, in.Arg = text, arg
	}
	cmds, cut := codeCommands(text)
	in.CodeCut = cut && in.Code != ""
	if len(cmds) == 0 {
		// Code that starts no process: the interpreter is the command.
		in.Start, in.End = arg, arg+1
		u.leaf(in, KindNone, prog)
		return
	}
	in.Loose = true
	for _, t := range cmds {
		u.shell(in, prog, arg, t)
	}
}

// valueAt returns the index of the value of an option at j: the rest of
// its word (attached) or the next word.
func valueAt(attached bool, j int) int {
	if attached {
		return j
	}
	return j + 1
}

// opts reads the options of the program at argv[prog] from j, by spec s.
func (u *unwrapper) opts(s *Spec, prog, j, end, depth int, in Inner) {
	until, untilEnd := -1, end
	if s.Until != nil {
		for k := j; k < end; k++ {
			if w := u.argv[k]; w.Known && hasPrefix(s.Until, w.Text) {
				end, until = k, k
				break
			}
		}
	}
	if s.Clauses != nil {
		u.clauses(s, prog, j, end, depth, in)
		return
	}
	if s.DashDash {
		for k := j; k < end; k++ {
			if w := u.argv[k]; w.Known && w.Text == "--" {
				u.cmd(k+1, end, depth+1, in)
				return
			}
		}
		u.leaf(in, KindNone, prog)
		return
	}
	operands := s.Operands
	argvMode, shellMode, stdin := false, false, false
	dashdash := false
	for j < end {
		w := u.argv[j]
		if !w.Known {
			switch {
			case operands > 0:
				operands--
			case shellMode || s.takesOperand():
				// The string a shell runs, the script or package. A
				// script's interpreter may also be given unknown options
				// before a known script (node $FLAGS cli.js, node "$@"
				// cli.js): that reading is taken too.
				if !shellMode && s.Then == KindScript && j+1 < end {
					if depth >= u.max || len(u.res.Inners) >= maxInners {
						u.res.Bound = true
					} else {
						u.opts(s, prog, j+1, end, depth+1, in)
					}
				}
				goto operand
			case s.Subs != nil:
				in.Opaque = true
				u.leaf(in, KindNone, prog)
				return
			case (s.Then == 0 || s.Then == KindArgv || argvMode) && !shellMode && !s.Permute:
				// The unknown word may be the command (sudo "$CMD" ...)
				// or an option (env "$FLAG" claude): both are possible.
				u.cmd(j, end, depth+1, in)
				in.Opaque = true
			default:
				in.Opaque = true
			}
			j++
			continue
		}
		t := w.Text
		if s.Fold {
			t = strings.ToLower(t)
		}
		if t == "--" && !s.Slash {
			j++
			dashdash = true
			break
		}
		isOpt := len(t) > 1 && (t[0] == '-' || s.Plus && t[0] == '+' || s.Slash && t[0] == '/') || s.DashOpt && t == "-"
		if !isOpt {
			if s.Assign && isAssignment(t) {
				j++
				continue
			}
			if s.Subs != nil {
				sub := s.Subs[t]
				if sub == nil && s.Else {
					// a bin or script run by its bare name (yarn claude)
					u.cmd(j, end, depth+1, in)
					return
				}
				if sub == nil {
					u.leaf(in, KindNone, prog)
					return
				}
				u.opts(sub, prog, j+1, end, depth, in)
				return
			}
			if s.Each {
				u.shell(in, prog, j, w.Text)
				j++
				continue
			}
			if operands > 0 {
				operands--
				j++
				continue
			}
			if s.Permute && !argvMode {
				j++
				continue
			}
			if s.Skip != nil && has(s.Skip, w.Text, s.Fold) {
				j++
				continue
			}
			break
		}
		if has(s.Stop, t, s.Fold) {
			u.leaf(in, KindNone, prog)
			return
		}
		if s.Numeric && t[0] == '-' && isDigits(t[1:]) || t == "-" {
			j++
			continue
		}
		long := strings.HasPrefix(t, "--") || s.Single && t[0] == '-' || s.Slash && t[0] == '/'
		if long {
			name, _, attached := strings.Cut(t, "=")
			if s.Slash && !attached {
				name, _, attached = strings.Cut(t, ":")
			}
			if s.MaybeValue && !attached && j+1 < end && operands == 0 && !argvMode && !shellMode && !stdin && !s.listed(name) {
				// --halt soon,fail=1 claude: the unlisted option may take
				// the next word; that reading is judged too.
				if depth >= u.max || len(u.res.Inners) >= maxInners {
					u.res.Bound = true
				} else {
					u.opts(s, prog, j+2, end, depth+1, in)
				}
			}
			next, done := u.option(s, name, attached, prog, j, end, depth, &in, &argvMode)
			if done {
				return
			}
			j = next
			continue
		}
		// A cluster of short options: -xvf, -ofile, +o name.
		next := j + 1
		for k := 1; k < len(t); k++ {
			letter := t[k]
			f := string(t[0]) + string(letter)
			if t[0] == '-' && s.ShellLetter != 0 && letter == s.ShellLetter {
				shellMode = true
			}
			if t[0] == '-' && strings.IndexByte(s.StdinLetters, letter) >= 0 {
				stdin = true
			}
			if strings.IndexByte(s.StopLetters, letter) >= 0 {
				u.leaf(in, KindNone, prog)
				return
			}
			attached := k+1 < len(t)
			if s.takesSpecial(f) {
				if attached {
					// -cCMD: the special option's value is the rest of the
					// cluster; handled like --opt=value.
					n2, done := u.option(s, f, true, prog, j, end, depth, &in, &argvMode)
					if done {
						return
					}
					next = n2
					break
				}
				n2, done := u.option(s, f, false, prog, j, end, depth, &in, &argvMode)
				if done {
					return
				}
				next = n2
				break
			}
			if strings.IndexByte(s.Short, letter) >= 0 || s.ValueDefault && strings.IndexByte(s.Flags, letter) < 0 {
				if !attached {
					next = j + 2
				}
				break
			}
		}
		j = next
	}
	if dashdash && s.DashDashShell {
		u.opts(&shellSpec, prog, j, end, depth+1, in)
		return
	}
operand:
	if shellMode {
		if j < end {
			if j+1 < end {
				in.Params, in.End = j+1, end
			}
			u.shell(in, prog, j, u.text(j))
		} else {
			u.leaf(in, KindStdin, prog)
		}
		return
	}
	if stdin {
		u.leaf(in, KindStdin, prog)
		return
	}
	kind := s.Then
	if argvMode || kind == 0 {
		kind = KindArgv
	}
	if j >= end && until >= 0 {
		// no command before the arguments (`parallel ::: 'claude -p x'
		// 'pi -p y'`): each argument is a command line a shell runs
		for k := until + 1; k < untilEnd; k++ {
			if w := u.argv[k]; w.Known && hasPrefix(s.Until, w.Text) {
				continue
			}
			u.shell(in, prog, k, u.text(k))
		}
		return
	}
	if j >= end {
		switch {
		case kind == KindStdin, s.NoneIsStdin && operands == 0:
			u.leaf(in, KindStdin, prog)
		case kind == KindPackage && len(in.Packages) > 0:
			in.Start, in.End = -1, end
			u.leaf(in, KindPackage, prog)
		default:
			u.leaf(in, KindNone, prog)
		}
		return
	}
	if s.EnvPrefix && u.argv[j].Known {
		if env, cmd, ok := strings.Cut(u.argv[j].Text, ":"); ok && env != "" && !strings.ContainsAny(env, "/\\ ") {
			// hatch run dev:claude -p x: `claude -p x` in dev's shell
			u.shell(in, prog, j, strings.TrimSpace(cmd+" "+u.join(j+1, end, nil)))
			return
		}
	}
	switch kind {
	case KindArgv:
		u.cmd(j, end, depth+1, in)
	case KindShell, KindTyped:
		in.Kind, in.Prog, in.Arg, in.Text, in.Loose = kind, prog, j, u.join(j, end, s.Drop), kind == KindTyped
		u.add(in)
	case KindPackage, KindScript:
		in.Start, in.End = j, end
		u.leaf(in, kind, prog)
		if kind == KindPackage && j+1 < end {
			// what the package's bin does with its arguments is not
			// known: it may run them (`npx cross-env CI=1 claude`,
			// `pnpm dlx dotenv-cli -- pi`), so they are also read as the
			// command line they would be without the runner
			in.Packages = nil
			u.cmd(j, end, depth+1, in)
			if w := u.argv[j]; w.Known && lookup(w.Text) == nil {
				// a package the model does not list may run what
				// follows its "--" (`yarn dlx some-runner -- pi`): one
				// possibility
				for k := j + 1; k < end && k-j < maxGuessWords; k++ {
					if v := u.argv[k]; v.Known && v.Text == "--" {
						in.Opaque = true
						u.cmd(k+1, end, depth+1, in)
						break
					}
				}
			}
		}
	case kindCode:
		u.code(in, prog, j, u.text(j))
	case kindArgvOrShell:
		if end == j+1 && u.argv[j].Known && strings.ContainsAny(u.argv[j].Text, " ;|&") {
			u.shell(in, prog, j, u.argv[j].Text)
			return
		}
		u.cmd(j, end, depth+1, in)
	default: // KindStdin with a script operand, KindNone
		in.Start, in.End = j, end
		in.ShellScript = kind == KindStdin
		u.leaf(in, KindNone, prog)
	}
}

// takesOperand reports whether the operand after the options is a
// string, a script or a package rather than a command (an unknown word
// there is that operand).
func (s *Spec) takesOperand() bool {
	switch s.Then {
	case KindShell, KindTyped, KindPackage, KindScript, KindStdin, kindCode, kindArgvOrShell:
		return !s.Permute && !s.Each
	}
	return false
}

// listed reports whether a long option is in the spec, as a flag, an
// option taking a value or one with a role.
func (s *Spec) listed(name string) bool {
	return s.takesSpecial(name) || has(s.Long, name, s.Fold) || has(s.Long2, name, s.Fold) ||
		has(s.FlagsLong, name, s.Fold) || has(s.Stop, name, s.Fold)
}

// takesSpecial reports whether an option has a role beyond taking a value.
func (s *Spec) takesSpecial(f string) bool {
	return has(s.ShellOpts, f, s.Fold) || has(s.RestShell, f, s.Fold) || has(s.Rest, f, s.Fold) || has(s.Params, f, s.Fold) ||
		has(s.Split, f, s.Fold) || has(s.Code, f, s.Fold) || has(s.Entry, f, s.Fold) ||
		has(s.Package, f, s.Fold) || has(s.ArgvMode, f, s.Fold) || has(s.Script, f, s.Fold)
}

// option handles a long (or special short) option named name at argv[j];
// attached reports a value in the same word. It returns the index after the
// option, or done when the inner has been decided.
func (u *unwrapper) option(s *Spec, name string, attached bool, prog, j, end, depth int, in *Inner, argvMode *bool) (int, bool) {
	value := func() (int, bool) {
		v := valueAt(attached, j)
		return v, v < end
	}
	afterValue := j + 1
	if !attached {
		afterValue = j + 2
	}
	switch {
	case has(s.ShellOpts, name, s.Fold):
		if v, ok := value(); ok {
			text := u.text(v)
			if attached {
				text = attachedValue(text, name, s.Fold)
			}
			u.shell(*in, prog, v, text)
		} else {
			u.leaf(*in, KindNone, prog)
		}
		return 0, true
	case has(s.RestShell, name, s.Fold):
		if attached {
			v := attachedValue(u.text(j), name, s.Fold)
			rest := u.join(j+1, end, nil)
			u.shell(*in, prog, j, strings.TrimSpace(v+" "+rest))
		} else if j+1 < end {
			u.shell(*in, prog, j+1, u.join(j+1, end, nil))
		} else {
			u.leaf(*in, KindNone, prog)
		}
		return 0, true
	case has(s.Rest, name, s.Fold):
		if j+1 < end {
			u.cmd(j+1, end, depth+1, *in)
		} else {
			u.leaf(*in, KindNone, prog)
		}
		return 0, true
	case has(s.Split, name, s.Fold):
		// env -S 'claude -p' x: the string is split into words, then the
		// remaining arguments follow.
		v, ok := value()
		if !ok {
			u.leaf(*in, KindNone, prog)
			return 0, true
		}
		text := u.text(v)
		if attached {
			text = attachedValue(text, name, s.Fold)
		}
		u.shell(*in, prog, v, strings.TrimSpace(text+" "+u.join(v+1, end, nil)))
		return 0, true
	case has(s.Params, name, s.Fold):
		v, ok := value()
		if !ok {
			u.leaf(*in, KindNone, prog)
			return 0, true
		}
		text := u.text(v)
		if attached {
			text = attachedValue(text, name, s.Fold)
		}
		cmds, _ := literals(text)
		if len(cmds) == 0 {
			if _, rest, ok := strings.Cut(text, "="); ok && strings.TrimSpace(rest) != "" {
				cmds = []string{rest}
			}
		}
		if len(cmds) == 0 {
			u.leaf(*in, KindNone, prog)
		}
		c := *in
		c.Loose = true
		for _, t := range cmds {
			u.shell(c, prog, v, t)
		}
		return 0, true
	case has(s.Code, name, s.Fold):
		if v, ok := value(); ok {
			text := u.text(v)
			if attached {
				text = attachedValue(text, name, s.Fold)
			}
			u.code(*in, prog, v, text)
		} else {
			u.leaf(*in, KindNone, prog)
		}
		return 0, true
	case has(s.Script, name, s.Fold):
		v, ok := value()
		if ok {
			in.Start, in.End = v, end
			u.leaf(*in, KindScript, prog)
		} else {
			u.leaf(*in, KindNone, prog)
		}
		return 0, true
	case has(s.Entry, name, s.Fold):
		if v, ok := value(); ok && !attached {
			u.cmd(v, end, depth+1, *in)
			return 0, true
		}
		return afterValue, false
	case has(s.Package, name, s.Fold):
		if v, ok := value(); ok {
			in.Packages = append(in.Packages, v)
		}
		return afterValue, false
	case has(s.ArgvMode, name, s.Fold):
		*argvMode = true
		if has(s.Long, name, s.Fold) || len(name) == 2 && strings.Contains(s.Short, name[1:]) {
			return afterValue, false
		}
		return j + 1, false
	case has(s.Long2, name, s.Fold):
		return j + 3, false
	case has(s.Long, name, s.Fold), s.ValueDefault && !attached && !has(s.FlagsLong, name, s.Fold) && strings.HasPrefix(name, "--"):
		return afterValue, false
	}
	return j + 1, false
}

// attachedValue strips the option from a word holding its value
// (--command=x, -cx, /c:x).
func attachedValue(word, name string, fold bool) string {
	w := word
	if fold {
		w = strings.ToLower(word)
	}
	if strings.HasPrefix(w, name) {
		v := word[len(name):]
		if strings.HasPrefix(v, "=") || strings.HasPrefix(v, ":") {
			v = v[1:]
		}
		return v
	}
	return word
}

// clauses handles find's -exec/-execdir/-ok/-okdir ... ; and +: each clause
// is a command, with {} standing for each starting point.
func (u *unwrapper) clauses(s *Spec, prog, j, end, depth int, in Inner) {
	starts, j := findPoints(u.argv, findOpts(u.argv, j, end), end, u.text)
	found := false
	for k := j; k < end; k++ {
		if w := u.argv[k]; !w.Known || !has(s.Clauses, w.Text, false) {
			continue
		}
		stop := k + 1
		for stop < end && !(u.argv[stop].Known && (u.argv[stop].Text == ";" || u.argv[stop].Text == "+")) {
			stop++
		}
		if stop > k+1 {
			c := in
			c.Repl, c.With = "{}", starts
			u.cmd(k+1, stop, depth+1, c)
			found = true
		}
		k = stop
	}
	if !found {
		u.leaf(in, KindNone, prog)
	}
}

func has(list []string, s string, fold bool) bool {
	for _, x := range list {
		if x == s || fold && strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

func hasPrefix(list []string, s string) bool {
	for _, x := range list {
		if strings.HasPrefix(s, x) {
			return true
		}
	}
	return false
}

// isAssignment reports whether w is NAME=value.
func isAssignment(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	if !ok || name == "" {
		return false
	}
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// progName is the program a command word names: its last path element,
// Windows paths and ".exe" included.
func progName(w string) string {
	if i := strings.LastIndexAny(w, `/\`); i >= 0 && i < len(w)-1 {
		w = w[i+1:]
	}
	return w
}

func lookup(word string) *Spec {
	name := progName(word)
	if s := index[name]; s != nil {
		return s
	}
	if i := strings.LastIndexByte(name, '@'); i > 0 {
		// a package runner's `cross-env@7.0.3`: the package's bin
		if s := index[name[:i]]; s != nil {
			return s
		}
	}
	low := strings.TrimSuffix(strings.ToLower(name), ".exe")
	if s := index[low]; s != nil && s.Fold {
		return s
	}
	return nil
}
