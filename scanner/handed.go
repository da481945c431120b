package scanner

import (
	"bytes"
	"strings"
)

// A command handed to code the analysis does not model (a library's
// exec, a remote-exec client, a task runner's config object) is a launch:
// deny by default. The detectors judge, at every call of a function or
// method they do not model, the command-shaped values among its
// arguments (positional, keyword, a property of an object literal
// argument, one level nested) with HandedArgv and HandedLine; a call of
// a known inert sink (InertSink: printing, logging, formatting,
// assertions) is not read.

// maxHandedLine bounds the text HandedLine reads as a command line.
const maxHandedLine = 4096

// CommandKey reports whether an option or field name says its value is a
// command (`Cmd`, `cmds`, `command`, `entrypoint`): a list under it that
// holds only the runtime is still its command (`cmds=["claude"]`, with
// the arguments under another key).
func CommandKey(key string) bool {
	switch strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(key, "s"), "_")) {
	case "cmd", "command", "entrypoint", "argv", "program", "exec", "executable":
		return true
	}
	return false
}

// HandedArgv judges argv, a list handed to code the analysis does not
// model, as a process API would, when it is command-shaped: its first
// element is known and names a runtime's command (`claude`,
// `/usr/local/bin/claude`), and at least one more element follows that
// is not itself a runtime's name (`["claude", "pi"]` is a list of
// names, data), or, keyed (the value of a CommandKey), it is the
// runtime alone. literal says the list is a literal at the call. It returns whether it judged the list.
func (p *Pass) HandedArgv(argv []Arg, at Pos, keyed, literal bool) bool {
	if len(argv) == 0 || !argv[0].Known || argv[0].Cut || argv[0].Via == ClassDynamic && !literal {
		// a value past a bound, or one found at run time: no command
		// of the code's (the rule reads what it hands on); a look-up
		// of a literal name at the head of a list literal
		// (`[shutil.which("claude"), "-p", x]`) is one
		return false
	}
	if _, ok := p.Config.RuntimeForCommand(argv[0].Value); !ok {
		return false
	}
	if len(argv) == 1 && !keyed {
		return false
	}
	for _, a := range argv[1:] {
		if a.Known {
			if _, ok := p.Config.RuntimeForCommand(a.Value); ok {
				return false
			}
		}
	}
	p.Judge(Command{Argv: argv, At: at, API: true})
	return true
}

// HandedLine judges text, a string handed to code the analysis does not
// model, as a shell would run it, when it reads as a command line: a
// runtime's command is a word of it (at its start or after a shell
// operator) followed by an option, a quoted or expanded word (`claude
// -p x`, `cd /src && claude "fix it"`), and the shell's reading of it
// launches a runtime outside launch-runtime. Prose (`claude is
// thinking`) and a line that only prints a name (`echo claude -p`) are
// not launches. It returns whether it judged the text.
func (p *Pass) HandedLine(text string, at Pos) bool {
	if len(text) > maxHandedLine || !p.commandLine(text) {
		return false
	}
	q := p.Fork(p.Path, p.Src)
	q.Language, q.Prose, q.depth = p.Language, p.Prose, p.depth
	q.ScanShell(text, at, "")
	red := false
	for _, f := range q.findings {
		if f.IsLaunch() && f.Class != ClassGated && f.Class != ClassDynamic && f.Runtime != UnknownRuntime {
			red = true
			break
		}
	}
	if !red {
		return false
	}
	// what the shell's reading found of a runtime named in the text;
	// an unknown part of it is no launch of its own here (the text is
	// a command only for the runtime it names)
	for _, f := range q.findings {
		if f.Class == ClassDynamic || f.Runtime == UnknownRuntime && f.IsLaunch() {
			continue
		}
		f.File, f.Family, f.Language = "", "", ""
		p.Report(f)
	}
	return true
}

// commandLine reports whether a runtime's command stands in text as a
// command word (at the start, after whitespace following a shell
// operator, or as the last element of a path there) followed by an
// argument that reads as one: an option, a quoted or expanded word.
func (p *Pass) commandLine(text string) bool {
	words := strings.Fields(text)
	for i, w := range words {
		if i+1 >= len(words) {
			break
		}
		if i > 0 {
			prev := words[i-1]
			if !strings.HasSuffix(prev, "&&") && !strings.HasSuffix(prev, "||") && !strings.HasSuffix(prev, ";") &&
				!strings.HasSuffix(prev, "|") && !strings.HasSuffix(prev, "(") && prev != "exec" && prev != "sudo" &&
				prev != "env" && prev != "nohup" && prev != "command" && prev != "--" {
				continue
			}
		}
		w = strings.TrimLeft(w, "(")
		if _, ok := p.Config.RuntimeForCommand(w); !ok {
			continue
		}
		switch next := words[i+1]; next[0] {
		case '-':
			// an option (`-p`, `--print`), not a dash of prose or a
			// title (`pi - my project`)
			if len(next) > 1 && (isAlnum(next[1]) || next[1] == '-' && len(next) > 2) {
				return true
			}
		case '"', '\'', '$', '<', '>', '|', '&', ';':
			return true
		}
	}
	return false
}

