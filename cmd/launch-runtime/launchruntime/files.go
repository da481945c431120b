package launchruntime

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// integrationDir is where launch-runtime writes the gate's generated files:
// inside the broker's socket folder (mode 0700, and one of the gate's own
// protected paths), never inside the project the agent works on.
func integrationDir(socket string) string {
	return filepath.Join(filepath.Dir(socket), "integrations")
}

// sessionDir makes a new folder for one session's generated files under
// dir (created mode 0700 if missing).
func sessionDir(dir string) (string, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("gate files: %w", err)
	}
	d, err := os.MkdirTemp(dir, "s-")
	if err != nil {
		return "", fmt.Errorf("gate files: %w", err)
	}
	return d, nil
}

// writeSealedFile writes data to path, which must not exist yet, read-only
// (0444), through a temporary file renamed into place.
func writeSealedFile(path string, data []byte) error {
	if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("gate files: %s already exists", path)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-*")
	if err != nil {
		return fmt.Errorf("gate files: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("gate files: %w", err)
	}
	if err := tmp.Chmod(0o444); err != nil {
		tmp.Close()
		return fmt.Errorf("gate files: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("gate files: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("gate files: %w", err)
	}
	return nil
}
