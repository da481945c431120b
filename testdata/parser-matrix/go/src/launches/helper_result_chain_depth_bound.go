// A chain of functions each returning the next one's result, deeper than
// the Go detector's resolve bound (maxResolveDepth, 12), whose end is the
// runtime's name. The value is cut at the bound: a bound reached is
// reported (dynamic at the call), never read as "no launch". Near miss:
// the same chain within the bound ending at git is clean, and a chain
// within the bound ending at claude is followed to its end.
package launches

import "os/exec"

func deep0() string { return "claude" }

func deep1() string { return deep0() }

func deep2() string { return deep1() }

func deep3() string { return deep2() }

func deep4() string { return deep3() }

func deep5() string { return deep4() }

func deep6() string { return deep5() }

func deep7() string { return deep6() }

func deep8() string { return deep7() }

func deep9() string { return deep8() }

func deep10() string { return deep9() }

func deep11() string { return deep10() }

func deep12() string { return deep11() }

func deep13() string { return deep12() }

func deep14() string { return deep13() }

func near0() string { return "git" }

func near1() string { return near0() }

func near2() string { return near1() }

func near3() string { return near2() }

func runDeepChain() {
	_ = exec.Command(deep14(), "-p").Run() // want "RED:dynamic"
	_ = exec.Command(near3(), "status").Run()
	_ = exec.Command(deep3(), "-p").Run() // want "RED:variable-execution"
}
