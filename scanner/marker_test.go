package scanner

import "testing"

func TestFindMarker(t *testing.T) {
	tests := []struct {
		line   string
		reason string
		found  bool
	}{
		{"x # check-launches: inert help text", "help text", true},
		{"x # check-launches: inert", "", true},
		{"write `check-launches: inert <reason>` on the line", "", false},
		{"(`# check-launches: inert <reason>`) for one line", "", false},
		{"v=`cat f` # check-launches: inert fixture", "fixture", true},
		{"see `check-launches: inert <reason>` # check-launches: inert doc line", "doc line", true},
		{"no marker here", "", false},
	}
	for _, tt := range tests {
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
	fs, ms, err := ScanBytes("doc.md", []byte(src), false, DefaultConfig(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 1 || fs[0].Class != ClassDangerousPrimitive || len(ms) != 0 {
		t.Errorf("findings %+v markers %+v", fs, ms)
	}
}
