package data

import (
	"fmt"
	"strings"
)

// cmakeStop are the keywords that end a COMMAND's words in
// execute_process, add_custom_command and add_custom_target.
var cmakeStop = map[string]bool{
	"COMMAND": true, "WORKING_DIRECTORY": true, "TIMEOUT": true, "RESULT_VARIABLE": true, "RESULTS_VARIABLE": true,
	"OUTPUT_VARIABLE": true, "ERROR_VARIABLE": true, "INPUT_FILE": true, "OUTPUT_FILE": true, "ERROR_FILE": true,
	"OUTPUT_QUIET": true, "ERROR_QUIET": true, "COMMAND_ECHO": true, "OUTPUT_STRIP_TRAILING_WHITESPACE": true,
	"ERROR_STRIP_TRAILING_WHITESPACE": true, "ENCODING": true, "ECHO_OUTPUT_VARIABLE": true, "ECHO_ERROR_VARIABLE": true,
	"COMMAND_ERROR_IS_FATAL": true, "OUTPUT": true, "MAIN_DEPENDENCY": true, "DEPENDS": true, "BYPRODUCTS": true,
	"IMPLICIT_DEPENDS": true, "DEPFILE": true, "JOB_POOL": true, "JOB_SERVER_AWARE": true, "VERBATIM": true,
	"APPEND": true, "USES_TERMINAL": true, "COMMAND_EXPAND_LISTS": true, "DEPENDS_EXPLICIT_ONLY": true,
	"CODEGEN": true, "COMMENT": true, "SOURCES": true, "PRE_BUILD": true, "PRE_LINK": true, "POST_BUILD": true,
	"TARGET": true, "NAME": true, "CONFIGURATIONS": true, "RETURN_VALUE": true,
}

// cmakeArg is one argument of a CMake command invocation.
type cmakeArg struct {
	t      text
	quoted bool
}

// cmake scans CMake code (CMakeLists.txt, *.cmake): the COMMAND words of
// execute_process (run while CMake configures), add_custom_command and
// add_custom_target (run by the build; add_custom_target's first command
// may come without the keyword) and add_test (run by ctest), and the
// program and ARGS of the old exec_program, are an argv each, judged like any argv
// (`sh -c '...'` in it is eval). `${NAME}` stands for the literal value a
// `set(NAME value)` of the file gives it; a word holding another
// reference is unknown.
func (s *scan) cmake() {
	if !s.p.Hits.Seed() {
		return
	}
	src := string(s.src)
	vars := map[string]text{}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '#':
			i = cmakeComment(src, i)
		case isNameByte(c) && (i == 0 || !isNameByte(src[i-1])):
			j := i
			for j < len(src) && isNameByte(src[j]) {
				j++
			}
			k := j
			for k < len(src) && (src[k] == ' ' || src[k] == '\t') {
				k++
			}
			if k >= len(src) || src[k] != '(' {
				i = j
				continue
			}
			args, end, ok := cmakeArgs(src, k+1)
			if !ok {
				s.hitLimit(k, fmt.Sprintf("parentheses nest more than %d deep; the rest is not scanned", maxDepth))
				return
			}
			s.cmakeCommand(strings.ToLower(src[i:j]), args, vars)
			i = end
		default:
			i++
		}
	}
}

// cmakeComment skips a comment (`# ...` or a bracket comment `#[[ ]]`).
func cmakeComment(src string, i int) int {
	if strings.HasPrefix(src[i:], "#[") {
		if end, ok := cmakeBracket(src, i+1); ok {
			return end
		}
	}
	for i < len(src) && src[i] != '\n' {
		i++
	}
	return i
}

// cmakeBracket returns the end of a bracket argument `[==[ ... ]==]`
// opening at src[i].
func cmakeBracket(src string, i int) (int, bool) {
	j := i + 1
	for j < len(src) && src[j] == '=' {
		j++
	}
	if j >= len(src) || src[j] != '[' {
		return 0, false
	}
	closer := "]" + src[i+1:j] + "]"
	k := strings.Index(src[j+1:], closer)
	if k < 0 {
		return len(src), true
	}
	return j + 1 + k + len(closer), true
}

