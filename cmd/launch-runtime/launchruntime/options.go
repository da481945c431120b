package launchruntime

import (
	"errors"
	"fmt"
	"strings"

	"github.com/leasegate/leasegate/lease/wire"
)

// Allow-list modes for --allow-tools.
const (
	AllowEnforce = "enforce"
	AllowShadow  = "shadow"
)

// ErrUsage reports a malformed launch-runtime command line.
var ErrUsage = errors.New("usage")

// ErrRefused reports a runtime argument, setting or environment that would
// switch the gate or the permission system off. The launch never starts.
var ErrRefused = errors.New("refused")

// RefusedError says which argument was refused and why.
type RefusedError struct {
	Arg    string
	Reason string
}

func (e *RefusedError) Error() string { return fmt.Sprintf("refused %s: %s", e.Arg, e.Reason) }

// Is makes errors.Is(err, ErrRefused) true.
func (e *RefusedError) Is(target error) bool { return target == ErrRefused }

func refuse(arg, reason string) error { return &RefusedError{Arg: arg, Reason: reason} }

// Options is a parsed launch-runtime command line.
type Options struct {
	Runtime        string   // wire.RuntimeClaude or wire.RuntimePi
	Dangerous      bool     // --dangerous: Claude Code without permission prompts, the wrapper adds the raw flag
	ConfigDir      string   // --config-dir: an isolated CLAUDE_CONFIG_DIR whose settings.json gets the hook
	AllowTools     []string // --allow-tools: the only tools this session may ever use
	AllowToolsMode string   // --allow-tools-mode: AllowEnforce (default) or AllowShadow
	ToolProfile    string   // --tool-profile: a named allow-list from the broker's policy
	Bin            string   // --bin: the runtime binary (default: the runtime's name on PATH)
	Confine        string   // --confine: ConfineAuto (default, also ""), ConfineRequire or ConfineOff
	Writable       []string // --writable: more folders the confined runtime may write
	MCPApproved    string   // --mcp-approved: the only MCP servers Claude Code may start (a verifier's file)
	ProjectCmds    string   // --approve-project-commands: the digest of the project settings commands the operator read
	RuntimeArgs    []string // everything after the wrapper's own flags (or after --)
}

// launchFlags are launch-runtime's own flags, for usage errors.
var launchFlags = []string{"--runtime", "--dangerous", "--config-dir", "--allow-tools", "--allow-tools-mode",
	"--tool-profile", "--bin", "--confine", "--writable", "--mcp-approved", "--approve-project-commands"}

