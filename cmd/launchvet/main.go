// Command launchvet runs the launches analyzer (scanner/driver/vet) as a go vet
// tool: go vet -vettool=$(which launchvet) ./...
package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/leasegate/leasegate/scanner/driver/vet"
	"github.com/leasegate/leasegate/scanner/shell"
)

func main() { unitchecker.Main(vet.NewAnalyzer(shell.New())) }
