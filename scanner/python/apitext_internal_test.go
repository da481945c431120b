package python

import (
	"bytes"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/leasegate/leasegate/scanner/treesitter"
)

// apiTextRef is apiText as it was written before its single pass: a
// search for each needle, `exec` and each word of its own.
func apiTextRef(src []byte) bool {
	if treesitter.ContainsAny(src, apiNeedles) || hasExec(src) {
		return true
	}
	for _, w := range apiWords {
		if hasWord(src, w) {
			return true
		}
	}
	return false
}

// hasExec reports whether src holds `exec` other than as the start of a
// longer word no API has (apiExec).
func hasExec(src []byte) bool {
	for off := 0; ; {
		j := bytes.Index(src[off:], []byte("exec"))
		if j < 0 {
			return false
		}
		e := off + j + 4
		if e == len(src) {
			return true
		}
		if c := src[e]; c < 'a' || c > 'z' || c == 'l' || c == 'v' {
			return true
		}
		off = e
	}
}

// TestAPITextMatchesSearches: the single pass answers as the searches
// one by one do, on texts made of the needles' and words' pieces around
// word and non-word bytes (each at the start, the end and inside), and
// on every Python file of the package's test data and of the real tree
// when LEASEGATE_REAL_TREE names it.
func TestAPITextMatchesSearches(t *testing.T) {
	var pieces []string
	for _, n := range append(append([][]byte{[]byte("exec")}, apiNeedles...), apiWords...) {
		s := string(n)
		pieces = append(pieces, s, s[:len(s)-1], s[1:], s[:1], s[len(s)-1:])
	}
	pieces = append(pieces, "_", "a", "l", "v", "z", "A", "0", "é", " ", ".", "(", "\n", "\"", "#", "execute", "executable", "filesystem", "empty")
	rng := rand.New(rand.NewSource(27))
	for i := 0; i < 200000; i++ {
		var b []byte
		for k := rng.Intn(6); k >= 0; k-- {
			b = append(b, pieces[rng.Intn(len(pieces))]...)
		}
		if got, want := apiText(b), apiTextRef(b); got != want {
			t.Fatalf("apiText(%q) = %v, the searches say %v", b, got, want)
		}
	}
	roots := []string{"testdata", filepath.Join("..", "..", "testdata")}
	if real := os.Getenv("LEASEGATE_REAL_TREE"); real != "" {
		roots = append(roots, real)
	}
	files := 0
	for _, root := range roots {
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || filepath.Ext(p) != ".py" && filepath.Ext(p) != ".txtar" {
				return nil
			}
			src, err := os.ReadFile(p)
			if err != nil {
				return nil
			}
			files++
			if got, want := apiText(src), apiTextRef(src); got != want {
				t.Errorf("%s: apiText = %v, the searches say %v", p, got, want)
			}
			if code := proseless(src); apiText(code) != apiTextRef(code) {
				t.Errorf("%s without its prose: apiText = %v, the searches say %v", p, apiText(code), apiTextRef(code))
			}
			return nil
		})
	}
	if files == 0 {
		t.Fatal("no file read")
	}
}
