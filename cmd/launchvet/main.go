// Command launchvet runs the launches analyzer (scanner/golang) as a go vet
// tool: go vet -vettool=$(which launchvet) ./...
package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/leasegate/leasegate/scanner/golang"
	"github.com/leasegate/leasegate/scanner/shell"
)

func main() { unitchecker.Main(golang.NewAnalyzer(shell.New())) }