// ParseArgs parses launch-runtime's own flags. They come first; the first
// argument that is not one of them, or a "--", starts the runtime's
// arguments. It has no side effects.
func ParseArgs(args []string) (Options, error) {
	var o Options
	i := 0
	value := func(name, inline string, hasInline bool) (string, error) {
		if hasInline {
			return inline, nil
		}
		if i+1 >= len(args) {
			return "", fmt.Errorf("%w: %s needs a value", ErrUsage, name)
		}
		i++
		return args[i], nil
	}
loop:
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		name, inline, hasInline := strings.Cut(a, "=")
		var err error
		switch name {
		case "--runtime":
			o.Runtime, err = value(name, inline, hasInline)
		case "--dangerous":
			if hasInline {
				return o, fmt.Errorf("%w: --dangerous takes no value", ErrUsage)
			}
			o.Dangerous = true
		case "--config-dir":
			o.ConfigDir, err = value(name, inline, hasInline)
		case "--allow-tools":
			var v string
			v, err = value(name, inline, hasInline)
			for _, t := range strings.Split(v, ",") {
				if t = strings.TrimSpace(t); t != "" {
					o.AllowTools = append(o.AllowTools, t)
				}
			}
			if err == nil && len(o.AllowTools) == 0 {
				err = fmt.Errorf("%w: --allow-tools needs at least one tool name", ErrUsage)
			}
		case "--allow-tools-mode":
			o.AllowToolsMode, err = value(name, inline, hasInline)
		case "--tool-profile":
			o.ToolProfile, err = value(name, inline, hasInline)
		case "--bin":
			o.Bin, err = value(name, inline, hasInline)
		case "--confine":
			o.Confine, err = value(name, inline, hasInline)
		case "--mcp-approved":
			o.MCPApproved, err = value(name, inline, hasInline)
		case "--approve-project-commands":
			o.ProjectCmds, err = value(name, inline, hasInline)
		case "--writable":
			var v string
			if v, err = value(name, inline, hasInline); err == nil {
				o.Writable = append(o.Writable, v)
			}
		default:
			break loop
		}
		if err != nil {
			return o, err
		}
	}
	o.RuntimeArgs = append([]string(nil), args[i:]...)
	if o.Runtime == "" && i < len(args) && strings.HasPrefix(args[i], "-") {
		// Before --runtime, an unknown flag is a typo of one of ours, not
		// a runtime argument.
		return o, fmt.Errorf("%w: unknown flag %q (launch-runtime's flags: %s; the runtime's own arguments go after --)", ErrUsage, args[i], strings.Join(launchFlags, ", "))
	}
	switch o.Runtime {
	case wire.RuntimeClaude, wire.RuntimePi:
	case "":
		return o, fmt.Errorf("%w: --runtime claude|pi is required", ErrUsage)
	default:
		return o, fmt.Errorf("%w: unknown runtime %q (want claude or pi)", ErrUsage, o.Runtime)
	}
	switch o.AllowToolsMode {
	case "":
		if len(o.AllowTools) > 0 || o.ToolProfile != "" {
			o.AllowToolsMode = AllowEnforce
		}
	case AllowEnforce, AllowShadow:
		if len(o.AllowTools) == 0 && o.ToolProfile == "" {
			return o, fmt.Errorf("%w: --allow-tools-mode needs --allow-tools or --tool-profile", ErrUsage)
		}
	default:
		return o, fmt.Errorf("%w: --allow-tools-mode %q (want enforce or shadow)", ErrUsage, o.AllowToolsMode)
	}
	switch o.Confine {
	case "", ConfineAuto, ConfineRequire, ConfineOff: // "" is auto
	default:
		return o, fmt.Errorf("%w: --confine %q (want auto, require or off)", ErrUsage, o.Confine)
	}
	if len(o.AllowTools) > 0 && o.ToolProfile != "" {
		return o, fmt.Errorf("%w: give --allow-tools or --tool-profile, not both", ErrUsage)
	}
	if o.Runtime == wire.RuntimePi {
		if o.Dangerous {
			return o, refuse("--dangerous", "only Claude Code has a permission bypass; Pi has no such mode")
		}
		if o.ConfigDir != "" {
			return o, fmt.Errorf("%w: --config-dir is for Claude Code (CLAUDE_CONFIG_DIR)", ErrUsage)
		}
		if o.ProjectCmds != "" {
			return o, fmt.Errorf("%w: --approve-project-commands is for Claude Code (a wrapped Pi loads no project settings extensions)", ErrUsage)
		}
		if o.MCPApproved != "" {
			return o, fmt.Errorf("%w: --mcp-approved is for Claude Code (Pi starts no MCP servers; the wrapper loads only its gate extension)", ErrUsage)
		}
	}
	return o, nil
}

// registerArgs is what the registration carries besides runtime and PID:
// the allow-list, dangerous mode, the absolute --config-dir and the gate
// files (which the broker's policy protects from writes for this session).
func (o Options) registerArgs(configDir string, gateFiles []string) map[string]string {
	m := map[string]string{}
	if len(o.AllowTools) > 0 {
		m["allow_tools"] = strings.Join(o.AllowTools, ",")
	}
	if o.ToolProfile != "" {
		m["tool_profile"] = o.ToolProfile
	}
	if o.AllowToolsMode != "" {
		m["allow_tools_mode"] = o.AllowToolsMode
	}
	if o.Dangerous {
		m["dangerous"] = "true"
	}
	if configDir != "" {
		m["config_dir"] = configDir
	}
	if len(gateFiles) > 0 {
		m["gate_files"] = strings.Join(gateFiles, "\n")
	}
	if len(m) == 0 {
		return nil
	}
	return m
}
