package cmdline

// Spec is one program's option grammar and where its inner command is.
// The zero value is a program with no options taking a value whose first
// operand is the command (nohup).
type Spec struct {
	// Names are the program names (the last element of argv[0]).
	Names []string
	// Short lists the short options that take a value ("ug": -u bob, -ubob).
	Short string
	// Long lists the long options that take a value (--user bob,
	// --user=bob); with Single, single-dash names too (-ExecutionPolicy x).
	Long []string
	// Long2 lists options that take two values (bwrap --bind SRC DEST).
	Long2 []string
	// ValueDefault: every option takes a value except Flags and FlagsLong
	// (docker run).
	ValueDefault bool
	Flags        string
	FlagsLong    []string
	// MaybeValue: a long option not listed may take a value: the reading
	// where it does is judged too (GNU parallel's hundred options).
	MaybeValue bool
	// Stop lists options after which nothing from the argv runs
	// (command -v, sudo -l); StopLetters, short letters that do so in any
	// cluster (screen -r).
	Stop        []string
	StopLetters string
	// ShellOpts' value is a string a shell runs (su -c X, flock --command=X).
	ShellOpts []string
	// RestShell: the words after the option, joined, are a string a shell
	// runs (cmd /c X Y, powershell -Command X Y).
	RestShell []string
	// ShellLetter is a short letter that makes the first operand a string
	// a shell runs, in any cluster (bash -lc X, entr -s X).
	ShellLetter byte
	// StdinLetters are short letters that make a shell read its script from
	// standard input (bash -s).
	StdinLetters string
	// Rest: the words after the option are the command (xterm -e cmd args,
	// gdb --args, nix shell -c).
	Rest []string
	// Split's value is split into words that precede the remaining
	// arguments (env -S 'claude -p').
	Split []string
	// Params' value is a set of named parameters whose strings are
	// commands (aws ssm send-command --parameters 'commands=["x"]'): each
	// string literal of it, or the text after its first "=", is a string
	// a shell runs.
	Params []string
	// Code's value is program code (node -e, python -c): the strings it
	// hands to a process API are parsed as shell.
	Code []string
	// Script's value is a file the program runs (pwsh -File x).
	Script []string
	// Entry's value is the command (docker run --entrypoint claude).
	Entry []string
	// Package's value names a package (npx -p X, pnpm --package=X).
	Package []string
	// ArgvMode options make the operands an argv (watch -x, runuser -u).
	ArgvMode []string
	// Operands is how many operands precede the command (timeout
	// DURATION, chroot DIR, ssh HOST).
	Operands int
	// Assign: NAME=value words may precede the command (env, sudo).
	Assign bool
	// Numeric: -N is an option (nice -10).
	Numeric bool
	// DashOpt: a lone "-" is an option (env -, su -).
	DashOpt bool
	// Plus: +x words are options too (sh +o pipefail).
	Plus bool
	// Slash: /x words are options (cmd /c, start /b); "--" means nothing.
	Slash bool
	// Single: single-dash words are whole option names, not clusters
	// (powershell -Command, gdb -ex).
	Single bool
	// Fold: options and the program name compare case-insensitively and
	// ".exe" may follow the name.
	Fold bool
	// Permute: options may follow operands, and the inner command comes
	// only from an option (su bob -c X).
	Permute bool
	// DashDash: the command follows "--" only (kubectl exec POD -- cmd).
	DashDash bool
	// DashDashShell: the words after "--" are a shell's arguments
	// (capsh -- -c X).
	DashDashShell bool
	// Subs are subcommands: the first operand picks one; any other
	// operand runs nothing known (docker ps).
	Subs map[string]*Spec
	// Else: an operand that is no subcommand is the command the program
	// runs (`yarn claude`, `pnpm claude`: a package manager runs a bin
	// of node_modules/.bin, or a script of that name, by its bare name).
	Else bool
	// runsNothing marks a subcommand listed only so that Else does not
	// take it for a command (pnpm install).
	runsNothing bool
	// Then is what the operands after the options are: KindArgv (the
	// default), KindShell (joined), KindTyped, KindPackage, KindScript,
	// KindStdin (a shell: a script file, or stdin when there is none),
	// KindNone.
	Then Kind
	// Each: every operand is a string a shell runs (concurrently).
	Each bool
	// Until lists prefixes of words that end the command (parallel :::).
	Until []string
	// Clauses open commands closed by ";" or "+" (find -exec).
	Clauses []string
	// Drop lists words left out of a typed text (tmux send-keys Enter).
	Drop []string
	// Skip lists operands passed over before the command (start "").
	Skip []string
	// NoneIsStdin: with no command, the program runs a shell that reads
	// its commands from standard input (sudo -s, ssh HOST).
	NoneIsStdin bool
	// EnvPrefix: the command's first word may be written ENV:CMD (hatch
	// run dev:pytest -x): the program runs CMD and the words after it,
	// joined, in a shell of the environment ENV.
	EnvPrefix bool
}

// Family is a group of programs that run other programs.
type Family struct {
	Name  string
	Specs []*Spec
}

func sub(names string, s Spec) map[string]*Spec {
	m := map[string]*Spec{}
	for _, n := range splitNames(names) {
		m[n] = &s
	}
	return m
}

