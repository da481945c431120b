package scanner

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/leasegate/leasegate/cmdline"
)

// The repository phase (phase two) of a scan: what one file offers the
// files that import, source or run it, and how a detector asks for it.
// docs/repository.md describes both phases and their bounds.

// The bounds of the repository phase. Reaching one makes the call site
// `dynamic` (or leaves the summary marked Truncated), never silently green.
const (
	// MaxSummaryEntries bounds how many constants and helpers one file's
	// summary holds; a summary cut there is Truncated.
	MaxSummaryEntries = 256
	// MaxLinkDepth bounds how many modules a name is followed through
	// (re-exports, helpers calling helpers in other files).
	MaxLinkDepth = 8
	// MaxMethodFiles bounds how many files' methods of one name a call
	// through an instance of unknown class is judged against
	// (Imports.Method); past it the call is dynamic.
	MaxMethodFiles = 16
	// MaxFixedPoint bounds the rounds of the in-file fixed point that
	// finds the parameters reaching a process API through calls.
	MaxFixedPoint = 8
)

// SinkRole says what a helper's parameter becomes at the process API.
type SinkRole uint8

// Sink roles.
const (
	// SinkProgram: the parameter is the program (argv[0]).
	SinkProgram SinkRole = iota + 1
	// SinkArgs: the parameter is the array of arguments after the program.
	SinkArgs
	// SinkArgv: the parameter is the whole argv (program first).
	SinkArgv
	// SinkShell: the parameter is a command line a shell runs.
	SinkShell
	// SinkArgElem: the parameter is one element (Elem) of the arguments
	// after the program, which is a package runner, a shell or another
	// program that runs its arguments (`spawn("npx", ["-y", pkg])`), or
	// is unknown.
	SinkArgElem
	// SinkTemplate: a script's command with its parameters among its
	// words (Slots), such as a package runner given one (`exec npx -y
	// "$@"`): the caller's arguments fill them in.
	SinkTemplate
)

// Slot is one word of a script's command (SinkTemplate): a literal word
// (Param < 0), the caller's argument Param, or, with Rest, the caller's
// arguments from Param on ("$@"). Shift says the parameter is read after
// a `shift` (see Sink.Shift).
type Slot struct {
	Arg   Arg
	Param int
	Rest  bool
	Shift bool
}

// MaxShiftOffsets bounds how many of a script's caller's arguments a
// parameter read after `shift` is tried at; a call with more arguments
// past the parameter cannot be judged (dynamic).
const MaxShiftOffsets = 64

// ParamThis is Sink.Param for a method's instance field (`spawn(this.bin)`,
// Field "bin"): a caller's instance gives it.
const ParamThis = -1

// ParamEnv is Sink.Param for an environment variable a script runs and
// does not set (Name): the caller's value of it (`export AGENT=claude;
// ./step.sh`) gives it.
const ParamEnv = -2

// Sink is one parameter of a helper that reaches a process API.
type Sink struct {
	Param int // 0-based position of the parameter (ParamThis: the instance)
	// Ctor says Param is a parameter of the class's constructor that sets
	// the instance field the method hands on (`new Runner("claude").run()`).
	Ctor  bool
	Name  string // its name, for a keyword argument ("" when it has none)
	Field string // the parameter's property that reaches it ("" for the parameter itself)
	Role  SinkRole
	// Program, for SinkArgs, is the program the helper runs the
	// arguments with, when known ("" when unknown).
	Program string
	// Elem and Args, for SinkArgElem: the parameter's index in the
	// arguments, and the arguments as the helper writes them.
	Elem int
	Args []Arg
	// At is where the launch finally happens (the process API call,
	// possibly in another file); Via names the helpers in between.
	At  Step
	Via []Step
	// Class, when set, is how the helper runs it (ClassEval: a script
	// runs its arguments inside an `eval` or `sh -c` string).
	Class Class
	// Around, for SinkShell, is the shell text the helper writes before
	// and after the parameter when it builds a line around it
	// (`exec(`${bin} -p x`)`, `"cd /repo && " + bin`).
	Around [2]string
	// Rest says the parameter gathers the call's arguments from Param
	// on (Python `*args`): they are the value, as a list.
	Rest bool
	// Shift says a script reads the parameter after a `shift` (of a count
	// not followed): Param is then the caller's argument at Param or at
	// any later position (every suffix of its arguments).
	Shift bool
	// AfterOptions narrows Shift to the positions an option parser may
	// start the rest at (argparse's REMAINDER): every argument before
	// it is an option (`-x`, `--tries`) or may be the value of the one
	// just before it.
	AfterOptions bool
	// Slots, for SinkTemplate, are the words of the command.
	Slots []Slot
	// Option, for a script's ScriptArgs, is the option (`--agent`) whose
	// value reaches the sink, wherever the caller puts it (`--agent
	// claude`, `--agent=claude`); Param is then unused.
	Option string
	// Put says the sink's name is a module-level array and Param an
	// element a caller puts into it (`jobs.push(job)`, `unshift`): a loop
	// of the module hands the element (Field of it) to the process API.
	// Any argument of the call is such an element.
	Put bool
}

