package golang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"strings"
	"sync"
)

// stubSources are the declarations of the standard-library (and x/sys)
// functions the analysis follows. The Detector type-checks a file against
// these instead of the real packages, so it needs neither a Go toolchain
// nor the scanned repository's dependencies. Only signatures matter.
var stubSources = map[string]string{
	"context": `package context
type Context interface{ Done() <-chan struct{}; Err() error; Value(key any) any }
type CancelFunc func()
func Background() Context
func TODO() Context
func WithCancel(parent Context) (Context, CancelFunc)
`,
	"os/exec": `package exec
import "context"
type Cmd struct {
	Path string
	Args []string
	Env []string
	Dir string
	Stdin, Stdout, Stderr any
	ExtraFiles []any
	SysProcAttr any
	Process any
	ProcessState any
	Err error
	Cancel func() error
}
func Command(name string, arg ...string) *Cmd
func CommandContext(ctx context.Context, name string, arg ...string) *Cmd
func LookPath(file string) (string, error)
func (c *Cmd) Run() error
func (c *Cmd) Start() error
func (c *Cmd) Wait() error
func (c *Cmd) Output() ([]byte, error)
func (c *Cmd) CombinedOutput() ([]byte, error)
func (c *Cmd) String() string
func (c *Cmd) Environ() []string
`,
	"os": `package os
type File struct{}
type Process struct{ Pid int }
type ProcessState struct{}
type ProcAttr struct {
	Dir string
	Env []string
	Files []*File
	Sys any
}
var Args []string
var Stdin, Stdout, Stderr *File
func StartProcess(name string, argv []string, attr *ProcAttr) (*Process, error)
func Getenv(key string) string
func LookupEnv(key string) (string, bool)
func Setenv(key, value string) error
func Unsetenv(key string) error
func Environ() []string
func Executable() (string, error)
func UserHomeDir() (string, error)
func Getwd() (string, error)
func ReadFile(name string) ([]byte, error)
func Open(name string) (*File, error)
func Create(name string) (*File, error)
func OpenFile(name string, flag int, perm uint32) (*File, error)
func WriteFile(name string, data []byte, perm uint32) error
func MkdirAll(path string, perm uint32) error
func Symlink(oldname, newname string) error
func Link(oldname, newname string) error
func Rename(oldpath, newpath string) error
func Exit(code int)
func (f *File) WriteString(s string) (int, error)
func (f *File) Write(b []byte) (int, error)
func (f *File) Close() error
func (f *File) Chmod(mode uint32) error
func Chmod(name string, mode uint32) error
func (p *Process) Wait() (*ProcessState, error)
`,
	"syscall": `package syscall
type ProcAttr struct {
	Dir string
	Env []string
	Files []uintptr
	Sys any
}
func Exec(argv0 string, argv []string, envv []string) error
func ForkExec(argv0 string, argv []string, attr *ProcAttr) (int, error)
func StartProcess(argv0 string, argv []string, attr *ProcAttr) (int, uintptr, error)
func Environ() []string
func Getenv(key string) (string, bool)
func Setenv(key, value string) error
` + windowsProcess,
	"golang.org/x/sys/windows": "package windows\n" + windowsProcess,
	"github.com/codeskyblue/go-sh": `package sh
type Session struct{ ShowCMD bool }
func NewSession() *Session
func Command(name string, a ...interface{}) *Session
func (s *Session) Command(name string, a ...interface{}) *Session
func (s *Session) Call(name string, a ...interface{}) error
func (s *Session) Run() error
func (s *Session) Output() ([]byte, error)
func (s *Session) CombinedOutput() ([]byte, error)
func (s *Session) SetDir(dir string) *Session
`,
	"golang.org/x/crypto/ssh": `package ssh
type Client struct{}
type ClientConfig struct{ User string }
type Session struct{}
func Dial(network, addr string, config *ClientConfig) (*Client, error)
func (c *Client) NewSession() (*Session, error)
func (s *Session) Run(cmd string) error
func (s *Session) Output(cmd string) ([]byte, error)
func (s *Session) CombinedOutput(cmd string) ([]byte, error)
func (s *Session) Start(cmd string) error
func (s *Session) Wait() error
func (s *Session) Close() error
`,
	"github.com/magefile/mage/sh": `package sh
func Run(cmd string, args ...string) error
func RunV(cmd string, args ...string) error
func RunWith(env map[string]string, cmd string, args ...string) error
func RunWithV(env map[string]string, cmd string, args ...string) error
func Output(cmd string, args ...string) (string, error)
func OutputWith(env map[string]string, cmd string, args ...string) (string, error)
func Exec(env map[string]string, stdout, stderr any, cmd string, args ...string) (bool, error)
func RunCmd(cmd string, args ...string) func(args ...string) error
func OutCmd(cmd string, args ...string) func(args ...string) (string, error)
`,
	"github.com/go-cmd/cmd": `package cmd
type Options struct{ Buffered, Streaming bool }
type Status struct{ Cmd string; Exit int; Stdout, Stderr []string }
type Cmd struct{ Name string; Args []string; Env []string; Dir string }
func NewCmd(name string, args ...string) *Cmd
func NewCmdOptions(options Options, name string, args ...string) *Cmd
func (c *Cmd) Start() <-chan Status
func (c *Cmd) Stop() error
func (c *Cmd) Status() Status
`,
	"gotest.tools/v3/icmd": `package icmd
type Cmd struct{ Command []string; Dir string; Env []string }
type Result struct{ ExitCode int }
func Command(command string, args ...string) Cmd
func RunCommand(command string, args ...string) *Result
func RunCmd(cmd Cmd, cmdOperators ...any) *Result
`,
	"k8s.io/utils/exec": `package exec
import "context"
type Cmd interface{ Run() error; CombinedOutput() ([]byte, error); Output() ([]byte, error) }
type Interface interface {
	Command(cmd string, args ...string) Cmd
	CommandContext(ctx context.Context, cmd string, args ...string) Cmd
	LookPath(file string) (string, error)
}
func New() Interface
`,
	"gopkg.in/pipe.v2": `package pipe
type Pipe func(s any) error
func Exec(name string, args ...string) Pipe
func System(cmd string) Pipe
func Line(p ...Pipe) Pipe
func Run(p Pipe) error
func Output(p Pipe) ([]byte, error)
`,
	"github.com/bitfield/script": `package script
type Pipe struct{}
func Exec(cmdLine string) *Pipe
func Echo(s string) *Pipe
func (p *Pipe) Exec(cmdLine string) *Pipe
func (p *Pipe) ExecForEach(cmdLine string) *Pipe
func (p *Pipe) Stdout() (int, error)
func (p *Pipe) String() (string, error)
func (p *Pipe) Wait() error
`,
	"github.com/sourcegraph/run": `package run
import "context"
type Command struct{}
type Output interface{ Stream(dst any) error; String() (string, error); Wait() error }
func Cmd(ctx context.Context, parts ...string) *Command
func (c *Command) Run() Output
`,
	"github.com/spf13/viper": `package viper
type Viper struct{}
func New() *Viper
func GetViper() *Viper
func SetDefault(key string, value any)
func Set(key string, value any)
func Get(key string) any
func GetString(key string) string
func GetStringSlice(key string) []string
func SetConfigName(in string)
func AddConfigPath(in string)
func ReadInConfig() error
func AutomaticEnv()
func (v *Viper) SetDefault(key string, value any)
func (v *Viper) Set(key string, value any)
func (v *Viper) Get(key string) any
func (v *Viper) GetString(key string) string
func (v *Viper) GetStringSlice(key string) []string
`,
	"github.com/joho/godotenv": `package godotenv
func Load(filenames ...string) error
func Overload(filenames ...string) error
func Read(filenames ...string) (map[string]string, error)
`,
	"github.com/google/shlex": `package shlex
func Split(s string) ([]string, error)
`,
	"github.com/mattn/go-shellwords": `package shellwords
func Parse(line string) ([]string, error)
`,
	"github.com/kballard/go-shellquote": `package shellquote
func Split(input string) (words []string, err error)
func Join(args ...string) string
`,
	"text/template": templateStub,
	"html/template": templateStub,
	"golang.org/x/sys/unix": `package unix
func Exec(argv0 string, argv []string, envv []string) error
func Environ() []string
`,
	"path/filepath": `package filepath
func Join(elem ...string) string
func Base(path string) string
func Dir(path string) string
func Abs(path string) (string, error)
func Clean(path string) string
func EvalSymlinks(path string) (string, error)
`,
	"archive/tar": `package tar
type Reader struct{}
func NewReader(r any) *Reader
`,
	"archive/zip": `package zip
type Reader struct{}
type ReadCloser struct{ Reader }
func NewReader(r any, size int64) (*Reader, error)
func OpenReader(name string) (*ReadCloser, error)
`,
	"path": `package path
func Join(elem ...string) string
func Base(path string) string
func Clean(path string) string
`,
	"strings": `package strings
func Fields(s string) []string
func Split(s, sep string) []string
func Join(elems []string, sep string) string
func TrimSpace(s string) string
func Contains(s, substr string) bool
func HasPrefix(s, prefix string) bool
func ReplaceAll(s, old, new string) string
func Replace(s, old, new string, n int) string
func ToLower(s string) string
func ToUpper(s string) string
func Trim(s, cutset string) string
func TrimPrefix(s, prefix string) string
func TrimSuffix(s, suffix string) string
func Repeat(s string, count int) string
type Reader struct{}
func NewReader(s string) *Reader
type Replacer struct{}
func NewReplacer(oldnew ...string) *Replacer
func (r *Replacer) Replace(s string) string
type Builder struct{}
func (b *Builder) WriteString(s string) (int, error)
func (b *Builder) WriteByte(c byte) error
func (b *Builder) WriteRune(r rune) (int, error)
func (b *Builder) String() string
func (b *Builder) Reset()
func (b *Builder) Len() int
`,
	"bytes": `package bytes
type Reader struct{}
type Buffer struct{}
func (b *Buffer) WriteString(s string) (int, error)
func (b *Buffer) WriteByte(c byte) error
func (b *Buffer) WriteRune(r rune) (int, error)
func (b *Buffer) String() string
func (b *Buffer) Reset()
func (b *Buffer) Len() int
func NewReader(b []byte) *Reader
func NewBuffer(buf []byte) *Buffer
func NewBufferString(s string) *Buffer
`,
	"encoding/json": `package json
func Unmarshal(data []byte, v any) error
type Decoder struct{}
func NewDecoder(r any) *Decoder
func (d *Decoder) Decode(v any) error
`,
	"gopkg.in/yaml.v3":                "package yaml\nfunc Unmarshal(in []byte, out interface{}) error\n",
	"gopkg.in/yaml.v2":                "package yaml\nfunc Unmarshal(in []byte, out interface{}) error\n",
	"go.yaml.in/yaml/v3":              "package yaml\nfunc Unmarshal(in []byte, out interface{}) error\n",
	"sigs.k8s.io/yaml":                "package yaml\nfunc Unmarshal(y []byte, o interface{}, opts ...interface{}) error\n",
	"github.com/goccy/go-yaml":        "package yaml\nfunc Unmarshal(data []byte, v interface{}) error\n",
	"github.com/pelletier/go-toml/v2": "package toml\nfunc Unmarshal(data []byte, v interface{}) error\n",
	"github.com/BurntSushi/toml":      "package toml\ntype MetaData struct{}\nfunc Unmarshal(data []byte, v any) error\nfunc Decode(data string, v any) (MetaData, error)\n",
	"cmp": `package cmp
func Or[T comparable](vals ...T) T { var zero T; return zero }
`,
	"errors": `package errors
func New(text string) error
func Is(err, target error) bool
`,
	"fmt": `package fmt
func Sprintf(format string, a ...any) string
func Sprint(a ...any) string
func Sprintln(a ...any) string
func Printf(format string, a ...any) (int, error)
func Println(a ...any) (int, error)
func Errorf(format string, a ...any) error
func Fprintf(w any, format string, a ...any) (int, error)
func Fprintln(w any, a ...any) (int, error)
`,
	"flag": "package flag\n" + flagSetDecls + `var Usage func()
func NewFlagSet(name string, errorHandling ErrorHandling) *FlagSet
func String(name string, value string, usage string) *string
func StringVar(p *string, name string, value string, usage string)
func Bool(name string, value bool, usage string) *bool
func BoolVar(p *bool, name string, value bool, usage string)
func Int(name string, value int, usage string) *int
func IntVar(p *int, name string, value int, usage string)
func Parse()
func Parsed() bool
func Args() []string
func Arg(i int) string
func NArg() int
func PrintDefaults()
func (f *FlagSet) String(name string, value string, usage string) *string
func (f *FlagSet) StringVar(p *string, name string, value string, usage string)
func (f *FlagSet) Bool(name string, value bool, usage string) *bool
func (f *FlagSet) BoolVar(p *bool, name string, value bool, usage string)
func (f *FlagSet) Int(name string, value int, usage string) *int
func (f *FlagSet) IntVar(p *int, name string, value int, usage string)
func (f *FlagSet) Parse(arguments []string) error
func (f *FlagSet) Args() []string
func (f *FlagSet) Arg(i int) string
func (f *FlagSet) NArg() int
func (f *FlagSet) PrintDefaults()
`,
	"github.com/spf13/pflag": "package pflag\n" + flagSetDecls + `func NewFlagSet(name string, errorHandling ErrorHandling) *FlagSet
func String(name string, value string, usage string) *string
func StringP(name, shorthand string, value string, usage string) *string
func StringVar(p *string, name string, value string, usage string)
func StringVarP(p *string, name, shorthand string, value string, usage string)
func Bool(name string, value bool, usage string) *bool
func BoolP(name, shorthand string, value bool, usage string) *bool
func BoolVar(p *bool, name string, value bool, usage string)
func BoolVarP(p *bool, name, shorthand string, value bool, usage string)
func Parse()
func Args() []string
func Arg(i int) string
func (f *FlagSet) String(name string, value string, usage string) *string
func (f *FlagSet) StringP(name, shorthand string, value string, usage string) *string
func (f *FlagSet) StringVar(p *string, name string, value string, usage string)
func (f *FlagSet) StringVarP(p *string, name, shorthand string, value string, usage string)
func (f *FlagSet) Bool(name string, value bool, usage string) *bool
func (f *FlagSet) BoolP(name, shorthand string, value bool, usage string) *bool
func (f *FlagSet) BoolVar(p *bool, name string, value bool, usage string)
func (f *FlagSet) BoolVarP(p *bool, name, shorthand string, value bool, usage string)
func StringSlice(name string, value []string, usage string) *[]string
func StringSliceP(name, shorthand string, value []string, usage string) *[]string
func StringArray(name string, value []string, usage string) *[]string
func StringArrayP(name, shorthand string, value []string, usage string) *[]string
func (f *FlagSet) StringSlice(name string, value []string, usage string) *[]string
func (f *FlagSet) StringSliceP(name, shorthand string, value []string, usage string) *[]string
func (f *FlagSet) StringArray(name string, value []string, usage string) *[]string
func (f *FlagSet) StringArrayP(name, shorthand string, value []string, usage string) *[]string
func (f *FlagSet) GetString(name string) (string, error)
func (f *FlagSet) GetBool(name string) (bool, error)
func (f *FlagSet) Parse(arguments []string) error
func (f *FlagSet) Args() []string
func (f *FlagSet) Arg(i int) string
`,
	"github.com/spf13/cobra": `package cobra
import (
	"context"
	"github.com/spf13/pflag"
)
type PositionalArgs func(cmd *Command, args []string) error
type Command struct {
	Use string
	Aliases []string
	Short, Long, Example, Version string
	Args PositionalArgs
	ValidArgs []string
	Run, PreRun, PostRun, PersistentPreRun, PersistentPostRun func(cmd *Command, args []string)
	RunE, PreRunE, PostRunE, PersistentPreRunE, PersistentPostRunE func(cmd *Command, args []string) error
	Hidden, SilenceUsage, SilenceErrors, DisableFlagParsing bool
}
var NoArgs, ArbitraryArgs PositionalArgs
func ExactArgs(n int) PositionalArgs
func MinimumNArgs(n int) PositionalArgs
func MaximumNArgs(n int) PositionalArgs
func RangeArgs(min, max int) PositionalArgs
func OnInitialize(y ...func())
func (c *Command) Flags() *pflag.FlagSet
func (c *Command) PersistentFlags() *pflag.FlagSet
func (c *Command) LocalFlags() *pflag.FlagSet
func (c *Command) InheritedFlags() *pflag.FlagSet
func (c *Command) Execute() error
func (c *Command) ExecuteContext(ctx context.Context) error
func (c *Command) AddCommand(cmds ...*Command)
func (c *Command) MarkFlagRequired(name string) error
func (c *Command) Context() context.Context
`,
	"github.com/urfave/cli":    urfaveCLI,
	"github.com/urfave/cli/v2": urfaveCLI,
	"github.com/urfave/cli/v3": urfaveCLI,
	"log": `package log
func Fatal(v ...any)
func Fatalf(format string, v ...any)
func Printf(format string, v ...any)
func Println(v ...any)
`,
}

