// cmp.Or(os.Getenv(...), "pi") picks a run-time value with a known fallback.
package launches

import (
	"cmp"
	"os"
	"os/exec"
)

func cmpOrDynamic() *exec.Cmd {
	return exec.Command(cmp.Or(os.Getenv("PI_BIN"), "pi"), "-p") // want "RED:dynamic"
}