// InertSink reports whether a call of a function or method named name
// (its last element: `log` of `console.log`, `Println` of
// `fmt.Println`) is known to run nothing it is given: printing,
// logging, formatting, assertions, comparisons, translations. The rule
// of handed commands does not read its arguments.
func InertSink(name string) bool {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	if inertSinks[name] {
		return true
	}
	l := strings.ToLower(name)
	for _, pre := range []string{"print", "log", "assert", "expect", "format", "sprint", "fprint", "errorf", "warn", "debug", "info", "trace", "fatal", "panic", "error", "equal", "match", "write"} {
		if strings.HasPrefix(l, pre) {
			return true
		}
	}
	return false
}

var inertSinks = map[string]bool{
	"t": true, "_": true, "gettext": true, "ngettext": true, "i18n": true, "translate": true, "tr": true,
	"includes": true, "indexOf": true, "lastIndexOf": true, "startsWith": true, "endsWith": true, "has": true,
	"index": true, "count": true, "contains": true, "Contains": true, "HasPrefix": true, "HasSuffix": true,
	"Index": true, "Compare": true, "EqualFold": true, "replace": true, "replaceAll": true, "split": true,
	"Split": true, "Fields": true, "join": true, "Join": true, "concat": true, "Errorf": true, "Sprintf": true,
	"Error": true, "Errorln": true, "Skip": true, "Skipf": true, "Fail": true, "Fatal": true, "Log": true, "Logf": true,
	"toBe": true, "toEqual": true, "toContain": true, "toMatch": true, "toStrictEqual": true, "toHaveBeenCalledWith": true,
	"deepEqual": true, "strictEqual": true, "notEqual": true, "ok": true, "same": true, "is": true,
	"alert": true, "confirm": true, "prompt": true, "dedent": true, "quote": true, "escape": true, "len": true,
	"str": true, "repr": true, "isinstance": true, "sorted": true, "frozenset": true, "it": true, "test": true, "describe": true,
	// writing to a file or a process's input, serializing: a
	// process's input is modelled where it is a shell's (Command.Stdin)
	"writelines": true, "dumps": true, "dump": true, "stringify": true,
	"Marshal": true, "MarshalIndent": true, "encode": true,
	// the builders of values the analysis models (a partial of a process
	// API, a copy of a list, a promise of a value)
	"partial": true, "partialmethod": true, "copy": true, "deepcopy": true,
	// a command-line interface's help and option definitions (a value
	// read from the parsed options is judged where it runs), a user
	// interface's text
	"usage": true, "example": true, "epilog": true, "help": true, "description": true, "option": true,
	"options": true, "addOption": true, "requiredOption": true, "positional": true, "addHelpText": true,
	"setTitle": true, "title": true, "label": true, "placeholder": true, "tooltip": true, "toast": true,
	// a test's table of cases
	"parametrize": true, "each": true, "subTest": true,
	"Quote": true, "ToUpper": true, "ToLower": true, "TrimSpace": true, "Trim": true, "TrimPrefix": true, "TrimSuffix": true,
}

// MayHandCommand is the cheap test of a file's text for the rule of
// handed commands: a runtime's command starts a string (or ends a
// path at its start) and is followed by the string's end and a comma or
// a closing bracket (the head of a list, `["claude", "-p", x]`,
// `cmds=["claude"]`), or by a space and an option, a quote or an
// expansion (`"claude -p x"`, `"cd /src && claude --print x"`).
func (c *Config) MayHandCommand(src []byte) bool {
	for cmd := range c.commands {
		w := []byte(cmd)
		for i := 0; i < len(src); {
			j := bytes.Index(src[i:], w)
			if j < 0 {
				break
			}
			s := i + j
			e := s + len(w)
			i = e
			if s > 0 {
				switch src[s-1] {
				case '"', '\'', '`', '/', ' ', '\t':
				default:
					continue
				}
			}
			if e >= len(src) {
				break
			}
			switch src[e] {
			case '"', '\'', '`':
				k := e + 1
				for k < len(src) && (src[k] == ' ' || src[k] == '\t' || src[k] == '\n' || src[k] == '\r') {
					k++
				}
				if k < len(src) && (src[k] == ',' || src[k] == ']' || src[k] == ')' || src[k] == '}') {
					return true
				}
			case ' ':
				if e+1 < len(src) {
					switch src[e+1] {
					case '-', '"', '\'', '$', '\\':
						return true
					}
				}
			}
		}
	}
	return false
}
