package checklaunches

import (
	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/data"
	"github.com/leasegate/leasegate/scanner/golang"
	"github.com/leasegate/leasegate/scanner/python"
	"github.com/leasegate/leasegate/scanner/shell"
	"github.com/leasegate/leasegate/scanner/tsjs"
)

// Detectors is the explicit, ordered list of language detectors: the first
// that claims a file scans it. Files no detector claims are still searched
// for the raw permission-bypass primitive.
func Detectors() []scanner.Detector {
	return []scanner.Detector{
		// Each language detector is added here, in order of specificity.
		data.New(), // first: claims by name (package.json, Makefile, ...), never a file with a shebang
		golang.New(),
		tsjs.New(),
		python.New(),
		shell.New(), // last: shell claims by extension and shebang
	}
}

// Shell is the function that scans shell text embedded in other files.
var Shell scanner.ShellFunc = shell.ScanString
