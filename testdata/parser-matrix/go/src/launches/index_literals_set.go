// Entries set after the literal (`bins[k] = v`) are values of an index too:
// an index may give the literal's entry or any entry set later, under
// that key or a key found at run time.
package launches

import (
	"os"
	"os/exec"
)

func indexLiteralsSet(k string) {
	bins := map[string]string{}
	bins["review"] = "claude"
	_ = exec.Command(bins["review"]).Run() // want "RED:variable-execution"
	tools := map[string]string{"review": "git"}
	tools["review"] = "pi"
	_ = exec.Command(tools["review"]).Run() // want "RED:variable-execution"
	progs := []string{"git"}
	progs[0] = "claude"
	_ = exec.Command(progs[0]).Run() // want "RED:variable-execution"
	envs := map[string]string{"review": os.Getenv("TOOL")}
	envs[k] = "claude"
	_ = exec.Command(envs["review"]).Run() // want "RED:dynamic"
}
