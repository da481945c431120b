package launchruntime

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/leasegate/leasegate/lease/wire"
	"github.com/leasegate/leasegate/version"
)

// Deps is what a launch touches outside itself. Main fills it from the
// process; tests replace Exec (and whatever else they need).
type Deps struct {
	Environ     func() []string
	Executable  func() (string, error)
	Getpid      func() int
	Getwd       func() (string, error) // nil: os.Getwd
	SocketPath  func() (string, error)
	StartBroker func(bin, socket string) error
	// Exec replaces the process with argv[0] (an absolute path). It only
	// returns on failure.
	Exec func(argv0 string, argv, env []string) error
	// Confine enters the Landlock domain right before Exec (confine.go);
	// nil launches unconfined (and --confine=require then refuses).
	Confine func(*Confinement) error
	// LandlockABI reports the kernel's Landlock ABI (nil: ask the kernel).
	LandlockABI func() int
	Stdout      io.Writer
	Stderr      io.Writer
}

// DefaultDeps is the real process.
func DefaultDeps(stdout, stderr io.Writer) Deps {
	self, _ := os.Executable()
	return Deps{
		Environ:     os.Environ,
		Executable:  os.Executable,
		Getpid:      os.Getpid,
		Getwd:       os.Getwd,
		SocketPath:  wire.SocketPath,
		StartBroker: startBrokerDetached(self),
		Exec:        syscall.Exec,
		Confine:     (*Confinement).Apply,
		Stdout:      stdout,
		Stderr:      stderr,
	}
}

// Main runs launch-runtime with args (without the program name). On a
// successful launch it does not return: the process becomes the runtime.
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) == 3 && args[0] == spawnBrokerArg {
		if err := spawnBroker(args[1], args[2]); err != nil {
			fmt.Fprintf(stderr, "launch-runtime: starting the broker: %v\n", err)
			return ExitFailure
		}
		return ExitOK
	}
	return Run(DefaultDeps(stdout, stderr), args)
}

const usage = `usage: launch-runtime --runtime claude|pi [--dangerous] [--config-dir DIR]
                      [--allow-tools LIST | --tool-profile NAME] [--allow-tools-mode enforce|shadow]
                      [--bin PATH] [--confine auto|require|off] [--writable DIR]... [--mcp-approved FILE]
                      [--approve-project-commands DIGEST] [--] [runtime args...]
       launch-runtime install [--managed] [--claude-settings FILE] [--pi-dir DIR]
       launch-runtime uninstall [--managed] [--claude-settings FILE] [--pi-dir DIR]
       launch-runtime --version | --help

flags (before the runtime's own arguments, or before --):
  --runtime claude|pi      the runtime to start (required)
  --dangerous              Claude Code without permission prompts, still gated
  --config-dir DIR         Claude Code: an isolated CLAUDE_CONFIG_DIR; the gate is merged into it
  --allow-tools LIST       the only tools this session may ever use
  --tool-profile NAME      a named allow-list of the broker's policy
  --allow-tools-mode MODE  enforce (default) or shadow
  --bin PATH               the runtime binary (default: claude or pi on PATH)
  --confine MODE           auto (default), require or off: Landlock confinement
  --writable DIR           another folder the confined runtime may write (repeatable)
  --mcp-approved FILE      Claude Code: start only the MCP servers FILE lists
  --approve-project-commands DIGEST
                           Claude Code: run the hooks and commands in project
                           settings whose digest a refusal printed
install/uninstall:
  --managed                Claude's managed settings (/etc/claude-code) instead of the user's
  --claude-settings FILE   another Claude settings file
  --pi-dir DIR             another Pi agent folder

exit status: the runtime's after a launch; 0 install, uninstall, --help,
--version; 1 could not launch (runtime binary, mutator-gate, broker);
2 usage error or a refused argument or setting (docs/launch-runtime.md)
`

// Run is Main with explicit dependencies.
func Run(deps Deps, args []string) int {
	// Alone only: after the runtime flags or "--", --version is the
	// runtime's (launch-runtime --runtime claude -- --version).
	if len(args) == 1 && args[0] == "--version" {
		fmt.Fprintf(deps.Stdout, "launch-runtime %s\n", version.String())
		return ExitOK
	}
	if len(args) > 0 {
		switch args[0] {
		case "install":
			return runInstall(deps, args[1:], true)
		case "uninstall":
			return runInstall(deps, args[1:], false)
		case "-h", "--help", "help":
			fmt.Fprint(deps.Stdout, usage)
			return ExitOK
		}
	}
	l := &launch{deps: deps}
	err := l.run(context.Background(), args)
	return exitStatus(err, deps.Stderr) // nil only when Exec is a test double
}

