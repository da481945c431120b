package scanner

import (
	"strings"
)

// Arg is one element of an argv as a detector could resolve it.
type Arg struct {
	// Value is the resolved text; meaningful only when Known.
	Value string
	// Known is false when the value cannot be resolved statically.
	Known bool
	// Via says how a resolved value was obtained when that matters for the
	// class: ClassVariableExecution for a value tracked through a variable
	// or array the file sets, ClassDynamic for a value found at run time (a
	// `which` look-up, a default expansion). Empty for a literal.
	Via Class
	// Pos is where the element starts, when the detector knows it.
	Pos Pos
}

// Lit returns a known literal Arg.
func Lit(s string) Arg { return Arg{Value: s, Known: true} }

// Launch is the judgement of an argv that starts a runtime.
type Launch struct {
	Runtime string
	// Class is the name class: ClassGated, ClassDirectLiteral,
	// ClassAbsolutePath, ClassPackageRunner, or the Via class of the
	// element that named the runtime.
	Class Class
	// Arg is the index in the argv of the element that names the runtime
	// (or launch-runtime), for positions.
	Arg int
	// Name is that element's value.
	Name string
}

// Gated reports whether the launch goes through launch-runtime.
func (l *Launch) Gated() bool { return l.Class == ClassGated }

// NestedShell is a string inside an argv that a shell will run
// (`bash -c '...'`, `script -c '...'`, `watch '...'`).
type NestedShell struct {
	Text string
	Arg  int
}

// WrapperCommand is the launch-runtime command name.
const WrapperCommand = "launch-runtime"

// maxWrapperDepth bounds how many command wrappers are peeled off one argv.
const maxWrapperDepth = 32

// JudgeArgv decides whether argv starts a runtime, directly or behind
// command wrappers, package runners and interpreters. It also returns the
// shell strings found in the argv that a shell will run; the caller scans
// them as shell (class eval). A nil Launch means no launch is visible.
func (c *Config) JudgeArgv(argv []Arg) (*Launch, []NestedShell) {
	var nested []NestedShell
	i := 0
	for depth := 0; depth < maxWrapperDepth && i < len(argv); depth++ {
		a := argv[i]
		if !a.Known {
			return nil, nested
		}
		name := a.Value
		base := baseName(name)
		if base == WrapperCommand {
			return c.judgeWrapper(argv, i), nested
		}
		if rt, ok := c.RuntimeForCommand(name); ok {
			cls := ClassDirectLiteral
			if strings.ContainsRune(name, '/') {
				cls = ClassAbsolutePath
			}
			if a.Via != "" {
				cls = a.Via
			}
			return &Launch{Runtime: rt, Class: cls, Arg: i, Name: name}, nested
		}
		// A path into an installed runtime package
		// (node_modules/@anthropic-ai/claude-code/cli.js).
		if rt, ok := c.runtimeInPath(name); ok {
			cls := ClassAbsolutePath
			if a.Via != "" {
				cls = a.Via
			}
			return &Launch{Runtime: rt, Class: cls, Arg: i, Name: name}, nested
		}
		next, sh, l, stop := c.peel(argv, i, base)
		nested = append(nested, sh...)
		if l != nil {
			return l, nested
		}
		if stop || next <= i {
			return nil, nested
		}
		i = next
	}
	return nil, nested
}

func baseName(s string) string {
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		return s[i+1:]
	}
	return s
}

func (c *Config) runtimeInPath(p string) (string, bool) {
	if !strings.Contains(p, "/") {
		return "", false
	}
	for pkg, rt := range c.packages {
		if strings.Contains(p, "node_modules/"+pkg+"/") || strings.HasSuffix(p, "node_modules/"+pkg) {
			return rt, true
		}
		// A scoped package name is distinctive on its own:
		// "$(npm root -g)/@anthropic-ai/claude-code/cli.js".
		if strings.HasPrefix(pkg, "@") && (strings.Contains(p, "/"+pkg+"/") || strings.HasPrefix(p, pkg+"/")) {
			return rt, true
		}
	}
	return "", false
}

