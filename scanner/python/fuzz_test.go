package python_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/python"
	"github.com/leasegate/leasegate/scanner/shell"
)

// FuzzPythonDetector runs the detector directly (so a panic is not turned
// into an unparseable finding by the driver) on arbitrary bytes as
// Python, and checks that two scans agree.
func FuzzPythonDetector(f *testing.F) {
	f.Add([]byte("import subprocess\nsubprocess.run(['claude', '-p'])\n"), uint8(0))
	f.Add([]byte("import os\nos.system(f'claude {x}')\n"), uint8(0))
	f.Add([]byte("from plumbum import local, FG\nlocal['claude']['-p'] & FG\n"), uint8(0))
	cfg := scanner.DefaultConfig()
	names := []string{"f.py", "f.pyi"}
	d := python.New()
	f.Fuzz(func(t *testing.T, src []byte, kind uint8) {
		name := names[int(kind)%len(names)]
		run := func() []scanner.Finding {
			p := scanner.NewPass(name, src, cfg, d.Name(), scanner.Suite{Shell: shell.New()})
			if err := d.Scan(p); err != nil {
				var pe *scanner.ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("scan error that is not a parse error: %v", err)
				}
			}
			return p.Findings()
		}
		a, b := run(), run()
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("two scans differ:\n%v\n%v", a, b)
		}
		for _, x := range a {
			if x.Line < 1 || x.Column < 1 || !x.Class.Valid() {
				t.Fatalf("bad finding %+v", x)
			}
		}
	})
}
