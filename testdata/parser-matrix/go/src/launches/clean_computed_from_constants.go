// Clean near miss of computed_from_constants.go: the same computations
// given a parameter (a value found at run time, from outside the
// program), in a file that names claude as data.
package launches

import (
	"encoding/base64"
	"os/exec"
)

var computedGitNote = "ask claude"

func revGitRunes(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

func ComputedGit(name, encoded string) error {
	if err := exec.Command(revGitRunes(name), "log").Run(); err != nil {
		return err
	}
	b, _ := base64.StdEncoding.DecodeString(encoded)
	return exec.Command(string(b), "log").Run()
}
