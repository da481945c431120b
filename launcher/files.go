package launcher

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
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

// writeSealed writes data as dir/<content hash>/name, read-only, and
// returns the path. Files are content-addressed, so every session with the
// same gate shares one file and nothing piles up; a file found with other
// bytes (tampered) is replaced.
func writeSealed(dir, name string, data []byte) (string, error) {
	sum := sha256.Sum256(append([]byte(name+"\x00"), data...))
	sub := filepath.Join(dir, hex.EncodeToString(sum[:8]))
	path := filepath.Join(sub, name)
	if err := os.MkdirAll(sub, 0o700); err != nil {
		return "", fmt.Errorf("gate files: %w", err)
	}
	if st, err := os.Lstat(path); err == nil && st.Mode().IsRegular() && st.Mode().Perm() == 0o444 {
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
			return path, nil
		}
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("gate files: %w", err)
	}
	tmp, err := os.CreateTemp(sub, "."+name+"-*")
	if err != nil {
		return "", fmt.Errorf("gate files: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return "", fmt.Errorf("gate files: %w", err)
	}
	if err := tmp.Chmod(0o444); err != nil {
		tmp.Close()
		return "", fmt.Errorf("gate files: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return "", fmt.Errorf("gate files: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return "", fmt.Errorf("gate files: %w", err)
	}
	return path, nil
}
