package launchruntime

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/leasegate/leasegate/integrations"
	"github.com/leasegate/leasegate/integrations/dropgate"
)

// ClaudeScrubbedEnv are environment variables removed before Claude Code
// starts: each turns hooks off or points Claude at settings the wrapper did
// not check (the dropgate model's names). CLAUDE_CONFIG_DIR is replaced by
// --config-dir, if given.
var ClaudeScrubbedEnv = dropgate.ClaudeScrubbedEnv()

// claudeArgs is Claude's argument list after checking: the --settings
// values the user gave (to be merged into the gate's settings) and the rest.
type claudeArgs struct {
	userSettings []string
	rest         []string
}

// checkClaudeArgs refuses arguments that would turn the gate off and pulls
// out --settings values. Claude Code keeps only one --settings, so the
// wrapper merges the user's into its own file instead of passing two.
func checkClaudeArgs(args []string, configDir bool) (claudeArgs, error) {
	var out claudeArgs
	if fs := dropgate.ClaudeArgs(args, dropgate.Wrapped, configDir); len(fs) > 0 {
		return out, refuse(fs[0].Arg, fs[0].Reason)
	}
	if err := checkKnownClaudeFlags(args); err != nil {
		return out, err
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, inline, hasInline := strings.Cut(a, "=")
		if !strings.HasPrefix(a, "--") {
			name, hasInline = a, false
		}
		val := func() (string, error) {
			if hasInline {
				return inline, nil
			}
			if i+1 >= len(args) {
				return "", fmt.Errorf("%w: %s needs a value", ErrUsage, name)
			}
			i++
			return args[i], nil
		}
		switch name {
		case "--permission-mode":
			v, err := val()
			if err != nil {
				return out, err
			}
			out.rest = append(out.rest, "--permission-mode", v)
		case "--setting-sources":
			v, err := val()
			if err != nil {
				return out, err
			}
			out.rest = append(out.rest, "--setting-sources", v)
		case "--settings":
			v, err := val()
			if err != nil {
				return out, err
			}
			out.userSettings = append(out.userSettings, v)
		default:
			out.rest = append(out.rest, a)
		}
	}
	return out, nil
}

// loadUserSettings reads one --settings value: inline JSON or a file.
func loadUserSettings(v string) (map[string]any, error) {
	data := []byte(v)
	if t := strings.TrimSpace(v); !strings.HasPrefix(t, "{") {
		b, err := readBounded(v)
		if err != nil {
			return nil, refuse("--settings "+v, "cannot be read: "+err.Error())
		}
		data = b
	}
	obj, err := parseSettings(data)
	if err != nil {
		return nil, refuse("--settings "+v, err.Error())
	}
	return obj, nil
}

// errMalformedSettings reports settings that are not one JSON object.
var errMalformedSettings = errors.New("malformed settings: not a JSON object")

func parseSettings(data []byte) (map[string]any, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return map[string]any{}, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil || obj == nil {
		return nil, fmt.Errorf("%w (%v)", errMalformedSettings, err)
	}
	if _, err := dec.Token(); err == nil {
		return nil, fmt.Errorf("%w (trailing data)", errMalformedSettings)
	}
	return obj, nil
}

// checkUserSettings refuses settings that would switch the gate or the
// permission system off, or set an environment name not known harmless
// (the dropgate model): what names the file, the key and the reason.
func checkUserSettings(what string, s map[string]any) error {
	if fs := dropgate.Settings(s); len(fs) > 0 {
		return refuse(what, fmt.Sprintf("%q %s", fs[0].Arg, fs[0].Reason))
	}
	return nil
}

// gateFragment is integrations/claude/hooks.json with gatePath filled in.
func gateFragment(gatePath string) (map[string]any, error) {
	quoted, err := json.Marshal(gatePath)
	if err != nil {
		return nil, err
	}
	text := bytes.ReplaceAll(integrations.ClaudeHooks, []byte(`"`+integrations.GatePlaceholder+`"`), quoted)
	return parseSettings(text)
}

// mergeGate adds the gate's hooks to settings s, first dropping any earlier
// leasegate entries (the same path or any mutator-gate), and sets
// "disableAllHooks": false. Every other key and hook is kept.
func mergeGate(s map[string]any, gatePath string) error {
	frag, err := gateFragment(gatePath)
	if err != nil {
		return err
	}
	removeGate(s)
	hooks, _ := s["hooks"].(map[string]any)
	if hooks == nil {
		hooks = map[string]any{}
	}
	for event, groups := range frag["hooks"].(map[string]any) {
		existing, _ := hooks[event].([]any)
		hooks[event] = append(existing, groups.([]any)...)
	}
	s["hooks"] = hooks
	s["disableAllHooks"] = false
	return nil
}

