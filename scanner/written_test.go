package scanner_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
)

// TestScanWrittenBound: a shell script the code writes past maxWritten is
// reported unparseable at the write, not dropped.
func TestScanWrittenBound(t *testing.T) {
	p := scanner.NewPass("gen.py", nil, scanner.DefaultConfig(), "python", scanner.Suite{})
	p.ScanWritten("#!/bin/sh\n"+strings.Repeat("# pad\n", 20000)+"claude -p x\n", scanner.Pos{Line: 3, Column: 1})
	fs := p.Findings()
	require.Len(t, fs, 1)
	require.Equal(t, scanner.ClassUnparseable, fs[0].Class)
	require.Equal(t, 3, fs[0].Line)
}
