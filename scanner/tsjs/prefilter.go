package tsjs

import (
	"bytes"
	"maps"
	"slices"
	"strings"
)

// The API prefilter: which files are worth parsing because they may name a
// process API or the SDK. The detector binds an API in exactly two ways
// (api.go): a module specifier — a string that reaches require(),
// import() or an import/export-from — naming a process-API module or the
// SDK, and the globals Bun and Deno. So a file is parsed when one of those
// names stands where a string literal can start, or where the global can
// be read; a name inside a longer string (an error message that says
// "add 'bun' to the types field"), or a word of prose ("definitions for
// Bun? Try …"), cannot bind anything and does not make a 15 MB bundle
// worth parsing (docs/tsjs.md, "Which files are parsed").
//
// Each rule looks only at the bytes around the name, never at a lexer
// state that a mis-read regex or JSX text could put out of step: where the
// neighbours do not rule a use out, the name counts.

// apiSpecifiers are the module names whose specifier binds a process API or
// the SDK: every module of the API tables (apis, constructors,
// wrapperModules) whose members run something — not the helpers (which,
// promisify, path), which only matter beside one of these. A specifier may
// add `node:` in front and a subpath behind.
var apiSpecifiers = func() [][]byte {
	seen := map[string]bool{}
	for key, k := range apis {
		switch k {
		case apiWhich, apiPromisify, apiPathJoin, apiBasename:
			continue
		}
		mod, _, _ := strings.Cut(key, ":")
		if mod == "vscode" {
			continue // vscodeHint: only with a terminal or task member
		}
		seen[mod] = true
	}
	for key := range constructors {
		mod, _, _ := strings.Cut(key, ":")
		seen[mod] = true
	}
	for mod := range wrapperModules {
		seen[mod] = true
	}
	var out [][]byte
	for _, m := range slices.Sorted(maps.Keys(seen)) {
		out = append(out, []byte(m))
	}
	return out
}()

var sdkPrefix = []byte("@anthropic-ai/claude-")

// apiGlobals are the globals that are process APIs.
var apiGlobals = [][]byte{[]byte("Bun"), []byte("Deno")}

// mayNameAPI reports whether src may bind a process API or the SDK: the
// detector's prefilter. It runs on every TS/JS file, so it reads the bytes
// in a few passes of IndexByte: a specifier starts after a quote, so only
// the bytes after each quote are compared with the module names.
// vscodeMembers are the VS Code API members that start a process
// (api.go): a file that imports vscode names a process API only with one
// of them (bundles such as TypeScript's name "vscode" as an editor).
var vscodeMembers = [][]byte{[]byte("createTerminal"), []byte("sendText"), []byte("ShellExecution"), []byte("ProcessExecution")}

// vscodeHint reports a file that may import vscode and names one of its
// members that start a process.
func vscodeHint(src []byte) bool {
	if !bytes.Contains(src, []byte("vscode")) || !slices.ContainsFunc(vscodeMembers, func(m []byte) bool { return bytes.Contains(src, m) }) {
		return false
	}
	return anyAt(src, []byte("vscode"), specifierAt)
}

func mayNameAPI(src []byte) bool {
	if vscodeHint(src) {
		return true
	}
	for _, q := range []byte{'\'', '"', '`'} {
		for off := 0; ; {
			j := bytes.IndexByte(src[off:], q)
			if j < 0 {
				break
			}
			i := off + j + 1
			if specifierAfter(src, i) {
				return true
			}
			off = i
		}
	}
	computed := -1
	for _, g := range apiGlobals {
		if anyAt(src, g, func(src []byte, i, n int) bool {
			if globalAt(src, i, n) {
				return true
			}
			if computed < 0 {
				computed = 0
				if computedGlobal(src) {
					computed = 1
				}
			}
			return keyAt(src, i, n, computed == 1)
		}) {
			return true
		}
	}
	return false
}

// specifierAfter reports whether a module name of apiSpecifiers (or the
// SDK's scope) starts at src[i], right after a quote, and stands there as
// specifierAt requires.
func specifierAfter(src []byte, i int) bool {
	at := i + schemeLen(src[i:])
	if at >= len(src) {
		return false
	}
	for _, m := range specifiersByByte[src[at]] {
		if bytes.HasPrefix(src[at:], m) && specifierAt(src, at, len(m)) {
			return true
		}
	}
	return bytes.HasPrefix(src[i:], sdkPrefix) && opensString(src, i)
}

// specifiersByByte are apiSpecifiers by their first byte.
var specifiersByByte = func() (out [256][][]byte) {
	for _, m := range apiSpecifiers {
		out[m[0]] = append(out[m[0]], m)
	}
	return out
}()

