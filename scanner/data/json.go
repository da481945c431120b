package data

import (
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// maxDepth bounds the nesting of a parsed document.
const maxDepth = 1000

// jsonError is a JSON syntax error at a file offset.
type jsonError struct {
	off int
	msg string
	// empty: the document holds nothing but blanks and comments
	empty bool
}

func (e *jsonError) Error() string { return e.msg }

// jsonParser is a small position-keeping JSON parser. It accepts the JSONC
// that editor files use (VS Code tasks.json, devcontainer.json): `//` and
// `/* */` comments and trailing commas. Every string keeps a map from its
// decoded bytes to the file, so positions inside it survive escapes.
type jsonParser struct {
	src   []byte
	i     int
	depth int
}

// parseJSON parses one JSON(C) document.
func parseJSON(src []byte) (*node, error) {
	p := &jsonParser{src: src}
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		p.i = 3
	}
	if err := p.skip(); err != nil {
		return nil, err
	}
	if p.i >= len(p.src) {
		return nil, &jsonError{off: len(p.src), msg: "empty document", empty: true}
	}
	n, err := p.value()
	if err != nil {
		return nil, err
	}
	if err := p.skip(); err != nil {
		return nil, err
	}
	if p.i < len(p.src) {
		return nil, p.errorf("unexpected %q after the document", p.src[p.i])
	}
	return n, nil
}

func (p *jsonParser) errorf(format string, args ...any) error {
	return &jsonError{off: min(p.i, len(p.src)), msg: fmt.Sprintf(format, args...)}
}

// skip skips blanks and comments.
func (p *jsonParser) skip() error {
	for p.i < len(p.src) {
		switch c := p.src[p.i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.i++
		case c == '/' && p.i+1 < len(p.src) && p.src[p.i+1] == '/':
			for p.i < len(p.src) && p.src[p.i] != '\n' {
				p.i++
			}
		case c == '/' && p.i+1 < len(p.src) && p.src[p.i+1] == '*':
			start := p.i
			p.i += 2
			for p.i+1 < len(p.src) && !(p.src[p.i] == '*' && p.src[p.i+1] == '/') {
				p.i++
			}
			if p.i+1 >= len(p.src) {
				p.i = start
				return p.errorf("unterminated comment")
			}
			p.i += 2
		default:
			return nil
		}
	}
	return nil
}

func (p *jsonParser) value() (*node, error) {
	if p.i >= len(p.src) {
		return nil, p.errorf("unexpected end of input")
	}
	switch c := p.src[p.i]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		return p.string()
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	default:
		for _, lit := range []string{"true", "false", "null"} {
			if len(p.src)-p.i >= len(lit) && string(p.src[p.i:p.i+len(lit)]) == lit {
				n := &node{kind: kindScalar, str: lit, off: p.i}
				p.i += len(lit)
				return n, nil
			}
		}
		return nil, p.errorf("unexpected %q", c)
	}
}

func (p *jsonParser) enter() error {
	p.depth++
	if p.depth > maxDepth {
		return p.errorf("nested more than %d levels deep", maxDepth)
	}
	return nil
}

func (p *jsonParser) object() (*node, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	n := &node{kind: kindObject, off: p.i}
	p.i++
	for {
		if err := p.skip(); err != nil {
			return nil, err
		}
		if p.i >= len(p.src) {
			return nil, p.errorf("unterminated object")
		}
		if p.src[p.i] == '}' {
			p.i++
			return n, nil
		}
		if p.src[p.i] != '"' {
			return nil, p.errorf("expected a string key, found %q", p.src[p.i])
		}
		k, err := p.string()
		if err != nil {
			return nil, err
		}
		if err := p.skip(); err != nil {
			return nil, err
		}
		if p.i >= len(p.src) || p.src[p.i] != ':' {
			return nil, p.errorf("expected `:` after an object key")
		}
		p.i++
		if err := p.skip(); err != nil {
			return nil, err
		}
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		n.keys = append(n.keys, k)
		n.vals = append(n.vals, v)
		if err := p.skip(); err != nil {
			return nil, err
		}
		if p.i < len(p.src) && p.src[p.i] == ',' {
			p.i++
			continue
		}
		if p.i < len(p.src) && p.src[p.i] == '}' {
			p.i++
			return n, nil
		}
		return nil, p.errorf("expected `,` or `}` in an object")
	}
}

