package golang

import (
	"bytes"
	"go/ast"
	"go/parser"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	lscanner "github.com/leasegate/leasegate/scanner"
)

// A `//go:embed PATTERN` variable (a string or a []byte) holds the content
// of the file the pattern names, read from the scanned tree: the value of
// the variable, as a constant would be. A pattern matching several files
// gives every match (a set); a pattern that cannot be read (no match, a
// folder, a file too large or outside the tree, more than
// maxPossibilities matches) adds a value found at run time, so a runtime
// among the others is dynamic.

// parseMode is how a file is parsed: its comments are kept only when it
// holds a //go:embed directive (they cost memory, and nothing else reads
// them).
func parseMode(src []byte) parser.Mode {
	if bytes.Contains(src, []byte("//go:embed")) {
		return parser.SkipObjectResolution | parser.ParseComments
	}
	return parser.SkipObjectResolution
}

// embedPatterns returns the patterns of the //go:embed directives of doc.
func embedPatterns(doc *ast.CommentGroup) []string {
	if doc == nil {
		return nil
	}
	var out []string
	for _, c := range doc.List {
		rest, ok := strings.CutPrefix(c.Text, "//go:embed")
		if !ok || rest == "" || (rest[0] != ' ' && rest[0] != '\t') {
			continue
		}
		out = append(out, splitEmbed(rest)...)
	}
	return out
}

// splitEmbed splits a directive's patterns: words, or Go string literals.
func splitEmbed(s string) []string {
	var out []string
	for _, w := range strings.Fields(s) {
		if w[0] == '"' || w[0] == '`' {
			if u, err := strconv.Unquote(w); err == nil {
				w = u
			}
		}
		out = append(out, strings.TrimPrefix(w, "all:"))
	}
	return out
}

// embedDirectives returns the patterns of every //go:embed directive in
// Go source src (read without a syntax tree, for the relevance question).
func embedDirectives(src []byte) []string {
	var out []string
	for _, line := range bytes.Split(src, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if rest, ok := bytes.CutPrefix(line, []byte("//go:embed")); ok && len(rest) > 0 && (rest[0] == ' ' || rest[0] == '\t') {
			out = append(out, splitEmbed(string(rest))...)
		}
	}
	return out
}

