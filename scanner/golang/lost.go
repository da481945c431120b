package golang

import (
	"bytes"
	"fmt"
	"go/ast"
	goscanner "go/scanner"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/leasegate/leasegate/cmdline"
	lscanner "github.com/leasegate/leasegate/scanner"
)

// A program lost in one package, named in another (docs/go.md, "A
// program the analysis cannot name"): a process-API call whose program
// the analysis cannot name (a value it lost track of: an interface
// value, a map filled through a function's parameter, a getter it
// cannot follow, a bound reached) may run any runtime the program it is
// linked into names. An unknown is never absent: when a package of the
// module linked with the call's package names a runtime as a whole
// command value (Config.NamedAsValue: `"claude"`, `"/usr/local/bin/pi"`),
// the first such call of a file is a dynamic launch of that runtime,
// with the naming place as its chain.
//
// The packages linked with package P are those of every `main` package
// of the module that imports P, transitively (blank imports count), P
// included; when no main imports P (a library), the packages P imports
// and those importing it, transitively.

// Bounds of the module graph read for lost programs.
const (
	// maxGraphPackages bounds the packages of one module whose imports
	// are read (a token scan of each file's import block); past it the
	// graph is cut and a lost program is dynamic.
	maxGraphPackages = 8192
	// maxLinkDepth bounds the import levels followed from a package; a
	// deeper import is not read, and the search is cut.
	maxLinkDepth = 64
)

// graphPkg is one package of a module graph.
type graphPkg struct {
	path    string
	main    bool
	imports []string // the module packages its non-test files import
	files   []*srcFile
	// naming is the first place its files name a runtime as a value,
	// read when first asked.
	namingOnce sync.Once
	naming     *lostNaming
}

// modGraph is the packages of one module and their imports, read once
// per scan.
type modGraph struct {
	once  sync.Once
	pkgs  map[string]*graphPkg
	mains []string
	cut   bool
	// importers lists the packages importing each package, made once
	importersOnce sync.Once
	importers     map[string][]string
}

// lostNaming is where a linked package names a runtime as a value.
type lostNaming struct {
	n   lscanner.Naming
	rel string // the file, root-relative
}

// graph returns the module graph of mod, read once per scan.
func (g *program) graph(mod moduleInfo) *modGraph {
	g.mu.Lock()
	if g.graphs == nil {
		g.graphs = map[string]*modGraph{}
	}
	mg := g.graphs[mod.root]
	if mg == nil {
		mg = &modGraph{}
		g.graphs[mod.root] = mg
	}
	g.mu.Unlock()
	mg.once.Do(func() { g.readGraph(mg, mod) })
	return mg
}

// readGraph walks the folders of mod (not testdata, vendor, hidden or
// `_` folders, nor a nested module) and reads each package's imports.
func (g *program) readGraph(mg *modGraph, mod moduleInfo) {
	mg.pkgs = map[string]*graphPkg{}
	_ = filepath.WalkDir(mod.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if p != mod.root {
			n := d.Name()
			if strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") || n == "testdata" || n == "vendor" || n == "node_modules" {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir
			}
		}
		if len(mg.pkgs) >= maxGraphPackages {
			mg.cut = true
			return filepath.SkipAll
		}
		files := g.readFolder(p, g.onDisk(p), nil)
		if len(files) == 0 {
			return nil
		}
		count := map[string]int{}
		for _, f := range files {
			if f.pkg != "" {
				count[f.pkg]++
			}
		}
		pkg := majority(count)
		rel, err := filepath.Rel(mod.root, p)
		if err != nil {
			return nil
		}
		path := mod.path
		if rel != "." {
			path += "/" + filepath.ToSlash(rel)
		}
		gp := &graphPkg{path: path, main: pkg == "main"}
		seen := map[string]bool{}
		for _, f := range files {
			if f.pkg != pkg {
				continue
			}
			gp.files = append(gp.files, f)
			for _, im := range f.local {
				if !seen[im] {
					seen[im] = true
					gp.imports = append(gp.imports, im)
				}
			}
		}
		mg.pkgs[path] = gp
		if gp.main {
			mg.mains = append(mg.mains, path)
		}
		return nil
	})
	sort.Strings(mg.mains)
}

