package sarif

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner/report"

	"github.com/leasegate/leasegate/scanner"
)

// benchReport is 10,000 RED findings over 1,000 files of 200 lines.
func benchReport() (*report.Report, func(string) ([]byte, error)) {
	src := []byte(strings.Repeat("claude -p \"review the diff\" --model opus\n", 200))
	r := &report.Report{}
	for f := 0; f < 1000; f++ {
		for i := 0; i < 10; i++ {
			r.Findings = append(r.Findings, scanner.Finding{File: fmt.Sprintf("dir%d/file%d.sh", f%20, f), Line: i*20 + 1, Column: 1,
				Language: "shell", Runtime: "claude", Class: scanner.ClassDirectLiteral, Verdict: scanner.VerdictRed, Family: "dir", Message: "m"})
		}
	}
	r.Recount()
	return r, func(string) ([]byte, error) { return src, nil }
}

func BenchmarkFingerprints10k(b *testing.B) {
	r, read := benchReport()
	b.ResetTimer()
	for b.Loop() {
		report.Fingerprints(r.Findings, read)
	}
}

func BenchmarkWriteSARIF10k(b *testing.B) {
	r, read := benchReport()
	tool := Tool{Name: "check-launches", Rules: rules()}
	b.ResetTimer()
	for b.Loop() {
		require.NoError(b, Write(io.Discard, r, tool, Options{Read: read}))
	}
}
