package python_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/python"
	"github.com/leasegate/leasegate/scanner/shell"
)

// module builds a realistic Python module of about n bytes; with launch
// set it imports subprocess and runs the runtime a few times.
func module(n int, launch bool) []byte {
	var b bytes.Buffer
	b.WriteString("import json\nimport os\nfrom dataclasses import dataclass\n")
	if launch {
		b.WriteString("import subprocess\n\nCLAUDE = \"claude\"\n")
	}
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, `

@dataclass
class Item%[1]d:
    id: int
    name: str


def load_%[1]d(folder: str) -> list[Item%[1]d]:
    """Load the items of batch %[1]d."""
    with open(os.path.join(folder, "items-%[1]d.json")) as fh:
        raw = json.load(fh)
    return [Item%[1]d(**r) for r in raw if r.get("tag") == "x%[1]d"]
`, i)
		if launch && i%8 == 0 {
			fmt.Fprintf(&b, "\n\ndef run_%d(prompt):\n    return subprocess.run([CLAUDE, \"-p\", prompt], check=True)\n", i)
		}
	}
	return b.Bytes()
}

func benchScan(b *testing.B, name string, src []byte) {
	cfg := scanner.DefaultConfig()
	d := python.New()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := scanner.NewPass(name, src, cfg, d.Name(), scanner.Suite{Shell: shell.New()})
		require.NoError(b, d.Scan(p))
	}
}

// BenchmarkPythonDetector measures a 20 KB module that launches and one
// that cannot (stopped by the prefilter).
func BenchmarkPythonDetector(b *testing.B) {
	b.Run("launching-20KB", func(b *testing.B) { benchScan(b, "m.py", module(20<<10, true)) })
	b.Run("inert-20KB", func(b *testing.B) { benchScan(b, "m.py", module(20<<10, false)) })
}