// exitStatus says err in one line (a usage error with the usage after it)
// and maps it onto the exit status: 0 done, ExitRefused for usage errors
// and refusals, ExitFailure when it could not launch (nothing started).
func exitStatus(err error, stderr io.Writer) int {
	switch {
	case err == nil:
		return ExitOK
	case errors.Is(err, ErrUsage):
		fmt.Fprintf(stderr, "launch-runtime: %v\n%s", err, usage)
		return ExitRefused
	case errors.Is(err, ErrRefused):
		fmt.Fprintf(stderr, "launch-runtime: %v\n", err)
		return ExitRefused
	default:
		fmt.Fprintf(stderr, "launch-runtime: %v\n", err)
		return ExitFailure
	}
}

type launch struct {
	deps Deps
}

func (l *launch) run(ctx context.Context, args []string) error {
	o, err := ParseArgs(args)
	if err != nil {
		return err
	}
	// Everything that can refuse the launch is checked before the broker
	// hears of it, so a refused or broken launch leaves no registration.
	var cargs claudeArgs
	switch o.Runtime {
	case wire.RuntimeClaude:
		if cargs, err = checkClaudeArgs(o.RuntimeArgs, o.ConfigDir != ""); err != nil {
			return err
		}
	case wire.RuntimePi:
		if err := checkPiArgs(o.RuntimeArgs); err != nil {
			return err
		}
	}
	bin, err := resolveBinary(o.Runtime, o.Bin)
	if err != nil {
		return err
	}
	exe, _ := l.deps.Executable()
	gate, err := findSibling(exe, "mutator-gate")
	if err != nil {
		return fmt.Errorf("%w beside launch-runtime or on PATH: %v", ErrGateMissing, err)
	}
	var configDir string
	if o.ConfigDir != "" {
		if configDir, err = filepath.Abs(o.ConfigDir); err != nil {
			return fmt.Errorf("%w: --config-dir: %v", ErrUsage, err)
		}
		if st, err := os.Lstat(configDir); err == nil && st.Mode()&os.ModeSymlink != 0 {
			return refuse("--config-dir "+configDir, "is a symlink")
		}
		if _, _, err := readGateTarget(filepath.Join(configDir, "settings.json")); err != nil {
			return err
		}
	}
	var settings []byte
	var startup []string // what the session will start outside tool calls, for the audit log
	var approved *approvedMCP
	if o.Runtime == wire.RuntimeClaude {
		if settings, err = buildClaudeSettings(gate, cargs.userSettings); err != nil {
			return err
		}
		getwd := l.deps.Getwd
		if getwd == nil {
			getwd = os.Getwd
		}
		cwd, _ := getwd()
		home := getenvFrom(l.deps.Environ())("HOME")
		layers := claudeLayers(home, configDir, cwd)
		if err := checkClaudeLayers(layers); err != nil {
			return err
		}
		cmds, err := findProjectCommands(projectLayers(cwd, addDirArgs(cargs.rest)), gate)
		if err != nil {
			return err
		}
		if err := checkProjectCommands(cmds, o.ProjectCmds); err != nil {
			return err
		}
		var user [][]byte
		for _, v := range cargs.userSettings {
			if strings.HasPrefix(strings.TrimSpace(v), "{") {
				user = append(user, []byte(v))
			} else if b, err := readBounded(v); err == nil {
				user = append(user, b)
			}
		}
		startup = claudeStartup(home, configDir, cwd, layers, user)
		if o.MCPApproved != "" {
			if err := checkNoMCPArgs(cargs.rest); err != nil {
				return err
			}
			if approved, err = readApprovedMCP(o.MCPApproved); err != nil {
				return err
			}
			startup = approvedStartup(startup, approved)
		}
		if o.Dangerous {
			if err := checkClaudeCode(bin); err != nil {
				return refuse("--dangerous", err.Error())
			}
		}
	}
	env := l.runtimeEnv(o.Runtime, configDir)

	socket, err := l.deps.SocketPath()
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNoBroker, err)
	}
	if err := l.ensureBroker(ctx, socket); err != nil {
		return err
	}
	// The files this session's runtime loads carry its identity, known
	// only once registered; their paths are fixed first so that the
	// registration can name them as the session's gate files.
	sdir, err := sessionDir(integrationDir(socket))
	if err != nil {
		return err
	}
	var argv []string
	var gatePath, mcpPath string
	switch o.Runtime {
	case wire.RuntimeClaude:
		gatePath = filepath.Join(sdir, "claude-settings.json")
		if configDir != "" {
			if err := mergeConfigDir(configDir, gate); err != nil {
				return err
			}
		}
		argv = []string{bin, "--settings", gatePath}
		if approved != nil {
			// Only the sealed copy's servers start: Claude Code ignores
			// every other MCP configuration under --strict-mcp-config.
			mcpPath = filepath.Join(sdir, "mcp-approved.json")
			argv = append(argv, "--strict-mcp-config", "--mcp-config", mcpPath)
		}
		if o.Dangerous {
			argv = append(argv, "--dangerously-skip-permissions")
		}
		argv = append(argv, cargs.rest...)
	case wire.RuntimePi:
		gatePath = filepath.Join(sdir, "gate.ts")
		argv = piArgv(bin, gatePath, o.RuntimeArgs)
		startup = piStartup(o.RuntimeArgs)
	}
	gateFiles := []string{gate, gatePath}
	if mcpPath != "" {
		gateFiles = append(gateFiles, mcpPath)
	}

	exe, _ = l.deps.Executable()
	protected := []protectedPath{{gate, "the gate's hook"}, {exe, "launch-runtime"}}
	if b, err := findSibling(exe, "lease-broker"); err == nil {
		protected = append(protected, protectedPath{b, "lease-broker"})
	}
	for _, f := range gateFiles[1:] {
		protected = append(protected, protectedPath{f, "the generated gate settings"})
	}
	if approved != nil {
		// The verifier's list must be out of the agent's reach: a confined
		// launch refuses it inside a writable root, and the policy
		// protects it as a gate file.
		protected = append(protected, protectedPath{approved.path, "the approved MCP servers (--mcp-approved)"})
	}
	conf, err := l.planConfinement(ctx, o, socket, protected)
	if err != nil {
		return err
	}
	extra, err := conf.runtimeConfig(o.Runtime, envHome(env), configDir, env)
	if err != nil {
		return err
	}
	env = setEnv(env, append(conf.Env, extra...)...)
	regFiles := gateFiles
	if approved != nil {
		regFiles = append(slices.Clip(gateFiles), approved.path)
	}
	regArgs := o.registerArgs(configDir, regFiles)
	if regArgs == nil {
		regArgs = map[string]string{}
	}
	if len(startup) > 0 {
		regArgs[wire.ArgStartup] = strings.Join(startup, "\n")
	}
	regArgs[wire.ArgConfinement] = conf.Describe()
	if conf.Dir != "" {
		regArgs[wire.ArgSessionDir] = conf.Dir
	}
	session, gen, brokerProc, err := l.register(ctx, socket, o, regArgs)
	var refused *registerRefused
	switch {
	case errors.As(err, &refused) && refused.usage():
		return fmt.Errorf("%w: %v", ErrUsage, err)
	case errors.As(err, &refused):
		return err
	case err != nil:
		return fmt.Errorf("%w: %v", ErrNoBroker, err)
	}
	id := gateIdentity{Session: session, Generation: gen, Socket: socket, Broker: brokerProc}
	var data []byte
	switch o.Runtime {
	case wire.RuntimeClaude:
		data, err = bakeClaudeSettings(settings, gate, id)
	case wire.RuntimePi:
		var ext []byte
		if ext, err = piExtension(gate); err == nil {
			data, err = bakePiExtension(ext, id)
		}
	}
	if err == nil {
		err = writeSealedFile(gatePath, data)
	}
	if err == nil && mcpPath != "" {
		err = writeSealedFile(mcpPath, approved.data)
	}
	if err != nil {
		l.unregister(socket, session, gen, err.Error())
		return err
	}
	env = append(env, wire.EnvSession+"="+session, wire.EnvGeneration+"="+strconv.FormatUint(gen, 10))
	if conf.active() && l.deps.Confine != nil {
		if err := l.deps.Confine(conf); err != nil {
			l.unregister(socket, session, gen, err.Error())
			return fmt.Errorf("confine: %w", err)
		}
	}
	err = l.deps.Exec(bin, argv, env)
	if err != nil {
		l.unregister(socket, session, gen, err.Error())
		return fmt.Errorf("exec %s: %w", bin, err)
	}
	return nil
}

// runtimeEnv is the caller's environment minus anything that would turn
// the gate off and minus any inherited session identity.
func (l *launch) runtimeEnv(runtime, configDir string) []string {
	drop := map[string]bool{wire.EnvSession: true, wire.EnvGeneration: true}
	if runtime == wire.RuntimeClaude {
		for _, k := range ClaudeScrubbedEnv {
			drop[k] = true
		}
	}
	var env []string
	for _, kv := range l.deps.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		if drop[k] {
			if v != "" && k != wire.EnvSession && k != wire.EnvGeneration &&
				!(k == "CLAUDE_CONFIG_DIR" && v == configDir) {
				fmt.Fprintf(l.deps.Stderr, "launch-runtime: removed %s from the runtime's environment (it can take the gate out of Claude Code)\n", k)
			}
			continue
		}
		env = append(env, kv)
	}
	if configDir != "" {
		env = append(env, "CLAUDE_CONFIG_DIR="+configDir)
	}
	return env
}
