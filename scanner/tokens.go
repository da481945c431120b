package scanner

// TokenBounded is a detector whose parse holds memory in proportion to a
// file's tokens (a tree-sitter tree costs the C library about 100 bytes a
// node while it exists). The driver does not hand it a file of more than
// MaxTokens tokens (MoreTokens): such a file is judged as one over the
// size cap is, by a search of its bytes for a trigger, so the memory one
// file can take stays bounded whatever its size.
type TokenBounded interface {
	MaxTokens() int
}

// wordByte marks the bytes that continue a word token: letters, digits,
// `_`, `$` and the bytes of a UTF-8 sequence.
var wordByte = func() (t [256]bool) {
	for b := 0; b < 256; b++ {
		t[b] = b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b == '$' || b >= 0x80
	}
	return t
}()

// MoreTokens reports whether src holds more than limit tokens, counting
// each run of word bytes (wordByte) as one and every other byte that is
// not white space as one: about what a parser's leaves are (a string
// literal's words count one each, so mostly more). A file of at most
// limit bytes never does, and is not read.
func MoreTokens(src []byte, limit int) bool {
	if len(src) <= limit {
		return false
	}
	n, inWord := 0, false
	for _, b := range src {
		switch {
		case wordByte[b]:
			if !inWord {
				n++
				inWord = true
			}
			continue
		case b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v':
		default:
			n++
		}
		inWord = false
		if n > limit {
			return true
		}
	}
	return n > limit
}
