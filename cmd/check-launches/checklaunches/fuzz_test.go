package checklaunches

import (
	"bytes"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/report"
)

// FuzzParseBaseline: any bytes either parse into a baseline that writes
// back and parses to the same entries, or give a report.BaselineError.
func FuzzParseBaseline(f *testing.F) {
	f.Add([]byte(`{"version":1,"fingerprint_version":1,"findings":[{"fingerprint":"0123456789abcdef0123456789abcdef","file":"a.sh","class":"eval","runtime":"claude"}]}`))
	f.Add([]byte(`{"version":1,"fingerprint_version":1,"findings":[]}`))
	f.Add([]byte(`{"version":2}`))
	f.Add([]byte(`{} {}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := report.ParseBaseline("fuzz.json", data)
		if err != nil {
			var be *report.BaselineError
			if !errors.As(err, &be) {
				t.Fatalf("error %v is not a BaselineError", err)
			}
			return
		}
		file := t.TempDir() + "/b.json"
		require.NoError(t, b.WriteFile(file))
		again, err := report.LoadBaseline(file)
		require.NoError(t, err, "a parsed baseline does not read back")
		if len(again.Findings) != len(b.Findings) {
			t.Fatalf("round trip changed the entries")
		}
		for i := range b.Findings {
			if again.Findings[i] != b.Findings[i] {
				t.Fatalf("entry %d: %+v != %+v", i, again.Findings[i], b.Findings[i])
			}
		}
	})
}

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