func (p *jsonParser) array() (*node, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	n := &node{kind: kindArray, off: p.i}
	p.i++
	for {
		if err := p.skip(); err != nil {
			return nil, err
		}
		if p.i >= len(p.src) {
			return nil, p.errorf("unterminated array")
		}
		if p.src[p.i] == ']' {
			p.i++
			return n, nil
		}
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		n.elems = append(n.elems, v)
		if err := p.skip(); err != nil {
			return nil, err
		}
		if p.i < len(p.src) && p.src[p.i] == ',' {
			p.i++
			continue
		}
		if p.i < len(p.src) && p.src[p.i] == ']' {
			p.i++
			return n, nil
		}
		return nil, p.errorf("expected `,` or `]` in an array")
	}
}

func (p *jsonParser) number() (*node, error) {
	start := p.i
	for p.i < len(p.src) {
		c := p.src[p.i]
		if c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' || c >= '0' && c <= '9' {
			p.i++
			continue
		}
		break
	}
	s := string(p.src[start:p.i])
	if _, err := strconv.ParseFloat(s, 64); err != nil {
		p.i = start
		return nil, p.errorf("bad number %q", s)
	}
	return &node{kind: kindScalar, str: s, off: start}, nil
}

// string parses a string at p.i, decoding escapes and mapping each decoded
// byte to the file offset of the source character it came from.
func (p *jsonParser) string() (*node, error) {
	start := p.i
	p.i++
	var buf []byte
	var m []int
	plain := true
	for p.i < len(p.src) {
		c := p.src[p.i]
		switch {
		case c == '"':
			n := &node{kind: kindScalar, isString: true, str: string(buf), off: start + 1}
			if !plain {
				n.smap = append(m, p.i)
			}
			p.i++
			return n, nil
		case c == '\\':
			plain = false
			at := p.i
			if p.i+1 >= len(p.src) {
				return nil, p.errorf("unterminated string")
			}
			e := p.src[p.i+1]
			var out []byte
			switch e {
			case '"', '\\', '/':
				out = []byte{e}
			case 'b':
				out = []byte{'\b'}
			case 'f':
				out = []byte{'\f'}
			case 'n':
				out = []byte{'\n'}
			case 'r':
				out = []byte{'\r'}
			case 't':
				out = []byte{'\t'}
			case 'u':
				r, n, ok := p.unicode(p.i)
				if !ok {
					return nil, p.errorf("bad \\u escape")
				}
				out = utf8.AppendRune(nil, r)
				p.i += n - 2
			default:
				return nil, p.errorf("bad escape \\%c", e)
			}
			p.i += 2
			for range out {
				m = append(m, at)
			}
			buf = append(buf, out...)
		case c < 0x20:
			return nil, p.errorf("control character in a string")
		default:
			buf = append(buf, c)
			m = append(m, p.i)
			p.i++
		}
	}
	p.i = start
	return nil, p.errorf("unterminated string")
}

// unicode decodes \uXXXX (and a following low surrogate) at i; n is the
// number of source bytes used.
func (p *jsonParser) unicode(i int) (rune, int, bool) {
	hex := func(j int) (rune, bool) {
		if j+6 > len(p.src) || p.src[j] != '\\' || p.src[j+1] != 'u' {
			return 0, false
		}
		v, err := strconv.ParseUint(string(p.src[j+2:j+6]), 16, 16)
		return rune(v), err == nil
	}
	r, ok := hex(i)
	if !ok {
		return 0, 0, false
	}
	if utf16.IsSurrogate(r) {
		if r2, ok := hex(i + 6); ok {
			if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
				return d, 12, true
			}
		}
		return utf8.RuneError, 6, true
	}
	return r, 6, true
}
