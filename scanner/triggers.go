package scanner

import "sync"

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
	next  []int32 // next[state<<8|b]: the automaton's transitions
	out   [][]trigger
	first [256]bool // bytes that leave the start state
}

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
	// HitPieces: `ermission` or `angerous`, which any split of the
	// primitive into concatenated pieces keeps one of.
	HitPieces
	// HitMode: the `defaultMode` settings key.
	HitMode
)

// Seed reports whether the file holds any trigger: a file that is not a
// seed can start no runtime a detector would find and holds no primitive.
func (h Hits) Seed() bool { return h != 0 }

// Has reports whether h holds every kind in k.
func (h Hits) Has(k Hits) bool { return h&k == k }

type trigger struct {
	kind Hits
	n    int  // length of the string
	word bool // must stand as a word (command names: `pi` is in `pip`)
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
			ts = append(ts, triggerString{t, trigger{kind: HitPieces}})
		}
		ts = append(ts, triggerString{"defaultMode", trigger{kind: HitMode}})
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
// these whole (`--danger` + `ously-skip-permissions` keeps `ermission`).
var primitivePieces = []string{"ermission", "angerous"}

type triggerString struct {
	s string
	t trigger
}

// compileTriggers builds the automaton: a trie of the strings, then the
// failure links folded into a dense transition table (breadth first), each
// state's outputs holding those of its failure state.
func compileTriggers(ts []triggerString) *Triggers {
	tr := &Triggers{next: make([]int32, 256), out: [][]trigger{nil}}
	for _, x := range ts {
		if x.s == "" {
			continue
		}
		tr.first[x.s[0]] = true
		s := int32(0)
		for i := 0; i < len(x.s); i++ {
			k := int(s)<<8 | int(x.s[i])
			if tr.next[k] == 0 {
				tr.next[k] = int32(len(tr.out))
				tr.out = append(tr.out, nil)
				tr.next = append(tr.next, make([]int32, 256)...)
			}
			s = tr.next[k]
		}
		t := x.t
		t.n = len(x.s)
		tr.out[s] = append(tr.out[s], t)
	}
	fail := make([]int32, len(tr.out))
	var queue []int32
	for b := 0; b < 256; b++ {
		if s := tr.next[b]; s != 0 {
			queue = append(queue, s)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		tr.out[s] = append(tr.out[s], tr.out[fail[s]]...)
		for b := 0; b < 256; b++ {
			k := int(s)<<8 | b
			if u := tr.next[k]; u != 0 {
				fail[u] = tr.next[int(fail[s])<<8|b]
				queue = append(queue, u)
			} else {
				tr.next[k] = tr.next[int(fail[s])<<8|b]
			}
		}
	}
	return tr
}

// Scan reads src once and returns the kinds of trigger it holds.
func (tr *Triggers) Scan(src []byte) Hits {
	var h Hits
	s := int32(0)
	for i := 0; i < len(src); i++ {
		if s == 0 {
			// Most bytes leave the start state where they are: skip them
			// without touching the table.
			for i < len(src) && !tr.first[src[i]] {
				i++
			}
			if i == len(src) {
				break
			}
		}
		s = tr.next[int(s)<<8|int(src[i])]
		for _, t := range tr.out[s] {
			if t.kind&h == 0 && (!t.word || isWord(src, i+1-t.n, i+1)) {
				h |= t.kind
			}
		}
	}
	return h
}

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
