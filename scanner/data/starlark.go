package data

import (
	"fmt"
	"path"
	"strings"
)

// Starlark build files (kind starlark: Tiltfile, Bazel BUILD files and
// .bzl extensions) are programs; the scan does not run them, it reads the
// arguments of the calls that run commands (docs/data.md):
//
//   - a keyword argument named cmd, command, entrypoint, argv or
//     executable, or one
//     whose name ends in `_cmd` or starts with `cmd_` (Tilt's serve_cmd,
//     apply_cmd; Bazel genrule's cmd_bash, cmd_bat, cmd_ps);
//   - the command positions of Tilt's local(cmd), local_resource(name,
//     cmd) and custom_build(ref, command).
//
// A string (string literals joined by `+` or written side by side) is a
// shell command line, PowerShell-like for the `_bat` and `_ps` forms; a
// list is an argv. A name the file assigns a string literal at the top
// level stands for it (a launch through it is variable-execution); any
// other operand is a neutral word.

// isStarlark reports a Starlark build file by its name.
func isStarlark(base string) bool {
	lower := strings.ToLower(base)
	switch {
	case lower == "tiltfile" || strings.HasSuffix(lower, ".tiltfile") || strings.HasPrefix(lower, "tiltfile."):
		return true
	case base == "BUILD" || base == "BUILD.bazel" || base == "WORKSPACE" || base == "WORKSPACE.bazel" || base == "MODULE.bazel":
		return true
	}
	ext := path.Ext(lower)
	return ext == ".bzl" || ext == ".star"
}

// stTok is a Starlark token: an identifier, a string literal (its decoded
// text) or an operator byte.
type stTok struct {
	kind byte // 'i' identifier, 's' string, 'o' operator
	s    string
	t    text // a string's decoded text
	off  int
}

// starlarkTokens splits Starlark (or Python) source into tokens: comments
// and blanks dropped, strings decoded with their offsets kept.
func starlarkTokens(src string, base int) []stTok {
	var out []stTok
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\\':
			i++
		case isNameByte(c) && !(c >= '0' && c <= '9'):
			j := i
			for j < len(src) && isNameByte(src[j]) {
				j++
			}
			if j < len(src) && (src[j] == '"' || src[j] == '\'') && isStringPrefix(src[i:j]) {
				t, end := pyString(src, j, strings.ContainsAny(src[i:j], "rR"), base)
				out = append(out, stTok{kind: 's', t: t, off: base + i})
				i = end
				continue
			}
			out = append(out, stTok{kind: 'i', s: src[i:j], off: base + i})
			i = j
		case c >= '0' && c <= '9':
			j := i
			for j < len(src) && (isNameByte(src[j]) || src[j] == '.') {
				j++
			}
			out = append(out, stTok{kind: 'i', s: src[i:j], off: base + i})
			i = j
		case c == '"' || c == '\'':
			t, end := pyString(src, i, false, base)
			out = append(out, stTok{kind: 's', t: t, off: base + i})
			i = end
		case c == '=' && i+1 < len(src) && src[i+1] == '=':
			out = append(out, stTok{kind: 'o', s: "==", off: base + i})
			i += 2
		default:
			out = append(out, stTok{kind: 'o', s: src[i : i+1], off: base + i})
			i++
		}
	}
	return out
}

func isStringPrefix(p string) bool {
	switch strings.ToLower(p) {
	case "r", "b", "u", "f", "rb", "br", "fr", "rf":
		return true
	}
	return false
}

// pyString decodes the string literal whose quote is at src[i] (single,
// double or tripled), returning its text and the offset after it. An
// unterminated string runs to the end of its line (or of the file for a
// triple-quoted one).
func pyString(src string, i int, raw bool, base int) (text, int) {
	q := src[i : i+1]
	if strings.HasPrefix(src[i:], q+q+q) {
		q = q + q + q
	}
	var b builder
	j := i + len(q)
	for j < len(src) {
		if strings.HasPrefix(src[j:], q) {
			return b.text(base + j), j + len(q)
		}
		c := src[j]
		if len(q) == 1 && c == '\n' {
			break
		}
		if c == '\\' && j+1 < len(src) {
			if raw {
				b.add(src[j:j+2], base+j)
				j += 2
				continue
			}
			d := src[j+1]
			switch d {
			case 'n':
				b.addAt("\n", base+j)
			case 't':
				b.addAt("\t", base+j)
			case '\n':
			default:
				b.addAt(string(d), base+j)
			}
			j += 2
			continue
		}
		b.add(src[j:j+1], base+j)
		j++
	}
	return b.text(base + j), j
}

// stFrame is an open bracket of a Starlark file being read.
type stFrame struct {
	callee string // the name called, for a call's parenthesis
	open   byte
	arg    int // index of the argument being read
	start  int // its first token
}