// anyAt reports whether ok holds at one of the places name occurs in src.
func anyAt(src, name []byte, ok func(src []byte, i, n int) bool) bool {
	for off := 0; ; {
		j := bytes.Index(src[off:], name)
		if j < 0 {
			return false
		}
		i := off + j
		if ok(src, i, len(name)) {
			return true
		}
		off = i + 1
	}
}

// specifierAt: src[i:i+n] is the whole module name of a string literal
// (after an optional `node:`), followed by its closing quote or a subpath.
func specifierAt(src []byte, i, n int) bool {
	start := i
	for _, s := range specSchemes {
		if start >= len(s) && string(src[start-len(s):start]) == s {
			start -= len(s)
			break
		}
	}
	if !opensString(src, start) {
		return false
	}
	q := src[start-1]
	if e := i + n; e < len(src) {
		// a registry's specifier may add a version (`npm:execa@9`)
		return src[e] == q || src[e] == '/' || src[e] == '@' && start < i
	}
	return false
}

// specSchemes are the schemes a module specifier may start with: Node's
// built-ins and Deno's registries (normModule).
var specSchemes = []string{"node:", "npm:", "jsr:"}

// schemeLen is the length of the scheme src starts with, 0 when none.
func schemeLen(src []byte) int {
	for _, s := range specSchemes {
		if bytes.HasPrefix(src, []byte(s)) {
			return len(s)
		}
	}
	return 0
}

// opensString reports whether src[i-1] is a quote that may open a string
// literal whose text starts at i. A template literal always may (a tag
// before it is a call); a quote right after a word may only after a
// keyword (`from 'x'`, `return 'x'`) or a line break (a statement of its
// own): in any other place an identifier followed by a string is no
// JavaScript, which is how a quoted word inside a longer string reads.
func opensString(src []byte, i int) bool {
	if i == 0 {
		return false
	}
	q := src[i-1]
	switch q {
	case '`':
		return true
	case '\'', '"':
	default:
		return false
	}
	j := i - 2
	for j >= 0 && (src[j] == ' ' || src[j] == '\t') {
		j--
	}
	if j < 0 || !identByte(src[j]) {
		// a line break, a punctuator, an operator, the file's start
		return true
	}
	e := j + 1
	for j >= 0 && identByte(src[j]) {
		j--
	}
	if j >= 0 && src[j] == '.' {
		// x.return 'y' is no JavaScript either
		return false
	}
	return slices.Contains(stringKeywords, string(src[j+1:e]))
}

// stringKeywords may stand right before an expression, so before a string.
var stringKeywords = []string{
	"from", "import", "export", "default", "return", "case", "typeof", "in", "of",
	"yield", "await", "void", "delete", "throw", "else", "do", "new", "extends",
	"instanceof", "as", "satisfies", "require", "keyof",
}

// globalAt: src[i:i+n] is the identifier (a whole word) in a place where
// its value may be read: anything but another word after it (which no
// JavaScript has, but for the operators below) or a `?` that is neither
// `?.` nor `??` (a conditional's test, or a question in prose).
func globalAt(src []byte, i, n int) bool {
	if i > 0 && identByte(src[i-1]) {
		return false
	}
	e := i + n
	if e < len(src) && identByte(src[e]) {
		return false
	}
	if i > 0 && e < len(src) && isQuote(src[i-1]) && src[e] == src[i-1] {
		// a string ("Bun"): keyAt's case
		return false
	}
	if typeofBefore(src, i) {
		// `typeof Deno`, `typeof globalThis.Bun`: a string
		return false
	}
	for e < len(src) && (src[e] == ' ' || src[e] == '\t') {
		e++
	}
	if e >= len(src) {
		return true
	}
	switch c := src[e]; {
	case c == '.' || c == '?' && e+1 < len(src) && src[e+1] == '.':
		// a member: one that runs nothing (Deno.env, Bun.version) binds
		// no process API; any other, or a computed one, may
		m := e + 1
		if c == '?' {
			m++
		}
		w := m
		for w < len(src) && identByte(src[w]) {
			w++
		}
		return !inertMembers[string(src[i:i+n])][string(src[m:w])]
	case c == '?':
		return e+1 < len(src) && src[e+1] == '?'
	case identByte(c):
		w := e
		for w < len(src) && identByte(src[w]) {
			w++
		}
		return slices.Contains(globalOperators, string(src[e:w]))
	}
	return true
}

// keyAt: src[i:i+n] is a whole string, and a computed key: written in
// place (x['Bun']), or anywhere in a file that reads the global object by
// a computed key (const k = 'Bun'; globalThis[k]).
func keyAt(src []byte, i, n int, computed bool) bool {
	if i < 2 || i+n >= len(src) {
		return false
	}
	if q := src[i-1]; !isQuote(q) || src[i+n] != q {
		return false
	}
	if computed {
		return true
	}
	j := i - 2
	for j >= 0 && (src[j] == ' ' || src[j] == '\t' || src[j] == '\n' || src[j] == '\r') {
		j--
	}
	return j >= 0 && src[j] == '['
}

