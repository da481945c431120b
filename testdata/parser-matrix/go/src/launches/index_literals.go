// A map, slice or array literal indexed: a literal key gives its entry; a
// key found at run time (or absent) may give any value, judged as a set,
// dynamic past 16 values.
package launches

import (
	"os"
	"os/exec"
)

var reviewBins = map[string]string{"review": "claude", "lint": "golangci-lint"}

func indexLiterals(k string, i int) {
	bins := map[string]string{"review": "claude"}
	_ = exec.Command(bins["review"], "-p").Run()                              // want "RED:variable-execution"
	_, _ = os.StartProcess(bins[k], []string{"claude", "-p"}, &os.ProcAttr{}) // want "RED:variable-execution"
	_ = exec.Command(reviewBins[k]).Run()                                     // want "RED:variable-execution"
	_ = exec.Command(reviewBins["absent"]).Run()                              // want "RED:variable-execution"
	_ = exec.Command([]string{"git", "pi"}[i]).Run()                          // want "RED:variable-execution"
	_ = exec.Command([...]string{2: "claude"}[i]).Run()                       // want "RED:variable-execution"
	many := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "claude"}
	_ = exec.Command(many[i]).Run() // want "RED:dynamic"
}
