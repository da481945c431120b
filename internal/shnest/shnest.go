// Package shnest bounds how deeply shell text nests, for the two halves
// that parse shell with mvdan.cc/sh (the scanner's shell detector and the
// gate's Bash judge). The parser and every walk over its tree recurse once
// per level, and a Go stack overflow is fatal (no recover), so text that
// nests past a bound is refused before it is parsed (Check, a linear scan
// of the bytes) and a tree deeper than a bound before it is walked
// (CheckTree). The caller turns a refusal into `unparseable` (scanner) or
// a deny (gate).
package shnest

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

const (
	// MaxDepth is the deepest nesting of parentheses and braces shell text
	// may have. Real scripts stay far below it.
	MaxDepth = 200
	// MaxKeywordDepth is the deepest nesting of compound commands opened
	// by a keyword (if, while, until, for, select, case, time).
	MaxKeywordDepth = 1000
	// MaxChain is the most commands one list may chain with `&&`, `||`
	// or `|` (the parser nests each link).
	MaxChain = 100_000
	// MaxTreeDepth is the deepest syntax tree walked; it catches what the
	// byte scan does not see (a long arithmetic expression).
	MaxTreeDepth = 10_000
)

// Exceeded is a bound reached: where in the text and which.
type Exceeded struct {
	Offset int
	Msg    string
}

// openers open a compound command that a closer (or, for time, the
// command it times) ends; after them a command word is expected.
var openers = map[string]bool{"if": true, "while": true, "until": true, "for": true, "select": true, "case": true, "time": true}

var closers = map[string]bool{"fi": true, "done": true, "esac": true}

// cmdAfter are the words after which a command word is expected.
var cmdAfter = map[string]bool{"then": true, "do": true, "else": true, "elif": true, "!": true,
	"if": true, "while": true, "until": true, "time": true}

// Check is a cheap upper estimate of how deeply text nests (outside
// comments and single quotes): parentheses and braces against maxDepth
// (MaxDepth unless the caller keeps another), keyword compound commands
// against MaxKeywordDepth, `&&`/`||`/`|` links of one list against
// MaxChain. It returns nil when the text is within every bound.
func Check(text string, maxDepth int) *Exceeded {
	depth, maxD, at := 0, 0, 0
	kw, chain, fnRun := 0, 0, 0
	inDQ := false
	cmdPos := true  // a command word may start here
	lastOp := false // the last token was `&&`, `||` or `|` (a newline continues the list)
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch c {
		case '\\':
			i++
			continue
		case '\'':
			if !inDQ {
				j := strings.IndexByte(text[i+1:], '\'')
				if j < 0 {
					return over(maxD, at, maxDepth)
				}
				i += j + 1
				cmdPos, lastOp = false, false
				continue
			}
		case '"':
			inDQ = !inDQ
			cmdPos, lastOp = false, false
			continue
		case '#':
			if !inDQ && (i == 0 || text[i-1] == ' ' || text[i-1] == '\t' || text[i-1] == '\n') {
				j := strings.IndexByte(text[i:], '\n')
				if j < 0 {
					return over(maxD, at, maxDepth)
				}
				i += j - 1 // the newline is read next
				continue
			}
		case '(', '{':
			if c == '(' && i+1 < len(text) && text[i+1] == ')' {
				// f() g() h() { ...; }: each header nests the next
				// definition in the parser.
				fnRun++
				if fnRun > MaxKeywordDepth {
					return &Exceeded{Offset: i, Msg: fmt.Sprintf("compound commands nested deeper than %d levels", MaxKeywordDepth)}
				}
				if depth+1 > maxD {
					maxD, at = depth+1, i
				}
				i++
				cmdPos, lastOp = true, false
				continue
			}
			fnRun = 0
			depth++
			if depth > maxD {
				maxD, at = depth, i
			}
			cmdPos, lastOp = true, false
			continue
		case ')', '}':
			if depth > 0 {
				depth--
			}
			cmdPos, lastOp = true, false
			continue
		case ' ', '\t', '\r':
			continue
		case '\n':
			fnRun = 0
			if !lastOp {
				chain = 0
			}
			cmdPos = true
			continue
		case ';':
			chain, fnRun, cmdPos, lastOp = 0, 0, true, false
			continue
		case '&', '|':
			next, prev := byte(0), byte(0)
			if i+1 < len(text) {
				next = text[i+1]
			}
			if i > 0 {
				prev = text[i-1]
			}
			switch {
			case next == c || c == '|' && next == '&' || c == '|' && prev != '>':
				// &&, ||, |&, | (not the >| redirection): a link.
				chain++
				if chain > MaxChain {
					return &Exceeded{Offset: i, Msg: fmt.Sprintf("more than %d commands chained by `&&`, `||` or `|`", MaxChain)}
				}
				if next == c || next == '&' {
					i++
				}
				cmdPos, lastOp = true, true
			case c == '&' && prev != '>' && prev != '<' && next != '>':
				chain, cmdPos, lastOp = 0, true, false // a background command ends the list
			default:
				cmdPos, lastOp = false, false // >|, >&, <&, &>
			}
			continue
		}
		// A word: up to the next blank or operator character.
		j := i
		for j < len(text) && !strings.ContainsRune(" \t\r\n;&|(){}'\"\\#", rune(text[j])) {
			j++
		}
		if j == i {
			j = i + 1
		}
		w := text[i:j]
		if cmdPos && !inDQ || cmdPos && inDQ && depth > 0 {
			switch {
			case openers[w]:
				kw++
				if kw > MaxKeywordDepth {
					return &Exceeded{Offset: i, Msg: fmt.Sprintf("compound commands nested deeper than %d levels", MaxKeywordDepth)}
				}
			case closers[w]:
				if kw > 0 {
					kw--
				}
			}
		}
		cmdPos, lastOp = cmdPos && cmdAfter[w], false
		i = j - 1
	}
	return over(maxD, at, maxDepth)
}

func over(maxD, at, maxDepth int) *Exceeded {
	if maxD > maxDepth {
		return &Exceeded{Offset: at, Msg: fmt.Sprintf("nesting deeper than %d levels", maxDepth)}
	}
	return nil
}

// CheckTree reports whether the tree under n is deeper than MaxTreeDepth,
// and where the walk stopped. Its own walk goes no deeper than the bound.
func CheckTree(n syntax.Node) (syntax.Pos, bool) {
	depth := 0
	var at syntax.Pos
	deep := false
	syntax.Walk(n, func(n syntax.Node) bool {
		if n == nil {
			depth--
			return true
		}
		if deep {
			return false
		}
		if depth >= MaxTreeDepth {
			deep, at = true, n.Pos()
			return false
		}
		depth++
		return true
	})
	return at, deep
}