// embeddedFiles reads the files patterns name in dir (the Go file's
// folder). ok is false when a pattern cannot be read in full.
func embeddedFiles(dir string, patterns []string) (contents []string, ok bool) {
	ok = true
	for _, p := range patterns {
		if p == "" || strings.HasPrefix(p, "/") || strings.Contains(p, "..") {
			ok = false
			continue
		}
		matches, err := filepath.Glob(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil || len(matches) == 0 {
			ok = false
			continue
		}
		for _, m := range matches {
			if len(contents) >= maxPossibilities {
				return contents, false
			}
			info, err := os.Stat(m)
			if err != nil || !info.Mode().IsRegular() || info.Size() > lscanner.MaxFileSize {
				ok = false // a folder (an embed.FS), or not readable
				continue
			}
			b, err := os.ReadFile(m)
			if err != nil {
				ok = false
				continue
			}
			contents = append(contents, string(b))
		}
	}
	return contents, ok
}

// embedNamesRuntime reports whether a file embedded by a directive of src
// (at abs) names a runtime: a value no literal of the package shows.
func embedNamesRuntime(cfg *lscanner.Config, src []byte, abs string) bool {
	if abs == "" || !bytes.Contains(src, []byte("//go:embed")) {
		return false
	}
	contents, _ := embeddedFiles(filepath.Dir(abs), embedDirectives(src))
	for _, s := range contents {
		if namesRuntime(cfg, s) {
			return true
		}
	}
	return false
}

// embedded returns the contents of the files a //go:embed variable holds
// (see embeddedFiles), found beside the file that declares it.
func (c *checker) embedded(a assignment) ([]string, bool) {
	name := c.fset.Position(a.embedAt).Filename
	if !filepath.IsAbs(name) {
		if c.idx == nil || c.idx.scanRoot == "" {
			return nil, false
		}
		name = filepath.Join(c.idx.scanRoot, filepath.FromSlash(name))
	}
	return embeddedFiles(filepath.Dir(name), a.embed)
}

// A file of the repository read at run time by a constant relative path
// (`os.ReadFile("agent.cmd")`) is, as an embedded file is, the text of the
// file found beside the Go file: the program reads it from its working
// directory, which is that folder when it is run there. Its text is a
// value found at run time (the file may differ then), so a runtime it
// names is dynamic; a path that cannot be read there is unknown.

// readFileCall is the os.ReadFile call's marker, for the prefilter.
var readFileCall = []byte("ReadFile(")

// readFilePaths returns the constant paths that Go source src reads with
// ReadFile("PATH") (read without a syntax tree, for the relevance
// question).
func readFilePaths(src []byte) []string { return constPaths(src, readFileCall) }

// constPaths returns the constant strings src gives as the first
// argument of a call whose marker (`ReadFile(`) it holds.
func constPaths(src, marker []byte) []string {
	var out []string
	for rest := src; len(out) < maxPossibilities; {
		i := bytes.Index(rest, marker)
		if i < 0 {
			break
		}
		rest = rest[i+len(marker):]
		if len(rest) == 0 || rest[0] != '"' {
			continue
		}
		j := bytes.IndexAny(rest[1:], "\"\n")
		if j < 0 || rest[1+j] != '"' {
			continue
		}
		if p, err := strconv.Unquote(string(rest[:j+2])); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// readFileText returns the text of the repository file a constant path
// names, read in dir (the Go file's folder).
func readFileText(dir, p string) (string, bool) {
	if p == "" || filepath.IsAbs(p) || strings.Contains(p, "..") || strings.ContainsAny(p, "*?[") {
		return "", false
	}
	texts, ok := embeddedFiles(dir, []string{p})
	if !ok || len(texts) != 1 {
		return "", false
	}
	return texts[0], true
}

// readFileNamesRuntime reports whether a file that src (at abs) reads by
// a constant path names a runtime: a value no literal of the package
// shows.
func readFileNamesRuntime(cfg *lscanner.Config, src []byte, abs string) bool {
	if abs == "" || !bytes.Contains(src, readFileCall) && !bytes.Contains(src, openCall) {
		return false
	}
	for _, p := range append(readFilePaths(src), constPaths(src, openCall)...) {
		if t, ok := repoFileText(filepath.Dir(abs), "", p); ok && namesRuntime(cfg, t) {
			return true
		}
	}
	return false
}

// openCall is os.Open's marker, for the prefilter: a file opened by a
// constant path may be decoded (json.NewDecoder(f).Decode).
var openCall = []byte("Open(")

// repoFileText is the text of the file a program reads by the relative
// path p: beside the Go file (in dir), or, as the program may run from
// the repository's top, in a folder above it, up to root (maxDotenvUp
// folders when root is not known).
func repoFileText(dir, root, p string) (string, bool) {
	for i := 0; i <= maxDotenvUp; i++ {
		if t, ok := readFileText(dir, p); ok {
			return t, true
		}
		parent := filepath.Dir(dir)
		if dir == root || parent == dir || root != "" && !strings.HasPrefix(parent, root) {
			break
		}
		dir = parent
	}
	return "", false
}

// readFile resolves os.ReadFile(path) with a known relative path: the
// text of the file beside the Go file that holds the call, dynamic.
func (c *checker) readFile(call *ast.CallExpr, depth int) lscanner.Arg {
	p := c.str(call.Args[0], depth+1)
	if !p.Known {
		// a path that is a set (a helper's parameter, every argument
		// the module gives it): each known one's text, judged as a set
		if len(p.Alts) == 0 {
			return lscanner.Arg{}
		}
		vals := []lscanner.Arg{{}}
		for _, alt := range p.Alts {
			if t := c.readFileAt(call, alt); t.Known {
				vals = append(vals, t)
			}
		}
		return c.judgeSet(vals, false)
	}
	return c.readFileAt(call, p)
}

// readFileAt is the text of the repository file the call reads by path
// p, a known relative path.
func (c *checker) readFileAt(call *ast.CallExpr, p lscanner.Arg) lscanner.Arg {
	if !p.Known {
		return lscanner.Arg{}
	}
	name := c.fset.Position(call.Pos()).Filename
	if !filepath.IsAbs(name) {
		if c.idx == nil || c.idx.scanRoot == "" {
			return lscanner.Arg{}
		}
		name = filepath.Join(c.idx.scanRoot, filepath.FromSlash(name))
	}
	root := ""
	if c.idx != nil {
		root = c.idx.scanRoot
	}
	t, ok := repoFileText(filepath.Dir(name), root, p.Value)
	if !ok {
		return lscanner.Arg{}
	}
	return lscanner.Arg{Value: t, Known: true, Via: lscanner.ClassDynamic}
}

// dataFileExts are the extensions of a repository file a constant may
// name for a helper of the module to read (`config.Load("agents.json")`
// with `os.ReadFile(path)` inside it): a document or a command file.
var dataFileExts = map[string]bool{".json": true, ".txt": true, ".cmd": true, ".conf": true, ".cfg": true}

// maxDataPaths bounds the literals of one file looked up as repository
// files (pathLiteralNamesRuntime).
const maxDataPaths = 32

// dataPath reports whether a string constant may name a repository
// document a helper reads (dataFileExts): a relative path, one word.
func dataPath(s string) bool {
	return len(s) > 0 && len(s) <= 256 && !filepath.IsAbs(s) && !strings.ContainsAny(s, " \t\n$*?[") && !strings.Contains(s, "..") &&
		dataFileExts[strings.ToLower(filepath.Ext(s))]
}

// pathLiteralNamesRuntime reports whether a string literal of src (at
// abs) names, by a relative path, a repository file (beside the Go file
// or in a folder above it) whose text names a runtime: a value a helper
// that reads the path it is given (`config.Load("agents.json")`) may
// return, which no literal shows.
func pathLiteralNamesRuntime(cfg *lscanner.Config, src []byte, abs string) bool {
	if abs == "" {
		return false
	}
	found, n := false, 0
	stringLiterals(src, func(s string) bool {
		if !dataPath(s) {
			return true
		}
		n++
		if t, ok := repoFileText(filepath.Dir(abs), "", s); ok && namesRuntime(cfg, t) {
			found = true
		}
		return !found && n < maxDataPaths
	})
	return found
}