func (c *Config) judgeWrapper(argv []Arg, i int) *Launch {
	l := &Launch{Class: ClassGated, Arg: i, Name: argv[i].Value}
	sep := false
	for j := i + 1; j < len(argv); j++ {
		a := argv[j]
		if !a.Known {
			continue
		}
		if a.Value == "--" && !sep {
			sep = true
			continue
		}
		v, inline := strings.CutPrefix(a.Value, "--runtime=")
		if !inline && a.Value != "--runtime" {
			continue
		}
		if !inline {
			if j+1 >= len(argv) {
				break
			}
			if !argv[j+1].Known {
				v = "unknown"
			} else {
				v = argv[j+1].Value
			}
		}
		if !sep {
			l.Runtime = v
			return l
		}
		// `launch-runtime -- --runtime claude`: the runtime is named only
		// among the runtime's own arguments, so the launch is not gated as
		// written. It is RED, at the runtime's name.
		if rt, ok := c.RuntimeForCommand(v); ok {
			k := j + 1
			if inline {
				k = j
			}
			return &Launch{Runtime: rt, Class: ClassDirectLiteral, Arg: k, Name: v}
		}
		break
	}
	// launch-runtime without --runtime starts nothing: it refuses to run.
	return nil
}

// wrapperSpec describes a command that runs another command from its
// arguments.
type wrapperSpec struct {
	// valueOpts are options that take the next argument as their value.
	valueOpts []string
	// positionals is how many non-option arguments precede the command.
	positionals int
	// shellOpts are options whose value is a shell command string.
	shellOpts []string
	// lookupOpts are options that turn the command into a look-up (command -v).
	lookupOpts []string
	// stopOpts are options after which nothing is executed from argv.
	stopOpts []string
}

