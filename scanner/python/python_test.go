package python_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/python"
	"github.com/leasegate/leasegate/scanner/shell"
)

func scan(t testing.TB, name string, src []byte) []scanner.Finding {
	t.Helper()
	fs, _, err := scanner.ScanBytes(name, src, false, scanner.DefaultConfig(),
		[]scanner.Detector{python.New(), shell.New()}, shell.ScanString)
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
		// The concatenation is deeper than the evaluator follows: the bound
		// reached is reported, not silent.
		{"deep concat", launch + "c = " + strings.Repeat("'a' + ", 20000) + "'claude'\nsubprocess.run([c])\n", []string{"2:RED:process-api", "3:RED:unparseable"}},
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

// TestSelfUnpackingValues scans files whose values contain themselves (a
// parameter whose only call site unpacks the parameter into a dict): they
// overflowed the stack, a crash no recover() catches. The self-reference
// is a cycle, not a bound: the files are clean.
func TestSelfUnpackingValues(t *testing.T) {
	files, err := filepath.Glob("testdata/recursion/*.py")
	require.NoError(t, err)
	require.Len(t, files, 2)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			assert.Empty(t, tags(scan(t, filepath.Base(f), src)))
		})
	}
}

// TestEvalBoundReported: values past the evaluator's bounds are unknown,
// and the file says so (unparseable at the place the bound was reached).
func TestEvalBoundReported(t *testing.T) {
	launch := "import subprocess\nsubprocess.run(['claude', '-p'])\n"
	for _, tc := range []struct {
		name string
		src  string
		want []string
	}{
		// 300 unpackings deep: past the depth bound, reported where it is
		// reached (inside the chain, lines 4-6), not silently unknown.
		{"deep unpacking", launch + "d0 = {'cmd': 'x'}\n" + unpackChain(300) + "subprocess.run([d300['cmd']])\n",
			[]string{"2:RED:process-api", "4:RED:unparseable"}},
		// 30 unpackings deep: within the bound, followed to the runtime.
		{"shallow unpacking", launch + "d0 = {'cmd': 'claude'}\n" + unpackChain(30) + "subprocess.run([d30['cmd']])\n",
			[]string{"2:RED:process-api", "5:RED:process-api"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tags(scan(t, "bound.py", []byte(tc.src))))
		})
	}
}

// unpackChain assigns d1..dn, each unpacking the one before it, a hundred
// to a line.
func unpackChain(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "d%d = {**d%d}; ", i, i-1)
		if i%100 == 0 || i == n {
			b.WriteString("\n")
		}
	}
	return b.String()
}
