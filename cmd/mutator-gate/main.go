// Command mutator-gate is the hook that asks the lease broker before every
// tool call of a gated agent. See docs/mutator-gate.md.
package main

import (
	"os"

	"github.com/leasegate/leasegate/gate/hook"
)

func main() { os.Exit(hook.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