// flagSetDecls is what flag and spf13/pflag both declare for a flag set.
// templateStub declares text/template's (and html/template's) calls
// that a template executed into a builder goes through (template.go).
const templateStub = `package template
type Template struct{}
type FuncMap map[string]any
func New(name string) *Template
func Must(t *Template, err error) *Template
func (t *Template) Parse(text string) (*Template, error)
func ParseFiles(filenames ...string) (*Template, error)
func (t *Template) ParseFiles(filenames ...string) (*Template, error)
func (t *Template) Funcs(funcMap FuncMap) *Template
func (t *Template) Option(opt ...string) *Template
func (t *Template) Delims(left, right string) *Template
func (t *Template) Execute(wr any, data any) error
func (t *Template) ExecuteTemplate(wr any, name string, data any) error
`

const flagSetDecls = `type ErrorHandling int
const (
	ContinueOnError ErrorHandling = iota
	ExitOnError
	PanicOnError
)
type FlagSet struct{ Usage func() }
var CommandLine *FlagSet
`

// urfaveCLI is what urfave/cli (v1 to v3) declares for its flags, their
// readers and the apps and commands that hold them (fields of every
// version; Flag and Action loose enough for each).
const urfaveCLI = `package cli
import "context"
type Flag interface{}
type Args interface {
	Get(n int) string
	First() string
	Slice() []string
	Len() int
}
type StringFlag struct {
	Name, Usage, Category, DefaultText string
	Aliases, EnvVars []string
	Value string
	Destination *string
	Sources any
	Required, Hidden bool
}
type BoolFlag struct {
	Name, Usage string
	Aliases, EnvVars []string
	Value bool
	Destination *bool
}
type Context struct {
	Context context.Context
	App *App
	Command *Command
}
func (c *Context) String(name string) string
func (c *Context) Bool(name string) bool
func (c *Context) Args() Args
type App struct {
	Name, Usage, Version string
	Flags []Flag
	Commands []*Command
	Action, Before, After any
}
func NewApp() *App
func (a *App) Run(arguments []string) error
type Command struct {
	Name, Usage string
	Aliases []string
	Flags []Flag
	Commands, Subcommands []*Command
	Action, Before, After any
}
func (c *Command) String(name string) string
func (c *Command) Bool(name string) bool
func (c *Command) Args() Args
func (c *Command) Run(ctx context.Context, args []string) error
`

