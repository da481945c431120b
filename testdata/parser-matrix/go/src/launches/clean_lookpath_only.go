// Clean: checking that claude is installed runs nothing.
package launches

import (
	"fmt"
	"os/exec"
)

func cleanLookPathOnly() error {
	if _, err := exec.LookPath("claude"); err != nil {
		return fmt.Errorf("claude is not installed: %w", err)
	}
	return nil
}