// Step is one link of the chain from a call site to the launch: a file
// position and what happens there.
type Step struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Note   string `json:"note"`
}

func (s Step) String() string { return fmt.Sprintf("%s:%d:%d", s.File, s.Line, s.Column) }

// Ref is a name another module exports under another name (a re-export,
// `from .a import X`).
type Ref struct {
	Spec string // the module as written in the re-exporting file
	Name string // the name there ("*" for every name; a dotted path for a member)
	At   Pos    // where the re-exporting file names it (zero when unknown)
}

// Summary is what one file offers other files: its exported constants
// (each a set of known strings), its helpers whose parameters reach a
// process API, the helpers whose return value is a constant command, and
// the names it re-exports. It is bounded (MaxSummaryEntries).
type Summary struct {
	Consts    map[string]Const  // name → the strings it may hold
	Sinks     map[string][]Sink // helper name (or Class.method) → its sinks
	Reexports map[string]Ref    // name → where it comes from
	Stars     []string          // modules every name of which is re-exported
	// Methods are the names in Sinks that are methods of a class: a call
	// through an instance of unknown class (a parameter, `runner.run(x)`)
	// in any file may reach them (Imports.Method).
	Methods []string
	// APIs are the exported names that are a process API or the Agent SDK
	// of a package (`export { query as ask } from "…sdk"`): a file that
	// calls one is read in phase two, as for a helper.
	APIs []string
	// Primitives are the module-level names whose value spells the raw
	// primitive or a part of it (PrimitivePart), whatever its form: a
	// file that names one and the module is read in phase two, where the
	// value is judged at its use (an argv, a permission option, a
	// settings object).
	Primitives []string
	// Env are the environment variables the module sets to a value that
	// names a runtime (`os.environ.setdefault("AGENT_BIN", "claude")`),
	// each also a constant under EnvConst(name): the environment is the
	// process's, so a file of the repository that reads one is read in
	// phase two, whatever it imports (Imports.Env).
	Env []string
	// Keys are the keys of a data file (JSON, YAML, TOML) whose value
	// names a runtime as a command (`bin: claude`, `"argv": ["pi",
	// "-p"]`), each also a constant under KeyConst(name): code of any
	// language that reads a file at run time may read the key from it, so
	// a file of the repository that reads one from a value it cannot
	// follow (`cfg["bin"]`, `cfg.bin`, `cfg.get("bin")`) is read in phase
	// two (Imports.Key).
	Keys []string
	// EnvAnyLanguage says the variables in Env are offered to the files
	// of every language, not only the setter's: a dotenv file (`.env`),
	// from which a process of any language loads its environment.
	EnvAnyLanguage bool
	// Pending are the module-level names whose value reads a name the
	// module imports from another module of the repository (`CMD =
	// [*BASE, "-p"]`, `export const CMD = [...BASE, '-p']`, BASE
	// imported): the summary is made from the file alone, so it may not
	// hold them. An entry is a name, `Class.` (only the class's members:
	// `Class.argv`), `fn()` (what a function returns) or "*" (any name's
	// value: `module.exports = {...}` reading an import). A lookup of one
	// (or of a member of it) asks the detector for that name's value again
	// with the module's own imports (NameLinker); docs/repository.md
	// gives the bounds.
	Pending []string
	// Values are the module-level names that may hold a value (not a
	// function, a class or an import; "*": any name, when the detector
	// does not tell). While a Pending name is valued with imports, a
	// lookup of one of these (or of a member of it) asks for its value
	// the same way (NameLinker), every string kept: the value being made
	// may build on a string that names no runtime (`RUNNER = ["npx",
	// "-y"]`), which the summary does not hold.
	Values []string
	// Writes are the keys in Consts (WriteKey) of the values the module
	// writes into a name of another module of the repository, naming a
	// runtime (`config.bin = "claude"`, `Object.assign(config, {...})`,
	// `TASKS.push([...])`): a read of that name in any file is their
	// union with its declared value (Imports.Lookup; docs/repository.md,
	// "State another module writes").
	Writes []string
	// Setters are, by module-level name, the module's functions that
	// write into it (`export function configure(b) { agentBin = b }`,
	// `register(k, v) { registry.set(k, v) }`): what any file hands one
	// (its Writes under `configure()`) is a possibility of the name.
	Setters map[string][]string
	// Truncated says a bound cut the summary: a name it does not hold
	// may still be offered, so a use of one is dynamic.
	Truncated bool
}

// WriteKey is the name in Summary.Consts of what a module writes into
// member path name (dotted, as Lookup names it) of the module whose
// root-relative path without extension (and without a folder's
// `/index`) is stem: see ModuleStem.
func WriteKey(stem, name string) string { return "$write." + stem + ":" + name }

// WriteSpec starts the stem of a WriteKey that is a module specifier as
// written, not a path: the repository phase resolves it from the
// writing file (tsconfig `paths`, a workspace package).
const WriteSpec = "\x00"

// ModuleStem is a file's root-relative path without its extension and
// without a trailing `/index`, as a writer names the module it writes
// to (WriteKey).
func ModuleStem(rel string) string {
	if i := strings.LastIndexByte(rel, '.'); i > strings.LastIndexByte(rel, '/') {
		rel = rel[:i]
	}
	return strings.TrimSuffix(rel, "/index")
}

