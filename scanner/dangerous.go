package scanner

import (
	"regexp"
	"strings"
)

// The raw permission-bypass primitive in its textual forms. The argv form
// split over two elements (`"--permission-mode", "bypassPermissions"`) is // check-launches: inert — the pattern this file detects
// also matched here, across quotes, commas, YAML list dashes and newlines.
var dangerousRE = regexp.MustCompile(
	`--(?:allow-)?dangerously-skip-permissions` +
		"|--permission-mode(?:=|[\"'`]?[\\s,\\-]*[\"'`]?)bypassPermissions" +
		`|defaultMode["']?\s*[:=]\s*["']?bypassPermissions`)

// DangerousMatch is one occurrence of the primitive in a text.
type DangerousMatch struct {
	Offset int    // byte offset of the match in the text
	Text   string // the matched text
}

// FindDangerous returns the occurrences of the raw permission-bypass
// primitive in s.
func FindDangerous(s string) []DangerousMatch {
	if !strings.Contains(s, "dangerously-skip-permissions") && !strings.Contains(s, "bypassPermissions") {
		return nil
	}
	var out []DangerousMatch
	for _, m := range dangerousRE.FindAllStringIndex(s, -1) {
		out = append(out, DangerousMatch{Offset: m[0], Text: s[m[0]:m[1]]})
	}
	return out
}

// BareMode is the permission mode that bypasses every check: alone it is
// not the primitive (`acceptEdits` is its sibling), but with
// `--permission-mode` before it or as an SDK or settings option it is.
const BareMode = "bypassPermissions"

// PrimitivePart reports whether s, a value a constant may hold, spells the
// primitive or a part that another file may complete: a form of
// FindDangerous, the bare bypass mode, or the `--permission-mode` flag
// (its value may come from elsewhere). The repository phase follows such
// constants into the files that use them (docs/repository.md).
func PrimitivePart(s string) bool {
	return strings.Contains(s, BareMode) || strings.Contains(s, "dangerously-skip-permissions") ||
		strings.HasPrefix(s, "--permission-mode")
}

// DangerousArgv reports the index of the argv element that starts the raw
// primitive when it is spread over elements (`--permission-mode`,
// `bypassPermissions`), or -1.
func DangerousArgv(argv []Arg) int {
	for i, a := range argv {
		if !a.Known {
			continue
		}
		if len(FindDangerous(a.Value)) > 0 {
			return i
		}
		if a.Value == "--permission-mode" && i+1 < len(argv) && argv[i+1].Known && argv[i+1].Value == BareMode {
			return i
		}
	}
	return -1
}