// closure returns the module packages start imports, transitively,
// start included, within maxLinkDepth levels; cut is set when the depth
// bound left some out.
func (mg *modGraph) closure(start string, next func(*graphPkg) []string) (map[string]bool, bool) {
	seen := map[string]bool{start: true}
	level, cut := []string{start}, false
	for depth := 0; len(level) > 0; depth++ {
		var nextLevel []string
		for _, p := range level {
			gp := mg.pkgs[p]
			if gp == nil {
				continue
			}
			for _, q := range next(gp) {
				if seen[q] {
					continue
				}
				if depth >= maxLinkDepth {
					cut = true
					continue
				}
				seen[q] = true
				nextLevel = append(nextLevel, q)
			}
		}
		level = nextLevel
	}
	return seen, cut
}

// linked returns the packages linked with the package at import path p
// (see above) and whether a bound left some out.
func (mg *modGraph) linked(p string) (map[string]bool, bool) {
	imports := func(gp *graphPkg) []string { return gp.imports }
	out, cut := map[string]bool{}, mg.cut
	for _, m := range mg.mains {
		set, c := mg.closure(m, imports)
		if !set[p] {
			continue
		}
		cut = cut || c
		for q := range set {
			out[q] = true
		}
	}
	if len(out) > 0 {
		return out, cut
	}
	// a library: what it imports, and what imports it
	set, c := mg.closure(p, imports)
	cut = cut || c
	importers := map[string][]string{}
	for q, gp := range mg.pkgs {
		for _, im := range gp.imports {
			importers[im] = append(importers[im], q)
		}
	}
	up, c := mg.closure(p, func(gp *graphPkg) []string { return importers[gp.path] })
	cut = cut || c
	for q := range up {
		set[q] = true
	}
	return set, cut
}