// Empty reports whether the summary offers nothing.
func (s *Summary) Empty() bool {
	return s == nil || len(s.Consts) == 0 && len(s.Sinks) == 0 && len(s.Reexports) == 0 && len(s.Stars) == 0 && len(s.APIs) == 0 && len(s.Primitives) == 0 && len(s.Env) == 0 && len(s.Keys) == 0 && len(s.Pending) == 0 && len(s.Writes) == 0 && !s.Truncated
}

// Const is an exported constant: the strings it may hold and where it is
// defined. A constant that is a list (an argv) holds its elements in
// order, List set. A constant inside another value is named by its path
// (`AGENT.cmd` for `AGENT = {"cmd": [...]}`, `cfg.binary`), and the value a
// function returns by its name and `()` (`agent_cmd()`).
type Const struct {
	Vals []string
	List bool
	At   Pos
	// Cut marks an object nested deeper than a summary reads: its
	// members are not held, so a read of it or of any member under it
	// is dynamic (Export.Dynamic). It is cut alone: the module's
	// functions and other constants are whole, so a name the summary
	// does not hold is still no helper.
	Cut bool
}

// AddConst records an exported constant; false when the bound is reached.
func (s *Summary) AddConst(name string, c Const) bool {
	if !s.room() {
		return false
	}
	if s.Consts == nil {
		s.Consts = map[string]Const{}
	}
	s.Consts[name] = c
	return true
}

// AddPrimitives adds to Primitives the module-level names (the part of a
// key before its first dot) of the constants in consts whose values spell
// the raw primitive or a part of it, keeping Primitives sorted.
func (s *Summary) AddPrimitives(consts map[string]Const) {
	for key, c := range consts {
		if !slices.ContainsFunc(c.Vals, PrimitivePart) {
			continue
		}
		name, _, _ := strings.Cut(key, ".")
		if !slices.Contains(s.Primitives, name) {
			s.Primitives = append(s.Primitives, name)
		}
	}
	slices.Sort(s.Primitives)
}

// AddSink records a helper's sink; false when the bound is reached.
func (s *Summary) AddSink(fn string, k Sink) bool {
	for _, old := range s.Sinks[fn] {
		if old.Param == k.Param && old.Ctor == k.Ctor && old.Field == k.Field && old.Role == k.Role && old.Rest == k.Rest && old.Shift == k.Shift && old.AfterOptions == k.AfterOptions && old.Name == k.Name && old.Option == k.Option && old.Put == k.Put &&
			(k.Role != SinkArgElem || old.Elem == k.Elem && old.At == k.At) && (k.Role != SinkTemplate || old.At == k.At) {
			return true
		}
	}
	if !s.room() {
		return false
	}
	if s.Sinks == nil {
		s.Sinks = map[string][]Sink{}
	}
	s.Sinks[fn] = append(s.Sinks[fn], k)
	return true
}

// AddReexport records a re-exported name; false when the bound is reached.
func (s *Summary) AddReexport(name string, r Ref) bool {
	if !s.room() {
		return false
	}
	if s.Reexports == nil {
		s.Reexports = map[string]Ref{}
	}
	s.Reexports[name] = r
	return true
}

// SharedPrefix begins a name of Summary.Env that is no environment
// variable but shared state of a module of the repository that a file
// writes (Python: `settings.AGENT = "claude"`, `registry.AGENTS[k] =
// [...]`, `Runner.bin = ...`, a subclass's class attribute): where any
// other file of the language reads that attribute or container, the
// values written are possibilities too (Imports.Env of SharedName).
// Phase two reads the files that name it (without the prefix).
const SharedPrefix = "&"

// SharedName is the name in Summary.Env of the values written to
// attribute or module-level name name of module mod (the last segment of
// its dotted name, or of its file's: `settings`, `registry`).
func SharedName(mod, name string) string { return SharedPrefix + mod + "." + name }

// SharedItem is the name in Summary.Env of the items a file writes into
// container name of module mod (`AGENTS[k] = v`, `TOOLS.append(v)`).
func SharedItem(mod, name string) string { return SharedName(mod, name) + "[]" }

// LinkPrefix begins a name of Summary.Env that is no environment
// variable but the base name of a link or copy of a runtime a file makes
// (`ln -s "$(command -v claude)" /usr/local/bin/reviewer` in a script,
// `COPY --from=build .../@anthropic-ai/claude-code /opt/cc` in a
// Dockerfile): the files share a machine's or an image's files, so where
// a shell or data file of the repository runs that name, or a file under
// it, the value is the runtime (Pass.ThroughLinks).
const LinkPrefix = SharedPrefix + "link:"

// LinkName is the name in Summary.Env of a link or copy of a runtime
// named base.
func LinkName(base string) string { return LinkPrefix + base }

