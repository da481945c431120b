package scanner

import (
	"bytes"
	"regexp"
	"strings"
)

// The raw permission-bypass primitive in its textual forms. The argv form
// split over two elements (`"--permission-mode", "bypassPermissions"`) is // check-launches: inert — the pattern this file detects
// also matched here, across quotes, commas, YAML list dashes and newlines.
var dangerousRE = regexp.MustCompile(
	`--(?:allow-)?dangerously-skip-permissions` + // check-launches: inert — the pattern this file detects
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

// primitiveForms are the primitive's spellings a value with unknown parts
// is matched against (MaySpellPrimitive).
var primitiveForms = []string{"--allow-dangerously-skip-permissions", "--dangerously-skip-permissions", BareMode} // check-launches: inert — the forms this file matches values against

// primitiveCues are the pieces of which a value with unknown parts must
// hold one to be read as the primitive: `--$(x)` could spell anything.
var primitiveCues = []string{"danger", "skip-p", "ermission", "bypass"}

// MaySpellPrimitive reports whether s, a value whose unknown parts are
// written as hole, may spell the primitive: a known piece touching a hole
// shares with one of its forms a part of at least 6 bytes that holds one
// of its distinctive pieces, at the hole's side
// (`--dangerously-skip-$(echo permissions)`, `bypass${M}`,
// `${D}-skip-permissions`); the hole may be the rest. It returns the form.
// Over-approximate on purpose: deny by default. A hole with nothing
// distinctive beside it (`--$(x)`) could spell anything and is not read
// as the primitive.
func MaySpellPrimitive(s, hole string) (string, bool) {
	if hole == "" || !strings.Contains(s, hole) {
		return "", false
	}
	pieces := strings.Split(s, hole)
	for i, p := range pieces {
		for _, form := range primitiveForms {
			// before a hole: p's longest suffix found in the form; after
			// one: its longest prefix
			if i < len(pieces)-1 && spellsCue(longestIn(p, form, true)) ||
				i > 0 && spellsCue(longestIn(p, form, false)) {
				return form, true
			}
		}
	}
	return "", false
}

// longestIn is p's longest suffix (or prefix) that form holds.
func longestIn(p, form string, suffix bool) string {
	for k := len(p); k > 0; k-- {
		part := p[:k]
		if suffix {
			part = p[len(p)-k:]
		}
		if strings.Contains(form, part) {
			return part
		}
	}
	return ""
}

func spellsCue(part string) bool {
	if len(part) < 6 {
		return false
	}
	for _, c := range primitiveCues {
		if strings.Contains(part, c) {
			return true
		}
	}
	return false
}

// MayHoldPart is the cheap test before a file's constants are read for
// PrimitivePart: its text holds a tail of the primitive or `-mode` (of
// `--permission-mode`, whole or split before it). A part built from
// pieces otherwise is reported where it is built (ReportComposite), which
// the caller checks too.
func MayHoldPart(src []byte, hits Hits) bool {
	return hits.Has(HitPrimitive) || bytes.Contains(src, []byte("-mode"))
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