// windowsProcess is what syscall (on Windows) and golang.org/x/sys/windows
// both declare for CreateProcess and its UTF-16 strings.
const windowsProcess = `type Handle uintptr
type Token Handle
type SecurityAttributes struct{ Length uint32 }
type StartupInfo struct{ Cb uint32 }
type ProcessInformation struct{ Process Handle; Thread Handle; ProcessId uint32; ThreadId uint32 }
func CreateProcess(appName *uint16, commandLine *uint16, procSecurity *SecurityAttributes, threadSecurity *SecurityAttributes, inheritHandles bool, creationFlags uint32, env *uint16, currentDir *uint16, startupInfo *StartupInfo, outProcInfo *ProcessInformation) error
func CreateProcessAsUser(token Token, appName *uint16, commandLine *uint16, procSecurity *SecurityAttributes, threadSecurity *SecurityAttributes, inheritHandles bool, creationFlags uint32, env *uint16, currentDir *uint16, startupInfo *StartupInfo, outProcInfo *ProcessInformation) error
func StringToUTF16Ptr(s string) *uint16
func UTF16PtrFromString(s string) (*uint16, error)
func StringToUTF16(s string) []uint16
func UTF16FromString(s string) ([]uint16, error)
`

var (
	stubOnce sync.Once
	stubPkgs map[string]*types.Package
)

