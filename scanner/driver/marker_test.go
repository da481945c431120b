package driver

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
)

func TestFindMarker(t *testing.T) {
	// The cases spell the marker as "@" so that this file holds no marker
	// of its own (the repository scans itself).
	tests := []struct {
		line   string
		reason string
		found  bool
	}{
		{"x # @ help text", "help text", true},
		{"x # @", "", true},
		{"write `@ <reason>` on the line", "", false},
		{"(`# @ <reason>`) for one line", "", false},
		{"v=`cat f` # @ fixture", "fixture", true},
		{"see `@ <reason>` # @ doc line", "doc line", true},
		{"no marker here", "", false},
	}
	for _, tt := range tests {
		tt.line = strings.ReplaceAll(tt.line, "@", "check-launches: "+"inert")
		m := findMarker(tt.line)
		if (m != nil) != tt.found || (m != nil && m[1] != tt.reason) {
			t.Errorf("findMarker(%q) = %q, want found=%v reason %q", tt.line, m, tt.found, tt.reason)
		}
	}
}

// TestMarkerMentionDoesNotSuppress: a marker shown in a code span is a
// mention; it neither suppresses the primitive on its line nor is listed.
func TestMarkerMentionDoesNotSuppress(t *testing.T) {
	src := "use `--dangerously-skip-permissions # check-launches: inert why` never\n" // check-launches: inert test fixture
	fs, ms, err := ScanBytes("doc.md", []byte(src), false, scanner.DefaultConfig(), scanner.Suite{})
	require.NoError(t, err)
	if len(fs) != 1 || fs[0].Class != scanner.ClassDangerousPrimitive || len(ms) != 0 {
		t.Errorf("findings %+v markers %+v", fs, ms)
	}
}
