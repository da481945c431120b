package gate

import "strings"

// Command wrappers: programs that run their arguments as another command.
// exec strips them one after another until the real command is left, and
// sends strings that a wrapper hands to a shell (bash -c, eval, su -c,
// watch, script -c, flock -c, env -S) back through the parser.

// shells are the programs whose -c argument is a shell command.
var shells = map[string]bool{
	"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true,
	"mksh": true, "ash": true, "yash": true, "fish": true, "rbash": true,
}

// optSpec describes a wrapper's options: short flags that take a value, and
// long flags that take a value (given as --flag=value or --flag value).
type optSpec struct {
	shortValue string
	longValue  []string
}

// skipOpts returns the arguments after the leading options (and "--"),
// calling seen for every short flag letter and long flag given.
func skipOpts(args []string, spec optSpec, seen func(flag, value string)) []string {
	for len(args) > 0 {
		w := args[0]
		switch {
		case w == "--":
			return args[1:]
		case strings.HasPrefix(w, "--"):
			name, val, hasVal := strings.Cut(w, "=")
			args = args[1:]
			if !hasVal && containsStr(spec.longValue, name) && len(args) > 0 {
				val, args = args[0], args[1:]
			}
			if seen != nil {
				seen(name, val)
			}
		case len(w) > 1 && w[0] == '-':
			args = args[1:]
			for i := 1; i < len(w); i++ {
				f := w[i : i+1]
				if strings.Contains(spec.shortValue, f) {
					val := w[i+1:]
					if val == "" && len(args) > 0 {
						val, args = args[0], args[1:]
					}
					if seen != nil {
						seen("-"+f, val)
					}
					break
				}
				if seen != nil {
					seen("-"+f, "")
				}
			}
		default:
			return args
		}
	}
	return args
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func skipAssignments(args []string) []string {
	for len(args) > 0 && isAssignment(args[0]) {
		args = args[1:]
	}
	return args
}

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

var wrapperSpecs = map[string]optSpec{
	"sudo":         {shortValue: "ugCDhprtTU", longValue: []string{"--user", "--group", "--chdir", "--host", "--prompt", "--role", "--type", "--other-user", "--close-from", "--chroot", "--command-timeout"}},
	"doas":         {shortValue: "uC"},
	"nohup":        {},
	"builtin":      {},
	"unbuffer":     {},
	"setsid":       {},
	"caffeinate":   {shortValue: "wt"},
	"exec":         {shortValue: "a"},
	"nice":         {shortValue: "n", longValue: []string{"--adjustment"}},
	"ionice":       {shortValue: "cnp", longValue: []string{"--class", "--classdata", "--pid"}},
	"stdbuf":       {shortValue: "ioe", longValue: []string{"--input", "--output", "--error"}},
	"time":         {shortValue: "fo", longValue: []string{"--format", "--output"}},
	"chrt":         {},
	"taskset":      {},
	"torsocks":     {},
	"proxychains":  {shortValue: "f"},
	"proxychains4": {shortValue: "f"},
	"firejail":     {},
	"catchsegv":    {},
	"strace":       {shortValue: "eoOpsSuEPXIb"},
	"ltrace":       {shortValue: "eoupsnSlaAD"},
	"valgrind":     {},
	"gdb":          {},
}

// exec records one command, unwrapping wrappers. It reports whether the
// command finally left is a shell reading its script from stdin, so that the
// caller can feed it the here-document.
func (a *analyzer) exec(argv, words []string, dynamic bool, redirs []redirect, docs []string, depth int) bool {
	emit := func(argv []string, dyn bool) {
		a.facts.cmds = append(a.facts.cmds, cmdInst{argv: argv, words: words, dynamic: dyn, redirs: redirs, docs: docs, cwd: a.cwd})
	}
	for range maxWrappers {
		if len(argv) == 0 {
			// A wrapper with nothing to run (exec 3>file): keep its words
			// and redirects for the rules that look at every command.
			emit([]string{""}, false)
			return false
		}
		if dynamic {
			emit(argv, true)
			return false
		}
		name := cmdName(argv[0])
		args := argv[1:]
		if spec, ok := wrapperSpecs[name]; ok {
			switch name {
			case "nice":
				// nice -10 cmd: an old-style adjustment.
				if len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' && strings.Trim(args[0][1:], "0123456789") == "" {
					args = args[1:]
				}
			case "chrt":
				args = skipOpts(args, spec, nil)
				if len(args) > 0 { // priority
					args = args[1:]
				}
				argv, dynamic = args, len(args) > 0 && isDynamic(args[0])
				continue
			case "taskset":
				args = skipOpts(args, spec, nil)
				if len(args) > 0 { // mask
					args = args[1:]
				}
				argv, dynamic = args, len(args) > 0 && isDynamic(args[0])
				continue
			}
			noCommand := false
			args = skipOpts(args, spec, func(f, _ string) {
				if name == "ionice" && (f == "-p" || f == "--pid") {
					noCommand = true
				}
			})
			if noCommand {
				emit(argv, false)
				return false
			}
			if name == "sudo" || name == "doas" {
				args = skipAssignments(args)
			}
			argv = args
			dynamic = len(argv) > 0 && isDynamic(argv[0])
			continue
		}
		switch {
		case name == "busybox" || name == "toybox":
			argv = args
		case name == "command":
			lookup := false
			args = skipOpts(args, optSpec{}, func(f, _ string) { lookup = lookup || f == "-v" || f == "-V" })
			if lookup {
				emit(argv, false)
				return false
			}
			argv = args
		case name == "env":
			var split []string
			args = skipOpts(args, optSpec{shortValue: "uCSP", longValue: []string{"--unset", "--chdir", "--split-string"}}, func(f, v string) {
				if f == "-S" || f == "--split-string" {
					split = append(split, strings.Fields(v)...)
				}
			})
			args = skipAssignments(args)
			argv = append(split, args...)
		case name == "timeout":
			args = skipOpts(args, optSpec{shortValue: "sk", longValue: []string{"--signal", "--kill-after"}}, nil)
			if len(args) > 0 { // duration
				args = args[1:]
			}
			argv = args
		case name == "chroot":
			args = skipOpts(args, optSpec{longValue: []string{"--userspec", "--groups"}}, nil)
			if len(args) > 0 { // new root
				args = args[1:]
			}
			argv = args
		case name == "flock":
			var cmd string
			args = skipOpts(args, optSpec{shortValue: "wEc", longValue: []string{"--timeout", "--conflict-exit-code", "--command"}}, func(f, v string) {
				if f == "-c" || f == "--command" {
					cmd = v
				}
			})
			if len(args) > 0 { // lock file
				args = args[1:]
			}
			if cmd != "" {
				emit(argv, false)
				a.script(cmd, depth+1)
				return false
			}
			argv = args
		case name == "xargs":
			args = skipOpts(args, optSpec{shortValue: "adEILnPs", longValue: []string{"--arg-file", "--delimiter", "--eof", "--replace", "--max-lines", "--max-args", "--max-procs", "--max-chars", "--process-slot-var"}}, nil)
			if len(args) == 0 {
				emit(argv, false)
				return false
			}
			argv = args
		case name == "watch":
			execMode := false
			args = skipOpts(args, optSpec{shortValue: "nq", longValue: []string{"--interval", "--equexit"}}, func(f, _ string) {
				execMode = execMode || f == "-x" || f == "--exec"
			})
			if execMode {
				argv = args
				break
			}
			emit(argv, false)
			if len(args) > 0 {
				a.script(strings.Join(args, " "), depth+1)
			}
			return false
		case name == "script":
			var cmd string
			skipOpts(args, optSpec{shortValue: "cIOBTEm", longValue: []string{"--command", "--log-in", "--log-out", "--log-io", "--log-timing", "--echo", "--logging-format"}}, func(f, v string) {
				if f == "-c" || f == "--command" {
					cmd = v
				}
			})
			emit(argv, false)
			if cmd != "" {
				a.script(cmd, depth+1)
			}
			return false
		case name == "su" || name == "runuser":
			var cmd string
			user := false
			rest := skipOpts(args, optSpec{shortValue: "cgGsuw", longValue: []string{"--command", "--session-command", "--group", "--supp-group", "--shell", "--user", "--whitelist-environment"}}, func(f, v string) {
				if f == "-c" || f == "--command" || f == "--session-command" {
					cmd = v
				}
				user = user || f == "-u" || f == "--user"
			})
			if cmd == "" && user && name == "runuser" {
				// runuser -u USER [--] COMMAND ARGS: runs COMMAND directly.
				argv = rest
				break
			}
			emit(argv, false)
			if cmd != "" {
				a.script(cmd, depth+1)
			}
			return false
		case name == "eval":
			emit(argv, false)
			a.script(strings.Join(args, " "), depth+1)
			return false
		case name == "find":
			emit(argv, false)
			a.findExec(args, words, redirs, docs, depth)
			return false
		case shells[name]:
			emit(argv, false)
			cmd, script, _ := shellArgs(args)
			if cmd != "" {
				a.script(cmd, depth+1)
				return false
			}
			return script == ""
		case a.funcs[name] != nil:
			emit(argv, false)
			a.callFunc(a.funcs[name], args, depth)
			return false
		default:
			emit(argv, false)
			return false
		}
		dynamic = len(argv) > 0 && isDynamic(argv[0])
	}
	// Too many wrappers: judge what is left as it stands.
	emit(argv, dynamic)
	return false
}

