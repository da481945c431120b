package tsjs_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/shell"
	"github.com/leasegate/leasegate/scanner/tsjs"
)

// FuzzTSJSDetector runs the detector directly (so a panic is not turned
// into an unparseable finding by the driver) on arbitrary bytes as
// TypeScript, TSX or JavaScript, and checks that two scans agree.
func FuzzTSJSDetector(f *testing.F) {
	f.Add([]byte("import { spawn } from 'child_process';\nspawn('claude', ['-p']);\n"), uint8(0))
	f.Add([]byte("const cp = require('child_process'); cp.exec(`claude ${x}`);\n"), uint8(2))
	f.Add([]byte("import { $ } from 'zx';\nawait $`claude -p ${[a, 'b']}`;\n"), uint8(1))
	cfg := scanner.DefaultConfig()
	names := []string{"f.ts", "f.tsx", "f.js"}
	d := tsjs.New()
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
