// A program computed from constants by code the analysis does not follow
// (review16 cases 81 and 82): a loop reversing the runes of "edualc", a
// base64 decoding of "Y2xhdWRl". A call given only constants (and no
// receiver but a package's variable) whose result is not computed is
// decided by nothing outside the program, so it may be any name: as the
// program, a launch of an unknown runtime, RED dynamic. The rule holds in
// a package the relevance question checks (this file names claude below).
package launches

import (
	"encoding/base64"
	"os/exec"
)

var computedNote = "ask claude"

func revRunes(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

func computedRun() error {
	return exec.Command(revRunes("edualc"), "-p", "go").Run() // want "RED:dynamic"
}

func decodedRun() error {
	b, _ := base64.StdEncoding.DecodeString("Y2xhdWRl")
	return exec.Command(string(b), "-p", "go").Run() // want "RED:dynamic"
}
