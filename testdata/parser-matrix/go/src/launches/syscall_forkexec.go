// syscall.ForkExec and syscall.StartProcess take a path and an argv whose
// first element is only a display name; a path to another tool stays green.
package launches

import "syscall"

func syscallForkExec() {
	_, _ = syscall.ForkExec("/usr/local/bin/claude", []string{"claude", "-p", "x"}, nil) // want "RED:process-api"
	_, _, _ = syscall.StartProcess("/opt/pi/bin/pi", []string{"pi", "-p"}, nil)          // want "RED:process-api"
	_, _ = syscall.ForkExec("/bin/ls", []string{"claude", "-l"}, nil)
}