var wrappers = map[string]wrapperSpec{
	"exec":             {valueOpts: []string{"-a"}},
	"command":          {lookupOpts: []string{"-v", "-V", "-vp", "-pv", "-Vp", "-pV"}},
	"builtin":          {},
	"nohup":            {},
	"env":              {valueOpts: []string{"-u", "--unset", "-C", "--chdir", "-P"}},
	"sudo":             {valueOpts: []string{"-u", "--user", "-g", "--group", "-C", "--close-from", "-D", "--chdir", "-h", "--host", "-p", "--prompt", "-r", "--role", "-t", "--type", "-T", "--command-timeout", "-U", "--other-user", "-R", "--chroot"}, stopOpts: []string{"-l", "--list", "-v", "--validate", "-k", "-K", "-e", "--edit", "-V"}},
	"doas":             {valueOpts: []string{"-u", "-C"}},
	"timeout":          {valueOpts: []string{"-s", "--signal", "-k", "--kill-after"}, positionals: 1},
	"nice":             {valueOpts: []string{"-n", "--adjustment"}},
	"ionice":           {valueOpts: []string{"-c", "--class", "-n", "--classdata"}, stopOpts: []string{"-p", "--pid", "-P", "--pgid", "-u", "--uid"}},
	"setsid":           {},
	"stdbuf":           {valueOpts: []string{"-i", "-o", "-e", "--input", "--output", "--error"}},
	"time":             {valueOpts: []string{"-f", "--format", "-o", "--output"}},
	"chrt":             {positionals: 1, stopOpts: []string{"-p", "--pid", "-m", "--max"}},
	"taskset":          {positionals: 1, stopOpts: []string{"-p", "--pid"}},
	"chroot":           {positionals: 1, valueOpts: []string{"--userspec", "--groups"}},
	"flock":            {positionals: 1, valueOpts: []string{"-w", "--wait", "--timeout", "-E", "--conflict-exit-code"}, shellOpts: []string{"-c", "--command"}},
	"runuser":          {valueOpts: []string{"-u", "--user", "-g", "--group", "-G", "--supp-group", "-s", "--shell", "-w", "--whitelist-environment"}, shellOpts: []string{"-c", "--command"}},
	"su":               {valueOpts: []string{"-g", "--group", "-G", "--supp-group", "-s", "--shell", "-w", "--whitelist-environment"}, shellOpts: []string{"-c", "--command"}, positionals: 1},
	"script":           {valueOpts: []string{"-E", "--echo", "-I", "--log-in", "-O", "--log-out", "-B", "--log-io", "-T", "--log-timing", "-m", "--logging-format", "-o", "--output-limit"}, shellOpts: []string{"-c", "--command"}, stopOpts: []string{"__script_file__"}},
	"unbuffer":         {},
	"caffeinate":       {valueOpts: []string{"-t", "-w"}},
	"dbus-run-session": {valueOpts: []string{"--config-file", "--dbus-daemon"}},
	"strace":           {valueOpts: []string{"-o", "-e", "-s", "-u", "-E", "-P", "-a", "-b", "-I", "-X"}, stopOpts: []string{"-p"}},
	"ltrace":           {valueOpts: []string{"-o", "-e", "-s", "-u", "-a", "-n"}, stopOpts: []string{"-p"}},
	"systemd-run":      {valueOpts: []string{"-u", "--unit", "-p", "--property", "-E", "--setenv", "--uid", "--gid", "-M", "--machine", "--description", "--slice", "--working-directory", "-H", "--host", "--on-active", "--on-calendar", "--timer-property", "--path-property", "--socket-property", "--service-type", "--nice"}},
	"firejail":         {},
	"bwrap":            {valueOpts: []string{"--bind", "--ro-bind", "--dev-bind", "--chdir", "--setenv", "--unsetenv", "--proc", "--dev", "--tmpfs", "--dir", "--symlink", "--uid", "--gid", "--hostname", "--file", "--bind-data", "--ro-bind-data", "--seccomp", "--args", "--lock-file", "--sync-fd", "--info-fd", "--userns-block-fd", "--json-status-fd", "--cap-add", "--cap-drop", "--remount-ro", "--exec-label", "--file-label", "--perms", "--size", "--chmod", "--userns", "--userns2", "--pidns"}},
	"catchsegv":        {},
	"xvfb-run":         {valueOpts: []string{"-n", "--server-num", "-e", "--error-file", "-f", "--auth-file", "-p", "--xauth-protocol", "-s", "--server-args", "-w", "--wait"}},
	// package.json script wrappers: cross-env takes NAME=value like env;
	// dotenv (dotenv-cli) loads files, then runs the command.
	"cross-env": {},
	"dotenv":    {valueOpts: []string{"-e", "-c", "-v", "-p"}},
}

// shells whose -c option takes a command string.
var shells = map[string]bool{
	"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "ash": true,
	"mksh": true, "yash": true, "busybox": true, "fish": true, "rbash": true,
}

// shellValueOpts are shell options that take a value (bash -o pipefail).
var shellValueOpts = map[string]bool{"-o": true, "+o": true, "-O": true, "+O": true, "--rcfile": true, "--init-file": true}

