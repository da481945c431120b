// A function literal has no name the helper walk follows: its parameter
// is every argument the package calls it with (through a variable that
// holds it, directly, or as a goroutine), and a call of it is every value
// its return statements give.
package launches

import (
	"os/exec"
	"sync"
)

func closureHeldInVariable() {
	start := func(prog string, rest ...string) error {
		return exec.Command(prog, rest...).Start() // want "RED:variable-execution"
	}
	_ = start("pi", "--print", "hello")
}

func closureStartedAsGoroutine() {
	var wg sync.WaitGroup
	for _, agent := range []string{"pi", "claude"} {
		wg.Add(1)
		go func(a string) {
			defer wg.Done()
			_ = exec.Command(a, "-p", "status").Run() // want "RED:variable-execution"
		}(agent)
	}
	wg.Wait()
}

func closureReturnsName() {
	agentName := func() string { return "claude" }
	_ = exec.Command(agentName(), "--print").Run() // want "RED:variable-execution"
}
