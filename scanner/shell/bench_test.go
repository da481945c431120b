package shell_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner/driver"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/shell"
)

// BenchmarkShellDetector scans every shell matrix case per iteration (the
// detector alone, then the whole one-file pipeline) and reports bytes/s.
func BenchmarkShellDetector(b *testing.B) {
	paths, err := filepath.Glob("../../testdata/parser-matrix/shell/*.sh")
	if err != nil || len(paths) == 0 {
		b.Fatalf("no matrix cases: %v", err)
	}
	var srcs [][]byte
	total := 0
	for _, p := range paths {
		if strings.Contains(p, "unparseable_") {
			continue
		}
		src, err := os.ReadFile(p)
		require.NoError(b, err)
		srcs = append(srcs, src)
		total += len(src)
	}
	cfg := scanner.DefaultConfig()
	d := shell.New()
	b.Run("detector", func(b *testing.B) {
		b.SetBytes(int64(total))
		b.ReportAllocs()
		for b.Loop() {
			for _, src := range srcs {
				p := scanner.NewPass("a.sh", src, cfg, shell.Name, scanner.Suite{Shell: shell.New()})
				require.NoError(b, d.Scan(p))
			}
		}
		b.ReportMetric(float64(len(srcs)*b.N)/b.Elapsed().Seconds(), "files/s")
	})
	b.Run("pipeline", func(b *testing.B) {
		b.SetBytes(int64(total))
		b.ReportAllocs()
		dets := []scanner.Detector{d}
		for b.Loop() {
			for _, src := range srcs {
				driver.ScanBytes("a.sh", src, false, cfg, scanner.Suite{Detectors: dets, Shell: shell.New()})
			}
		}
		b.ReportMetric(float64(len(srcs)*b.N)/b.Elapsed().Seconds(), "files/s")
	})
}
