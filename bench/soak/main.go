// Command soak generates the scanner soak tree and checks a check-launches
// JSON report against it; bench/soak/run.sh drives it.
//
//	soak gen [-small] DIR          write the tree under DIR (empty) and DIR.manifest.json
//	soak check [-unprivileged] DIR REPORT.json
//	soak restore DIR               make the unreadable members removable again
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/leasegate/leasegate/scanner/report"

	"github.com/leasegate/leasegate/cmd/check-launches/checklaunches"
	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/soaktest"
)

func main() { os.Exit(run(os.Args[1:])) }

func run(args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: soak gen|check|restore ...")
		return 2
	}
	fs := flag.NewFlagSet("soak "+args[0], flag.ContinueOnError)
	small := fs.Bool("small", false, "generate the scaled-down tree of the test suite")
	unpriv := fs.Bool("unprivileged", false, "the report comes from a user that cannot read the unreadable members")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	rest := fs.Args()
	var err error
	switch {
	case args[0] == "gen" && len(rest) == 1:
		err = gen(rest[0], *small)
	case args[0] == "check" && len(rest) == 2:
		var ok bool
		ok, err = check(rest[0], rest[1], *unpriv)
		if err == nil && !ok {
			return 1
		}
	case args[0] == "restore" && len(rest) == 1:
		err = soaktest.Restore(rest[0])
	default:
		fmt.Fprintln(os.Stderr, "usage: soak gen [-small] DIR | soak check [-unprivileged] DIR REPORT.json | soak restore DIR")
		return 2
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		return 2
	}
	return 0
}

func manifestPath(dir string) string { return filepath.Clean(dir) + ".manifest.json" }

func gen(dir string, small bool) error {
	s := soaktest.Full()
	if small {
		s = soaktest.Small()
	}
	m, err := soaktest.Generate(dir, s)
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(manifestPath(dir), b, 0o644)
}

func check(dir, reportFile string, unprivileged bool) (bool, error) {
	var m soaktest.Manifest
	b, err := os.ReadFile(manifestPath(dir))
	if err != nil {
		return false, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return false, err
	}
	var rep report.Report
	if b, err = os.ReadFile(reportFile); err != nil {
		return false, err
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		return false, err
	}
	problems, outcomes := soaktest.Check(&m, &rep, claimedBy(dir, checklaunches.Suite().Detectors), unprivileged)
	for _, o := range outcomes {
		fmt.Printf("| `%s` | %s | %s |\n", o.Path, o.Pathological, o.Got)
	}
	for _, p := range problems {
		fmt.Println("PROBLEM:", p)
	}
	fmt.Printf("%d files scanned, %d findings, %d skipped, %d problems\n", rep.Summary.FilesScanned, len(rep.Findings), len(rep.Skipped), len(problems))
	return len(problems) == 0, nil
}

func claimedBy(root string, detectors []scanner.Detector) soaktest.Claimed {
	return func(rel string) bool {
		p := filepath.Join(root, filepath.FromSlash(rel))
		st, err := os.Stat(p)
		if err != nil {
			return false
		}
		f, err := os.Open(p)
		if err != nil {
			return false
		}
		defer f.Close()
		head := make([]byte, 1024)
		n, _ := io.ReadFull(f, head)
		file := scanner.NewFile(rel, head[:n], st.Mode()&0o111 != 0)
		for _, d := range detectors {
			if d.Match(file) {
				return true
			}
		}
		return false
	}
}
