package python_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/leasegate/leasegate/scanner/driver"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/python"
	"github.com/leasegate/leasegate/scanner/scannertest"
	"github.com/leasegate/leasegate/scanner/shell"
)

func scan(t testing.TB, name string, src []byte) []scanner.Finding {
	t.Helper()
	fs, _, err := driver.ScanBytes(name, src, false, scanner.DefaultConfig(),
		scanner.Suite{Detectors: []scanner.Detector{python.New(), shell.New()}, Shell: shell.New()})
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
	d := python.New()
	for _, tc := range []struct {
		rel  string
		head string
		want bool
	}{
		{"a.py", "", true},
		{"a.pyi", "", true},
		{"a.pyw", "", true},
		{"bin/tool", "#!/usr/bin/env python3\n", true},
		{"bin/tool", "#!/usr/bin/python\n", true},
		{"bin/tool", "#!/usr/bin/env -S uv run --script\n", true},
		{"bin/tool", "#!/bin/sh\n", false},
		{"a.ts", "", false},
	} {
		if got := d.Match(scanner.NewFile(tc.rel, []byte(tc.head), false)); got != tc.want {
			t.Errorf("Match(%s, %q) = %v, want %v", tc.rel, tc.head, got, tc.want)
		}
	}
}

func TestBadInput(t *testing.T) {
	launch := "import subprocess\nsubprocess.run(['claude', '-p'])\n"
	for _, tc := range []struct {
		name string
		src  string
		want []string
	}{
		{"non-utf8", launch + "x = '\xff\xfe\xc3\x28'\n", []string{"2:RED:process-api"}},
		{"deep parens", launch + "y = " + strings.Repeat("(", 20000) + "1" + strings.Repeat(")", 20000) + "\n", []string{"2:RED:process-api"}},
		{"deep lists", launch + "y = " + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + "\n", []string{"2:RED:process-api"}},
		// A chain of 20,000 + terms is folded link by link, not by
		// recursion: its value is known (and names no runtime), no bound
		// is reached.
		{"deep concat", launch + "c = " + strings.Repeat("'a' + ", 20000) + "'claude'\nsubprocess.run([c])\n", []string{"2:RED:process-api"}},
		{"self reference", launch + "a = b + 'x'\nb = a + 'y'\nsubprocess.run([a])\n", []string{"2:RED:process-api"}},
		{"mixed tabs", "import subprocess\nif True:\n\tsubprocess.run(['claude'])\n", []string{"3:RED:process-api"}},
		{"empty", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tags(scan(t, "bad.py", []byte(tc.src)))
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("findings %v, want %v", got, tc.want)
			}
		})
	}
}

// TestLargeGenerated scans a large generated module (a 5 MB file of
// functions) with one launch in the middle.
func TestLargeGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("5 MB parse skipped under -short")
	}
	var b bytes.Buffer
	b.WriteString("import subprocess\n")
	i := 0
	for b.Len() < 5<<19 {
		fmt.Fprintf(&b, "def f%d(t, r):\n    n = t + r * %d\n    return [n, 's%d', {'a': n}]\n", i, i, i)
		i++
	}
	line := strings.Count(b.String(), "\n") + 1
	b.WriteString("subprocess.run(['claude', '-p'])\n")
	for b.Len() < 5<<20 {
		fmt.Fprintf(&b, "v%d = [x for x in range(%d) if x %% 3]\n", i, i)
		i++
	}
	got := tags(scan(t, "gen.py", b.Bytes()))
	if want := []string{fmt.Sprintf("%d:RED:process-api", line)}; !reflect.DeepEqual(got, want) {
		t.Errorf("findings %v, want %v", got, want)
	}
}

func TestDeterministic(t *testing.T) {
	src := []byte(`import os, subprocess
from claude_agent_sdk import ClaudeSDKClient
C = "claude"
subprocess.run([C, "-p"])
os.system("eval claude -p")
client = ClaudeSDKClient()
f = "--dangerously-" "skip-permissions"
`)
	first := tags(scan(t, "a.py", src))
	if len(first) != 4 {
		t.Fatalf("findings %v, want 4", first)
	}
	done := make(chan []string, 8)
	for i := 0; i < 8; i++ {
		go func() { done <- tags(scan(t, "a.py", src)) }()
	}
	for i := 0; i < 8; i++ {
		if got := <-done; !reflect.DeepEqual(got, first) {
			t.Errorf("run %d: %v, want %v", i, got, first)
		}
	}
}

func TestPrefilterSkipsInertFiles(t *testing.T) {
	inert := []byte("def f():\n    return run(['claude'])\n")
	if got := tags(scan(t, "a.py", inert)); len(got) != 0 {
		t.Errorf("inert file: %v", got)
	}
	live := append([]byte("from subprocess import run\n"), inert...)
	if got := tags(scan(t, "a.py", live)); !reflect.DeepEqual(got, []string{"3:RED:process-api"}) {
		t.Errorf("live file: %v", got)
	}
	sh := []byte("import json, sh\nsh.claude('-p')\n")
	if got := tags(scan(t, "b.py", sh)); !reflect.DeepEqual(got, []string{"2:RED:process-api"}) {
		t.Errorf("sh import: %v", got)
	}
}

// TestEvalBounds runs the cases of testdata/recursion: values that contain
// themselves (a parameter whose only call site unpacks the parameter into
// a dict), which overflowed the stack, a crash no recover() catches, and
// are cycles, not bounds; and values past the evaluator's depth bound,
// which are reported, never silent.
func TestEvalBounds(t *testing.T) {
	scannertest.Run(t, filepath.Join("testdata", "recursion"), scanner.Suite{Detectors: []scanner.Detector{python.New(), shell.New()}, Shell: shell.New()})
}
