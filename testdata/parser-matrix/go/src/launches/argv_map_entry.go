// An argv kept in a map (or slice) of lists, picked by a key found at run
// time and extended with append (`append(kindArgv[kind], prompt)`): every
// entry of the literal is a possibility, merged element by element, so a
// runtime at the head of one is RED. A constant key picks its entry.
package launches

import "os/exec"

var kindArgv = map[string][]string{
	"review": {"claude", "--print"},
	"lint":   {"golangci-lint", "run"},
}

var stepArgv = [][]string{{"gofmt", "-l"}, {"pi", "-p"}}

func argvMapStart(kind, prompt string) error {
	argv := append(kindArgv[kind], prompt)
	return exec.Command(argv[0], argv[1:]...).Start() // want "RED:variable-execution"
}

func argvSliceStart(i int) error {
	argv := stepArgv[i]
	return exec.Command(argv[0], argv[1:]...).Run() // want "RED:variable-execution"
}

func argvMapConstKey() error {
	argv := kindArgv["review"]
	return exec.Command(argv[0], argv[1:]...).Run() // want "RED:variable-execution"
}
