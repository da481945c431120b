package python

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkAPIPrefilter runs the API prefilter over the Python files of the
// real tree (LEASEGATE_REAL_TREE, bench/real/build-tree.sh) beside its
// floor, one pass of bytes.Count for a quote over the same bytes: the
// prefilter runs on every Python file of a scan.
func BenchmarkAPIPrefilter(b *testing.B) {
	root := os.Getenv("LEASEGATE_REAL_TREE")
	if root == "" {
		b.Skip("LEASEGATE_REAL_TREE names the real tree (bench/real/build-tree.sh)")
	}
	var files [][]byte
	var size int64
	err := filepath.WalkDir(filepath.Join(root, "python"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".py" {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files, size = append(files, src), size+int64(len(src))
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("prefilter", func(b *testing.B) {
		b.SetBytes(size)
		for b.Loop() {
			for _, f := range files {
				mayNameAPI(f)
			}
		}
	})
	b.Run("floor", func(b *testing.B) {
		b.SetBytes(size)
		for b.Loop() {
			for _, f := range files {
				bytes.Count(f, []byte{'\''})
			}
		}
	})
}
