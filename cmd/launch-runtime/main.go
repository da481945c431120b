// Command launch-runtime starts Claude Code or Pi behind the lease gate.
// See docs/launch-runtime.md.
package main

import (
	"os"

	"github.com/leasegate/leasegate/cmd/launch-runtime/launchruntime"
)

func main() { os.Exit(launchruntime.Main(os.Args[1:], os.Stdout, os.Stderr)) }
