// Command check-launches fails CI when an AI agent launch bypasses
// launch-runtime; see the checklaunches package.
package main

import (
	"os"

	"github.com/leasegate/leasegate/cmd/check-launches/checklaunches"
)

func main() { os.Exit(checklaunches.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
