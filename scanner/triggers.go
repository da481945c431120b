package scanner

import (
	"bytes"
	"cmp"
	"slices"
	"strings"
	"sync"
)

// Triggers is the one set of byte strings without which a file can hold
// no finding a detector reads from literal text: the runtimes' command
// names (as words) and npm package names from the runtime table (defaults
// and config), the wrapper's name, the raw primitive, the pieces it can be
// built from, and the settings key that holds a bypass mode. The Agent
// SDKs' module names hold a runtime's command as a word
// (`claude_agent_sdk`, `@anthropic-ai/claude-agent-sdk`); the detectors'
// tests check that theirs do, so this stays the only list.
//
// Every file's bytes go through Scan once (the driver, NewPass): one pass
// of an Aho-Corasick automaton over all the strings, as rg does, instead of
// one bytes.Contains per string. A file whose Hits are empty is not a seed:
// a detector may leave it unparsed. The match over-approximates on purpose:
// a name in a comment or in a longer string counts. What it cannot see is
// a name never written in one piece (`"cla" + "ude"`, `"\x63laude"`).
type Triggers struct {
	// next[state*classes+class[b]]: the automaton's transitions over
	// byte classes (every byte no string holds shares class 0), so the
	// table stays small enough for the CPU's cache. A transition holds the
	// next state times classes, which saves the scan a multiplication (so
	// 32 bits: a config may add many runtimes).
	next    []uint32
	class   [256]uint8
	classes int
	out     [][]trigger
	outFrom int // states from here on (times classes) have outputs
	longest int // the length of the longest string
}

// Longest is the length of the longest trigger string: a text split into
// pieces holds a trigger only if a run of pieces this long, joined, does.
func (tr *Triggers) Longest() int { return tr.longest }

// Hits says which kinds of trigger a file holds (Triggers.Scan).
type Hits uint8

// The kinds of trigger.
const (
	// HitRuntime: a runtime's command name as a word, or its npm package.
	HitRuntime Hits = 1 << iota
	// HitWrapper: the wrapper's command name (WrapperCommand).
	HitWrapper
	// HitPrimitive: the primitive's literal tail (`dangerously-skip-permissions`,
	// `bypassPermissions`); every textual form of FindDangerous holds one.
	HitPrimitive
	// HitPieces: `ermission` or `angerous`, one of which a split of the
	// primitive into concatenated pieces keeps whole unless it cuts both
	// (`'bypassPerm' + 'issions'` keeps neither: such a constant is not
	// reported where it is defined, only where a launch uses it).
	HitPieces
	// HitMode: the `defaultMode` settings key.
	HitMode
	// HitMarker: `check-launches:`, which every inert marker starts with
	// (the driver's applyMarkers), found in the same pass instead of a
	// bytes.Contains over every file (1% of bench/real's CPU). It alone
	// does not make a file a seed.
	HitMarker
)

// MarkerPrefix is the text every inert marker starts with (HitMarker).
const MarkerPrefix = "check-launches:"

// Seed reports whether the file holds any trigger: a file that is not a
// seed can start no runtime a detector would find and holds no primitive.
func (h Hits) Seed() bool { return h&^HitMarker != 0 }

// Has reports whether h holds every kind in k.
func (h Hits) Has(k Hits) bool { return h&k == k }

type trigger struct {
	kind Hits
	n    int  // length of the string
	word bool // must stand as a word (command names: `pi` is in `pip`)
	// piece: the letters around it must be able to continue the
	// primitive (mayBePiece)
	piece bool
}

// Triggers returns the config's trigger set, compiled once.
func (c *Config) Triggers() *Triggers {
	c.triggersOnce.Do(func() {
		var ts []triggerString
		for cmd := range c.commands {
			ts = append(ts, triggerString{cmd, trigger{kind: HitRuntime, word: true}})
		}
		for p := range c.packages {
			ts = append(ts, triggerString{p, trigger{kind: HitRuntime}})
		}
		ts = append(ts, triggerString{WrapperCommand, trigger{kind: HitWrapper}})
		for _, t := range primitiveTails {
			ts = append(ts, triggerString{t, trigger{kind: HitPrimitive}})
		}
		for _, t := range primitivePieces {
			ts = append(ts, triggerString{t, trigger{kind: HitPieces, piece: true}})
		}
		ts = append(ts, triggerString{"defaultMode", trigger{kind: HitMode}})
		ts = append(ts, triggerString{MarkerPrefix, trigger{kind: HitMarker}})
		c.triggers = compileTriggers(ts)
	})
	return c.triggers
}

// primitiveTails end every textual form of the primitive (dangerousRE).
var primitiveTails = []string{"dangerously-skip-permissions", "bypassPermissions"}

