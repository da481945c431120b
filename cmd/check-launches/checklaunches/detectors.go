package checklaunches

import (
	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/data"
	"github.com/leasegate/leasegate/scanner/golang"
	"github.com/leasegate/leasegate/scanner/python"
	"github.com/leasegate/leasegate/scanner/shell"
	"github.com/leasegate/leasegate/scanner/tsjs"
)

// Suite is the explicit, ordered list of language detectors, the one
// place it is written: the first that claims a file scans it. Files no
// detector claims are still searched for the raw permission-bypass
// primitive. The shell detector also scans the shell text the others find
// inside their files.
func Suite() scanner.Suite {
	return scanner.Suite{
		Detectors: []scanner.Detector{
			// In order of specificity.
			data.New(), // first: claims by name (package.json, Makefile, ...), never a file with a shebang
			golang.New(),
			tsjs.New(),
			python.New(),
			shell.New(), // last: shell claims by extension and shebang
		},
		Shell: shell.New(),
	}
}
