// Command mutator-gate is the hook that asks the lease broker before every
// tool call of a gated agent. See docs/mutator-gate.md.
package main

import (
	"os"

	"github.com/leasegate/leasegate/cmd/mutator-gate/mutatorgate"
)

func main() { os.Exit(mutatorgate.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