// PrimitiveTails returns the literal tails of the primitive, for a search
// that windows on them.
func PrimitiveTails() []string { return append([]string(nil), primitiveTails...) }

// primitivePieces: a primitive built from concatenated pieces keeps one of
// these whole unless a cut falls inside each (`--danger` +
// `ously-skip-permissions` keeps `ermission`; HitPieces).
var primitivePieces = []string{"ermission", "angerous"}

type triggerString struct {
	s string
	t trigger
}

// compileTriggers builds the automaton: a trie of the strings, then the
// failure links folded into a dense transition table (breadth first), each
// state's outputs holding those of its failure state.
func compileTriggers(ts []triggerString) *Triggers {
	tr := &Triggers{classes: 1}
	for _, x := range ts {
		tr.longest = max(tr.longest, len(x.s))
		for i := 0; i < len(x.s); i++ {
			if tr.class[x.s[i]] == 0 {
				tr.class[x.s[i]] = uint8(tr.classes)
				tr.classes++
			}
		}
	}
	nc := tr.classes
	next := make([]int32, nc) // with the trie's holes (0) before folding
	tr.out = [][]trigger{nil}
	for _, x := range ts {
		if x.s == "" {
			continue
		}
		s := int32(0)
		for i := 0; i < len(x.s); i++ {
			k := int(s)*nc + int(tr.class[x.s[i]])
			if next[k] == 0 {
				next[k] = int32(len(tr.out))
				tr.out = append(tr.out, nil)
				next = append(next, make([]int32, nc)...)
			}
			s = next[k]
		}
		t := x.t
		t.n = len(x.s)
		tr.out[s] = append(tr.out[s], t)
	}
	if len(tr.out)*nc > 1<<31 {
		panic("scanner: trigger automaton too large")
	}
	fail := make([]int32, len(tr.out))
	var queue []int32
	for c := 0; c < nc; c++ {
		if s := next[c]; s != 0 {
			queue = append(queue, s)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		tr.out[s] = append(tr.out[s][:len(tr.out[s]):len(tr.out[s])], tr.out[fail[s]]...)
		for c := 0; c < nc; c++ {
			k := int(s)*nc + c
			if u := next[k]; u != 0 {
				fail[u] = next[int(fail[s])*nc+c]
				queue = append(queue, u)
			} else {
				next[k] = next[int(fail[s])*nc+c]
			}
		}
	}
	// Renumber the states so that those with outputs come last: the scan
	// then tests one comparison per byte.
	renum := make([]int32, len(tr.out))
	n := int32(0)
	for pass := 0; pass < 2; pass++ {
		for s, o := range tr.out {
			if (len(o) > 0) == (pass == 1) {
				renum[s] = n
				n++
			}
		}
		if pass == 0 {
			tr.outFrom = int(n) * nc
		}
	}
	tr.next = make([]uint32, len(next))
	out := make([][]trigger, len(tr.out))
	for s := range tr.out {
		out[renum[s]] = tr.out[s]
		for c := 0; c < nc; c++ {
			// premultiplied: the scan adds a byte's class to a state
			tr.next[int(renum[s])*nc+c] = uint32(int(renum[next[s*nc+c]]) * nc)
		}
	}
	tr.out = out
	return tr
}

// Scan reads src once and returns the kinds of trigger it holds.
//
// The automaton's next state depends on the last, so one walk waits on
// each load in turn: a file of splitScan bytes or more is read as two
// halves at once, two independent walks that keep the CPU busy between
// loads (1.85 times as fast, BenchmarkTriggers). The second half is
// walked from its first byte; the first goes on past it by the longest
// string less one, so a match that starts in the first half is found
// whole there, and one that starts in the second is found by its walk.
func (tr *Triggers) Scan(src []byte) Hits {
	if len(src) < splitScan {
		return tr.scanFrom(src, 0, len(src), 0)
	}
	var h Hits
	mid := len(src) / 2
	n := len(src) - mid
	nc, next, class, outFrom := tr.classes, tr.next, &tr.class, tr.outFrom
	a, b := 0, 0
	second := src[mid:]
	for k := 0; k < n; k++ {
		a = int(next[a+int(class[src[k]])])
		b = int(next[b+int(class[second[k]])])
		if a >= outFrom {
			h = tr.found(src, a/nc, k, h)
		}
		if b >= outFrom {
			h = tr.found(src, b/nc, mid+k, h)
		}
	}
	// on past the middle: a match that starts before it ends before here
	return tr.scanFrom(src, n, min(len(src), mid+tr.longest-1), a) | h
}

// splitScan is the size from which Scan walks two halves at once: below
// it the second walk's set-up costs more than it saves.
const splitScan = 256

// scanFrom walks the automaton over src[from:to] from state s.
func (tr *Triggers) scanFrom(src []byte, from, to, s int) Hits {
	var h Hits
	nc, next, class, outFrom := tr.classes, tr.next, &tr.class, tr.outFrom
	for i := from; i < to; i++ {
		s = int(next[s+int(class[src[i]])])
		if s >= outFrom {
			h = tr.found(src, s/nc, i, h)
		}
	}
	return h
}

// found adds to h the kinds of the strings of state s that end at src[i]
// and count there (trigger.holds).
func (tr *Triggers) found(src []byte, s, i int, h Hits) Hits {
	for _, t := range tr.out[s] {
		if t.kind&h == 0 && t.holds(src, i+1-t.n, i+1) {
			h |= t.kind
		}
	}
	return h
}

// Spans returns where in src each trigger occurs (start and end
// offsets, in order of their ends), for a detector that asks whether a
// part of the file holds one (Within).
func (tr *Triggers) Spans(src []byte) []Span {
	var out []Span
	s, nc, next, class := 0, tr.classes, tr.next, &tr.class
	for i, b := range src {
		s = int(next[s+int(class[b])])
		if s < tr.outFrom {
			continue
		}
		for _, t := range tr.out[s/nc] {
			if t.kind != HitMarker && t.holds(src, i+1-t.n, i+1) {
				out = append(out, Span{Start: i + 1 - t.n, End: i + 1})
			}
		}
	}
	return out
}

// Span is where one trigger occurs in a file.
type Span struct{ Start, End int }

// Within reports whether one of spans (as Spans returns them) lies inside
// src[start:end].
func Within(spans []Span, start, end int) bool {
	i, _ := slices.BinarySearchFunc(spans, start, func(s Span, x int) int { return cmp.Compare(s.End, x+1) })
	for ; i < len(spans) && spans[i].End <= end; i++ {
		if spans[i].Start >= start {
			return true
		}
	}
	return false
}

// holds reports whether t's string at src[start:end] counts: as a word
// when it must be one, as a possible piece of the primitive when it is a
// piece.
func (t trigger) holds(src []byte, start, end int) bool {
	switch {
	case t.word:
		return isWord(src, start, end)
	case t.piece:
		return mayBePiece(src, start, end)
	}
	return true
}

// primitiveWords are the primitive's tails (primitiveTails) as the piece
// check reads them, lower case with their words apart, and the option
// that takes the bare mode (`--permission-mode`, `permission_mode=`,
// `permissionMode:`), whose value a detector judges.
var primitiveWords = []string{"dangerously-skip-permissions", "bypass-permissions", "permission-mode"}

// pieceTail is one of primitiveWords: its letters, and where a word
// starts (a separator or none may stand before it).
type pieceTail struct {
	letters string
	word    map[int]bool
}

var pieceTails = func() []pieceTail {
	var out []pieceTail
	for _, w := range primitiveWords {
		t := pieceTail{word: map[int]bool{}}
		for _, part := range strings.Split(w, "-") {
			t.word[len(t.letters)] = true
			t.letters += part
		}
		out = append(out, t)
	}
	return out
}()

// mayBePiece reports whether src[start:end], a piece (primitivePieces),
// may be part of a string that helps spell the primitive. For one of its
// places in a tail of the primitive (pieceTails), the bytes that touch it
// on either side, read outward, must go on as that tail does: letters in
// either case, a separator (`-`, `_`, space) or none between its words;
// until a byte that ends a string or a name (a quote, `$`, `:`, a comma,
// a new line: anything but a letter, a digit, a separator or `/`, which
// ends neither), or until
// the tail ends (the primitive may have anything around it). So
// `"--danger" + "ously-skip-permissions"`, `'p' + 'ermissions'`,
// `"Dangerously_Skip_"` and `permissions:` count; the prose of a comment
// or a message (`permission denied`, `access permission should`, `the
// dangerous one`) and a longer name (`PermissionError`) do not. A letter
// or digit that may end an escape sequence (a backslash up to nine bytes
// before it: `\x2d`, `\u002D`) ends the piece too.
//
// What it leaves out: a piece a string operation cuts out of a longer
// word or sentence (`"permission denied".slice(0, 10) + "s"`), when every
// piece is so cut. Such a value is reported where a launch uses it, as a
// split into single letters is (docs/threat-model.md).
func mayBePiece(src []byte, start, end int) bool {
	piece := strings.ToLower(string(src[start:end]))
	for _, tail := range pieceTails {
		for off := 0; ; {
			j := strings.Index(tail.letters[off:], piece)
			if j < 0 {
				break
			}
			j += off
			if tail.goesOn(src, start-1, -1, j-1) && tail.goesOn(src, end, 1, j+len(piece)) {
				return true
			}
			off = j + 1
		}
	}
	return false
}

// goesOn reads src from i in direction dir (-1, 1) against the tail's
// letters from k in the same direction (mayBePiece): false at the first
// byte that cannot go on as the tail does, true where the piece may end.
func (t pieceTail) goesOn(src []byte, i, dir int, k int) bool {
	for ; i >= 0 && i < len(src); i += dir {
		if k < 0 || k >= len(t.letters) {
			return true
		}
		c := src[i]
		// a separator may stand where a word starts: before letter k
		// going forward, after it going back
		atWord := dir > 0 && t.word[k] || dir < 0 && t.word[k+1]
		switch {
		case c == '-' || c == '_' || c == ' ':
			if atWord {
				continue
			}
		case c == '/':
			// A regular expression may end (going on) or start (going
			// back) at a slash: `/ermissions/.source` spells a string
			// too. Going back, a name just before the slash makes it a
			// path's, a URL's or a division (`API/Navigator/permissions`)
			// unless the name is a keyword a regular expression may
			// follow (`return/ermissions/`).
			if dir > 0 || !nameBefore(src, i) {
				return true
			}
		case !isLetter(c) && !('0' <= c && c <= '9'):
			return true
		case c|0x20 == t.letters[k]:
			k += dir
			continue
		}
		return bytes.LastIndexByte(src[max(0, i-9):i], '\\') >= 0
	}
	return true
}

// regexKeywords are the keywords of JavaScript after which a slash
// starts a regular expression, not a division.
var regexKeywords = []string{"return", "typeof", "void", "in", "of", "case", "delete", "throw", "yield", "await", "instanceof", "new", "else", "do"}

// nameBefore reports whether the slash at src[i] follows a name, a path's
// dot or another slash, and not a keyword of regexKeywords: the slash then
// divides or joins, and starts no regular expression.
func nameBefore(src []byte, i int) bool {
	j := i
	for j > 0 && (isAlnum(src[j-1]) || src[j-1] == '_' || src[j-1] == '$') {
		j--
	}
	if j == i {
		return i > 0 && (src[i-1] == '.' || src[i-1] == '/')
	}
	return !slices.Contains(regexKeywords, string(src[j:i]))
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// isWord reports whether src[start:end] stands as a word: no ASCII letter
// or digit touches it. A letter just before it may end an escape sequence
// (`"\nclaude"`, `"\x20pi"`, `"\u0020pi"`), so a backslash up to six bytes
// before the start also counts as a boundary.
func isWord(src []byte, start, end int) bool {
	if end < len(src) && isAlnum(src[end]) {
		return false
	}
	if start == 0 || !isAlnum(src[start-1]) {
		return true
	}
	for j := start - 1; j >= 0 && j >= start-6; j-- {
		if src[j] == '\\' {
			return true
		}
	}
	return false
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// triggersState is the lazily compiled trigger set a Config carries.
type triggersState struct {
	triggersOnce sync.Once
	triggers     *Triggers
}

// ScanCode is Scan for a file read as lang (a detector's name), where a
// piece of the primitive (HitPieces) counts only outside the file's
// leading comments: a split primitive is built from strings in code, and
// a licence header ("... governing permissions") is the most common
// reason a file holds a piece. The other kinds count anywhere, comments
// included.
func (tr *Triggers) ScanCode(src []byte, lang string) Hits {
	lead := LeadingComments(src, lang)
	if lead == 0 {
		return tr.Scan(src)
	}
	return tr.Scan(src[lead:]) | tr.Scan(src[:lead])&^HitPieces
}

// LeadingComments returns the length of the comments (and white space)
// that open src, in the comment syntax of lang: `//` and `/* */` for
// javascript and go (after a `#!` line), `#` lines for python and shell.
// Other languages have none (0). Anything it is unsure of ends the
// comments: an unterminated `/*` is not counted.
func LeadingComments(src []byte, lang string) int {
	var cStyle bool
	switch lang {
	case "javascript", "go":
		cStyle = true
	case "python", "shell":
	default:
		return 0
	}
	i := 0
	if cStyle && len(src) >= 2 && src[0] == '#' && src[1] == '!' {
		i = lineEnd(src, 0)
	}
	for i < len(src) {
		switch c := src[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case !cStyle && c == '#':
			i = lineEnd(src, i)
		case cStyle && c == '/' && i+1 < len(src) && src[i+1] == '/':
			i = lineEnd(src, i)
		case cStyle && c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := indexFrom(src, i+2, "*/")
			if end < 0 {
				return i
			}
			i = end + 2
		default:
			return i
		}
	}
	return i
}

// lineEnd is the offset of the newline ending the line at i (or len(src)).
func lineEnd(src []byte, i int) int {
	for i < len(src) && src[i] != '\n' {
		i++
	}
	return i
}

func indexFrom(src []byte, from int, sub string) int {
	if k := bytes.Index(src[from:], []byte(sub)); k >= 0 {
		return from + k
	}
	return -1
}