// SharedWord is the word a file that reads shared state (SharedName,
// SharedItem) or a link (LinkName) holds: the attribute's, container's
// or link's name.
func SharedWord(name string) string {
	if base, ok := strings.CutPrefix(name, LinkPrefix); ok {
		return base
	}
	rest, ok := strings.CutPrefix(name, SharedPrefix)
	if !ok {
		return name // an environment variable's own name
	}
	rest = strings.TrimSuffix(rest, "[]")
	return rest[strings.LastIndex(rest, ".")+1:]
}

// EnvConst is the name in Summary.Consts of the value a module sets
// environment variable name to.
func EnvConst(name string) string { return "$env." + name }

// AddEnv records that the module sets environment variable name to c;
// false when the bound is reached.
func (s *Summary) AddEnv(name string, c Const) bool {
	return s.addUnion(EnvConst(name), name, c, &s.Env)
}

// addUnion records c under key, joining the values of an entry already
// there (one of the same shape), and adds name to the index names when
// the entry is new; false when the bound is reached.
func (s *Summary) addUnion(key, name string, c Const, names *[]string) bool {
	if old, ok := s.Consts[key]; ok {
		if old.List != c.List {
			return true
		}
		for _, v := range c.Vals {
			if !slices.Contains(old.Vals, v) {
				old.Vals = append(old.Vals, v)
			}
		}
		s.Consts[key] = old
		return true
	}
	if !s.AddConst(key, c) {
		return false
	}
	*names = append(*names, name)
	return true
}

// KeyConst is the name in Summary.Consts of the values a data file
// holds under key name.
func KeyConst(name string) string { return "$key." + name }

// AddKey records that the data file holds c under key name (the values
// of every place it does, their union); false when the bound is reached.
func (s *Summary) AddKey(name string, c Const) bool {
	return s.addUnion(KeyConst(name), name, c, &s.Keys)
}

// AddMethod records that helper name is a method of a class.
func (s *Summary) AddMethod(name string) {
	for _, old := range s.Methods {
		if old == name {
			return
		}
	}
	s.Methods = append(s.Methods, name)
}

// AddAPI records an exported name that is a package's process API;
// false when the bound is reached.
func (s *Summary) AddAPI(name string) bool {
	for _, old := range s.APIs {
		if old == name {
			return true
		}
	}
	if !s.room() {
		return false
	}
	s.APIs = append(s.APIs, name)
	return true
}

func (s *Summary) room() bool {
	if len(s.Consts)+len(s.Sinks)+len(s.Reexports)+len(s.Stars)+len(s.APIs) >= MaxSummaryEntries {
		s.Truncated = true
		return false
	}
	return true
}

// Linker is a detector that takes part in the repository phase: it
// summarizes a module another file imports (phase one, on demand) and
// resolves a module specifier written in one file to a file of the
// repository. The Go detector can implement it with packages as modules.
type Linker interface {
	Detector
	// Summarize parses the pass's file and returns its summary. With
	// p.Imports set (phase two) the file's imports are read through
	// them: a script's summary (Imports.Script).
	Summarize(p *Pass) (*Summary, error)
	// Resolve returns the repository file that spec, written in the file
	// from, names; exists says whether a root-relative path is a file of
	// the scan.
	Resolve(from, spec string, exists func(rel string) bool) (string, bool)
	// Mentions lists byte strings one of which a file that imports the
	// file rel must contain (a prefilter of the repository phase).
	Mentions(rel string) [][]byte
}

// EnvReader is a Linker that offers other files nothing and reads of the
// repository only the environment other files of any language set
// (Imports.Env of a dotenv file, a Dockerfile's ENV, a container's or a
// workflow's env): phase one keeps no word set of its files, and phase
// two reads one again only when it names such a variable. The Go
// detector is one.
type EnvReader interface {
	Linker
	EnvOnly()
}

// ImportLister is a Linker that lists, from a file's text alone, the
// modules the file imports in any form (TS/JS: `import ... from`, a bare
// `import "x"`, `export ... from`, `require("x")`, `import("x")`), at
// most MaxImportSpecs. The repository phase follows them to judge a
// program the analysis cannot name (Pass.OpaqueSites) with what the
// modules name, and a name with the modules that run such a program
// (docs/repository.md, "A program lost in one module, named in another").
type ImportLister interface {
	ImportSpecs(src []byte) []string
}

// MaxImportSpecs bounds the imports ImportLister reads from one file.
const MaxImportSpecs = 64

// DynamicImporter is an ImportLister that says, from a file's text
// alone, whether the file imports a module named at run time by a value
// that is not a literal (`require(path.join(dir, f))`, `import(url)`,
// `importlib.import_module(name)`): the repository phase counts every
// file of the same language below the file's folder among its imports,
// at most the search's bound (docs/repository.md, "A program lost in one
// module, named in another").
type DynamicImporter interface {
	DynamicImports(src []byte) bool
}

// ImportAnyIn ends an import spec of ImportLister that is any module of a
// package, chosen at run time (`importlib.import_module(f"pkg.{name}")`
// is `pkg.*`): the spec without it resolves to the package, and every
// file of the package's folder is imported.
const ImportAnyIn = ".*"