// computedGlobal reports whether src reads a global object by a computed
// key (globalThis[k], window [k]).
func computedGlobal(src []byte) bool {
	for g := range globalObjects {
		if anyAt(src, []byte(g), func(src []byte, i, n int) bool {
			if i > 0 && identByte(src[i-1]) {
				return false
			}
			e := i + n
			for e < len(src) && (src[e] == ' ' || src[e] == '\t') {
				e++
			}
			return e < len(src) && src[e] == '['
		}) {
			return true
		}
	}
	return false
}

// inertMembers are the members of the globals (apiGlobals) that run
// nothing and hand out no process API: a file that reads the global only
// through them (`globalThis.Deno.env.get("HOME")`, `Bun.version`) binds
// none. Any member not listed here counts (deny by default).
var inertMembers = map[string]map[string]bool{
	"Deno": {"env": true, "version": true, "build": true, "args": true, "pid": true, "ppid": true, "noColor": true,
		"cwd": true, "osRelease": true, "hostname": true, "mainModule": true, "execPath": true, "isatty": true},
	"Bun": {"env": true, "version": true, "revision": true, "argv": true, "main": true, "nanoseconds": true,
		"sleep": true, "sleepSync": true, "hash": true, "gc": true, "inspect": true, "deepEquals": true},
}

// typeofBefore reports whether `typeof` stands right before the name at
// src[i], or before the global object it is read from (`typeof
// globalThis.Deno`).
func typeofBefore(src []byte, i int) bool {
	j := i - 1
	for j >= 0 && (src[j] == ' ' || src[j] == '\t') {
		j--
	}
	if j >= 0 && src[j] == '.' {
		e := j
		j--
		for j >= 0 && identByte(src[j]) {
			j--
		}
		if !globalObjects[string(src[j+1:e])] {
			return false
		}
		for j >= 0 && (src[j] == ' ' || src[j] == '\t') {
			j--
		}
	}
	e := j + 1
	for j >= 0 && identByte(src[j]) {
		j--
	}
	return string(src[j+1:e]) == "typeof" && (j < 0 || src[j] != '.')
}

// globalOperators are the words that may follow an expression.
var globalOperators = []string{"as", "satisfies", "in", "instanceof"}

func identByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

func isQuote(c byte) bool { return c == '\'' || c == '"' || c == '`' }

// loaders are the calls that load a module by its name: a name computed
// there (`require(name)`, `import(process.env.MOD)`) may be the process
// module's (requiredModule).
var loaders = [][]byte{[]byte("require("), []byte("import("), []byte("getBuiltinModule(")}

// processMethods are the process API methods a module loaded by a
// computed name is looked for with (mayLoadComputed), as whole words
// anywhere (`.spawn(`, `const { spawn } = ...`, `m["execSync"]`); `exec`
// and `fork` only where no `.` stands before them (`const { exec } =
// ...`, `"fork"`): every bundle calls `.exec(` on a RegExp and `.fork(` on
// a worker pool (TypeScript's tsc.js, 6 MB, would be parsed for them).
var processMethods = [][]byte{[]byte("spawn"), []byte("spawnSync"), []byte("execSync"), []byte("execFile"),
	[]byte("execFileSync"), []byte("execa"), []byte("execaSync"), []byte("exec"), []byte("fork")}

// processMethodWord reports whether src names a process API method
// (processMethods) where mayLoadComputed counts it.
func processMethodWord(src []byte) bool {
	for _, m := range processMethods {
		member := string(m) == "exec" || string(m) == "fork"
		if anyAt(src, m, func(src []byte, i, n int) bool {
			if i > 0 && identByte(src[i-1]) || i+n < len(src) && identByte(src[i+n]) {
				return false
			}
			return !member || i == 0 || src[i-1] != '.'
		}) {
			return true
		}
	}
	return false
}

// mayLoadComputed reports whether src calls a loader with an argument
// that does not open a string literal (a module known only at run time)
// and names a process API's method (processMethodWord).
func mayLoadComputed(src []byte) bool {
	if !processMethodWord(src) && !execOnLoad(src) {
		return false
	}
	for _, l := range loaders {
		if anyAt(src, l, func(src []byte, i, n int) bool { return computedArg(src[i+n:]) }) {
			return true
		}
	}
	for _, l := range loaderValues {
		if anyAt(src, l, func(src []byte, i, n int) bool { return i == 0 || !identByte(src[i-1]) }) {
			return true
		}
	}
	return false
}

