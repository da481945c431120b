// Command launchvet runs the launches analyzer (scanner/driver/vet) as a go vet
// tool: go vet -vettool=$(which launchvet) ./...
package main

import (
	"fmt"
	"os"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/leasegate/leasegate/scanner/driver/vet"
	"github.com/leasegate/leasegate/scanner/shell"
	"github.com/leasegate/leasegate/version"
)

func main() {
	// go vet asks with -V=full and -flags, which unitchecker answers;
	// --version alone is a person asking which release this is.
	if len(os.Args) == 2 && os.Args[1] == "--version" {
		fmt.Printf("launchvet %s\n", version.String())
		return
	}
	unitchecker.Main(vet.NewAnalyzer(shell.New()))
}
