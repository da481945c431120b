package broker

import (
	"os"
	"path/filepath"
)

// sessionDirOf is the register argument ArgSessionDir if it names a folder
// directly inside "sessions" beside the socket (not a symlink), else "".
// Only such a folder is ever removed: a registration cannot point the
// broker at anything else.
func (s *Server) sessionDirOf(dir string) string {
	if dir == "" || !filepath.IsAbs(dir) {
		return ""
	}
	dir = filepath.Clean(dir)
	if filepath.Dir(dir) != filepath.Join(filepath.Dir(s.cfg.Socket), "sessions") {
		return ""
	}
	st, err := os.Lstat(dir)
	if err != nil || !st.IsDir() {
		return ""
	}
	return dir
}

// removeSessionDir removes a session's private folder once its runtime has
// exited, so nothing the session wrote there outlives it.
func removeSessionDir(dir string) {
	if dir != "" {
		_ = os.RemoveAll(dir)
	}
}
