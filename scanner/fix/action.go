package fix

import (
	"strings"
)

// ShimPath is the launch-runtime shim fix writes, relative to the root,
// for the rewrites that need a path to an executable (an agent action's
// executable input, the Agent SDK's executable option). Its file name
// starts with launch-runtime, as the scanner asks of a shim.
const ShimPath = ".leasegate/launch-runtime-claude"

// ShimScript is the shim's content: it execs launch-runtime for claude
// with the arguments it is given.
const ShimScript = "#!/bin/sh\nexec launch-runtime --runtime claude -- \"$@\"\n"

// actionInput is the executable input of Anthropic's Claude Code actions,
// and actionShim its value: the shim in the workspace the action runs in.
const (
	actionInput = "path_to_claude_code_executable"
	actionShim  = "${{ github.workspace }}/" + ShimPath
)

// isClaudeCodeAction reports whether a uses: value names one of
// Anthropic's Claude Code actions, whose executable input fix knows.
func isClaudeCodeAction(v string) bool {
	name, _, _ := strings.Cut(strings.ToLower(v), "@")
	return name == "anthropics/claude-code-action" || name == "anthropics/claude-code-base-action"
}

// yamlLine is one line of a block-style YAML file: its bounds, its
// indentation, the column of its key (after a "- "), and whether it holds
// nothing but a comment or blanks.
type yamlLine struct {
	start, end int // end is before the line break
	indent     int
	dash       bool
	key        int // offset of the key's first byte
	blank      bool
}

func (fx *fixer) yamlLine(l int) yamlLine {
	start := fx.lines[l-1]
	end := len(fx.src)
	if l < len(fx.lines) {
		end = fx.lines[l] - 1
	}
	if end > start && fx.src[end-1] == '\r' {
		end--
	}
	y := yamlLine{start: start, end: end}
	i := start
	for i < end && fx.src[i] == ' ' {
		i++
	}
	y.indent = i - start
	if i == end || fx.src[i] == '#' {
		y.blank = true
		return y
	}
	if fx.src[i] == '-' && (i+1 == end || fx.src[i+1] == ' ') {
		y.dash = true
		i++
		for i < end && fx.src[i] == ' ' {
			i++
		}
	}
	y.key = i
	return y
}

// keyValue returns the value after "key:" on the line, trimmed of
// blanks and a trailing comment, with its bounds; ok is false when the
// line's key is not key.
func (fx *fixer) keyValue(y yamlLine, key string) (val string, vs, ve int, ok bool) {
	rest := string(fx.src[y.key:y.end])
	after, found := strings.CutPrefix(rest, key+":")
	if !found || after != "" && after[0] != ' ' {
		return "", 0, 0, false
	}
	vs = y.key + len(key) + 1
	for vs < y.end && fx.src[vs] == ' ' {
		vs++
	}
	ve = y.end
	if i := strings.Index(string(fx.src[vs:ve]), " #"); i >= 0 {
		ve = vs + i
	}
	if vs < ve && fx.src[vs] == '#' {
		ve = vs
	}
	for ve > vs && fx.src[ve-1] == ' ' {
		ve--
	}
	return string(fx.src[vs:ve]), vs, ve, true
}

// actionStep gates a workflow step that uses a Claude Code action: its
// executable input is set to the shim, under the step's with: (made when
// absent, indented as the step is). The edit inserts whole lines or
// replaces the input's value; every other byte stays.
func (fx *fixer) actionStep(off int) []Edit {
	ul := fx.lineOf(off)
	u := fx.yamlLine(ul)
	val, _, _, ok := fx.keyValue(u, "uses")
	if !ok || !isClaudeCodeAction(strings.Trim(val, `"'`)) {
		return nil
	}
	keyCol := u.key - u.start
	// The step's first line, the one with the dash.
	first := ul
	for !fx.yamlLine(first).dash {
		first--
		if first < 1 {
			return nil
		}
		y := fx.yamlLine(first)
		if y.blank {
			continue
		}
		if y.indent < keyCol && !(y.dash && y.key-y.start == keyCol) {
			return nil
		}
	}
	d := fx.yamlLine(first)
	if d.key-d.start != keyCol {
		return nil
	}
	unit := keyCol - d.indent
	last := ul
	for l := ul + 1; l <= len(fx.lines); l++ {
		y := fx.yamlLine(l)
		if y.blank {
			continue
		}
		if y.indent < keyCol {
			break
		}
		last = l
	}
	eol := "\n"
	if u.end < len(fx.src) && fx.src[u.end] == '\r' {
		eol = "\r\n"
	}
	for l := first; l <= last; l++ {
		w := fx.yamlLine(l)
		if w.blank || w.key-w.start != keyCol {
			continue
		}
		v, _, _, ok := fx.keyValue(w, "with")
		if !ok {
			continue
		}
		if v != "" || l == len(fx.lines) {
			return nil // a flow mapping, an anchor or alias: left
		}
		child := keyCol + unit
		for c := l + 1; c <= last; c++ {
			y := fx.yamlLine(c)
			if y.blank {
				continue
			}
			if y.indent <= keyCol {
				break
			}
			child = y.indent
			break
		}
		for c := l + 1; c <= last; c++ {
			y := fx.yamlLine(c)
			if y.blank || y.indent != child || y.dash {
				continue
			}
			if v, vs, ve, ok := fx.keyValue(y, actionInput); ok {
				if v == "" || strings.ContainsAny(v[:1], "|>&*") {
					return nil
				}
				return []Edit{{Start: vs, End: ve, Text: actionShim}}
			}
		}
		at := fx.lines[l]
		return []Edit{{Start: at, End: at, Text: strings.Repeat(" ", child) + actionInput + ": " + actionShim + eol}}
	}
	if ul == len(fx.lines) {
		return nil // no line break after the step to insert at
	}
	if y := fx.yamlLine(ul + 1); ul < last && !y.blank && y.indent > keyCol {
		return nil // the uses: value goes on over lines
	}
	at := fx.lines[ul]
	return []Edit{{Start: at, End: at, Text: strings.Repeat(" ", keyCol) + "with:" + eol +
		strings.Repeat(" ", keyCol+unit) + actionInput + ": " + actionShim + eol}}
}
