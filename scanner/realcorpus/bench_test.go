//go:build realcorpus

package realcorpus

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/leasegate/leasegate/cmd/check-launches/checklaunches"
)

// BenchmarkRealTree is one scan of the real tree in this process, as
// `check-launches --root TREE --json` runs it. bench/real/run.sh times the
// built binary beside ast-grep and rg; this benchmark is what
// `make pgo` profiles for cmd/check-launches/default.pgo, the profile the
// Go toolchain builds check-launches with (profile-guided optimization).
func BenchmarkRealTree(b *testing.B) {
	root := os.Getenv(treeEnv)
	if root == "" {
		b.Fatalf("%s names the tree of bench/real/build-tree.sh; run `make pgo`", treeEnv)
	}
	for b.Loop() {
		var out bytes.Buffer
		code := checklaunches.Main([]string{"--root", root, "--json"}, bytes.NewReader(nil), &out, io.Discard)
		if code != 0 && code != 1 {
			b.Fatalf("exit status %d on the real tree", code)
		}
		if out.Len() == 0 {
			b.Fatal("no report on the real tree")
		}
	}
}
