package driver

import (
	"bytes"
	"math/bits"
	"sync"
)

// Phase two's candidate search (linkRepo) looks in every file for the
// names of the helpers other files offer. Reading the whole tree again in
// each round was most of that phase's time on a large tree (bench/real:
// 1.3 s of 2.4 s on the npm packages), so phase one keeps, for each file a
// Linker reads, a Bloom filter of its words (wordSet): a round reads only
// the files whose set may hold every word of a needle, and checks those
// exactly (mentionsAny).
//
// A word is a maximal run of ASCII letters, digits and `_`, or of bytes of
// a multi-byte UTF-8 character: what the languages' identifiers, module
// names and environment variables are made of. A needle matches a file
// only where its ends that are word bytes are word boundaries in the file
// (hasWord): a helper called `run` is called by that word, never inside
// `prerun` or `runner`, and a module `exec` is named by a specifier that
// ends there (`./exec`, `./exec.js`, `./exec/`), never by `/execCommand`.
// So every word of a matching needle is a word of the file, and the set
// is a sound prefilter of the exact test.

// wordByte says which bytes make words.
var wordByte = func() (t [256]bool) {
	for b := 0; b < 256; b++ {
		t[b] = b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b >= 0x80
	}
	return t
}()

// hasWord reports whether needle occurs in src with a word boundary in src
// at each end of the occurrence where needle's own end byte is a word byte.
func hasWord(src, needle []byte) bool {
	if len(needle) == 0 {
		return true
	}
	left, right := wordByte[needle[0]], wordByte[needle[len(needle)-1]]
	for off := 0; ; {
		i := bytes.Index(src[off:], needle)
		if i < 0 {
			return false
		}
		i += off
		end := i + len(needle)
		if (!left || i == 0 || !wordByte[src[i-1]]) && (!right || end == len(src) || !wordByte[src[end]]) {
			return true
		}
		off = i + 1
	}
}

// hasAnyWord reports whether src holds one of needles (hasWord).
func hasAnyWord(src []byte, needles [][]byte) bool {
	for _, n := range needles {
		if hasWord(src, n) {
			return true
		}
	}
	return false
}

// wordSet is a Bloom filter of a file's words: two bits per word out of a
// table of at least twice as many bits as the file has word occurrences,
// so about one in thirty absent words passes on a file whose words repeat
// (most do). A nil set holds every word: a file phase one did not read.
type wordSet []uint64

// minWordBits is the smallest table: a file with no words gets one too,
// so that nil keeps its meaning.
const minWordBits = 128

// newWordSet builds the set of src's words: one pass hashes them into a
// pooled scratch list, which then sizes the table and fills it.
func newWordSet(src []byte) wordSet {
	sp := wordScratch.Get().(*[]uint64)
	hs := hashWords(src, (*sp)[:0])
	m := max(minWordBits, 1<<bits.Len(uint(2*len(hs)))) // a power of two
	s := make(wordSet, m/64)
	mask := uint64(m - 1)
	for _, h := range hs {
		s.add(h, mask)
	}
	if cap(hs) <= maxScratch {
		*sp = hs
		wordScratch.Put(sp)
	}
	return s
}

var wordScratch = sync.Pool{New: func() any { return new([]uint64) }}

// maxScratch bounds the scratch list kept in the pool (8 MiB).
const maxScratch = 1 << 20

// hashWords appends the hash of each word of src to hs.
func hashWords(src []byte, hs []uint64) []uint64 {
	for i := 0; i < len(src); {
		for i < len(src) && !wordByte[src[i]] {
			i++
		}
		if i == len(src) {
			break
		}
		h := uint64(0)
		for i < len(src) && wordByte[src[i]] {
			h = bits.RotateLeft64(h, 7) ^ uint64(src[i])
			i++
		}
		hs = append(hs, mix(h))
	}
	return hs
}

// hashWord is one word's hash, as hashWords makes it.
func hashWord(w []byte) uint64 {
	h := uint64(0)
	for _, b := range w {
		h = bits.RotateLeft64(h, 7) ^ uint64(b)
	}
	return mix(h)
}

// mix spreads a word's bits over the whole hash (a multiply and a shift):
// the table's two bits are taken from its two halves.
func mix(h uint64) uint64 {
	h *= 0x9e3779b97f4a7c15
	return h ^ h>>29
}

func (s wordSet) add(h, mask uint64) {
	a, b := h&mask, (h>>32|h<<32)&mask
	s[a/64] |= 1 << (a % 64)
	s[b/64] |= 1 << (b % 64)
}

// mayHold reports whether the set may hold the word w.
func (s wordSet) mayHold(w []byte) bool {
	if s == nil {
		return true
	}
	h := hashWord(w)
	mask := uint64(len(s)*64 - 1)
	a, b := h&mask, (h>>32|h<<32)&mask
	return s[a/64]&(1<<(a%64)) != 0 && s[b/64]&(1<<(b%64)) != 0
}

// mayHoldAll reports whether the set may hold every word of needle, the
// needle matching a file only when each is a word of it (hasWord).
func (s wordSet) mayHoldAll(needle []byte) bool {
	if s == nil {
		return true
	}
	for i := 0; i < len(needle); {
		if !wordByte[needle[i]] {
			i++
			continue
		}
		j := i
		for j < len(needle) && wordByte[needle[j]] {
			j++
		}
		if !s.mayHold(needle[i:j]) {
			return false
		}
		i = j
	}
	return true
}

// mayHoldAny reports whether the set may hold every word of one of needles.
func (s wordSet) mayHoldAny(needles [][]byte) bool {
	for _, n := range needles {
		if s.mayHoldAll(n) {
			return true
		}
	}
	return false
}