// peel handles argv[i] as a wrapper, package runner, shell or interpreter.
// It returns the index of the next command word, nested shell strings, a
// launch decided here (package runners), and stop when nothing further in
// argv is executed.
func (c *Config) peel(argv []Arg, i int, base string) (next int, nested []NestedShell, l *Launch, stop bool) {
	if w, ok := wrappers[base]; ok {
		return c.peelWrapper(argv, i, base, w)
	}
	switch {
	case shells[base]:
		return peelShell(argv, i, base)
	case base == "concurrently":
		return peelConcurrently(argv, i)
	case base == "xargs":
		return peelXargs(argv, i)
	case base == "find":
		return peelFind(argv, i)
	case base == "watch":
		return peelWatch(argv, i)
	case base == "npx" || base == "bunx" || base == "pnpx":
		return c.peelRunner(argv, i+1, base)
	case base == "npm" || base == "pnpm" || base == "yarn" || base == "bun":
		if i+1 < len(argv) && argv[i+1].Known {
			switch sub := argv[i+1].Value; {
			case base == "npm" && (sub == "exec" || sub == "x"),
				base == "pnpm" && (sub == "dlx" || sub == "exec"),
				base == "yarn" && (sub == "dlx" || sub == "exec"),
				base == "bun" && sub == "x":
				return c.peelRunner(argv, i+2, base+" "+sub)
			}
		}
		return i, nil, nil, true
	case base == "node" || base == "deno" || base == "tsx" || base == "ts-node":
		return c.peelInterpreter(argv, i, base)
	case base == "tmux":
		return peelTmux(argv, i)
	case base == "screen":
		return peelScreen(argv, i)
	case base == "ssh":
		return peelSSH(argv, i)
	case base == "docker" || base == "podman" || base == "nerdctl":
		return peelContainer(argv, i)
	case base == "kubectl" || base == "oc":
		return peelKubectl(argv, i)
	case base == "parallel":
		return peelParallel(argv, i)
	}
	return i, nil, nil, true
}

func hasOpt(list []string, s string) bool {
	for _, o := range list {
		if o == s {
			return true
		}
	}
	return false
}

func (c *Config) peelWrapper(argv []Arg, i int, base string, w wrapperSpec) (int, []NestedShell, *Launch, bool) {
	var nested []NestedShell
	pos := w.positionals
	j := i + 1
	dashdash := false
	for j < len(argv) {
		a := argv[j]
		if !a.Known {
			// An unresolved option or command: nothing more is visible.
			return j, nested, nil, false
		}
		v := a.Value
		if v == "--" {
			j++
			dashdash = true
			break
		}
		if hasOpt(w.lookupOpts, v) || hasOpt(w.stopOpts, v) {
			return j, nested, nil, true
		}
		if base == "su" && v == "-" {
			j++ // su - user: a login shell
			continue
		}
		if hasOpt(w.shellOpts, v) || len(w.shellOpts) > 0 && isShortCluster(v) && strings.HasSuffix(v, "c") {
			if j+1 < len(argv) && argv[j+1].Known {
				nested = append(nested, NestedShell{Text: argv[j+1].Value, Arg: j + 1})
			}
			return j, nested, nil, true
		}
		if name, val, ok := strings.Cut(v, "="); ok && strings.HasPrefix(v, "--") {
			if hasOpt(w.shellOpts, name) {
				nested = append(nested, NestedShell{Text: val, Arg: j})
				return j, nested, nil, true
			}
			j++
			continue
		}
		if (base == "env" || base == "cross-env") && isAssignment(v) {
			j++
			continue
		}
		if base == "env" && (v == "-S" || v == "--split-string" || strings.HasPrefix(v, "-S")) {
			// env -S 'claude -p': the string is split into an argv; judge it
			// as shell words.
			s := strings.TrimPrefix(v, "-S")
			if s == "" && j+1 < len(argv) && argv[j+1].Known {
				s = argv[j+1].Value
				j++
			}
			rest := strings.TrimSpace(s)
			for _, a := range argv[j+1:] {
				if a.Known {
					rest += " " + a.Value
				}
			}
			nested = append(nested, NestedShell{Text: rest, Arg: j})
			return j, nested, nil, true
		}
		if base == "nice" && len(v) > 1 && v[0] == '-' && isDigits(v[1:]) {
			j++
			continue
		}
		if strings.HasPrefix(v, "-") && len(v) > 1 {
			// -u bob, and the cluster -iu bob whose last option takes it.
			if hasOpt(w.valueOpts, v) || isShortCluster(v) && hasOpt(w.valueOpts, "-"+v[len(v)-1:]) {
				j += 2
				continue
			}
			j++
			continue
		}
		if pos > 0 {
			pos--
			j++
			continue
		}
		break
	}
	if j >= len(argv) {
		return j, nested, nil, true
	}
	// runuser -l bob -c '...', su bob -s /bin/sh -c '...': the user comes
	// before the shell option.
	for k := j + 1; k+1 < len(argv) && (base == "su" || base == "runuser") && !dashdash; k++ {
		if v := argv[k].Value; argv[k].Known && (hasOpt(w.shellOpts, v) || isShortCluster(v) && strings.HasSuffix(v, "c")) {
			if argv[k+1].Known {
				nested = append(nested, NestedShell{Text: argv[k+1].Value, Arg: k + 1})
			}
			return j, nested, nil, true
		}
	}
	return j, nested, nil, false
}

