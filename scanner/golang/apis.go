package golang

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
)

// formDoc says what a form judges, for the table in docs/go.md.
var formDoc = map[form]string{
	formArgv:     "program, then its arguments (a spread slice too)",
	formPathArgv: "path, then `argv[1:]` (`argv[0]` is only a display name)",
	formWindows:  "application name (unless nil), then the command line split as Windows splits it",
	formRemote:   "the command line, run by the remote shell (class `eval`)",
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