// NameLinker is a Linker that gives the value of one module-level name
// of a module with the module's own imports followed (Pass.Imports set):
// the repository phase asks it for a name the module's Summary lists as
// Pending (name is the entry, `Class.` without its dot), and, while it is
// making one, for any constant (no `()`) the value reads from another
// module of the repository. The summary it returns holds that name's
// values (its members' paths too), whatever strings they hold: another
// module may build on a string that names no runtime by itself (`PREFIX
// + 'claude'`). Truncated says a bound of the detector cut it.
type NameLinker interface {
	SummarizeName(p *Pass, name string) (*Summary, error)
}

// ConfigResolver is a Linker whose module resolution also reads the
// repository's configuration files (TS/JS: tsconfig.json `paths` and
// `baseUrl`, package.json `imports`, the repository's own packages by
// name). The driver memoizes its answers per folder and specifier.
type ConfigResolver interface {
	ResolveIn(from, spec string, repo Files) (string, bool)
}

// Files is the repository of a scan as a resolver reads it.
type Files interface {
	// Exists reports whether root-relative rel is a file of the scan.
	Exists(rel string) bool
	// Read returns the bytes of a file of the scan (false when it is not
	// one or cannot be read).
	Read(rel string) ([]byte, bool)
	// Named lists the files of the scan whose base name is base, in path
	// order.
	Named(base string) []string
	// Once returns what f computes, computed once per scan and key (an
	// index a resolver builds over the repository, such as its packages
	// by name).
	Once(key string, f func() any) any
}

// DefaultExport is the name of a module's default export in a Summary
// (`export default`, `module.exports =`): its importers call it by a name
// of their own, so phase two reads every file that names the module and
// a runtime for it.
const DefaultExport = "default"

// AnyMember is a segment of a name looked up (Imports.Lookup) that stands
// for any member: an object or array of another module read with a key
// not known statically (`AGENTS[kind].cmd` is `AGENTS.*.cmd`,
// `TOOLS.find(...)` is `TOOLS.*`) is every member's value, their union.
const AnyMember = "*"

// Export is a name another file offers, as a detector sees it in phase
// two: a constant's strings or a helper's sinks, and where it is defined.
type Export struct {
	Name   string
	File   string // the file that defines it
	Consts []string
	List   bool // Consts are a list's elements, in order
	At     Pos  // where a constant is defined (or a library function bound)
	Sinks  []Sink
	// Extern is, for a name re-exported from a module that is not a file
	// of the repository (a package), that module's member: the detector
	// judges whether it is a process API.
	Extern []Ref
	// Member, for a name that is a member of a data file of the
	// repository (a function returning a JSON module's member, `return
	// cfg.agent.bin`), is its path there (`agent.bin`); File is that
	// file, which the detector reads itself (Imports.Source).
	Member string
	// Dynamic says a bound was reached following the name (depth, a
	// truncated summary): the use is judged dynamic.
	Dynamic bool
	// Contents says Consts are what a container may hold because a
	// function of its module was handed them (Summary.Setters,
	// `register('claude', {...})` doing `registry.set(k, v)`): an entry,
	// element or member read from it may be any of them.
	Contents bool
}

// Imports is what the repository phase lends a detector re-scanning a
// file: the names the file's imports bring in.
type Imports interface {
	// Lookup returns what module spec (as written in the file) exports as
	// name ("" for the module's default export); ok is false when the
	// module is not a file of the repository or does not offer the name.
	// A segment AnyMember of a dotted name matches any one segment: the
	// constants that match are one, their values' union.
	Lookup(spec, name string) (Export, bool)
	// Source returns the file of the repository spec names, and its
	// bytes (a shell file another sources: its definitions are the
	// sourcing shell's; a JSON module a TS/JS file imports).
	Source(spec string) (rel string, src []byte, ok bool)
	// Script returns what the repository's shell script spec (a path
	// the file runs, ScriptRuns) does with its arguments: the sinks of
	// its summary's ScriptArgs. An absolute path (a file copied into an
	// image) names the file of the repository with that base name when
	// only one has it. ok is false when spec names no shell script of the
	// repository; Export.Dynamic is set when the script cannot be judged
	// (a bound reached, too large, or it does not parse).
	Script(spec string) (Export, bool)
	// Env returns the values the other files of the repository set
	// environment variable name to (Summary.Env), their union: a
	// possibility each where the file reads it. ok is false when none
	// sets it; Export.Dynamic is set when more files set it than are read
	// (MaxMethodFiles).
	Env(name string) (Export, bool)
	// Key returns the values the repository's data files hold under key
	// name (Summary.Keys), their union: a possibility each where the
	// file reads the key from a value it cannot follow (a document read
	// at run time). ok is false when none holds one; Export.Dynamic is
	// set when more files hold it than are read (MaxMethodFiles).
	Key(name string) (Export, bool)
	// Method returns the sinks of the methods named name of every other
	// file's classes (Summary.Methods), for a call through an instance of
	// unknown class: any of them may run. ok is false when no file offers
	// one; Export.Dynamic is set when more files offer one than a call is
	// judged against (MaxMethodFiles).
	Method(name string) (Export, bool)
	// Text returns the files of the repository a file reads by path spec
	// at run time as text it renders (a template it fills and runs,
	// `templates/job.sh.j2`): the file spec names from the reading file's
	// folder or from the root, else every file whose base name is spec's
	// (the loader's folder not known), at most MaxTextFiles; more is
	// Cut (a bound reached: the caller reports it).
	Text(spec string) (files []TextFile, cut bool)
	// Hint reports whether src may use something the repository offers
	// (a byte prefilter: a detector that would skip the file for lack of
	// a process API reads it when this is true).
	Hint(src []byte) bool
}

