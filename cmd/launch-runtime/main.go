// Command launch-runtime starts Claude Code or Pi behind the lease gate.
// See docs/launch-runtime.md.
package main

import (
	"os"

	"github.com/leasegate/leasegate/launcher"
)

func main() { os.Exit(launcher.Main(os.Args[1:], os.Stdout, os.Stderr)) }
