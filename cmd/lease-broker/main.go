// Command lease-broker holds leasegate's leases in memory and answers the
// gate; see docs/lease-broker.md.
package main

import (
	"os"

	"github.com/leasegate/leasegate/cmd/lease-broker/leasebroker"
)

func main() { os.Exit(leasebroker.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