// TextFile is a file of the repository read as text (Imports.Text).
type TextFile struct {
	Rel string
	Src []byte
}

// MaxTextFiles bounds the files of one base name Imports.Text returns.
const MaxTextFiles = 4

// TextNeed is the Pass.Needs entry of a file that reads a file of the
// repository named spec as text (Imports.Text): the file is read again
// in the repository phase when a file of that base name exists.
func TextNeed(spec string) string { return PathScript + path.Base(spec) }

// Run is a file another file hands whole to a shell (`bash notes.txt`,
// `. ./env.txt`): whatever its name, it is shell, not prose.
type Run struct {
	Spec string // as written
	At   Pos    // where it is run
	// Lang is the detector that runs it ("" for shell: `exec(open(f).read())`
	// in Python is "python").
	Lang string
}

// JudgeThrough judges cmd like Judge, and gives the launch it reports the
// chain of helpers it went through: the message names the chain and the
// finding carries it (Finding.Chain).
func (p *Pass) JudgeThrough(cmd Command, chain []Step) *Launch {
	k := len(p.findings)
	l := p.Judge(cmd)
	p.AddChain(k, chain)
	return l
}

// AddChain gives the launches reported since the k-th finding the chain.
func (p *Pass) AddChain(k int, chain []Step) {
	p.addChain(k, chain, Finding.IsLaunch)
}

// AddPrimitiveChain gives the raw primitives reported since the k-th
// finding the chain: the constants of other files that spelled them.
func (p *Pass) AddPrimitiveChain(k int, chain []Step) {
	p.addChain(k, chain, func(f Finding) bool { return f.Class == ClassDangerousPrimitive })
}

func (p *Pass) addChain(k int, chain []Step, which func(Finding) bool) {
	if len(chain) == 0 {
		return
	}
	for i := k; i < len(p.findings); i++ {
		f := &p.findings[i]
		if !which(*f) || f.Chain != nil {
			continue
		}
		c := append([]Step(nil), chain...)
		f.Chain = &c
		f.Message += " (" + ChainText(chain) + ")"
	}
}

// Fork is a pass over another text (a file this one uses, with values
// it passes) with the same configuration and shell, for a detector that
// scans it to compare; what it finds is reported on p only by choice.
func (p *Pass) Fork(path string, src []byte) *Pass {
	return &Pass{Path: path, Src: src, Config: p.Config, Language: p.Language, shell: p.shell, detectors: p.detectors,
		Hits: p.Config.Triggers().Scan(src)}
}

// Mark is how many findings the pass holds, for AddChain.
func (p *Pass) Mark() int { return len(p.findings) }

// LaunchSince reports whether a launch was reported since the k-th
// finding (Mark).
func (p *Pass) LaunchSince(k int) bool {
	for _, f := range p.findings[k:] {
		if f.IsLaunch() {
			return true
		}
	}
	return false
}

// ReportCut reports, at a process API call that read a value past a bound
// of the analysis (treesitter's Value.Cut) and launches nothing known, a
// launch of an unknown runtime: what the bound left unread may name one.
func (p *Pass) ReportCut(at Pos) {
	p.Report(Finding{Line: at.Line, Column: at.Column, Runtime: UnknownRuntime, Class: ClassDynamic,
		Message: LaunchMessage(UnknownRuntime, "", ClassDynamic)})
}

// ChainText is the chain as the message names it.
func ChainText(chain []Step) string {
	parts := make([]string, len(chain))
	for i, s := range chain {
		parts[i] = s.Note + " at " + s.String()
	}
	return "through " + strings.Join(parts, ", then ")
}

// ScriptArgs is the name under which a shell file's summary lists what
// the file, run as a script (`./x.sh claude`, `bash x.sh claude`), does
// with its positional parameters: Sink.Param 0 is $1.
const ScriptArgs = "$@"

// ScriptRun is a file an argv runs by path: its word as written and the
// arguments the script gets.
type ScriptRun struct {
	Spec string
	At   Pos
	Args []Arg
}

// PathScript starts the spec of a script run by a bare command name
// (`with-retry claude -p`): the command may be a file of the repository
// put on PATH (`PATH="$PWD/bin:$PATH"`, a devcontainer's or CI's PATH),
// so the repository phase takes it to be the repository's file of that
// name, wherever it is, when there is one.
const PathScript = "$PATH/"