// noneSubs are subcommands that run nothing known (pnpm install), beside
// Else.
func noneSubs(names string) map[string]*Spec {
	return sub(names, Spec{Then: KindNone, runsNothing: true})
}

func subs(ms ...map[string]*Spec) map[string]*Spec {
	out := map[string]*Spec{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

func splitNames(s string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	return out
}

func names(s string) []string { return splitNames(s) }

// shellSpec is the grammar of sh, bash, zsh and friends.
var shellSpec = Spec{
	Names: names("sh bash zsh dash ksh ash mksh yash fish rbash"),
	Short: "oOC", Long: []string{"--rcfile", "--init-file", "--init-command"},
	ShellOpts: []string{"--command"}, ShellLetter: 'c', StdinLetters: "s",
	Plus: true, DashOpt: true, Then: KindStdin,
}

// npxSpec is the grammar of npx-like package runners.
var npxSpec = Spec{
	Package: []string{"-p", "--package"}, ShellOpts: []string{"-c", "--call"},
	Long: []string{"--cache", "--userconfig", "--registry", "--node-options"}, Then: KindPackage,
}

var containerRun = Spec{
	ValueDefault: true, Flags: "dit", Operands: 1,
	FlagsLong: []string{"--rm", "--detach", "--interactive", "--tty", "--privileged", "--init", "--read-only",
		"--publish-all", "--no-healthcheck", "--oom-kill-disable", "--quiet", "--sig-proxy", "--disable-content-trust", "--no-deps", "--service-ports", "--use-aliases", "--remove-orphans", "--build"},
	Entry: []string{"--entrypoint"},
}

var composeRun = func() Spec { s := containerRun; s.Flags = "dTiPt"; return s }()

var containerSubs = subs(
	sub("run exec", containerRun),
	sub("container", Spec{Subs: sub("run exec", containerRun)}),
	sub("compose", Spec{Long: []string{"-f", "--file", "-p", "--project-name", "--profile", "--env-file", "--project-directory", "--ansi", "--progress"}, Short: "fp", Subs: sub("run exec", composeRun)}),
)

// sandboxRun is Docker Sandboxes' `run AGENT [WORKSPACE...] [-- ARGS]`
// (`docker sandbox run claude`, `sbx run --name x claude .`), and
// `create AGENT WORKSPACE`, which makes a sandbox that runs the agent:
// the first operand is the agent the sandbox runs, the words after it its
// arguments (workspaces read as arguments: an over-approximation).
// Options not listed as flags take a value.
var sandboxRun = Spec{
	ValueDefault: true, Flags: "qdD",
	FlagsLong: []string{"--quiet", "--debug", "--detached", "--mount-docker-socket", "--load-local-template", "--help"},
}

// sandboxSubs are the subcommands of `docker sandbox` and `sbx` that run
// a command in a sandbox: `exec SANDBOX COMMAND` as `docker exec`.
var sandboxSubs = subs(sub("run create", sandboxRun), sub("exec", containerRun))

// gcloudFlags are gcloud's global options that take a value.
var gcloudFlags = []string{"--project", "--account", "--configuration", "--verbosity", "--format", "--impersonate-service-account", "--billing-project", "--flags-file", "--trace-token"}

// gcloudSSH is `gcloud compute ssh VM --command CMD` (and the words after
// "--", which ssh gets: its options, then the command).
var gcloudSSH = Spec{Long: append([]string{"--zone", "--ssh-key-file", "--ssh-flag", "--container", "--internal-ip", "--strict-host-key-checking", "--worker", "--ssh-key-expire-after", "--region"}, gcloudFlags...),
	ShellOpts: []string{"--command"}, Permute: true, Then: KindShell}

var tmuxRun = Spec{Short: "cefFnstxylTwS", Then: KindShell}

var tmuxPopup = Spec{Short: "cefFnstxylTwSdh", Then: KindShell}

// Table is every program that runs another program, by family. The order
// is the order of the documentation.
var Table = []Family{
	{Name: "privilege and identity", Specs: []*Spec{
		{Names: names("sudo"), Short: "ugCDhprtTUR", Long: []string{"--user", "--group", "--close-from", "--chdir", "--host", "--prompt", "--role", "--type", "--command-timeout", "--other-user", "--chroot"},
			Stop: []string{"-l", "--list", "-v", "--validate", "-K", "-e", "--edit", "-V", "--version"}, Assign: true, NoneIsStdin: true},
		{Names: names("doas"), Short: "uC", Assign: true, NoneIsStdin: true},
		{Names: names("su"), Short: "gGsw", Long: []string{"--group", "--supp-group", "--shell", "--whitelist-environment"},
			ShellOpts: []string{"-c", "--command", "--session-command"}, DashOpt: true, Permute: true, Then: KindStdin},
		{Names: names("runuser"), Short: "gGsuw", Long: []string{"--group", "--supp-group", "--shell", "--user", "--whitelist-environment"},
			ShellOpts: []string{"-c", "--command", "--session-command"}, ArgvMode: []string{"-u", "--user"}, DashOpt: true, Permute: true, Then: KindStdin},
		{Names: names("pkexec"), Long: []string{"--user"}},
		{Names: names("gosu su-exec"), Operands: 1},
		{Names: names("setpriv"), Long: []string{"--reuid", "--regid", "--ruid", "--euid", "--rgid", "--egid", "--groups", "--inh-caps", "--ambient-caps", "--bounding-set", "--securebits", "--pdeathsig", "--selinux-label", "--apparmor-profile", "--landlock-access", "--landlock-rule"}},
		{Names: names("chroot"), Operands: 1, Long: []string{"--userspec", "--groups"}},
		{Names: names("capsh"), DashDashShell: true, Then: KindNone},
		{Names: names("sg"), Operands: 1, ShellOpts: []string{"-c"}},
		// runit's chpst (a service's `run` file: exec chpst -u agent claude)
		// and the daemontools and s6 programs that set a service's user
		{Names: names("chpst"), Short: "uUbe/CnlLmdopfct"},
		{Names: names("setuidgid envuidgid s6-setuidgid"), Operands: 1},
		{Names: names("s6-envuidgid"), Short: "D", Operands: 1},
		{Names: names("s6-applyuidgid"), Short: "ugG"},
	}},
	{Name: "process control", Specs: []*Spec{
		{Names: names("env"), Short: "uCP", Long: []string{"--unset", "--chdir"}, Split: []string{"-S", "--split-string"}, Assign: true, DashOpt: true},
		{Names: names("nohup setsid chronic catchsegv unbuffer builtin")},
		{Names: names("exec"), Short: "a"},
		{Names: names("command"), StopLetters: "vV"},
		{Names: names("nice"), Short: "n", Long: []string{"--adjustment"}, Numeric: true},
		{Names: names("ionice"), Short: "cn", Long: []string{"--class", "--classdata"}, Stop: []string{"-p", "--pid", "-P", "--pgid", "-u", "--uid"}},
		{Names: names("chrt"), Operands: 1, Stop: []string{"-p", "--pid", "-m", "--max"}},
		{Names: names("taskset"), Operands: 1, Stop: []string{"-p", "--pid"}},
		{Names: names("timeout"), Short: "sk", Long: []string{"--signal", "--kill-after"}, Operands: 1},
		{Names: names("time"), Short: "fo", Long: []string{"--format", "--output"}},
		{Names: names("stdbuf"), Short: "ioe", Long: []string{"--input", "--output", "--error"}},
		{Names: names("flock"), Short: "wE", Long: []string{"--wait", "--timeout", "--conflict-exit-code"}, ShellOpts: []string{"-c", "--command"}, Operands: 1},
		{Names: names("caffeinate"), Short: "tw"},
		{Names: names("faketime"), Long: []string{"--date-prog"}, Operands: 1},
		{Names: names("tini"), Short: "pe"},
		{Names: names("dumb-init"), Short: "r", Long: []string{"--rewrite"}},
		{Names: names("catatonit")},
		{Names: names("dbus-run-session"), Long: []string{"--config-file", "--dbus-daemon"}},
		{Names: names("cross-env"), Assign: true},
		// daemontools, runit and s6: the environment, limits and locks of
		// a service's `run` file (envdir DIR CMD, s6-softlimit -m N CMD)
		{Names: names("envdir setlock"), Operands: 1},
		{Names: names("s6-envdir"), Short: "c", Operands: 1},
		{Names: names("s6-setlock"), Short: "td", Operands: 1},
		{Names: names("softlimit"), Short: "madslfcoptr"},
		{Names: names("s6-softlimit"), Short: "acdflmoprst"},
		{Names: names("pgrphack fghack s6-fghack with-contenv")},
		{Names: names("s6-setsid"), Short: "d"},
		{Names: names("s6-notifyoncheck"), Short: "3sTtwnc"},
		{Names: names("dotenv dotenv-cli"), Short: "ecvp"},
		// env-cmd [-f FILE] [-e ENVS] [-r RC] CMD ARGS
		{Names: names("env-cmd"), Short: "fer", Long: []string{"--file", "--environments", "--rc-file"}},
		// expect's spawn (in an `expect -c` string, scanned as shell)
		{Names: names("spawn"), Single: true, Long: []string{"-open", "-leaveopen", "-ignore"}},
	}},
	{Name: "sandboxes and tracers", Specs: []*Spec{
		{Names: names("firejail valgrind")},
		{Names: names("bwrap"), Long: []string{"--chdir", "--unsetenv", "--proc", "--dev", "--tmpfs", "--dir", "--uid", "--gid", "--hostname",
			"--seccomp", "--args", "--lock-file", "--sync-fd", "--info-fd", "--userns-block-fd", "--json-status-fd", "--cap-add", "--cap-drop",
			"--remount-ro", "--exec-label", "--file-label", "--perms", "--size", "--userns", "--userns2", "--pidns", "--add-seccomp-fd", "--block-fd"},
			Long2: []string{"--bind", "--bind-try", "--ro-bind", "--ro-bind-try", "--dev-bind", "--dev-bind-try", "--symlink", "--setenv", "--file", "--bind-data", "--ro-bind-data", "--chmod"}},
		{Names: names("proot"), Short: "rbmwqk", Long: []string{"--rootfs", "--bind", "--mount", "--pwd", "--cwd", "--qemu", "--kernel-release"}},
		{Names: names("nsenter"), Short: "tSGW", Long: []string{"--target", "--setuid", "--setgid", "--wdns"}},
		{Names: names("unshare"), Short: "RwSG", Long: []string{"--root", "--wd", "--setuid", "--setgid", "--map-user", "--map-group", "--map-users", "--map-groups"}},
		{Names: names("systemd-run"), Short: "upEMH", Long: []string{"--unit", "--property", "--setenv", "--uid", "--gid", "--machine", "--description", "--slice", "--working-directory",
			"--host", "--on-active", "--on-boot", "--on-startup", "--on-unit-active", "--on-unit-inactive", "--on-calendar", "--timer-property", "--path-property", "--socket-property", "--service-type", "--nice", "--expand-environment"}},
		{Names: names("systemd-inhibit"), Long: []string{"--what", "--who", "--why", "--mode"}},
		{Names: names("xvfb-run"), Short: "nefpsw", Long: []string{"--server-num", "--error-file", "--auth-file", "--xauth-protocol", "--server-args", "--wait"}},
		{Names: names("torsocks"), Short: "uapP", Long: []string{"--user", "--pass", "--address", "--port"}},
		{Names: names("proxychains proxychains4"), Short: "f"},
		{Names: names("strace"), Short: "eoOpsSuEPXIba"},
		{Names: names("ltrace"), Short: "eoupsnSlaAD"},
		{Names: names("gdb"), Single: true, Long: []string{"-ex", "-iex", "-x", "-ix", "-p", "-pid", "--pid", "-cd", "--cd", "-d", "--directory", "-s", "-se", "-e", "-c", "--core", "-core", "-eval-command", "--eval-command", "-command", "--command", "-data-directory", "--data-directory"},
			Rest: []string{"--args", "-args"}, Then: KindNone},
		{Names: names("perf"), Subs: sub("record stat trace", Spec{Short: "eocFptCumG", Long: []string{"--event", "--output", "--count", "--freq", "--pid", "--tid", "--cpu", "--uid", "--mmap-pages", "--cgroup", "--call-graph", "--repeat"}})},
		{Names: names("op"), Subs: sub("run", Spec{Long: []string{"--env-file", "--environment", "--account", "--config", "--session"}})},
		// secret managers that run a command with secrets in its environment
		{Names: names("doppler"), Long: []string{"--token", "--api-host", "--configuration", "--scope"}, Subs: sub("run", Spec{
			Short: "pc", Long: []string{"--project", "--config", "--token", "--api-host", "--configuration", "--scope", "--mount", "--mount-format",
				"--mount-template", "--mount-max-reads", "--fallback", "--name-transformer", "--only-secrets"},
			ShellOpts: []string{"--command"}})},
		{Names: names("infisical"), Subs: sub("run", Spec{Long: []string{"--env", "--path", "--projectId", "--token", "--domain", "--tags"},
			ShellOpts: []string{"--command"}})},
		{Names: names("dotenvx"), Subs: sub("run", Spec{Short: "f", Long: []string{"--env-file", "--env", "--env-keys-file", "--convention", "--log-level"}})},
		{Names: names("teller"), Subs: sub("run", Spec{Short: "c", Long: []string{"--config"}})},
		{Names: names("berglas"), Subs: sub("exec", Spec{Long: []string{"--local", "--project"}})},
		// aws-vault exec PROFILE [--] CMD, and its kin
		{Names: names("aws-vault aws-okta"), Long: []string{"--backend", "--keychain", "--prompt", "--pass-dir", "--pass-cmd", "--pass-prefix", "--file-dir"},
			Subs: sub("exec", Spec{Short: "dt", Long: []string{"--duration", "--mfa-token", "--region", "--assume-role-ttl", "--session-ttl"}, Operands: 1})},
		{Names: names("saml2aws"), Short: "a", Long: []string{"--idp-account", "--profile", "--region"}, Subs: sub("exec", Spec{Short: "p", Long: []string{"--exec-profile", "--profile"}})},
		{Names: names("chamber"), Subs: sub("exec", Spec{DashDash: true})},
		{Names: names("envchain"), Operands: 1},
		{Names: names("sops"), Subs: sub("exec-env exec-file", Spec{Operands: 1, Then: KindShell})},
		// version managers' exec: the tool in the selected version's
		// environment (asdf exec claude, rbenv exec ruby)
		{Names: names("asdf rbenv pyenv nodenv goenv jenv plenv"), Subs: sub("exec", Spec{})},
		{Names: names("mise rtx"), Subs: sub("exec x", Spec{DashDash: true})},
		{Names: names("bundle bundler"), Subs: sub("exec", Spec{Long: []string{"--gemfile"}})},
		{Names: names("direnv"), Subs: sub("exec", Spec{Operands: 1})},
		{Names: names("nix"), Long: []string{"--option", "--extra-experimental-features"}, Subs: subs(sub("shell develop", Spec{
			Rest: []string{"-c", "--command"}, Short: "fI", Long: []string{"--file", "--expr", "--include", "--override-input", "--profile", "--keep", "--unset"},
			Long2: []string{"--arg", "--argstr", "--override-flake"}, Permute: true, Then: KindNone}),
			// nix run INSTALLABLE [-- ARGS]: the flake's program
			sub("run", Spec{Short: "fI", Long: []string{"--file", "--expr", "--include", "--override-input"}, Long2: []string{"--arg", "--argstr", "--override-flake"}, Then: KindPackage}))},
		{Names: names("nix-shell"), ShellOpts: []string{"--run", "--command"}, Short: "IA", Long: []string{"--attr", "--arg", "--argstr", "--include"}, Permute: true, Then: KindNone},
		{Names: names("devbox"), Long: []string{"--config", "-c"}, Subs: sub("run", Spec{Long: []string{"--config", "--environment", "--env-file"}, Short: "ce"})},
	}},
	{Name: "job runners", Specs: []*Spec{
		{Names: names("xargs"), Short: "adEILnPs", Long: []string{"--arg-file", "--delimiter", "--eof", "--replace", "--max-lines", "--max-args", "--max-procs", "--max-chars", "--process-slot-var"}},
		// GNU parallel has over a hundred options: an unlisted one may take
		// a value (MaybeValue), so both readings are judged
		{Names: names("parallel"), Short: "aCdEIJjLNnPSs", Long: []string{"--jobs", "--max-procs", "--sshlogin", "--sshloginfile", "--slf", "--arg-file", "--arg-file-sep", "--arg-sep",
			"--max-args", "--max-replace-args", "--max-lines", "--max-chars", "--delimiter", "--eof", "--joblog", "--results", "--res", "--tmpdir", "--tempdir", "--timeout", "--retries",
			"--tagstring", "--tag-string", "--ctagstring", "--colsep", "--halt", "--halt-on-error", "--basefile", "--bf", "--block", "--block-size", "--blocktimeout", "--bt",
			"--compress-program", "--decompress-program", "--delay", "--env", "--filter", "--group-by", "--header", "--load", "--limit", "--match", "--memfree", "--memsuspend",
			"--nice", "--process-slot-var", "--profile", "--recend", "--recstart", "--return", "--rpl", "--seqreplace", "--slotreplace", "--extensionreplace", "--er",
			"--basenamereplace", "--bnr", "--dirnamereplace", "--dnr", "--basenameextensionreplace", "--bner", "--shard", "--bin", "--semaphorename", "--id",
			"--semaphoretimeout", "--st", "--sqlmaster", "--sqlworker", "--sqlandworker", "--ssh", "--sshdelay", "--termseq", "--transferfile", "--tf", "--trc",
			"--workdir", "--wd", "--template", "--tmpl"},
			FlagsLong: []string{"--pipe", "--pipepart", "--keep-order", "--tag", "--ungroup", "--group", "--line-buffer", "--lb", "--latest-line", "--null", "--quote",
				"--no-run-if-empty", "--xargs", "--eta", "--progress", "--bar", "--dry-run", "--verbose", "--shebang", "--semaphore", "--fg", "--bg", "--will-cite",
				"--onall", "--nonall", "--color", "--color-failed", "--resume", "--resume-failed", "--retry-failed", "--cleanup", "--transfer", "--noswap", "--files",
				"--files0", "--link", "--xapply", "--shuf", "--tty", "--tee", "--cat", "--fifo", "--plus", "--csv", "--round-robin", "--roundrobin", "--regexp",
				"--silent", "--unsafe", "--plain", "--fast", "--hostgroups", "--hgrp", "--number-of-cpus", "--number-of-cores", "--number-of-threads",
				"--number-of-sockets", "--version", "--help", "--citation", "--max-line-length-allowed", "--shellquote", "--filter-hosts", "--embed"},
			MaybeValue: true, Until: []string{":::"}, Then: kindArgvOrShell},
		// rush (shenwei356/rush): its operands, joined, are a string a shell
		// runs per record
		{Names: names("rush"), Short: "jDdrtvnCioTJ", Long: []string{"--jobs", "--delimiter", "--field-delimiter", "--retries", "--retry-interval", "--timeout",
			"--assign", "--nrecords", "--succeed-cmd-file", "--infile", "--out-file", "--trim", "--records-join-sep", "--shell"},
			FlagsLong: []string{"--keep-order", "--exit-on-error", "--continue", "--dry-run", "--eta", "--escape", "--immediate-output", "--propagate-exit-status",
				"--stop-on-error", "--verbose", "--version", "--help", "--kill-on-ctrl-c", "--no-kill-exes"},
			MaybeValue: true, Then: KindShell},
		{Names: names("find"), Clauses: []string{"-exec", "-execdir", "-ok", "-okdir"}},
		{Names: names("watch"), Short: "nq", Long: []string{"--interval", "--equexit"}, ArgvMode: []string{"-x", "--exec"}, Then: KindShell},
		{Names: names("entr"), ShellLetter: 's'},
		{Names: names("nodemon"), Short: "weiV", Long: []string{"--watch", "--ext", "--ignore", "--delay", "--signal", "--config", "--exitcrash"}, ShellOpts: []string{"-x", "--exec"}, Then: KindScript},
		{Names: names("git"), Short: "Cc", Long: []string{"--git-dir", "--work-tree", "--namespace", "--super-prefix", "--config-env"}, Subs: subs(
			sub("rebase", Spec{Short: "sXx", Long: []string{"--onto", "--strategy", "--strategy-option", "--exec"}, ShellOpts: []string{"-x", "--exec"}, Permute: true, Then: KindNone}),
			sub("bisect", Spec{Subs: sub("run", Spec{})}),
		)},
		// script [FILE [CMD ...]]: util-linux runs -c's string; BSD and
		// macOS run the words after the typescript file
		{Names: names("script"), Short: "EIOBTmoFt", Long: []string{"--echo", "--log-in", "--log-out", "--log-io", "--log-timing", "--logging-format", "--output-limit"},
			ShellOpts: []string{"-c", "--command"}, Operands: 1},
		// at TIME and batch read the commands they schedule from standard
		// input (or run -f FILE); -l, -r, -c, -d list, remove, show jobs
		{Names: names("at batch"), Short: "qtm", Script: []string{"-f"}, StopLetters: "lrcd", Operands: 1 << 10, Then: KindStdin},
		{Names: names("concurrently"), Short: "ncplstm", Long: []string{"--names", "--prefix-colors", "--prefix", "--prefix-length", "--timestamp-format", "--restart-tries", "--restart-after", "--success", "--max-processes", "--name-separator", "--default-input-target", "--passthrough-arguments"}, Each: true, Then: KindNone},
		{Names: names("hyperfine"), Short: "wrmMpcsSNnLu", Long: []string{"--warmup", "--runs", "--min-runs", "--max-runs", "--prepare", "--setup", "--conclude", "--cleanup", "--shell", "--parameter-scan", "--parameter-step-size", "--parameter-list", "--export-json", "--export-markdown", "--command-name", "--time-unit", "--style", "--sort", "--output"}, Each: true, Then: KindNone},
		{Names: names("watchexec"), Short: "wepfdi", Long: []string{"--watch", "--exts", "--filter", "--ignore", "--debounce", "--shell", "--signal", "--delay-run", "--project-origin", "--workdir", "--env"}, Then: KindShell},
	}},
	{Name: "shells and interpreters", Specs: []*Spec{
		&shellSpec,
		{Names: names("eval"), Then: KindShell},
		{Names: names("source ."), Then: KindNone},
		{Names: names("busybox toybox")},
		// expect -c CMDS: Tcl whose `spawn PROG ARGS` runs a program; its
		// commands are read as shell words (`spawn claude -p x; expect eof`)
		{Names: names("expect"), Single: true, ShellOpts: []string{"-c"}, Long: []string{"-f"}, Then: KindScript},
		{Names: names("node nodejs tsx ts-node"), Short: "rC", Long: []string{"--require", "--import", "--loader", "--experimental-loader", "--conditions", "--env-file", "--input-type", "--title"},
			Code: []string{"-e", "--eval", "-p", "--print"}, Then: KindScript},
		{Names: names("deno"), Subs: subs(
			sub("run", Spec{Long: []string{"--config", "--import-map", "--env-file", "--location", "--seed", "--v8-flags", "--cert", "--lock"}, Short: "c", Then: KindScript}),
			sub("eval", Spec{Then: kindCode}),
		)},
		{Names: names("python python3 python2 pypy pypy3"), Short: "WX", Code: []string{"-c"}, Then: KindScript},
		{Names: names("perl"), Code: []string{"-e", "-E"}, Then: KindScript},
		{Names: names("ruby"), Short: "Ir", Code: []string{"-e"}, Then: KindScript},
		{Names: names("php"), Code: []string{"-r"}, Short: "cdz", Then: KindScript},
	}},
	{Name: "package runners", Specs: []*Spec{
		func() *Spec { s := npxSpec; s.Names = names("npx pnpx bunx"); return &s }(),
		{Names: names("npm"), Subs: sub("exec x", npxSpec)},
		{Names: names("pnpm"), Package: []string{"--package"}, Short: "C", Long: []string{"--dir", "--filter", "--workspace-dir"}, Else: true,
			Subs: subs(sub("dlx exec", Spec{Package: []string{"--package"}, ShellLetter: 'c', Then: KindPackage}), sub("run run-script", Spec{}), noneSubs("install i add remove rm update up list ls why outdated publish pack link unlink init store config audit prune rebuild import patch setup env help"))},
		{Names: names("yarn"), Short: "", Long: []string{"--cwd"}, Else: true,
			Subs: subs(sub("dlx exec", Spec{Package: []string{"-p", "--package"}, Then: KindPackage}), sub("run", Spec{}), noneSubs("install add remove upgrade up info list why outdated publish pack link unlink init config cache audit workspaces workspace global set plugin constraints npm version help"))},
		// bun run: a file, a script or a bin of node_modules/.bin by name
		{Names: names("bun"), Code: []string{"-e", "--eval", "-p", "--print"}, Else: true,
			Subs: subs(sub("x", npxSpec), sub("run", Spec{}), noneSubs("install i add remove rm update outdated link unlink pm init create build test upgrade publish patch help repl"))},
		// Python project tools run a command in the project's environment
		{Names: names("poetry"), Subs: sub("run", Spec{Short: "CP", Long: []string{"--directory", "--project"}})},
		{Names: names("pipenv rye"), Subs: sub("run", Spec{})},
		// hatch run [ENV:]CMD: a command of the environment ENV (hatch
		// -e ENV run CMD too)
		{Names: names("hatch"), Short: "e", Long: []string{"--env", "--data-dir", "--cache-dir", "--config"}, Subs: sub("run", Spec{EnvPrefix: true})},
		{Names: names("pdm"), Subs: sub("run", Spec{Short: "p", Long: []string{"--project", "--venv"}})},
		{Names: names("conda mamba micromamba"), Subs: sub("run", Spec{Short: "np", Long: []string{"--name", "--prefix", "--cwd"}})},
		{Names: names("uvx"), Package: []string{"--from"}, Long: []string{"--with", "--python", "--index-url"}, Short: "p", Then: KindPackage},
		{Names: names("uv"), Subs: subs(sub("tool", Spec{Subs: sub("run", Spec{Package: []string{"--from"}, Long: []string{"--with", "--python"}, Then: KindPackage})}),
			sub("run", Spec{Long: []string{"--with", "--python", "--project", "--directory", "--env-file"}, Short: "p"}))},
		{Names: names("pipx"), Subs: sub("run", Spec{Package: []string{"--spec"}, Long: []string{"--python", "--pip-args"}, Then: KindPackage})},
		{Names: names("volta"), Subs: sub("run", Spec{Long: []string{"--node", "--npm", "--yarn", "--pnpm", "--env"}})},
		// corepack PM ARGS runs the package manager (`corepack pnpm dlx`)
		{Names: names("corepack")},
	}},
	{Name: "containers and remotes", Specs: []*Spec{
		{Names: names("docker"), Short: "Hcl", Long: []string{"--host", "--context", "--config", "--log-level"}, Subs: subs(containerSubs, sub("sandbox", Spec{Subs: sandboxSubs}))},
		{Names: names("podman nerdctl"), Short: "Hcl", Long: []string{"--host", "--context", "--config", "--log-level"}, Subs: containerSubs},
		{Names: names("sbx"), Subs: sandboxSubs},
		{Names: names("docker-compose podman-compose"), Short: "fp", Long: []string{"--file", "--project-name", "--profile", "--env-file"}, Subs: sub("run exec", composeRun)},
		{Names: names("kubectl oc"), Subs: sub("exec run debug", Spec{DashDash: true})},
		{Names: names("ssh"), Short: "BbcDEeFIiJLlmOoPpQRSWw", Operands: 1, Then: KindShell, NoneIsStdin: true},
		{Names: names("devcontainer"), Subs: sub("exec", Spec{Long: []string{"--workspace-folder", "--container-id", "--id-label", "--config", "--override-config", "--remote-env", "--docker-path", "--log-level", "--log-format", "--terminal-columns", "--terminal-rows", "--default-user-env-probe"}})},
		{Names: names("toolbox"), Subs: sub("run", Spec{Short: "cdr", Long: []string{"--container", "--distro", "--release"}})},
		{Names: names("distrobox"), Subs: sub("enter", Spec{DashDash: true})},
		{Names: names("distrobox-enter"), DashDash: true},
		{Names: names("wsl"), Short: "du", Long: []string{"--distribution", "--user", "--cd"}, Rest: []string{"-e", "--exec"}, Then: KindShell},
		// remote shells: the command a remote shell runs (class eval), or
		// the argv a container or VM runs
		{Names: names("mosh"), Short: "p", Long: []string{"--ssh", "--port", "--predict", "--family", "--server", "--bind-server", "--experimental-remote-ip", "--client"}, Operands: 1},
		{Names: names("gcloud"), Long: gcloudFlags, Subs: subs(
			sub("compute", Spec{Long: gcloudFlags, Subs: subs(sub("ssh", gcloudSSH), sub("tpus", Spec{Subs: sub("tpu-vm", Spec{Subs: sub("ssh", gcloudSSH)})}))}),
			sub("alpha beta", Spec{Long: gcloudFlags, Subs: sub("compute", Spec{Long: gcloudFlags, Subs: sub("ssh", gcloudSSH)})}),
			sub("cloud-shell", Spec{Subs: sub("ssh", gcloudSSH)}),
		)},
		{Names: names("gh"), Subs: sub("codespace cs", Spec{Subs: sub("ssh", Spec{Short: "cR", Long: []string{"--codespace", "--repo", "--repo-owner", "--profile", "--server-port", "--config"}, Then: KindShell})})},
		{Names: names("vagrant"), Subs: sub("ssh", Spec{ShellOpts: []string{"-c", "--command"}, Permute: true, Then: KindNone})},
		{Names: names("fly flyctl"), Subs: sub("ssh", Spec{Subs: sub("console", Spec{Short: "arusA", Long: []string{"--app", "--region", "--user", "--machine", "--process-group", "--config", "--org", "--address", "--access-token"},
			ShellOpts: []string{"-C", "--command"}, Permute: true, Then: KindNone})})},
		// ansible HOSTS -a ARGS: the command, shell and raw modules (and
		// the default, command) run the arguments; read as a shell string
		// whatever -m names (an over-approximation: other modules' key=value
		// arguments are assignments)
		{Names: names("ansible"), Short: "imMfTBPeutlc", Long: []string{"--inventory", "--module-name", "--module-path", "--forks", "--timeout", "--background", "--poll", "--extra-vars",
			"--user", "--tree", "--limit", "--connection", "--become-user", "--become-method", "--private-key", "--vault-id", "--vault-password-file", "--playbook-dir",
			"--ssh-common-args", "--ssh-extra-args", "--scp-extra-args", "--sftp-extra-args", "--inventory-file"},
			ShellOpts: []string{"-a", "--args"}, Permute: true, Then: KindNone},
		{Names: names("incus lxc"), Subs: sub("exec", Spec{Long: []string{"--cwd", "--env", "--user", "--group", "--mode", "--project"}, Operands: 1})},
		{Names: names("lxc-attach"), Short: "nPesuvg", Long: []string{"--name", "--lxcpath", "--elevated-privileges", "--arch", "--namespaces", "--set-var", "--keep-var", "--uid", "--gid", "--context"}},
		{Names: names("limactl"), Subs: sub("shell", Spec{Long: []string{"--workdir", "--shell", "--tty"}, Operands: 1})},
		{Names: names("lima"), Long: []string{"--workdir", "--shell"}},
		{Names: names("multipass"), Subs: sub("exec", Spec{Short: "dn", Long: []string{"--working-directory", "--no-map-working-directory"}, Operands: 1})},
		{Names: names("aws"), Long: []string{"--profile", "--region", "--output", "--endpoint-url", "--query", "--cli-read-timeout", "--cli-connect-timeout"},
			Subs: sub("ssm", Spec{Subs: sub("send-command", Spec{Long: []string{"--document-name", "--targets", "--instance-ids", "--comment", "--timeout-seconds", "--output-s3-bucket-name", "--region", "--profile", "--output", "--max-concurrency", "--max-errors", "--cli-input-json"},
				Params: []string{"--parameters"}, Permute: true, Then: KindNone})})},
		{Names: names("az"), Subs: sub("vm", Spec{Subs: sub("run-command", Spec{Subs: sub("invoke create", Spec{
			Short: "gno", Long: []string{"--resource-group", "--name", "--vm-name", "--command-id", "--parameters", "--subscription", "--output", "--query", "--ids", "--location", "--run-as-user", "--run-as-password"},
			ShellOpts: []string{"--scripts", "--script"}, Permute: true, Then: KindNone})})})},
	}},
	{Name: "terminals", Specs: []*Spec{
		{Names: names("tmux"), Short: "LSfT", ShellOpts: []string{"-c"}, Subs: subs(
			sub("new-session new new-window neww split-window splitw respawn-pane respawnp respawn-window respawnw", tmuxRun),
			sub("run-shell run display-popup popup", tmuxPopup),
			sub("send-keys send", Spec{Short: "cefFnstxylTwSN", Then: KindTyped, Drop: []string{"Enter", "C-m", "KPEnter"}}),
		)},
		{Names: names("screen"), Short: "SceEhpsTtX", StopLetters: "rRxD", Stop: []string{"-ls", "-list", "-wipe", "-Q"}},
		{Names: names("x-terminal-emulator xterm uxterm urxvt konsole alacritty xfce4-terminal lxterminal terminator foot st"), Single: true,
			Long: []string{"-T", "-title", "--title", "-fa", "-fs", "-fn", "-geometry", "-bg", "-fg", "-class", "--class", "-name", "-n", "--working-directory", "--workdir", "--profile", "--config-file"},
			Rest: []string{"-e", "--command", "-x", "--execute"}, Then: KindNone},
		{Names: names("gnome-terminal mate-terminal"), DashDash: true},
		{Names: names("kitty"), Short: "cdoT", Long: []string{"--config", "--directory", "--override", "--title", "--class", "--name", "--session", "--listen-on"}},
		{Names: names("wezterm"), Subs: sub("start", Spec{Long: []string{"--cwd", "--class", "--workspace", "--position", "--domain"}})},
	}},
	{Name: "Windows", Specs: []*Spec{
		{Names: names("cmd"), Slash: true, Fold: true, RestShell: []string{"/c", "/k", "/r"}, Then: KindStdin},
		{Names: names("start"), Slash: true, Fold: true, Long: []string{"/d", "/affinity", "/node"}, Skip: []string{""}},
		{Names: names("powershell"), Single: true, Fold: true, RestShell: []string{"-command", "-c"}, Script: []string{"-file", "-f"},
			Long: []string{"-executionpolicy", "-ep", "-ex", "-windowstyle", "-w", "-configurationname", "-outputformat", "-of", "-inputformat", "-if", "-workingdirectory", "-wd", "-settingsfile", "-psconsolefile", "-version", "-custompipename", "-encodedcommand", "-ec", "-e"}, Then: KindShell},
		{Names: names("pwsh"), Single: true, Fold: true, RestShell: []string{"-command", "-c"}, Script: []string{"-file", "-f"},
			Long: []string{"-executionpolicy", "-ep", "-ex", "-windowstyle", "-w", "-configurationname", "-outputformat", "-of", "-inputformat", "-if", "-workingdirectory", "-wd", "-settingsfile", "-custompipename", "-encodedcommand", "-ec", "-e"}, Then: KindScript},
	}},
}

// index maps a program name to its spec.
var index = func() map[string]*Spec {
	m := map[string]*Spec{}
	for _, f := range Table {
		for _, s := range f.Specs {
			for _, n := range s.Names {
				if m[n] != nil {
					panic("cmdline: " + n + " is in the table twice")
				}
				m[n] = s
			}
		}
	}
	return m
}()