// starlark scans a Starlark build file.
func (s *scan) starlark() {
	if !s.p.Hits.Seed() {
		return
	}
	toks := starlarkTokens(string(s.src), 0)
	vars := map[string]text{}
	var stack []stFrame
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if len(stack) == 0 && t.kind == 'i' && i+2 < len(toks) && toks[i+1].s == "=" && toks[i+2].kind == 's' &&
			(i+3 >= len(toks) || !strings.Contains("+%.[(", toks[i+3].s) || toks[i+3].kind != 'o') {
			vars[t.s] = toks[i+2].t
		}
		if t.kind != 'o' {
			continue
		}
		switch t.s {
		case "(", "[", "{":
			if len(stack) >= maxDepth {
				s.hitLimit(t.off, fmt.Sprintf("brackets nest more than %d deep; the rest is not scanned", maxDepth))
				return
			}
			f := stFrame{open: t.s[0], start: i + 1}
			if t.s == "(" && i > 0 && toks[i-1].kind == 'i' {
				f.callee = toks[i-1].s
			}
			stack = append(stack, f)
		case ",":
			if n := len(stack); n > 0 {
				s.starlarkArg(stack[n-1], toks[stack[n-1].start:i], vars)
				stack[n-1].arg++
				stack[n-1].start = i + 1
			}
		case ")", "]", "}":
			if n := len(stack); n > 0 {
				s.starlarkArg(stack[n-1], toks[stack[n-1].start:i], vars)
				stack = stack[:n-1]
			}
		}
	}
}

// starlarkArg reads one argument of a call when it is in a command
// position.
func (s *scan) starlarkArg(f stFrame, arg []stTok, vars map[string]text) {
	if f.open != '(' || f.callee == "" || len(arg) == 0 {
		return
	}
	kw := ""
	if len(arg) >= 2 && arg[0].kind == 'i' && arg[1].kind == 'o' && arg[1].s == "=" {
		kw, arg = arg[0].s, arg[2:]
	}
	switch {
	case kw != "" && !starlarkCommandKeyword(kw):
		return
	case kw == "":
		pos := map[string]int{"local": 0, "local_resource": 1, "custom_build": 1}
		if k, ok := pos[f.callee]; !ok || k != f.arg {
			return
		}
	}
	if len(arg) == 0 {
		return
	}
	if arg[0].s == "[" && arg[0].kind == 'o' {
		s.judge(starlarkList(arg, vars), "")
		return
	}
	var parts []text
	var env []envVar
	lit := false
	for _, t := range arg {
		switch {
		case t.kind == 's':
			parts, lit = append(parts, t.t), true
		case t.kind == 'i' && vars[t.s].m != nil:
			ref := "${" + t.s + "}"
			parts = append(parts, text{s: ref, m: constMap(len(ref), t.off)})
			env = append(env, envVar{name: t.s, val: vars[t.s]})
			lit = true
		case t.kind == 'o' && t.s == "+":
		default:
			parts = append(parts, text{s: makePlaceholder, m: constMap(len(makePlaceholder), t.off)})
		}
	}
	if !lit {
		return
	}
	cmd := joinText(parts...)
	if strings.HasSuffix(kw, "_bat") || strings.HasSuffix(kw, "_ps") {
		s.powershell(cmd)
		return
	}
	s.shell(withEnv(cmd, env), "", nil)
}

// starlarkCommandKeyword reports a keyword argument that holds a command.
func starlarkCommandKeyword(kw string) bool {
	switch kw {
	case "cmd", "command", "entrypoint", "argv", "executable":
		return true
	}
	return strings.HasSuffix(kw, "_cmd") || strings.HasPrefix(kw, "cmd_")
}

// starlarkList is a list literal's elements as argv words: a string, a
// name assigned a string, or an unknown word.
func starlarkList(arg []stTok, vars map[string]text) []word {
	var ws []word
	depth := 0
	var cur []stTok
	flush := func(at int) {
		switch {
		case len(cur) == 1 && cur[0].kind == 's':
			ws = append(ws, word{t: cur[0].t, known: true})
		case len(cur) == 1 && cur[0].kind == 'i' && vars[cur[0].s].m != nil:
			v := vars[cur[0].s]
			ws = append(ws, word{t: text{s: v.s, m: constMap(len(v.s), cur[0].off)}, known: true})
		case len(cur) > 0:
			ws = append(ws, word{t: text{m: []int{cur[0].off}}})
		}
		cur = nil
	}
	for i, t := range arg {
		if t.kind == 'o' {
			switch t.s {
			case "[", "(", "{":
				depth++
				if depth == 1 {
					continue
				}
			case "]", ")", "}":
				depth--
			case ",":
				if depth == 1 {
					flush(i)
					continue
				}
			}
		}
		if depth >= 1 {
			cur = append(cur, t)
		}
	}
	flush(len(arg))
	return ws
}
