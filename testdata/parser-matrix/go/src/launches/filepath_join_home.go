// filepath.Join(home, ".local", "bin", "claude"): the home folder is unknown, the end is not.
package launches

import (
	"os"
	"os/exec"
	"path/filepath"
)

func filepathJoinHome() (*exec.Cmd, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return nil, err
	}
	return exec.Command(filepath.Join(home, ".local", "bin", "claude"), "-p"), nil // want "RED:process-api"
}
