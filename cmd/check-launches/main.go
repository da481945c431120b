// Command check-launches fails CI when an AI agent launch bypasses
// launch-runtime; see the checklaunches package.
package main

import (
	"os"
	"runtime/debug"

	"github.com/leasegate/leasegate/cmd/check-launches/checklaunches"
)

// goMemoryLimit is the Go heap's soft limit unless GOMEMLIMIT says
// otherwise: the scan's garbage beside a large bundle's analysis took the
// peak RSS on the real tree (bench/real) from 270 to 310-345 MiB with the
// default pacing, and 270 MiB with this limit at no CPU cost. The runtime
// caps the GC's share of CPU, so a repository whose live heap needs more
// is slowed, not stopped.
const goMemoryLimit = 200 << 20

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(goMemoryLimit)
	}
	os.Exit(checklaunches.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
