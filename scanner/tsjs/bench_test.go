package tsjs_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/shell"
	"github.com/leasegate/leasegate/scanner/tsjs"
)

// module builds a realistic TypeScript module of about n bytes: imports,
// types, functions and, when launch is set, a child_process import and a
// few process calls.
func module(n int, launch bool) []byte {
	var b bytes.Buffer
	b.WriteString("import * as fs from 'node:fs';\nimport { join } from 'node:path';\n")
	if launch {
		b.WriteString("import { spawn, execFile } from 'node:child_process';\nconst BIN = 'claude';\n")
	}
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, `
export interface Item%[1]d { id: number; name: string; tags: string[] }

export async function load%[1]d(dir: string): Promise<Item%[1]d[]> {
  const raw = await fs.promises.readFile(join(dir, 'items-%[1]d.json'), 'utf8');
  const items: Item%[1]d[] = JSON.parse(raw);
  return items.filter((it) => it.tags.includes('x%[1]d')).map((it) => ({ ...it, name: it.name.trim() }));
}
`, i)
		if launch && i%8 == 0 {
			fmt.Fprintf(&b, "export const run%d = () => spawn(BIN, ['-p', 'task %d'], { stdio: 'inherit' });\n", i, i)
			fmt.Fprintf(&b, "export const git%d = () => execFile('git', ['log', '-n', '%d']);\n", i, i)
		}
	}
	return b.Bytes()
}

func benchScan(b *testing.B, name string, src []byte) {
	cfg := scanner.DefaultConfig()
	d := tsjs.New()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := scanner.NewPass(name, src, cfg, d.Name(), scanner.Suite{Shell: shell.New()})
		require.NoError(b, d.Scan(p))
	}
}

// BenchmarkTSJSDetector measures one 20 KB module that launches (parsed
// and analysed) and one that cannot (stopped by the prefilter).
func BenchmarkTSJSDetector(b *testing.B) {
	b.Run("launching-20KB", func(b *testing.B) { benchScan(b, "m.ts", module(20<<10, true)) })
	b.Run("inert-20KB", func(b *testing.B) { benchScan(b, "m.ts", module(20<<10, false)) })
	b.Run("bundle-1MB", func(b *testing.B) { benchScan(b, "dist/index.js", bundle(1<<20)) })
}