// cmakeArgs reads the arguments of an invocation whose `(` ends before
// src[i]: unquoted (nested parentheses kept), quoted ("..." with escapes)
// and bracket arguments. It returns the offset after the closing `)`.
func cmakeArgs(src string, i int) ([]cmakeArg, int, bool) {
	var out []cmakeArg
	depth := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '#':
			i = cmakeComment(src, i)
		case c == ')':
			if depth == 0 {
				return out, i + 1, true
			}
			depth--
			i++
		case c == '(':
			depth++
			if depth > maxDepth {
				return nil, i, false
			}
			i++
		case c == '"':
			var b builder
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' && j+1 < len(src) {
					switch src[j+1] {
					case 'n':
						b.addAt("\n", j)
					case 't':
						b.addAt("\t", j)
					case '\n':
					default:
						b.addAt(src[j+1:j+2], j)
					}
					j += 2
					continue
				}
				b.add(src[j:j+1], j)
				j++
			}
			out = append(out, cmakeArg{t: b.text(j), quoted: true})
			i = j + 1
		case c == '[':
			if end, ok := cmakeBracket(src, i); ok {
				open := strings.IndexByte(src[i+1:], '[') + i + 2
				closeAt := max(open, end-(open-i))
				out = append(out, cmakeArg{t: verbatim(src[open:closeAt], open), quoted: true})
				i = end
				continue
			}
			fallthrough
		default:
			j := i
			for j < len(src) && !strings.ContainsRune(" \t\r\n()#\"", rune(src[j])) {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j, len(src))
			out = append(out, cmakeArg{t: verbatim(src[i:j], i)})
			i = j
		}
	}
	return out, i, true
}

// cmakeCommand judges the commands of one invocation, and records the
// literal values set() gives.
func (s *scan) cmakeCommand(name string, args []cmakeArg, vars map[string]text) {
	switch name {
	case "set":
		if len(args) == 2 {
			vars[args[0].t.s] = args[1].t
		}
		return
	case "execute_process", "add_custom_command":
	case "add_test":
		// add_test(NAME n COMMAND prog args...), or the old
		// add_test(n prog args...)
		if len(args) > 1 && args[0].t.s != "NAME" {
			args = append([]cmakeArg{{t: text{s: "COMMAND", m: constMap(len("COMMAND"), args[1].t.fileOff(0))}}}, args[1:]...)
		}
	case "exec_program":
		// exec_program(prog [dir] [ARGS args...] [OUTPUT_VARIABLE v]): the
		// program, then ARGS
		var out []cmakeArg
		for i, a := range args {
			if i == 1 && a.t.s != "ARGS" {
				continue // the directory
			}
			if a.t.s != "ARGS" {
				out = append(out, a)
			}
		}
		if len(out) == 0 {
			return
		}
		args = append([]cmakeArg{{t: text{s: "COMMAND", m: constMap(len("COMMAND"), out[0].t.fileOff(0))}}}, out...)
	case "add_custom_target":
		if len(args) == 0 {
			return
		}
		args = args[1:]
		if len(args) > 0 && args[0].t.s == "ALL" {
			args = args[1:]
		}
		if len(args) > 0 && !cmakeStop[args[0].t.s] {
			// the first command, without the COMMAND keyword
			args = append([]cmakeArg{{t: text{s: "COMMAND", m: constMap(len("COMMAND"), args[0].t.fileOff(0))}}}, args...)
		}
	default:
		return
	}
	var cur []word
	inCmd := false
	flush := func() {
		if inCmd && len(cur) > 0 {
			s.judge(cur, "")
		}
		cur, inCmd = nil, false
	}
	for _, a := range args {
		if !a.quoted && cmakeStop[a.t.s] {
			flush()
			inCmd = a.t.s == "COMMAND"
			continue
		}
		if !inCmd {
			continue
		}
		w, ok := cmakeWord(a.t, vars)
		if !ok {
			w.known = false
		}
		cur = append(cur, w)
	}
	flush()
}

// cmakeWord puts in place the `${NAME}` references of an argument that
// set() gave a literal value; ok is false when another reference is
// left (the word is not known).
func cmakeWord(t text, vars map[string]text) (word, bool) {
	if !strings.Contains(t.s, "${") {
		return word{t: t, known: true}, true
	}
	var b builder
	ok := true
	for i := 0; i < len(t.s); i++ {
		if strings.HasPrefix(t.s[i:], "${") {
			if end := strings.IndexByte(t.s[i:], '}'); end > 0 {
				if v, known := vars[t.s[i+2:i+end]]; known {
					b.addAt(v.s, t.fileOff(i))
				} else {
					ok = false
				}
				i += end
				continue
			}
		}
		b.add(t.s[i:i+1], t.fileOff(i))
	}
	return word{t: b.text(t.fileOff(len(t.s))), known: ok}, ok
}