// removeGate drops every hook whose command is a mutator-gate, and matcher
// groups and events left empty by that. It reports whether it removed any.
func removeGate(s map[string]any) bool {
	hooks, ok := s["hooks"].(map[string]any)
	if !ok {
		return false
	}
	removed := false
	for event, v := range hooks {
		groups, ok := v.([]any)
		if !ok {
			continue
		}
		var keptGroups []any
		for _, g := range groups {
			gm, ok := g.(map[string]any)
			if !ok {
				keptGroups = append(keptGroups, g)
				continue
			}
			hs, ok := gm["hooks"].([]any)
			if !ok {
				keptGroups = append(keptGroups, g)
				continue
			}
			var kept []any
			for _, h := range hs {
				if isGateHook(h) {
					removed = true
					continue
				}
				kept = append(kept, h)
			}
			if len(kept) == 0 && len(hs) > 0 {
				continue
			}
			gm["hooks"] = kept
			keptGroups = append(keptGroups, gm)
		}
		if len(keptGroups) == 0 {
			delete(hooks, event)
		} else {
			hooks[event] = keptGroups
		}
	}
	if len(hooks) == 0 {
		delete(s, "hooks")
	}
	return removed
}

func isGateHook(h any) bool {
	hm, ok := h.(map[string]any)
	if !ok {
		return false
	}
	cmd, _ := hm["command"].(string)
	return filepath.Base(strings.Fields(cmd + " x")[0]) == "mutator-gate"
}

// buildClaudeSettings builds the gate's settings file, the user's
// --settings merged in (after checking them). It writes nothing.
func buildClaudeSettings(gatePath string, user []string) ([]byte, error) {
	s := map[string]any{}
	for _, v := range user {
		u, err := loadUserSettings(v)
		if err != nil {
			return nil, err
		}
		if err := checkUserSettings("--settings "+v, u); err != nil {
			return nil, err
		}
		// These settings share the gate's file: a value Claude Code
		// rejects would drop the gate with them.
		if k := knownKeysOnly(u); k != "" {
			return nil, refuse("--settings "+v, fmt.Sprintf("sets %q, which launch-runtime does not pass into the gate's settings file: Claude Code drops the whole file, gate included, when one value in it is wrong, and this key is not checked; put it in your user or project settings", k))
		}
		if r := settingsDropReason(u); r != "" {
			return nil, refuse("--settings "+v, r+"; Claude Code would drop the whole settings file, gate included")
		}
		for k, val := range u {
			if k == "hooks" {
				continue
			}
			s[k] = val
		}
		if uh, ok := u["hooks"].(map[string]any); ok {
			hooks, _ := s["hooks"].(map[string]any)
			if hooks == nil {
				hooks = map[string]any{}
			}
			for ev, groups := range uh {
				g, ok := groups.([]any)
				if !ok {
					return nil, refuse("--settings "+v, fmt.Sprintf("hooks.%s is not a list", ev))
				}
				existing, _ := hooks[ev].([]any)
				hooks[ev] = append(existing, g...)
			}
			s["hooks"] = hooks
		}
	}
	if err := mergeGate(s, gatePath); err != nil {
		return nil, err
	}
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// mergeConfigDir merges the gate into DIR/settings.json, the user settings
// of an isolated CLAUDE_CONFIG_DIR. A symlinked folder or file, or a file
// that is not a JSON object, refuses the launch; settings that turn the
// gate off are overridden ("disableAllHooks": false).
func mergeConfigDir(dir, gatePath string) error {
	if st, err := os.Lstat(dir); err == nil {
		if st.Mode()&fs.ModeSymlink != 0 {
			return refuse("--config-dir "+dir, "is a symlink")
		}
		if !st.IsDir() {
			return refuse("--config-dir "+dir, "is not a folder")
		}
	} else if errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("--config-dir: %w", err)
		}
	} else {
		return fmt.Errorf("--config-dir: %w", err)
	}
	return mergeSettingsFile(filepath.Join(dir, "settings.json"), gatePath)
}

// mergeSettingsFile merges the gate into one settings file, refusing a
// symlink, a non-regular file or malformed JSON. It writes atomically and
// keeps the file's mode.
func mergeSettingsFile(path, gatePath string) error {
	s, mode, err := readGateTarget(path)
	if err != nil {
		return err
	}
	if err := mergeGate(s, gatePath); err != nil {
		return err
	}
	return writeSettingsFile(path, s, mode)
}

// readGateTarget reads a settings file the gate is to be merged into: as
// readSettingsFile, and refused when Claude Code would not load it (a
// value of the wrong type under a checked key), since the gate in it would
// then never run.
func readGateTarget(path string) (map[string]any, fs.FileMode, error) {
	s, mode, err := readSettingsFile(path)
	if err != nil {
		return nil, 0, err
	}
	if r := settingsDropReason(s); r != "" {
		return nil, 0, refuse(path, r+"; Claude Code would not load this file, so the gate's hook in it would never run: fix it first")
	}
	return s, mode, nil
}