// ScriptRuns lists the files argv runs by path, behind any wrapper: the
// command word when it is a path (`./scripts/x.sh`, `"$DIR/x.sh"`,
// `/entry.sh`) or a bare name (PathScript) and a shell's script operand
// (`bash x.sh`, `sh -e x.sh`). A path with an unknown head
// (`$(dirname "$0")/x.sh`, `$DIR/x.sh`) is taken from the running file's
// folder: "./x.sh".
func ScriptRuns(argv []Arg) []ScriptRun {
	var out []ScriptRun
	for _, in := range cmdline.Unwrap(Words(argv)).Inners {
		if in.Start < 0 || in.Start >= len(argv) || in.End > len(argv) || !argv[in.Start].Known {
			continue
		}
		w := argv[in.Start].Value
		switch {
		case in.Kind == cmdline.KindArgv && strings.Contains(w, "/"):
		case in.Kind == cmdline.KindArgv && w != "" && !strings.ContainsAny(w, "…$ \t\n="):
			out = append(out, ScriptRun{Spec: PathScript + w, At: argv[in.Start].Pos, Args: argv[in.Start+1 : in.End]})
			continue
		case in.Kind == cmdline.KindNone && in.Prog < in.Start && argv[in.Prog].Known && IsShellInterpreter(path.Base(argv[in.Prog].Value)):
		case in.Kind == cmdline.KindScript && strings.HasSuffix(w, ".py") && in.Prog < in.Start && argv[in.Prog].Known && strings.HasPrefix(path.Base(argv[in.Prog].Value), "python"):
			// python3 tools/run.py ARGS: a Python script of the
			// repository whose summary says what it runs of its
			// arguments (ScriptArgs)
		case in.Kind == cmdline.KindScript && isNodeScript(w) && in.Prog < in.Start && argv[in.Prog].Known && isNodeRunner(path.Base(argv[in.Prog].Value)):
			// node scripts/run.mjs ARGS, tsx x.ts ARGS: a TS/JS script
			// of the repository that runs its own arguments
			// (process.argv; ScriptArgs)
		default:
			continue
		}
		spec := w
		if i := strings.LastIndex(spec, "…"); i >= 0 {
			j := strings.IndexByte(spec[i:], '/')
			if j < 0 {
				continue
			}
			spec = "." + spec[i+j:]
		}
		if spec == "" || strings.HasSuffix(spec, "/") {
			continue
		}
		out = append(out, ScriptRun{Spec: spec, At: argv[in.Start].Pos, Args: argv[in.Start+1 : in.End]})
	}
	return out
}

// ForeignScript reports whether spec, a script a command line runs
// (ScriptRuns), is a TS/JS or Python file: one that reads its
// environment through its language's API, not "$VAR".
func ForeignScript(spec string) bool {
	return isNodeScript(spec) || path.Ext(spec) == ".py"
}

// isNodeScript reports whether w names a file Node (or a TypeScript
// runner) runs as a script.
func isNodeScript(w string) bool {
	switch path.Ext(w) {
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx":
		return true
	}
	return false
}

// isNodeRunner reports whether prog runs a TS/JS file given as its
// script operand with the words after it as process.argv.
func isNodeRunner(prog string) bool {
	switch prog {
	case "node", "nodejs", "tsx", "ts-node", "ts-node-esm", "bun", "deno":
		return true
	}
	return false
}

// ScriptsToJudge lists the repository's shell scripts argv runs by path
// (`["bash", "scripts/go.sh", "claude"]`, `["./go.sh", "pi"]`) with
// arguments of which one may name a runtime, for the process-API
// detectors (Python, TS/JS) to judge where they judge an argv: before the
// repository phase each is noted (Needs) and none is returned; in it the
// detector asks Imports.Script for each and hands the answer to
// JudgeScript.
func (p *Pass) ScriptsToJudge(argv []Arg) []ScriptRun {
	if len(argv) < 2 {
		return nil
	}
	var vals []string
	for _, x := range argv[1:] {
		vals = append(vals, x.Value)
	}
	if !p.Config.MentionsRuntime([]byte(strings.Join(vals, "\n"))) {
		return nil
	}
	var out []ScriptRun
	for _, r := range ScriptRuns(argv) {
		switch {
		case len(r.Args) == 0:
		case p.Imports == nil:
			if !slices.Contains(p.Needs, r.Spec) {
				p.Needs = append(p.Needs, r.Spec)
			}
		default:
			out = append(out, r)
		}
	}
	return out
}

// JudgeScript judges what the script of run r does with the arguments r
// gives it (ex, the script's summary from Imports.Script), the chain
// being via (the helpers of the call, if any) and then the script's. A
// script that cannot be judged, a `shift` past what is known or a chain
// past MaxLinkDepth is dynamic, never silent.
func (p *Pass) JudgeScript(r ScriptRun, ex Export, via []Step) {
	if ex.Dynamic {
		p.ReportUnjudgedScript(r.At, ex.File)
		return
	}
	for _, k := range ex.Sinks {
		all, cut := k.Derived(r.Args)
		chain := append(append([]Step(nil), via...), k.Chain()...)
		if cut || len(all) > 0 && len(chain) > MaxLinkDepth {
			p.ReportUnjudgedScript(r.At, ex.File)
			if len(chain) > MaxLinkDepth {
				continue
			}
		}
		for _, derived := range all {
			p.JudgeThrough(Command{Argv: derived, Via: k.Class}, chain)
		}
	}
}

