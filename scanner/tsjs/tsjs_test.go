package tsjs_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/leasegate/leasegate/scanner/driver"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/scannertest"
	"github.com/leasegate/leasegate/scanner/shell"
	"github.com/leasegate/leasegate/scanner/tsjs"
)

// scan runs the detector on one file exactly as the walk does.
func scan(t testing.TB, name string, src []byte) []scanner.Finding {
	t.Helper()
	fs, _, err := driver.ScanBytes(name, src, false, scanner.DefaultConfig(),
		scanner.Suite{Detectors: []scanner.Detector{tsjs.New(), shell.New()}, Shell: shell.New()})
	if err != nil {
		t.Fatalf("scan %s: %v", name, err)
	}
	return fs
}

func tags(fs []scanner.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%d:%s", f.Line, f.Tag()))
	}
	return out
}

func TestMatch(t *testing.T) {
	d := tsjs.New()
	for _, tc := range []struct {
		rel  string
		head string
		want bool
	}{
		{"a.ts", "", true},
		{"a.tsx", "", true},
		{"a.mts", "", true},
		{"a.cts", "", true},
		{"a.js", "", true},
		{"a.mjs", "", true},
		{"a.cjs", "", true},
		{"a.jsx", "", true},
		{"bin/run", "#!/usr/bin/env node\n", true},
		{"bin/run", "#!/usr/bin/env -S deno run -A\n", true},
		{"bin/run", "#!/usr/bin/env zx\n", true},
		{"bin/run", "#!/bin/bash\n", false},
		{"a.py", "", false},
		{"a.json", "", false},
	} {
		if got := d.Match(scanner.NewFile(tc.rel, []byte(tc.head), false)); got != tc.want {
			t.Errorf("Match(%s, %q) = %v, want %v", tc.rel, tc.head, got, tc.want)
		}
	}
}

func TestLanguageByExtension(t *testing.T) {
	src := []byte("import { spawn } from 'child_process';\nspawn('claude');\n")
	for name, want := range map[string]string{"a.ts": "typescript", "a.tsx": "typescript", "a.js": "javascript", "a.mjs": "javascript"} {
		fs := scan(t, name, src)
		if len(fs) != 1 || fs[0].Language != want {
			t.Errorf("%s: findings %+v, want one with language %s", name, fs, want)
		}
	}
}

// TestBadInput feeds inputs that must neither panic, hang nor lose the
// launches in their valid parts.
func TestBadInput(t *testing.T) {
	launch := "import { spawn } from 'child_process';\nspawn('claude', ['-p']);\n"
	deepParens := strings.Repeat("(", 20000) + "1" + strings.Repeat(")", 20000)
	deepArrays := strings.Repeat("[", 20000) + strings.Repeat("]", 20000)
	deepConcat := "const x = " + strings.Repeat("'a' + ", 20000) + "'claude';\nspawn(x);\n"
	deepObjects := "const o = " + strings.Repeat("{a: ", 5000) + "1" + strings.Repeat("}", 5000) + ";\n"
	for _, tc := range []struct {
		name string
		src  string
		want []string
	}{
		{"non-utf8", launch + "const s = '\xff\xfe\xc3\x28';\n", []string{"2:RED:process-api"}},
		{"nul-free binary-ish", launch + "\x01\x02\x03\x7f\n", []string{"2:RED:process-api"}},
		{"deep parens", launch + "const d = " + deepParens + ";\n", []string{"2:RED:process-api"}},
		{"deep arrays", launch + "const d = " + deepArrays + ";\n", []string{"2:RED:process-api"}},
		{"deep objects", launch + deepObjects, []string{"2:RED:process-api"}},
		// A chain of 20,000 + terms is folded link by link, not by
		// recursion: its value is known (and names no runtime), no bound
		// is reached.
		{"deep concat", launch + deepConcat, []string{"2:RED:process-api"}},
		{"self reference", launch + "const a = b + 'x'; const b = a + 'y';\nspawn(a);\n", []string{"2:RED:process-api"}},
		{"error before launch", "import { spawn } from 'child_process';\nconst = = ;\nspawn('claude');\n", nil},
		{"empty", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tags(scan(t, "bad.ts", []byte(tc.src)))
			if tc.want != nil && !reflect.DeepEqual(got, tc.want) {
				t.Errorf("findings %v, want %v", got, tc.want)
			}
		})
	}
}

// bundle builds a minified bundle of about n bytes on one line, with one
// launch in the middle.
func bundle(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`var e=require("child_process");`)
	i := 0
	for b.Len() < n/2 {
		fmt.Fprintf(&b, "function f%d(t,r){var n=t+r*%d;if(n>3){return[n,\"s%d\",{a:n,b:[1,2,3]}]}return t.map(function(o){return o+n})}", i, i, i)
		i++
	}
	b.WriteString(`e.spawn("claude",["-p","x"]);`)
	for b.Len() < n {
		fmt.Fprintf(&b, "var v%d=function(t){return e.exec?t.split(\",\").join(\";\"):null};", i)
		i++
	}
	return b.Bytes()
}

// TestMinifiedBundle checks a 5 MB one-line bundle is scanned to the end.
func TestMinifiedBundle(t *testing.T) {
	if testing.Short() {
		t.Skip("5 MB parse skipped under -short")
	}
	got := tags(scan(t, "dist/index.js", bundle(5<<20)))
	if !reflect.DeepEqual(got, []string{"1:RED:process-api"}) {
		t.Errorf("findings %v, want the one launch", got)
	}
}

// TestDeterministic scans the same files repeatedly (and concurrently) and
// expects identical findings.
func TestDeterministic(t *testing.T) {
	src := []byte(`import { spawn, exec } from 'child_process';
import { query } from '@anthropic-ai/claude-agent-sdk';
const C = 'claude';
spawn(C, ['-p']);
exec('eval claude -p');
query({ prompt: 'x' });
const f = '--dangerously-' + 'skip-permissions';
`)
	first := tags(scan(t, "a.ts", src))
	if len(first) != 4 {
		t.Fatalf("findings %v, want 4", first)
	}
	done := make(chan []string, 8)
	for i := 0; i < 8; i++ {
		go func() { done <- tags(scan(t, "a.ts", src)) }()
	}
	for i := 0; i < 8; i++ {
		if got := <-done; !reflect.DeepEqual(got, first) {
			t.Errorf("run %d: %v, want %v", i, got, first)
		}
	}
}

// TestPrefilterSkipsInertFiles: a file with no process API, SDK or
// primitive fragment reports nothing; the same text with an import does.
func TestPrefilterSkipsInertFiles(t *testing.T) {
	inert := []byte("export const f = (x: number) => spawn('claude');\n")
	if got := tags(scan(t, "a.ts", inert)); len(got) != 0 {
		t.Errorf("inert file: %v", got)
	}
	live := append([]byte("import { spawn } from 'child_process';\n"), inert...)
	if got := tags(scan(t, "a.ts", live)); !reflect.DeepEqual(got, []string{"2:RED:process-api"}) {
		t.Errorf("live file: %v", got)
	}
}

// TestEvalBounds runs the cases of testdata/recursion: values that contain
// themselves (a parameter whose only call site spreads the parameter, as
// generated SDK code does), which overflowed the stack, a crash no
// recover() catches, and are cycles, not bounds; and values past the
// evaluator's depth bound, which are reported, never silent.
func TestEvalBounds(t *testing.T) {
	scannertest.Run(t, filepath.Join("testdata", "recursion"), scanner.Suite{Detectors: []scanner.Detector{tsjs.New(), shell.New()}, Shell: shell.New()})
}