// loaderValues are require handed on as a value, whose calls load names
// not written beside it (`names.map(require)`, `Array.from(names,
// require)`, `require.call(null, name)`, `Reflect.apply(require, ...)`).
var loaderValues = [][]byte{[]byte("require)"), []byte("require,"), []byte("require.call("), []byte("require.apply(")}

// maxLoadedNames bounds the names bound to a computed load that
// execOnLoad looks up (each is one pass over the file); past it the file
// counts.
const maxLoadedNames = 64

// execOnLoad reports whether src calls exec or fork, which
// processMethodWord does not count after a `.`, on a call's result
// (`require(m).exec(...)`, `load(name).fork(...)`) or on a name bound to
// a module loaded by a computed name (`const m = require(x); m.exec(...)`,
// `m = await import(x)`, `m = process.getBuiltinModule(x)`): such a call
// may be the process module's. A RegExp's `.exec(` on a name does not
// count, so a bundle is not parsed for it.
func execOnLoad(src []byte) bool {
	if bytes.Contains(src, []byte(").exec(")) || bytes.Contains(src, []byte(").fork(")) {
		return true
	}
	if !bytes.Contains(src, []byte(".exec(")) && !bytes.Contains(src, []byte(".fork(")) {
		return false
	}
	names := 0
	for _, l := range loaders {
		if anyAt(src, l, func(src []byte, i, n int) bool {
			if !computedArg(src[i+n:]) {
				return false
			}
			name := loadedName(src, i, string(l) == "getBuiltinModule(")
			if name == "" {
				return false
			}
			if names++; names > maxLoadedNames {
				return true
			}
			return bytes.Contains(src, []byte(name+".exec(")) || bytes.Contains(src, []byte(name+".fork("))
		}) {
			return true
		}
	}
	return false
}

// computedArg reports whether a call's first argument, at the start of
// rest, may be other than one string literal: anything but the call's
// end or a literal (a template without `${`) that the argument's end
// (`)` or `,`) follows. `require("child_" + "process")` is computed.
func computedArg(rest []byte) bool {
	rest = bytes.TrimLeft(rest, " \t\r\n")
	if len(rest) == 0 || rest[0] == ')' {
		return false
	}
	q := rest[0]
	if q != '\'' && q != '"' && q != '`' {
		return true
	}
	for i := 1; i < len(rest); i++ {
		switch c := rest[i]; {
		case c == '\\':
			i++
		case c == '\n' && q != '`':
			return true
		case c == '$' && q == '`' && i+1 < len(rest) && rest[i+1] == '{':
			return true
		case c == q:
			after := bytes.TrimLeft(rest[i+1:], " \t\r\n")
			return len(after) == 0 || after[0] != ')' && after[0] != ','
		}
	}
	return true
}

// loadedName returns the name a loader's call at src[i] is assigned to
// (`m = require(`, `m = await import(`; with qualified, also `m =
// process.getBuiltinModule(`), or "".
func loadedName(src []byte, i int, qualified bool) string {
	j := i
	if qualified {
		for j > 0 && (identByte(src[j-1]) || src[j-1] == '.') {
			j--
		}
	} else if j > 0 && (identByte(src[j-1]) || src[j-1] == '.') {
		return ""
	}
	j = skipSpaceBack(src, j)
	if j >= 5 && string(src[j-5:j]) == "await" && (j == 5 || !identByte(src[j-6])) {
		j = skipSpaceBack(src, j-5)
	}
	if j == 0 || src[j-1] != '=' {
		return ""
	}
	e := skipSpaceBack(src, j-1)
	k := e
	for k > 0 && identByte(src[k-1]) {
		k--
	}
	if k == e || '0' <= src[k] && src[k] <= '9' {
		return ""
	}
	return string(src[k:e])
}

// skipSpaceBack returns j moved back over white space.
func skipSpaceBack(src []byte, j int) int {
	for j > 0 && (src[j-1] == ' ' || src[j-1] == '\t' || src[j-1] == '\r' || src[j-1] == '\n') {
		j--
	}
	return j
}

// mayBeExtension reports whether the file at path may be an extension
// of Pi whose API object runs a command (extensionParam): it lies under
// a folder named `extensions`, exports something (`export default`,
// `module.exports`, `exports.default`) and calls an exec.
func mayBeExtension(path string, src []byte) bool {
	return strings.Contains("/"+path, "/extensions/") && bytes.Contains(src, []byte("exec")) &&
		bytes.Contains(src, []byte("export"))
}

// mayLoadPackageModule reports whether src holds a string that opens with
// one of the packages and a slash (`"reviewer/cli.js"`): a module of the
// package, which runtimeCLI judges.
func mayLoadPackageModule(src []byte, packages []string) bool {
	for _, pkg := range packages {
		for _, q := range []byte{'\'', '"', '`'} {
			if bytes.Contains(src, append(append([]byte{q}, pkg...), '/')) {
				return true
			}
		}
	}
	return false
}