// shellArgs reads a shell's arguments: the -c command string, or the script
// file; neither means the script comes from stdin.
func shellArgs(args []string) (cmd, script string, rest []string) {
	cmdMode := false
	for len(args) > 0 {
		w := args[0]
		switch {
		case w == "--" || w == "-":
			args = args[1:]
			goto positional
		case w == "-o" || w == "+o" || w == "-O" || w == "+O" || w == "--rcfile" || w == "--init-file":
			args = args[1:]
			if len(args) > 0 {
				args = args[1:]
			}
		case strings.HasPrefix(w, "--"):
			args = args[1:]
		case len(w) > 1 && (w[0] == '-' || w[0] == '+'):
			if strings.ContainsRune(w[1:], 'c') && w[0] == '-' {
				cmdMode = true
			}
			if strings.ContainsRune(w[1:], 's') && w[0] == '-' {
				// -s: the script is stdin, the rest are its arguments.
				if !cmdMode {
					return "", "", args[1:]
				}
			}
			args = args[1:]
		default:
			goto positional
		}
	}
positional:
	if len(args) == 0 {
		return "", "", nil
	}
	if cmdMode {
		return args[0], "", args[1:]
	}
	return "", args[0], args[1:]
}

// findExec records the commands of find's -exec, -execdir, -ok and -okdir,
// with {} replaced by each starting point (find / -exec rm -rf {} + is
// rm -rf / as far as the rules go).
func (a *analyzer) findExec(args, words []string, redirs []redirect, docs []string, depth int) {
	starts := findStarts(args)
	args = findExpr(args)
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-exec", "-execdir", "-ok", "-okdir":
		default:
			continue
		}
		j := i + 1
		for j < len(args) && args[j] != ";" && args[j] != "+" {
			j++
		}
		sub := args[i+1 : j]
		i = j
		if len(sub) == 0 {
			continue
		}
		for _, s := range starts {
			argv := make([]string, len(sub))
			for k, w := range sub {
				argv[k] = strings.ReplaceAll(w, "{}", s)
			}
			a.exec(argv, words, isDynamic(argv[0]), redirs, docs, depth)
		}
	}
}

// findStarts returns find's starting points (after -H -L -P -D x -O1);
// none means ".".
func findStarts(args []string) []string {
	args = findSkipOpts(args)
	var starts []string
	for len(args) > 0 && !strings.HasPrefix(args[0], "-") && args[0] != "(" && args[0] != "!" {
		starts = append(starts, args[0])
		args = args[1:]
	}
	if len(starts) == 0 {
		starts = []string{"."}
	}
	return starts
}

// findExpr returns find's expression, after the options and starting points.
func findExpr(args []string) []string {
	args = findSkipOpts(args)
	for len(args) > 0 && !strings.HasPrefix(args[0], "-") && args[0] != "(" && args[0] != "!" {
		args = args[1:]
	}
	return args
}

func findSkipOpts(args []string) []string {
	for len(args) > 0 {
		w := args[0]
		if w == "-H" || w == "-L" || w == "-P" || strings.HasPrefix(w, "-O") {
			args = args[1:]
			continue
		}
		if w == "-D" && len(args) > 1 {
			args = args[2:]
			continue
		}
		break
	}
	return args
}
