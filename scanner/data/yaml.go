package data

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// yamlDocs parses every document of a YAML stream into trees. Aliases are
// shared, never copied, so an alias bomb stays as small as its text; the
// walk visits each node once.
// A bound reached while converting (node count, nesting) is passed to
// onLimit.
func yamlDocs(src []byte, ln *lines, onLimit func(off int, msg string)) (docs []*node, err error) {
	defer func() {
		if r := recover(); r != nil {
			docs, err = nil, &jsonError{msg: fmt.Sprintf("YAML parser failure: %v", r)}
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(src))
	c := &yamlConv{src: src, ln: ln, memo: map[*yaml.Node]*node{}, budget: maxNodes, onLimit: onLimit}
	for {
		var doc yaml.Node
		if err := dec.Decode(&doc); err != nil {
			if errors.Is(err, io.EOF) {
				return docs, nil
			}
			return nil, yamlError(err, ln)
		}
		docs = append(docs, c.conv(&doc, 0))
	}
}

var yamlLineRE = regexp.MustCompile(`line (\d+)`)

func yamlError(err error, ln *lines) error {
	msg := err.Error()
	off := 0
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		if l, e := strconv.Atoi(m[1]); e == nil {
			off = ln.offset(l, 1)
		}
	}
	return &jsonError{off: off, msg: msg}
}

type yamlConv struct {
	src     []byte
	ln      *lines
	memo    map[*yaml.Node]*node
	budget  int
	onLimit func(off int, msg string)
}

// offset turns a yaml.v3 line and column (counted in characters) into a
// file offset.
func (c *yamlConv) offset(line, col int) int {
	off := c.ln.offset(line, 1)
	for k := 1; k < col && off < len(c.src) && c.src[off] != '\n'; k++ {
		_, size := utf8.DecodeRune(c.src[off:])
		off += size
	}
	return off
}

func (c *yamlConv) conv(y *yaml.Node, depth int) *node {
	if y == nil {
		return nil
	}
	if n, ok := c.memo[y]; ok {
		return n
	}
	if c.budget <= 0 || depth > maxDepth {
		c.onLimit(c.offset(y.Line, y.Column), fmt.Sprintf("the document is larger than %d nodes or deeper than %d levels; the rest is not scanned", maxNodes, maxDepth))
		return &node{kind: kindScalar}
	}
	c.budget--
	switch y.Kind {
	case yaml.DocumentNode:
		if len(y.Content) == 0 {
			return nil
		}
		return c.conv(y.Content[0], depth+1)
	case yaml.AliasNode:
		return c.conv(y.Alias, depth+1)
	}
	n := &node{off: c.offset(y.Line, y.Column)}
	c.memo[y] = n
	switch y.Kind {
	case yaml.MappingNode:
		n.kind = kindObject
		for i := 0; i+1 < len(y.Content); i += 2 {
			k, v := y.Content[i], y.Content[i+1]
			if k.Kind == yaml.ScalarNode && k.Value == "<<" && k.Tag == "!!merge" {
				// A merge key: the merged mapping's keys become this
				// mapping's (they keep their own positions).
				c.merge(n, v, depth)
				continue
			}
			n.keys = append(n.keys, c.conv(k, depth+1))
			n.vals = append(n.vals, c.conv(v, depth+1))
		}
	case yaml.SequenceNode:
		n.kind = kindArray
		for _, e := range y.Content {
			n.elems = append(n.elems, c.conv(e, depth+1))
		}
	default:
		n.kind = kindScalar
		n.str = y.Value
		n.isString = y.ShortTag() == "!!str"
		start := n.off
		if y.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
			start++
		}
		if y.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
			// The text starts on the line after the indicator.
			if i := bytes.IndexByte(c.src[min(start, len(c.src)):], '\n'); i >= 0 {
				start += i + 1
			}
		}
		if start+len(n.str) <= len(c.src) && string(c.src[start:start+len(n.str)]) == n.str {
			n.off = start
		} else {
			n.off = start
			n.smap = locate(c.src, start, n.str)
		}
	}
	return n
}

// maxMergedKeys bounds how many keys merge keys may gather into one
// mapping (nested merges of merges would otherwise multiply).
const maxMergedKeys = 10000

// maxMergeDepth bounds merge keys that name sequences of sequences (or a
// sequence that contains itself).
const maxMergeDepth = 32

func (c *yamlConv) merge(n *node, v *yaml.Node, depth int) {
	for k := 0; v != nil && v.Kind == yaml.AliasNode && k < maxDepth; k++ {
		v = v.Alias
	}
	if v == nil {
		return
	}
	if depth > maxMergeDepth || c.budget <= 0 {
		c.onLimit(c.offset(v.Line, v.Column), fmt.Sprintf("merge keys nest deeper than %d levels or the document is larger than %d nodes; the rest is not scanned", maxMergeDepth, maxNodes))
		return
	}
	c.budget--
	switch v.Kind {
	case yaml.MappingNode:
		m := c.conv(v, depth+1)
		if m != nil && m.kind == kindObject && len(n.keys)+len(m.keys) <= maxMergedKeys {
			n.keys = append(n.keys, m.keys...)
			n.vals = append(n.vals, m.vals...)
		}
	case yaml.SequenceNode:
		for _, e := range v.Content {
			c.merge(n, e, depth+1)
		}
	}
}