// stubPackages type-checks the stubs once. The packages are read-only
// afterwards and shared by concurrent scans.
func stubPackages() map[string]*types.Package {
	stubOnce.Do(func() {
		stubPkgs = map[string]*types.Package{}
		fset := token.NewFileSet()
		var load func(p string) *types.Package
		load = func(p string) *types.Package {
			if pkg, ok := stubPkgs[p]; ok {
				return pkg
			}
			f, err := parser.ParseFile(fset, p+".go", stubSources[p], parser.SkipObjectResolution)
			if err != nil {
				panic("golang: bad stub " + p + ": " + err.Error()) // the stubs are constants
			}
			conf := types.Config{Importer: importerFunc(func(q string) (*types.Package, error) { return load(q), nil })}
			pkg, err := conf.Check(p, fset, []*ast.File{f}, nil)
			if err != nil {
				panic("golang: bad stub " + p + ": " + err.Error())
			}
			stubPkgs[p] = pkg
			return pkg
		}
		for p := range stubSources {
			load(p)
		}
	})
	return stubPkgs
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// stubImporter returns the stub of a known package and an empty, complete
// package for any other import path, so a file whose dependencies are not
// available still type-checks as far as the analysis needs.
func stubImporter() types.Importer {
	stubs := stubPackages()
	fakes := map[string]*types.Package{}
	return importerFunc(func(p string) (*types.Package, error) {
		if pkg, ok := stubs[p]; ok {
			return pkg, nil
		}
		if pkg, ok := fakes[p]; ok {
			return pkg, nil
		}
		pkg := types.NewPackage(p, guessPackageName(p))
		pkg.MarkComplete()
		fakes[p] = pkg
		return pkg, nil
	})
}

// guessPackageName guesses the name of an unavailable package from its
// import path (gopkg.in/yaml.v3 → yaml, github.com/x/y/v2 → y, go-foo →
// foo).
func guessPackageName(p string) string {
	elems := strings.Split(p, "/")
	name := elems[len(elems)-1]
	if len(elems) > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		name = elems[len(elems)-2]
	}
	name = path.Base(name)
	if i := strings.IndexByte(name, '.'); i >= 0 {
		name = name[:i]
	}
	name = strings.TrimPrefix(name, "go-")
	name = strings.ReplaceAll(name, "-", "")
	if name == "" {
		return "_"
	}
	return name
}