func isAssignment(s string) bool {
	eq := strings.IndexByte(s, '=')
	if eq <= 0 {
		return false
	}
	for k, r := range s[:eq] {
		if !(r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || k > 0 && r >= '0' && r <= '9') {
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

func peelShell(argv []Arg, i int, base string) (int, []NestedShell, *Launch, bool) {
	j := i + 1
	if base == "busybox" {
		// busybox sh -c ...: the applet is the next word.
		return j, nil, nil, false
	}
	command := false
	for j < len(argv) {
		a := argv[j]
		if !a.Known {
			return j, nil, nil, true
		}
		v := a.Value
		if v == "--" || v == "-" {
			j++
			break
		}
		if shellValueOpts[v] {
			j += 2
			continue
		}
		if (strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+")) && len(v) > 1 {
			if !strings.HasPrefix(v, "--") && strings.ContainsRune(v[1:], 'c') {
				command = true
			}
			if v == "--command" {
				command = true
			}
			j++
			continue
		}
		break
	}
	if command && j < len(argv) && argv[j].Known {
		return j, []NestedShell{{Text: argv[j].Value, Arg: j}}, nil, true
	}
	// `bash script.sh` runs a file, which is scanned where it lives.
	return j, nil, nil, true
}

// concurrentlyValueOpts are concurrently's options that take a value.
var concurrentlyValueOpts = []string{"-n", "--names", "-c", "--prefix-colors", "-p", "--prefix", "-l", "--prefix-length", "-t", "--timestamp-format", "--restart-tries", "--restart-after", "-s", "--success", "-m", "--max-processes", "--name-separator", "--default-input-target", "--passthrough-arguments"}

// peelConcurrently handles `concurrently [options] "cmd1" "cmd2"`: every
// positional argument is a command line run by a shell.
func peelConcurrently(argv []Arg, i int) (int, []NestedShell, *Launch, bool) {
	var nested []NestedShell
	for j := i + 1; j < len(argv); j++ {
		a := argv[j]
		if !a.Known {
			continue
		}
		if strings.HasPrefix(a.Value, "-") && len(a.Value) > 1 {
			if hasOpt(concurrentlyValueOpts, a.Value) {
				j++
			}
			continue
		}
		nested = append(nested, NestedShell{Text: a.Value, Arg: j})
	}
	return i, nested, nil, true
}

var xargsValueOpts = []string{"-a", "--arg-file", "-d", "--delimiter", "-E", "-e", "--eof", "-I", "--replace", "-L", "--max-lines", "-n", "--max-args", "-P", "--max-procs", "-s", "--max-chars", "--process-slot-var"}

func peelXargs(argv []Arg, i int) (int, []NestedShell, *Launch, bool) {
	j := i + 1
	for j < len(argv) {
		a := argv[j]
		if !a.Known {
			return j, nil, nil, true
		}
		v := a.Value
		if v == "--" {
			j++
			break
		}
		if strings.HasPrefix(v, "-") && len(v) > 1 {
			if hasOpt(xargsValueOpts, v) {
				j += 2
			} else {
				j++
			}
			continue
		}
		break
	}
	if j >= len(argv) {
		// xargs with no command runs echo.
		return j, nil, nil, true
	}
	return j, nil, nil, false
}

func peelFind(argv []Arg, i int) (int, []NestedShell, *Launch, bool) {
	for j := i + 1; j < len(argv); j++ {
		if !argv[j].Known {
			continue
		}
		switch argv[j].Value {
		case "-exec", "-execdir", "-ok", "-okdir":
			if j+1 < len(argv) {
				return j + 1, nil, nil, false
			}
		}
	}
	return i, nil, nil, true
}

func peelWatch(argv []Arg, i int) (int, []NestedShell, *Launch, bool) {
	j := i + 1
	execForm := false
	for j < len(argv) {
		a := argv[j]
		if !a.Known {
			return j, nil, nil, true
		}
		v := a.Value
		if v == "--" {
			j++
			break
		}
		if v == "-x" || v == "--exec" {
			execForm = true
			j++
			continue
		}
		if v == "-n" || v == "--interval" || v == "-q" || v == "--equexit" {
			j += 2
			continue
		}
		if strings.HasPrefix(v, "-") && len(v) > 1 {
			j++
			continue
		}
		break
	}
	if j >= len(argv) {
		return j, nil, nil, true
	}
	if execForm {
		return j, nil, nil, false
	}
	var parts []string
	for _, a := range argv[j:] {
		if a.Known {
			parts = append(parts, a.Value)
		}
	}
	return j, []NestedShell{{Text: strings.Join(parts, " "), Arg: j}}, nil, true
}

// peelRunner handles npx/bunx/pnpm dlx/yarn dlx/npm exec: the first
// positional names a package or a bin.
func (c *Config) peelRunner(argv []Arg, j int, runner string) (int, []NestedShell, *Launch, bool) {
	pkgRuntime := ""
	pkgArg := -1
	for j < len(argv) {
		a := argv[j]
		if !a.Known {
			return j, nil, nil, true
		}
		v := a.Value
		if v == "--" {
			j++
			break
		}
		if v == "-c" || v == "--call" {
			if j+1 < len(argv) && argv[j+1].Known {
				return j, []NestedShell{{Text: argv[j+1].Value, Arg: j + 1}}, nil, true
			}
			return j, nil, nil, true
		}
		if v == "-p" || v == "--package" {
			if j+1 < len(argv) && argv[j+1].Known {
				if rt, ok := c.RuntimeForPackage(argv[j+1].Value); ok {
					pkgRuntime, pkgArg = rt, j+1
				}
			}
			j += 2
			continue
		}
		if p, ok := strings.CutPrefix(v, "--package="); ok {
			if rt, ok := c.RuntimeForPackage(p); ok {
				pkgRuntime, pkgArg = rt, j
			}
			j++
			continue
		}
		if strings.HasPrefix(v, "-") && len(v) > 1 {
			j++
			continue
		}
		break
	}
	if j < len(argv) && argv[j].Known {
		v := argv[j].Value
		if rt, ok := c.RuntimeForPackage(v); ok {
			return j, nil, &Launch{Runtime: rt, Class: ClassPackageRunner, Arg: j, Name: v}, true
		}
		if rt, ok := c.RuntimeForCommand(v); ok && !strings.Contains(v, "/") {
			return j, nil, &Launch{Runtime: rt, Class: ClassPackageRunner, Arg: j, Name: v}, true
		}
		if baseName(v) == WrapperCommand {
			// npx launch-runtime --runtime claude: the wrapper from a package.
			return j, nil, nil, false
		}
	}
	if pkgRuntime != "" {
		return j, nil, &Launch{Runtime: pkgRuntime, Class: ClassPackageRunner, Arg: pkgArg, Name: argv[pkgArg].Value}, true
	}
	return j, nil, nil, true
}

// peelInterpreter handles node/deno running a runtime's entry script
// (`node node_modules/@anthropic-ai/claude-code/cli.js`,
// `deno run npm:@anthropic-ai/claude-code`).
func (c *Config) peelInterpreter(argv []Arg, i int, base string) (int, []NestedShell, *Launch, bool) {
	for j := i + 1; j < len(argv); j++ {
		a := argv[j]
		if !a.Known {
			return j, nil, nil, true
		}
		v := a.Value
		if base == "deno" && v == "run" {
			continue
		}
		if strings.HasPrefix(v, "-") {
			if v == "-e" || v == "--eval" || v == "-p" || v == "--print" {
				return j, nil, nil, true
			}
			continue
		}
		if strings.HasPrefix(v, "npm:") {
			if rt, ok := c.RuntimeForPackage(v); ok {
				return j, nil, &Launch{Runtime: rt, Class: ClassPackageRunner, Arg: j, Name: v}, true
			}
		}
		if rt, ok := c.runtimeInPath(v); ok {
			return j, nil, &Launch{Runtime: rt, Class: ClassAbsolutePath, Arg: j, Name: v}, true
		}
		if strings.Contains(v, "/") {
			if rt, ok := c.RuntimeForCommand(v); ok {
				return j, nil, &Launch{Runtime: rt, Class: ClassAbsolutePath, Arg: j, Name: v}, true
			}
		}
		return j, nil, nil, true
	}
	return i, nil, nil, true
}

// isShortCluster reports whether v is a cluster of short options (-qec).
func isShortCluster(v string) bool {
	if len(v) < 3 || v[0] != '-' || v[1] == '-' {
		return false
	}
	for _, r := range v[1:] {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// joinKnown joins the known values of argv as shell text.
func joinKnown(argv []Arg) string {
	var parts []string
	for _, a := range argv {
		if a.Known {
			parts = append(parts, a.Value)
		}
	}
	return strings.Join(parts, " ")
}

// skipOpts skips options from j, where valueOpts take the next argument,
// and returns the index of the first operand (after `--` if present).
func skipOpts(argv []Arg, j int, valueOpts string) int {
	for j < len(argv) {
		a := argv[j]
		if !a.Known {
			return j
		}
		v := a.Value
		if v == "--" {
			return j + 1
		}
		if len(v) < 2 || v[0] != '-' {
			return j
		}
		if !strings.HasPrefix(v, "--") && strings.IndexByte(valueOpts, v[len(v)-1]) >= 0 && !strings.Contains(v, "=") {
			j += 2
			continue
		}
		j++
	}
	return j
}

var tmuxCommands = map[string]bool{
	"new-session": true, "new": true, "new-window": true, "neww": true, "split-window": true, "splitw": true,
	"respawn-pane": true, "respawnp": true, "respawn-window": true, "respawnw": true, "run-shell": true,
	"run": true, "display-popup": true, "popup": true, "send-keys": true, "send": true,
}

// peelTmux: tmux new-session/new-window/split-window/run-shell/popup run
// their trailing arguments as a shell command; send-keys types them into a
// shell.
func peelTmux(argv []Arg, i int) (int, []NestedShell, *Launch, bool) {
	j := skipOpts(argv, i+1, "LSfT")
	if j >= len(argv) || !argv[j].Known || !tmuxCommands[argv[j].Value] {
		return i, nil, nil, true
	}
	sub := argv[j].Value
	values := "cefFnstxylTwS"
	if sub == "run-shell" || sub == "run" || sub == "display-popup" || sub == "popup" {
		values += "dh"
	}
	k := skipOpts(argv, j+1, values)
	if k >= len(argv) {
		return k, nil, nil, true
	}
	rest := argv[k:]
	if sub == "send-keys" || sub == "send" {
		var keep []Arg
		for _, a := range rest {
			if a.Known && (a.Value == "Enter" || a.Value == "C-m" || a.Value == "KPEnter") {
				continue
			}
			keep = append(keep, a)
		}
		rest = keep
	}
	return k, []NestedShell{{Text: joinKnown(rest), Arg: k}}, nil, true
}

// peelScreen: screen [options] command args runs the command directly.
func peelScreen(argv []Arg, i int) (int, []NestedShell, *Launch, bool) {
	for _, a := range argv[i+1:] {
		// -r/-R/-x/-D/-ls reattach to or list sessions: the operand is a
		// session name, nothing is started.
		if a.Known && len(a.Value) > 1 && a.Value[0] == '-' && (strings.ContainsAny(a.Value[1:], "rRxD") || a.Value == "-ls" || a.Value == "-list" || a.Value == "-wipe") {
			return i, nil, nil, true
		}
	}
	j := skipOpts(argv, i+1, "SceEhpsTtX")
	if j >= len(argv) {
		return j, nil, nil, true
	}
	return j, nil, nil, false
}

// peelSSH: ssh [options] host command... runs the command through the
// remote user's shell.
func peelSSH(argv []Arg, i int) (int, []NestedShell, *Launch, bool) {
	j := skipOpts(argv, i+1, "BbcDEeFIiJLlmOoPpQRSWw")
	if j+1 >= len(argv) {
		return j, nil, nil, true
	}
	return j + 1, []NestedShell{{Text: joinKnown(argv[j+1:]), Arg: j + 1}}, nil, true
}

// containerFlags are docker/podman run/exec options that take no value.
var containerFlags = map[string]bool{
	"--rm": true, "-d": true, "--detach": true, "-i": true, "--interactive": true, "-t": true, "--tty": true,
	"--privileged": true, "--init": true, "--read-only": true, "-P": true, "--publish-all": true,
	"--no-healthcheck": true, "--oom-kill-disable": true, "-q": true, "--quiet": true,
}

// peelContainer: docker/podman run IMAGE command... and exec CONTAINER
// command... run the command in the container; --entrypoint names it.
func peelContainer(argv []Arg, i int) (int, []NestedShell, *Launch, bool) {
	j := i + 1
	if j < len(argv) && argv[j].Known && argv[j].Value == "container" {
		j++
	}
	if j >= len(argv) || !argv[j].Known || argv[j].Value != "run" && argv[j].Value != "exec" {
		return i, nil, nil, true
	}
	for j++; j < len(argv); j++ {
		a := argv[j]
		if !a.Known {
			return j, nil, nil, true
		}
		v := a.Value
		if v == "--entrypoint" && j+1 < len(argv) {
			return j + 1, nil, nil, false
		}
		if v == "--" {
			j++
			break
		}
		if len(v) < 2 || v[0] != '-' {
			break
		}
		if containerFlags[v] || strings.Contains(v, "=") || isShortCluster(v) && strings.Trim(v[1:], "dit") == "" {
			continue
		}
		j++ // an option with a value
	}
	// j is the image or container; the command follows it.
	if j+1 >= len(argv) {
		return j, nil, nil, true
	}
	return j + 1, nil, nil, false
}

// peelKubectl: kubectl exec/run/debug ... -- command runs the command.
func peelKubectl(argv []Arg, i int) (int, []NestedShell, *Launch, bool) {
	if i+1 >= len(argv) || !argv[i+1].Known {
		return i, nil, nil, true
	}
	switch argv[i+1].Value {
	case "exec", "run", "debug":
	default:
		return i, nil, nil, true
	}
	for j := i + 2; j < len(argv); j++ {
		if argv[j].Known && argv[j].Value == "--" && j+1 < len(argv) {
			return j + 1, nil, nil, false
		}
	}
	return i, nil, nil, true
}

// peelParallel: GNU parallel runs its command (before :::) through a shell.
func peelParallel(argv []Arg, i int) (int, []NestedShell, *Launch, bool) {
	j := skipOpts(argv, i+1, "jSaInNLdE")
	end := j
	for end < len(argv) && !(argv[end].Known && strings.HasPrefix(argv[end].Value, ":::")) {
		end++
	}
	if end == j {
		return j, nil, nil, true
	}
	if end == j+1 && argv[j].Known && strings.ContainsAny(argv[j].Value, " ;|&") {
		return j, []NestedShell{{Text: argv[j].Value, Arg: j}}, nil, true
	}
	return j, nil, nil, false
}