func readSettingsFile(path string) (map[string]any, fs.FileMode, error) {
	st, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]any{}, 0o600, nil
	}
	if err != nil {
		return nil, 0, err
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		return nil, 0, refuse(path, "is a symlink; the gate's settings must be a plain file")
	}
	if !st.Mode().IsRegular() {
		return nil, 0, refuse(path, "is not a regular file")
	}
	data, err := readBounded(path)
	if err != nil {
		return nil, 0, err
	}
	s, err := parseSettings(data)
	if err != nil {
		return nil, 0, refuse(path, err.Error())
	}
	return s, st.Mode().Perm(), nil
}

func writeSettingsFile(path string, s map[string]any, mode fs.FileMode) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return writeFileAtomic(path, append(data, '\n'), mode)
}

// errNotClaudeCode reports a --dangerous launch whose binary is not Claude Code.
var errNotClaudeCode = errors.New("not Claude Code")

// checkClaudeCode runs `bin --version` (with a clean, hook-free environment
// and a timeout) and requires Claude Code's own version line.
func checkClaudeCode(bin string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--version")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"),
		"DISABLE_AUTOUPDATER=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1"}
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("%w: %s --version: %v", errNotClaudeCode, bin, err)
	}
	line := strings.TrimSpace(string(out))
	if !strings.HasSuffix(line, "(Claude Code)") || strings.Contains(line, "\n") {
		return fmt.Errorf("%w: %s --version said %q", errNotClaudeCode, bin, firstLine(line))
	}
	return nil
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	if len(l) > 120 {
		l = l[:120]
	}
	return l
}

// claudeKnownFlags are the options of the pinned Claude Code (its --help)
// that a wrapped session may take: none of them loads settings the
// wrapper did not judge, opens a channel that changes settings while the
// session runs, or moves the session away from the anchored process. The
// pinned binary has dozens of other options, many hidden from --help
// (--sdk-url, --project-config-root, --remote-control, --cloud, ...), and
// --input-format stream-json accepts apply_flag_settings control requests
// that replace the --settings layer, gate included. So the list says what
// is allowed, and everything else is refused (deny by default).
var claudeKnownFlags = map[string]bool{
	"-p": true, "--print": true, "-c": true, "--continue": true, "-r": true, "--resume": true,
	"--fork-session": true, "--session-id": true, "-n": true, "--name": true,
	"--model": true, "--fallback-model": true, "--effort": true, "--agent": true, "--agents": true,
	"--allowedTools": true, "--allowed-tools": true, "--disallowedTools": true, "--disallowed-tools": true,
	"--tools": true, "--add-dir": true, "--append-system-prompt": true, "--append-system-prompt-file": true,
	"--system-prompt": true, "--system-prompt-file": true, "--output-format": true, "--input-format": true,
	"--include-partial-messages": true, "--include-hook-events": true, "--json-schema": true,
	"--max-budget-usd": true, "--max-turns": true, "--no-session-persistence": true,
	"--permission-mode": true, "--permission-prompt-tool": true, "--settings": true, "--setting-sources": true,
	"--mcp-config": true, "--strict-mcp-config": true, "--plugin-dir": true, "--verbose": true,
	"-d": true, "--debug": true, "--debug-file": true, "--betas": true, "--disable-slash-commands": true,
	"--exclude-dynamic-system-prompt-sections": true, "--autocompact": true, "--brief": true,
	"--prompt-suggestions": true, "--ax-screen-reader": true, "--no-chrome": true, "--restricted": true,
	"-v": true, "--version": true, "-h": true, "--help": true,
}

// checkKnownClaudeFlags refuses any option not in claudeKnownFlags, and an
// --input-format other than text. Arguments after a "--" are the prompt.
// A value that starts with "-" is judged as an option too (over-approximation:
// such a value is refused rather than guessed about).
func checkKnownClaudeFlags(args []string) error {
	for i, a := range args {
		if a == "--" {
			return nil
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			continue
		}
		name, v, hasInline := strings.Cut(a, "=")
		if !claudeKnownFlags[name] {
			return refuse(a, "is not an option launch-runtime knows to leave the gate in place (the pinned Claude Code has hidden options that load other settings, open a control channel or run the session elsewhere); run it without this option")
		}
		if name == "--input-format" {
			if !hasInline && i+1 < len(args) {
				v = args[i+1]
			}
			if strings.TrimSpace(v) != "text" {
				return refuse("--input-format "+v, "only text: stream-json takes control requests on stdin (apply_flag_settings) that replace the command-line settings layer, gate included")
			}
		}
	}
	return nil
}

// maxSettingsBytes bounds a settings file launch-runtime reads; a larger
// one is refused, never read without end.
const maxSettingsBytes = 1 << 20

// readBounded reads a settings file that must be a regular file of at
// most maxSettingsBytes. It opens without blocking and checks the opened
// file, so a FIFO (which would wait for a writer forever) or a device
// such as /dev/zero (which never ends) is refused instead of hanging the
// launch.
func readBounded(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxSettingsBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxSettingsBytes {
		return nil, fmt.Errorf("%s is over %d bytes", path, maxSettingsBytes)
	}
	return data, nil
}
