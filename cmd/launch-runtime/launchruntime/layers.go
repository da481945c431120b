package launchruntime

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/leasegate/leasegate/integrations/dropgate"
)

// maxProjectDepth bounds the walk from the launch folder up to the
// project root (the folder holding .git) whose settings Claude Code loads.
const maxProjectDepth = 64

// claudeLayers are the settings files Claude Code loads for a wrapped
// session besides the gate's own --settings file: the user layer
// (--config-dir's settings.json, else ~/.claude/settings.json) and, for
// the launch folder and the project root above it, the project and local
// layers. The managed layer is the administrator's and is not judged.
func claudeLayers(home, configDir, cwd string) []string {
	var out []string
	switch {
	case configDir != "":
		out = append(out, filepath.Join(configDir, "settings.json"))
	case home != "":
		out = append(out, filepath.Join(home, ".claude", "settings.json"))
	}
	return append(out, projectLayers(cwd, nil)...)
}

// projectRoot is the nearest folder at or above dir that holds .git, or "".
func projectRoot(dir string) string {
	for i := 0; i < maxProjectDepth && dir != ""; i++ {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
	return ""
}

// checkClaudeLayers refuses a launch when a settings layer Claude Code
// will load sets an "env" name that is not known harmless (CLAUDE_CODE_SIMPLE,
// CLAUDE_CODE_SAFE_MODE, LEASEGATE_*, ...): Claude Code applies settings
// env to itself after the wrapper scrubbed its environment, so such a name
// would switch the gate off from inside. A layer that cannot be read or
// parsed is refused as well (it cannot be judged).
func checkClaudeLayers(paths []string) error {
	for _, p := range paths {
		s, err := readLayer(p)
		if err != nil {
			return err
		}
		if fs := dropgate.SettingsEnv(s["env"]); len(fs) > 0 {
			return refuse(p, fmt.Sprintf("%q %s", fs[0].Arg, fs[0].Reason))
		}
	}
	return nil
}

// readLayer reads one settings layer; a missing file is an empty layer.
func readLayer(path string) (map[string]any, error) {
	data, err := readBounded(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]any{}, nil
	}
	if err != nil {
		return nil, refuse(path, "cannot be read, so its env cannot be judged: "+err.Error())
	}
	s, err := parseSettings(data)
	if err != nil {
		return nil, refuse(path, err.Error()+"; its env cannot be judged")
	}
	return s, nil
}
