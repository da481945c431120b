package golang

import (
	"go/ast"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// The process APIs the Go detector knows, as data: for each function or
// method, which argument holds the program or the command and in which
// form. Everything else in the detector (the syntax prefilter, the
// wrapper index, the judge) reads this one table; docs/go.md lists it and
// a test keeps the page and the table equal.

// form is where a process API takes what it runs.
type form int

const (
	// formArgv: the program at Arg, its arguments after it, the last one
	// possibly a spread slice (exec.Command(name, args...)).
	formArgv form = iota + 1
	// formPathArgv: the program's path at Arg and an argv list at Arg+1
	// whose first element is only a display name (syscall.Exec).
	formPathArgv
	// formWindows: an application name at Arg (nil: none) and a Windows
	// command line at Arg+1, which the program splits itself; no shell
	// runs it (CreateProcess).
	formWindows
	// formRemote: a command line at Arg that a shell on another host runs
	// (ssh Session.Run). An agent started there is still an ungated agent.
	formRemote
	// formWords: a command line at Arg (the arguments from Arg on, joined
	// by blanks) that the library splits into words as a shell would,
	// quotes grouping, and runs without a shell (bitfield/script's Exec).
	formWords
	// formShell: a command line at Arg that a local shell runs (`sh -c`).
	formShell
)

// formDoc says what a form judges, for the table in docs/go.md.
var formDoc = map[form]string{
	formArgv:     "program, then its arguments (a spread slice too)",
	formPathArgv: "path, then `argv[1:]` (`argv[0]` is only a display name)",
	formWindows:  "application name (unless nil), then the command line split as Windows splits it",
	formRemote:   "the command line, run by the remote shell (class `eval`)",
	formWords:    "the command line (the arguments from there on, joined by blanks), split into words as a shell splits them, run without a shell",
	formShell:    "the command line, run by `sh -c` (class `eval`)",
}

// processAPI is one function or method that starts a process.
type processAPI struct {
	Pkg  string // import path
	Recv string // receiver type name for a method, "" for a function
	Name string
	Arg  int // the argument where the program (or command line) starts
	Form form
}

// processAPIs is the table. golang.org/x/sys/windows and syscall's
// CreateProcess take *uint16 strings: the conversions
// (windows.UTF16PtrFromString, syscall.StringToUTF16Ptr, ...) are
// followed as the string they convert.
var processAPIs = []processAPI{
	{Pkg: "os/exec", Name: "Command", Arg: 0, Form: formArgv},
	{Pkg: "os/exec", Name: "CommandContext", Arg: 1, Form: formArgv},
	{Pkg: "os", Name: "StartProcess", Arg: 0, Form: formPathArgv},
	{Pkg: "syscall", Name: "Exec", Arg: 0, Form: formPathArgv},
	{Pkg: "syscall", Name: "ForkExec", Arg: 0, Form: formPathArgv},
	{Pkg: "syscall", Name: "StartProcess", Arg: 0, Form: formPathArgv},
	{Pkg: "syscall", Name: "CreateProcess", Arg: 0, Form: formWindows},
	{Pkg: "syscall", Name: "CreateProcessAsUser", Arg: 1, Form: formWindows},
	{Pkg: "golang.org/x/sys/unix", Name: "Exec", Arg: 0, Form: formPathArgv},
	{Pkg: "golang.org/x/sys/windows", Name: "CreateProcess", Arg: 0, Form: formWindows},
	{Pkg: "golang.org/x/sys/windows", Name: "CreateProcessAsUser", Arg: 1, Form: formWindows},
	{Pkg: "github.com/codeskyblue/go-sh", Name: "Command", Arg: 0, Form: formArgv},
	{Pkg: "github.com/codeskyblue/go-sh", Recv: "Session", Name: "Command", Arg: 0, Form: formArgv},
	{Pkg: "github.com/codeskyblue/go-sh", Recv: "Session", Name: "Call", Arg: 0, Form: formArgv},
	{Pkg: "golang.org/x/crypto/ssh", Recv: "Session", Name: "Run", Arg: 0, Form: formRemote},
	{Pkg: "golang.org/x/crypto/ssh", Recv: "Session", Name: "Output", Arg: 0, Form: formRemote},
	{Pkg: "golang.org/x/crypto/ssh", Recv: "Session", Name: "CombinedOutput", Arg: 0, Form: formRemote},
	{Pkg: "golang.org/x/crypto/ssh", Recv: "Session", Name: "Start", Arg: 0, Form: formRemote},
	// Libraries whose call is given a command to run: mage's sh helpers
	// (magefiles), go-cmd, gotest.tools' icmd, k8s.io/utils/exec's
	// Interface, gopkg.in/pipe.v2, bitfield/script's pipes and
	// sourcegraph/run's command lines.
	{Pkg: "github.com/magefile/mage/sh", Name: "Run", Arg: 0, Form: formArgv},
	{Pkg: "github.com/magefile/mage/sh", Name: "RunV", Arg: 0, Form: formArgv},
	{Pkg: "github.com/magefile/mage/sh", Name: "RunWith", Arg: 1, Form: formArgv},
	{Pkg: "github.com/magefile/mage/sh", Name: "RunWithV", Arg: 1, Form: formArgv},
	{Pkg: "github.com/magefile/mage/sh", Name: "Output", Arg: 0, Form: formArgv},
	{Pkg: "github.com/magefile/mage/sh", Name: "OutputWith", Arg: 1, Form: formArgv},
	{Pkg: "github.com/magefile/mage/sh", Name: "Exec", Arg: 3, Form: formArgv},
	{Pkg: "github.com/magefile/mage/sh", Name: "RunCmd", Arg: 0, Form: formArgv},
	{Pkg: "github.com/magefile/mage/sh", Name: "OutCmd", Arg: 0, Form: formArgv},
	{Pkg: "github.com/go-cmd/cmd", Name: "NewCmd", Arg: 0, Form: formArgv},
	{Pkg: "github.com/go-cmd/cmd", Name: "NewCmdOptions", Arg: 1, Form: formArgv},
	{Pkg: "gotest.tools/v3/icmd", Name: "Command", Arg: 0, Form: formArgv},
	{Pkg: "gotest.tools/v3/icmd", Name: "RunCommand", Arg: 0, Form: formArgv},
	{Pkg: "k8s.io/utils/exec", Recv: "Interface", Name: "Command", Arg: 0, Form: formArgv},
	{Pkg: "k8s.io/utils/exec", Recv: "Interface", Name: "CommandContext", Arg: 1, Form: formArgv},
	{Pkg: "gopkg.in/pipe.v2", Name: "Exec", Arg: 0, Form: formArgv},
	{Pkg: "gopkg.in/pipe.v2", Name: "System", Arg: 0, Form: formShell},
	{Pkg: "github.com/bitfield/script", Name: "Exec", Arg: 0, Form: formWords},
	{Pkg: "github.com/bitfield/script", Recv: "Pipe", Name: "Exec", Arg: 0, Form: formWords},
	{Pkg: "github.com/bitfield/script", Recv: "Pipe", Name: "ExecForEach", Arg: 0, Form: formWords},
	{Pkg: "github.com/sourcegraph/run", Name: "Cmd", Arg: 1, Form: formWords},
}

// apiKey names a function (recv "") or method of a package.
type apiKey struct{ pkg, recv, name string }

var apiIndex = func() map[apiKey]processAPI {
	m := map[apiKey]processAPI{}
	for _, a := range processAPIs {
		m[apiKey{a.Pkg, a.Recv, a.Name}] = a
	}
	return m
}()

// utf16Conversions turn a string into the *uint16 (or []uint16) that
// Windows APIs take; their result is followed as the string.
var utf16Conversions = map[apiKey]bool{
	{"syscall", "", "StringToUTF16Ptr"}:                    true,
	{"syscall", "", "UTF16PtrFromString"}:                  true,
	{"syscall", "", "StringToUTF16"}:                       true,
	{"syscall", "", "UTF16FromString"}:                     true,
	{"golang.org/x/sys/windows", "", "StringToUTF16Ptr"}:   true,
	{"golang.org/x/sys/windows", "", "UTF16PtrFromString"}: true,
	{"golang.org/x/sys/windows", "", "StringToUTF16"}:      true,
	{"golang.org/x/sys/windows", "", "UTF16FromString"}:    true,
}

// wordsArgv builds the argv of a formWords call: its arguments joined by
// blanks (an unknown one a neutral word), split as a shell splits words.
// A line with nothing known is one unknown program.
func (c *checker) wordsArgv(args []ast.Expr) []scanner.Arg {
	var parts []string
	via := scanner.Class("")
	known := false
	at := scanner.Pos{}
	for i, e := range args {
		a := c.str(e, 0)
		if i == 0 {
			at = a.Pos
		}
		if !a.Known {
			parts = append(parts, unknownWord)
			continue
		}
		known = true
		via = strongerVia(via, a.Via)
		parts = append(parts, a.Value)
	}
	if !known {
		return []scanner.Arg{{Pos: at}}
	}
	var argv []scanner.Arg
	for _, w := range shellWords(strings.Join(parts, " ")) {
		argv = append(argv, scanner.Arg{Value: w, Known: true, Via: via, Pos: at})
	}
	return argv
}

// shellWords splits a command line into words as a POSIX shell does,
// without expanding anything: blanks separate words, single quotes keep
// everything, double quotes keep all but a backslash before `"`, `\`,
// `$` or a backquote, and a backslash outside quotes keeps the next
// byte.
func shellWords(s string) []string {
	var out []string
	var b strings.Builder
	in := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '\n':
			if in {
				out = append(out, b.String())
				b.Reset()
				in = false
			}
		case ch == '\\' && i+1 < len(s):
			i++
			b.WriteByte(s[i])
			in = true
		case ch == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				j = len(s) - i - 1
			}
			b.WriteString(s[i+1 : i+1+j])
			i += j + 1
			in = true
		case ch == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				b.WriteByte(s[i])
			}
			in = true
		default:
			b.WriteByte(ch)
			in = true
		}
	}
	if in {
		out = append(out, b.String())
	}
	return out
}

// wordSplitters are library functions that split a command line into
// the argv a process API is then given (`args, _ := shlex.Split(line);
// exec.Command(args[0], args[1:]...)`): their result is the line's
// words, split as a shell splits them.
var wordSplitters = map[apiKey]bool{
	{"github.com/google/shlex", "", "Split"}:           true,
	{"github.com/mattn/go-shellwords", "", "Parse"}:    true,
	{"github.com/kballard/go-shellquote", "", "Split"}: true,
}

// splitList is the list a word splitter's call gives as result idx: the
// words of its known line; ok is false for another call, or a line not
// known.
func (c *checker) splitList(call *ast.CallExpr, idx, depth int) ([]scanner.Arg, bool) {
	if idx != 0 || len(call.Args) != 1 || !wordSplitters[c.callee(call)] {
		return nil, false
	}
	line := c.str(call.Args[0], depth+1)
	if !line.Known {
		return nil, false
	}
	var out []scanner.Arg
	for _, w := range shellWords(line.Value) {
		out = append(out, scanner.Arg{Value: w, Known: true, Via: line.Via, Pos: line.Pos})
	}
	return out, true
}
