package report

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzParseBaseline: any bytes either parse into a baseline that writes
// back and parses to the same entries, or give a BaselineError.
func FuzzParseBaseline(f *testing.F) {
	f.Add([]byte(`{"version":1,"fingerprint_version":1,"findings":[{"fingerprint":"0123456789abcdef0123456789abcdef","file":"a.sh","class":"eval","runtime":"claude"}]}`))
	f.Add([]byte(`{"version":1,"fingerprint_version":1,"findings":[]}`))
	f.Add([]byte(`{"version":2}`))
	f.Add([]byte(`{} {}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ParseBaseline("fuzz.json", data)
		if err != nil {
			var be *BaselineError
			require.ErrorAs(t, err, &be)
			return
		}
		file := t.TempDir() + "/b.json"
		require.NoError(t, b.WriteFile(file))
		again, err := LoadBaseline(file)
		require.NoError(t, err, "a parsed baseline does not read back")
		require.Equal(t, b.Findings, again.Findings, "round trip changed the entries")
	})
}
