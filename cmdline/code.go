package cmdline

import (
	"regexp"
	"strings"
)

// spawnAPI matches program code that starts processes: node's
// child_process, Python's os/subprocess, Perl's and Ruby's system, exec
// and backticks, Deno and Bun's process APIs.
var spawnAPI = regexp.MustCompile("child_process|\\bexec(Sync|File|FileSync|a|v|vp|l|lp)?\\s*\\(|\\bspawn(Sync)?\\s*\\(|\\bsystem\\s*\\(|\\bsystem\\s+['\"]|\\bexec\\s+['\"]|\\bpopen\\s*\\(|Popen|subprocess|os\\.exec|\\bqx|Open3|IO\\.popen|Deno\\.(run|Command)|Bun\\.spawn|`|\\bshell_exec\\s*\\(|\\bpassthru\\s*\\(")

// argvAPI matches process APIs that take an argv array rather than a
// command line (also Perl's and Ruby's list forms, `exec "claude", "-p"`,
// `system("claude", "-p")`).
var argvAPI = regexp.MustCompile(`execFile|spawn|Popen|subprocess\.(run|call|check_call|check_output)|os\.exec|Deno\.Command|Bun\.spawn|execa|\b(exec|system)\s*\(?\s*['"][^'"]*['"]\s*,`)

// maxCodeStrings bounds the strings taken from one piece of code.
const maxCodeStrings = 32

// CodeCommands returns the strings of interpreter code (node -e, python -c,
// perl -e, ruby -e) that may reach a shell or a process API: every string
// literal, when the code calls a process API; and, for APIs that take an
// argv array, all literals joined into one command line. Code that starts
// no process gives nothing. It is an over-approximation: a literal printed
// beside a spawn is parsed too.
func CodeCommands(code string) []string {
	cmds, _ := codeCommands(code)
	return cmds
}

// codeCommands is CodeCommands, and whether strings were left out at
// maxCodeStrings.
func codeCommands(code string) ([]string, bool) {
	if !spawnAPI.MatchString(code) {
		return nil, false
	}
	lits, cut := literals(code)
	if argvAPI.MatchString(code) && len(lits) > 1 {
		lits = append(lits, strings.Join(lits, " "))
	}
	return lits, cut
}

// literals returns the quoted strings of code ('...', "...", `...`), with
// backslash escapes taken literally, at most maxCodeStrings of them; cut
// reports that there were more.
func literals(code string) (out []string, cut bool) {
	for i := 0; i < len(code); i++ {
		q := code[i]
		if q != '\'' && q != '"' && q != '`' {
			continue
		}
		if len(out) == maxCodeStrings {
			return out, true
		}
		var b strings.Builder
		j := i + 1
		for ; j < len(code) && code[j] != q; j++ {
			if code[j] == '\\' && j+1 < len(code) {
				j++
			}
			b.WriteByte(code[j])
		}
		if s := strings.TrimSpace(b.String()); s != "" {
			out = append(out, s)
		}
		i = j
	}
	return out, false
}
