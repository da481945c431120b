package checklaunches

import (
	"bytes"
	"testing"

	"github.com/leasegate/leasegate/scanner"
)

// FuzzParseClassDocs: the classes page parser never panics, and a page it
// accepts has a section for every class.
func FuzzParseClassDocs(f *testing.F) {
	f.Add(classesDoc)
	f.Add("## eval\n\nx\n\n**Example** (`a.sh`, `RED:eval`):\n\n```sh\neval claude\n```\n")
	f.Add("## gated\n**Fixed** (`a`):\n")
	f.Fuzz(func(t *testing.T, doc string) {
		docs, err := ParseClassDocs(doc)
		if err != nil {
			return
		}
		for _, c := range scanner.Classes {
			if docs[c] == nil || !bytes.HasPrefix([]byte(docs[c].Section), []byte("## ")) {
				t.Fatalf("accepted page lacks a section for %s", c)
			}
		}
	})
}