// Derive is the argv a script's sink runs, given the script's arguments:
// the arguments from the parameter on (SinkArgv), the parameter alone
// (SinkProgram), a shell given it as its -c string (SinkShell), or the
// command with the arguments in its slots (SinkTemplate). It is nil when
// the call does not pass that parameter.
func (k Sink) Derive(args []Arg) []Arg { return k.derive(args, 0) }

// Derived is every argv the sink may run, given the script's arguments:
// one (Derive), or, for a parameter read after a `shift`, one per
// position of the caller's arguments from the parameter on (every
// suffix). cut reports arguments past MaxShiftOffsets left untried: the
// call cannot be judged.
func (k Sink) Derived(args []Arg) (out [][]Arg, cut bool) {
	n := 1
	if k.Shift {
		n = len(args) - max(k.Param, 0)
		if n > MaxShiftOffsets {
			n, cut = MaxShiftOffsets, true
		}
	}
	for off := range n {
		if k.Shift && k.AfterOptions && !optionsBefore(args, max(k.Param, 0)+off) {
			break
		}
		if d := k.derive(args, off); len(d) > 0 {
			out = append(out, d)
		}
	}
	return out, cut
}

// optionsBefore reports whether every argument before position at may
// be an option or the value of the option just before it (an option
// parser may start its rest at at).
func optionsBefore(args []Arg, at int) bool {
	opt := func(a Arg) bool { return !a.Known || strings.HasPrefix(a.Value, "-") }
	for i := 0; i < at && i < len(args); i++ {
		if !opt(args[i]) && (i == 0 || !opt(args[i-1])) {
			return false
		}
	}
	return true
}

// derive is the argv the sink runs with its shifted parameters read off
// places further on.
func (k Sink) derive(args []Arg, off int) []Arg {
	if k.Option != "" {
		return k.optionValue(args)
	}
	at := k.Param
	if k.Shift {
		at += off
	}
	if at < 0 || at >= len(args) {
		return nil
	}
	a := args[at]
	switch k.Role {
	case SinkArgv:
		return append([]Arg(nil), args[at:]...)
	case SinkProgram:
		return []Arg{a}
	case SinkShell:
		return []Arg{{Value: "sh", Known: true, Pos: a.Pos}, {Value: "-c", Known: true, Pos: a.Pos}, a}
	case SinkTemplate:
		// The script's own words stand where the caller's argument is:
		// a launch they make is the call's.
		var out []Arg
		for _, sl := range k.Slots {
			if sl.Param < 0 {
				w := sl.Arg
				w.Pos = a.Pos
				out = append(out, w)
				continue
			}
			i := sl.Param
			if sl.Shift {
				i += off
			}
			switch {
			case i >= len(args):
			case sl.Rest:
				out = append(out, args[i:]...)
			default:
				out = append(out, args[i])
			}
		}
		return out
	}
	return nil
}

// optionValue is the argv a script runs with the value the caller gives
// its option k.Option: the last one given, as a parser keeps it (nil when
// none is given).
func (k Sink) optionValue(args []Arg) []Arg {
	var v *Arg
	for i := 0; i < len(args); i++ {
		w := args[i]
		if !w.Known {
			continue
		}
		if w.Value == "--" {
			break
		}
		if rest, ok := strings.CutPrefix(w.Value, k.Option+"="); ok {
			a := Arg{Value: rest, Known: true, Pos: w.Pos}
			v = &a
		} else if w.Value == k.Option && i+1 < len(args) {
			a := args[i+1]
			v = &a
			i++
		}
	}
	if v == nil {
		return nil
	}
	switch k.Role {
	case SinkShell:
		return []Arg{{Value: "sh", Known: true, Pos: v.Pos}, {Value: "-c", Known: true, Pos: v.Pos}, *v}
	case SinkArgv, SinkProgram:
		return []Arg{*v}
	}
	return nil
}

// Chain is the steps from a call of the helper to the launch: Via, then At.
func (k Sink) Chain() []Step {
	return append(append([]Step(nil), k.Via...), k.At)
}

// UnknownRuntime is the runtime of a finding that cannot say which one
// is launched: a bound reached, an unknown that is never absent.
const UnknownRuntime = "unknown"

// ReportUnjudgedScript reports a script of the repository given an
// argument naming a runtime (at its path's word), where what the script
// does with it cannot be judged: unknown is not absent, so it is dynamic.
func (p *Pass) ReportUnjudgedScript(at Pos, file string) {
	p.Report(Finding{Line: at.Line, Column: at.Column, Runtime: UnknownRuntime, Class: ClassDynamic,
		Message: fmt.Sprintf("an argument naming a runtime is given to the script `%s`, which cannot be judged (it does not parse, is too large, or a bound of the repository phase is reached)", file)})
}

// CutVia keeps the first MaxLinkDepth steps of a sink's chain: the helper
// stays a sink however long the chain (phase two's rounds are the bound
// on how far helpers are followed, and it is reported), only the path a
// finding shows is cut.
func CutVia(via []Step) []Step {
	if len(via) > MaxLinkDepth {
		return via[:MaxLinkDepth:MaxLinkDepth]
	}
	return via
}