// lostNaming returns the first place a package linked with the package
// in dir names a runtime as a value, and whether a bound left packages
// out of the search.
func (g *program) lostNaming(mod moduleInfo, dir string) (*lostNaming, bool) {
	if mod.path == "" {
		return nil, false
	}
	mg := g.graph(mod)
	rel, err := filepath.Rel(mod.root, dir)
	if err != nil {
		return nil, false
	}
	self := mod.path
	if rel != "." {
		self += "/" + filepath.ToSlash(rel)
	}
	set, cut := mg.linked(self)
	// The package's own values and those of the packages importing it
	// are followed (the value model, and a helper's call judged with
	// its importer's values): only the others are searched.
	mg.importersOnce.Do(func() {
		mg.importers = map[string][]string{}
		for q, gp := range mg.pkgs {
			for _, im := range gp.imports {
				mg.importers[im] = append(mg.importers[im], q)
			}
		}
	})
	up, _ := mg.closure(self, func(gp *graphPkg) []string { return mg.importers[gp.path] })
	paths := make([]string, 0, len(set))
	for p := range set {
		if !up[p] {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	for _, p := range paths {
		if gp := mg.pkgs[p]; gp != nil {
			if n := g.pkgNaming(gp); n != nil {
				return n, cut
			}
		}
	}
	return nil, cut
}

// pkgNaming is the first place gp's files name a runtime as a whole
// command value, outside their import declarations, comments and lines
// with an inert marker (read once).
func (g *program) pkgNaming(gp *graphPkg) *lostNaming {
	gp.namingOnce.Do(func() {
		files := append([]*srcFile(nil), gp.files...)
		sort.Slice(files, func(i, j int) bool { return files[i].rel < files[j].rel })
		for _, f := range files {
			if !f.tokens() {
				continue // no literal names a runtime as a word
			}
			var n lscanner.Naming
			ok := false
			_ = lscanner.PeekFile(f.abs, func(src []byte) {
				n, ok = g.cfg.NamedAsValue(withoutImports(src), func(line []byte) bool { return inertMarker(line) })
			})
			if ok {
				gp.naming = &lostNaming{n: n, rel: f.rel}
				return
			}
		}
	})
	return gp.naming
}

// withoutImports is src with its package clause and import declarations
// blanked (lines kept): an import path ending in a runtime's name
// (`_ "example.com/backends/claude"`) names a package, not a command.
func withoutImports(src []byte) []byte {
	out := bytes.Clone(src)
	end := importsEnd(src)
	for i := 0; i < end && i < len(out); i++ {
		if out[i] != '\n' {
			out[i] = ' '
		}
	}
	return out
}

// inertRE is the inert marker a naming line may carry (the driver's
// rule: the name on that line is data).
var inertRE = regexp.MustCompile(`check-launches:\s*inert\b`)

func inertMarker(line []byte) bool {
	return bytes.Contains(line, []byte("check-launches:")) && inertRE.Match(line)
}

// lostSite is a process-API call of the checked file whose program the
// analysis cannot name.
type lostSite struct{ at lscanner.Pos }

// reportLost reports the file's first lost program (checker.lost) as a
// dynamic launch of the runtime a package linked with it names, unless
// the file has a RED launch of its own.
func (c *checker) reportLost(before int) {
	if len(c.lost) == 0 || c.idx == nil || c.idx.lostNaming == nil || c.p.Chokepoint || strings.HasSuffix(c.p.Path, "_test.go") {
		return
	}
	for _, f := range c.p.Findings()[before:] {
		if f.IsLaunch() && f.Class != lscanner.ClassGated {
			return
		}
	}
	n, cut := c.idx.lostNaming()
	more := ""
	if k := len(c.lost) - 1; k == 1 {
		more = " (and 1 more place in this file)"
	} else if k > 1 {
		more = fmt.Sprintf(" (and %d more places in this file)", k)
	}
	at := c.lost[0].at
	switch {
	case n != nil:
		chain := []lscanner.Step{{File: n.rel, Line: n.n.At.Line, Column: n.n.At.Column, Note: fmt.Sprintf("`%s` named here", n.n.Text)}}
		c.p.Report(lscanner.Finding{Line: at.Line, Column: at.Column, Runtime: n.n.Runtime, Class: lscanner.ClassDynamic, Chain: &chain,
			Message: fmt.Sprintf("runs a program the analysis cannot follow%s, and %s, linked into the same program, names `%s` at line %d: it may start %s this way, bypassing launch-runtime", more, n.rel, n.n.Text, n.n.At.Line, n.n.Runtime)})
	case cut:
		c.p.Report(lscanner.Finding{Line: at.Line, Column: at.Column, Runtime: "unknown", Class: lscanner.ClassDynamic,
			Message: fmt.Sprintf("runs a program the analysis cannot follow%s, and the packages linked with it are more than %d or %d imports deep, so what they name is not read: it may start a runtime this way", more, maxGraphPackages, maxLinkDepth)})
	}
}

// noteLost records a process-API call of the checked file (not one
// reached through a helper) whose argv runs a program the analysis
// cannot name, when it launches nothing known.
func (c *checker) noteLost(argv []lscanner.Arg, at lscanner.Pos, before int) {
	if c.idx == nil || c.idx.lostNaming == nil || len(c.lost) >= maxLostSites || len(argv) == 0 {
		return
	}
	for _, f := range c.p.Findings()[before:] {
		if f.IsLaunch() {
			return
		}
	}
	i := lostElem(argv)
	if i < 0 {
		return
	}
	if argv[i].Pos.Line > 0 {
		at = argv[i].Pos
	}
	c.lost = append(c.lost, lostSite{at: at})
}

// maxLostSites bounds the lost programs one file records.
const maxLostSites = 64

// importsEnd is the offset in src just past its package clause and
// import declarations (read with the tokenizer).
func importsEnd(src []byte) int {
	var sc goscanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(src))
	sc.Init(file, src, nil, 0)
	end := 0
	inImport, depth := false, 0
	for {
		pos, tok, lit := sc.Scan()
		off := file.Offset(pos)
		switch {
		case tok == token.EOF:
			return end
		case tok == token.PACKAGE:
			inImport = true // the clause: up to its name
		case tok == token.IMPORT:
			inImport = true
		case inImport && tok == token.LPAREN:
			depth++
		case inImport && tok == token.RPAREN:
			depth--
			if depth == 0 {
				inImport = false
				end = off + 1
			}
		case inImport && depth == 0 && (tok == token.STRING || tok == token.IDENT && lit != "_" && lit != "."):
			end = off + len(lit)
			if tok == token.STRING {
				inImport = false
			}
		case inImport && tok == token.SEMICOLON && depth == 0 && end > 0:
			inImport = false
		case !inImport && depth == 0 && tok != token.SEMICOLON && tok != token.COMMENT:
			return end
		}
	}
}

// selfExe stands for the running program's own path (os.Executable,
// os.Args[0]): a program the analysis knows, which starts no runtime.
const selfExe = "/proc/self/exe"

// handsParam reports whether a process-API call is handed a parameter
// of the function it is in (`func Run(bin string) { exec.Command(bin) }`):
// the program is every argument the module's calls give it, judged at
// those calls (helpers), so it is not lost here.
func (c *checker) handsParam(call *ast.CallExpr, argv []lscanner.Arg) bool {
	a, ok := c.apiOf(call)
	if !ok || a.Arg >= len(call.Args) {
		return false
	}
	args := call.Args[a.Arg:]
	i := lostElem(argv)
	var e ast.Expr
	switch {
	case i < 0:
		return false
	case a.Form == formArgv && i < len(args) && !(call.Ellipsis.IsValid() && i == len(args)-1):
		e = args[i]
	case a.Form == formPathArgv && i == 0, a.Form == formWindows && i == 0:
		e = args[0]
	case a.Form == formShell || a.Form == formRemote || a.Form == formWords:
		e = args[0]
	case call.Ellipsis.IsValid():
		e = args[len(args)-1] // an element of the list spread
	default:
		return false
	}
	return c.paramRooted(e, 0)
}

// lostElem is the index in argv of the element a reading of it runs
// without the analysis naming it (as Config.Opaque reads it: the
// program, or the script of an interpreter; also the line a shell is
// given, `sh -c s`), or -1.
func lostElem(argv []lscanner.Arg) int {
	res := cmdline.UnwrapDepth(lscanner.Words(argv), cmdline.MaxDepth)
	for _, in := range res.Inners {
		switch in.Kind {
		case cmdline.KindArgv:
			if in.Start < len(argv) && !argv[in.Start].Known {
				return in.Start
			}
		case cmdline.KindShell, cmdline.KindTyped:
			// a shell given a line it cannot name (`sh -c s`)
			if in.Arg > 0 && in.Arg < len(argv) && !argv[in.Arg].Known {
				return in.Arg
			}
		case cmdline.KindScript, cmdline.KindNone:
			if in.Kind == cmdline.KindNone && !in.ShellScript || in.Start <= 0 || in.Start >= len(argv) {
				continue
			}
			if !argv[in.Start].Known {
				return in.Start
			}
		}
	}
	return -1
}

// paramRooted reports whether e reads a parameter or the receiver of a
// function (`bin`, `j.Bin`, `l.Bin()`, `s.argv[0]`), also through a
// local variable each of whose values does so or is known (`exe, err :=
// os.Executable(); if err != nil { exe = argv0 }`).
func (c *checker) paramRooted(e ast.Expr, depth int) bool {
	for ; depth <= maxTemplateHops; depth++ {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.SliceExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.TypeAssertExpr:
			e = x.X
		case *ast.CallExpr:
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !ok || c.info.Selections[sel] == nil {
				return false // a function's result, not a method's
			}
			e = sel.X
		case *ast.Ident:
			v, ok := c.info.Uses[x].(*types.Var)
			if !ok || c.idx == nil {
				return false
			}
			if _, ok := c.idx.params[v]; ok || c.receiver(v) {
				return true
			}
			as := c.assigns[v]
			if len(as) == 0 {
				return false
			}
			param := false
			for _, a := range as {
				switch {
				case a.expr == nil || a.idx > 0:
					return false
				case c.paramRooted(a.expr, depth+1):
					param = true
				case !c.str(a.expr, depth+1).Known:
					return false
				}
			}
			return param
		default:
			return false
		}
	}
	return false
}

// receiver reports whether v is the receiver of a method of the
// package's files.
func (c *checker) receiver(v *types.Var) bool {
	if c.receivers == nil {
		c.receivers = map[*types.Var]bool{}
		for _, fd := range c.funcs {
			if fd.Recv == nil {
				continue
			}
			for _, f := range fd.Recv.List {
				for _, n := range f.Names {
					if rv, ok := c.info.Defs[n].(*types.Var); ok {
						c.receivers[rv] = true
					}
				}
			}
		}
	}
	return c.receivers[v]
}

// isOSArgs reports whether v is os.Args.
func isOSArgs(v *types.Var) bool {
	return v != nil && v.Pkg() != nil && v.Pkg().Path() == "os" && v.Name() == "Args"
}
