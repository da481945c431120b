package launchruntime

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/leasegate/leasegate/integrations/dropgate"
)

// ManagedClaudeSettings is Claude Code's managed (policy) settings file on
// Linux. Settings there outrank every other layer and cannot be turned off
// by the user's settings or by --setting-sources.
const ManagedClaudeSettings = "/etc/claude-code/managed-settings.json"

// PiExtensionName is the file the Pi gate is installed as, in Pi's global
// extension folder.
const PiExtensionName = "leasegate-gate.ts"

type installTargets struct {
	claudeSettings string
	piExtension    string
}

func getenvFrom(environ []string) func(string) string {
	return func(k string) string {
		for i := len(environ) - 1; i >= 0; i-- {
			if name, v, ok := strings.Cut(environ[i], "="); ok && name == k {
				return v
			}
		}
		return ""
	}
}

func parseInstallArgs(deps Deps, args []string) (installTargets, error) {
	getenv := getenvFrom(deps.Environ())
	var t installTargets
	managed := false
	var piDir string
	for i := 0; i < len(args); i++ {
		name, inline, hasInline := strings.Cut(args[i], "=")
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
		var err error
		switch name {
		case "--managed":
			managed = true
		case "--claude-settings":
			t.claudeSettings, err = val()
		case "--pi-dir":
			piDir, err = val()
		default:
			return t, fmt.Errorf("%w: unknown install flag %q", ErrUsage, args[i])
		}
		if err != nil {
			return t, err
		}
	}
	home := getenv("HOME")
	if t.claudeSettings == "" {
		switch {
		case managed:
			t.claudeSettings = ManagedClaudeSettings
		case getenv("CLAUDE_CONFIG_DIR") != "":
			t.claudeSettings = filepath.Join(getenv("CLAUDE_CONFIG_DIR"), "settings.json")
		case home != "":
			t.claudeSettings = filepath.Join(home, ".claude", "settings.json")
		default:
			return t, fmt.Errorf("%w: no HOME; give --claude-settings", ErrUsage)
		}
	}
	if piDir == "" {
		switch {
		case getenv("PI_CODING_AGENT_DIR") != "":
			piDir = getenv("PI_CODING_AGENT_DIR")
		case home != "":
			piDir = filepath.Join(home, ".pi", "agent")
		default:
			return t, fmt.Errorf("%w: no HOME; give --pi-dir", ErrUsage)
		}
	}
	t.piExtension = filepath.Join(piDir, "extensions", PiExtensionName)
	return t, nil
}

// runInstall installs (or uninstalls) the global gate: the all-tools hook
// in Claude's settings and the gate extension in Pi's global extension
// folder. Both directions are idempotent and keep every other setting.
func runInstall(deps Deps, args []string, install bool) int {
	t, err := parseInstallArgs(deps, args)
	if err == nil {
		if install {
			err = doInstall(deps, t)
		} else {
			err = doUninstall(deps, t)
		}
	}
	return exitStatus(err, deps.Stderr)
}

func doInstall(deps Deps, t installTargets) error {
	exe, _ := deps.Executable()
	gate, err := findSibling(exe, "mutator-gate")
	if err != nil {
		return fmt.Errorf("%w beside launch-runtime or on PATH: %v", ErrGateMissing, err)
	}
	// Check both targets before changing either.
	s, _, err := readGateTarget(t.claudeSettings)
	if err != nil {
		return err
	}
	// An installed gate beside settings env that switches hooks off (or
	// redirects the hook) would never run: refuse, naming the key.
	if fs := dropgate.SettingsEnv(s["env"]); len(fs) > 0 {
		return refuse(t.claudeSettings, fmt.Sprintf("%q %s; remove it before installing the gate", fs[0].Arg, fs[0].Reason))
	}
	if err := checkPlainOrMissing(t.piExtension); err != nil {
		return err
	}
	if err := mergeSettingsFile(t.claudeSettings, gate); err != nil {
		return err
	}
	fmt.Fprintf(deps.Stdout, "claude: gate hook installed in %s\n", t.claudeSettings)
	ext, err := piExtension(gate)
	if err != nil {
		return err
	}
	if err := writeFileAtomic(t.piExtension, ext, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(deps.Stdout, "pi: gate extension installed as %s\n", t.piExtension)
	return nil
}

func doUninstall(deps Deps, t installTargets) error {
	s, mode, err := readSettingsFile(t.claudeSettings)
	if err != nil {
		return err
	}
	if removeGate(s) {
		if err := writeSettingsFile(t.claudeSettings, s, mode); err != nil {
			return err
		}
		fmt.Fprintf(deps.Stdout, "claude: gate hook removed from %s\n", t.claudeSettings)
	}
	if err := checkPlainOrMissing(t.piExtension); err != nil {
		return err
	}
	data, err := os.ReadFile(t.piExtension)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return err
	case bytes.Contains(data, []byte("leasegate gate extension")):
		if err := os.Remove(t.piExtension); err != nil {
			return err
		}
		fmt.Fprintf(deps.Stdout, "pi: gate extension removed from %s\n", t.piExtension)
	default:
		return refuse(t.piExtension, "is not leasegate's gate extension; left alone")
	}
	return nil
}

func checkPlainOrMissing(path string) error {
	st, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return refuse(path, "is not a regular file (a symlink?)")
	}
	return nil
}

func writeFileAtomic(path string, data []byte, mode fs.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
