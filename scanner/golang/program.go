package golang

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/constant"
	"go/parser"
	goscanner "go/scanner"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	lscanner "github.com/leasegate/leasegate/scanner"
)

// check-launches scans Go a package at a time, as go vet does: a file is
// type-checked together with the other files of its package in its folder
// (constants, variables, helpers and fields declared there), and the
// packages of the same module it imports are type-checked from source with
// it, so a helper, constant or field default in another package is seen at
// the call. Two things keep this cheap on a large tree:
//
//   - Relevance. Only a package that can start a runtime is type-checked:
//     its files, or those of the module packages it imports, hold a string
//     literal that names a runtime, a runtime package, launch-runtime or the
//     permission-bypass primitive (each literal on its own, and all of a
//     file's literals run together, so `"cl" + "aude"` counts), and they
//     import a process API. Everything else is only parsed (a syntax error is
//     still `unparseable`). This over-approximates: a name assembled from
//     parts spread apart in a file is the one form it misses (docs/go.md).
//   - Caches. A folder's files are read and parsed once per scan (the file
//     being scanned reuses that tree); a type-checked package is kept for
//     its folder's other files; both caches are small LRUs, so memory
//     stays bounded by a few packages.

// Bounds of the package-at-a-time analysis.
const (
	// maxFolderFiles bounds the Go files of one folder read together; a
	// larger folder is scanned file by file.
	maxFolderFiles = 2000
	// maxDepPackages bounds the module packages type-checked from source
	// for one package; maxDepFiles their files. Past either, an import is
	// an empty package and the unit records that it is truncated.
	maxDepPackages = 32
	maxDepFiles    = 1500
	// maxFactPackages bounds the module packages whose facts (a token
	// scan, no tree) one relevance question reads; past it the answer is
	// yes.
	maxFactPackages = 2048
	// folderCacheSize and unitCacheSize are how many parsed folders and
	// type-checked packages one scan keeps.
	folderCacheSize = 8
	unitCacheSize   = 8
	// maxModuleWalk bounds the folders walked up to find go.mod.
	maxModuleWalk = 64
)

// srcFile is one Go file of a folder: where it is and what its imports
// say. Its bytes and tree are read only for a package that is
// type-checked.
type srcFile struct {
	*fileFacts
	rel string // root-relative, slash-separated
}

// parsedFile is a file of a type-checked package.
type parsedFile struct {
	src  []byte
	file *ast.File
}

// folderSrc is a folder's Go files, read once per scan.
type folderSrc struct {
	dir   string // absolute
	dep   bool   // read from disk as an imported package (no tests)
	once  sync.Once
	files []*srcFile
	// parsed are an imported package's trees (dep only), shared by the
	// packages that import it: type-checking only reads them.
	parseOnce sync.Once
	parsed    []*ast.File
}

// unitKey names a package: a folder and a package clause.
type unitKey struct{ dir, pkg string }

// unit is one package type-checked with the module packages it imports.
type unit struct {
	once sync.Once
	// idx is nil when the package cannot start a runtime (not relevant).
	idx   *pkgIndex
	files map[string]parsedFile // rel -> the package's own files
	// truncated is set when a bound on imported module packages was
	// reached: some helpers are unknown.
	truncated bool
}

// program is what one scan keeps of the Go files it has read.
type program struct {
	mu      sync.Mutex
	fset    *token.FileSet
	root    string // absolute scan root
	cfg     *lscanner.Config
	folders []*folderSrc // least recently used first
	units   []*unitEntry
	modules map[string]moduleInfo // folder -> its module
	// others are the other modules each module reaches, by its root
	// (moduleInfo.others)
	others map[string][]moduleInfo
	// deps are the facts of folders read as imported packages: small,
	// kept for the whole scan, so relevance never parses.
	deps map[string]*depFacts
	// graphs are the module graphs read for lost programs, by module
	// root (lost.go).
	graphs map[string]*modGraph
	// facts are the facts of each file read (readFolder), by absolute
	// path: a folder is read as a package, as an import and as part of a
	// module graph, and again when the folder cache (folderCacheSize)
	// dropped it. Measured on bench/real, Go's files were read and
	// lexed 5 times over and their literals 3.6 times.
	facts map[factsKey]*factsRead
}

// maxCachedFacts bounds program.facts; past it a file's facts are read
// again when asked, as before the cache.
const maxCachedFacts = 1 << 16

// depFacts is what an imported module package's files say, together
// (its non-test files of the package clause most of them share).
type depFacts struct {
	once  sync.Once
	pkg   string
	api   bool
	local []string
	files []*fileFacts
}

// tokens reports whether a literal of the package names a runtime.
func (d *depFacts) tokens() bool {
	for _, f := range d.files {
		if f.tokens() {
			return true
		}
	}
	return false
}

// primitive reports whether a literal of the package holds the primitive.
func (d *depFacts) primitive() bool {
	for _, f := range d.files {
		if f.primitive() {
			return true
		}
	}
	return false
}

type unitEntry struct {
	key unitKey
	u   *unit
}

// moduleInfo is the module a folder belongs to ("" path: none found).
type moduleInfo struct {
	root string
	path string
	// others are the modules of the scan it imports from source: those a
	// replace directive of its go.mod points to a folder of (`replace
	// example.com/runner => ../runner`), and those the go.work above it
	// uses.
	others []moduleInfo
}

// owner returns the module of the scan that import path p belongs to:
// m, or one of m.others.
func (m moduleInfo) owner(p string) (moduleInfo, bool) {
	if m.path != "" && (p == m.path || strings.HasPrefix(p, m.path+"/")) {
		return m, true
	}
	for _, o := range m.others {
		if p == o.path || strings.HasPrefix(p, o.path+"/") {
			return o, true
		}
	}
	return moduleInfo{}, false
}

type programKey struct{}

// programFor returns the scan's program.
func programFor(p *lscanner.Pass, root string) *program {
	return p.Shared.Value(programKey{}, func() any {
		return &program{fset: token.NewFileSet(), root: root, cfg: p.Config, modules: map[string]moduleInfo{}, deps: map[string]*depFacts{}}
	}).(*program)
}

// scanPackage scans p's file as one file of its package. It returns false
// when the file is not one the folder read gives (the caller then scans
// it alone).
func scanPackage(p *lscanner.Pass) (bool, error) {
	var members []lscanner.Sibling
	for _, s := range p.Siblings() {
		if strings.HasSuffix(s.Rel, ".go") {
			members = append(members, s)
		}
	}
	if len(members) == 0 || len(members) >= maxFolderFiles {
		return false, nil
	}
	var self *lscanner.Sibling
	for i := range members {
		if members[i].Rel == p.Path {
			self = &members[i]
		}
	}
	if self == nil {
		return false, nil
	}
	abs, err := filepath.Abs(self.Abs)
	if err != nil {
		return false, nil
	}
	root := strings.TrimSuffix(filepath.ToSlash(abs), "/"+p.Path)
	prog := programFor(p, filepath.FromSlash(root))
	if prog.root != filepath.FromSlash(root) {
		return false, nil
	}
	dir := filepath.Dir(abs)
	fd := prog.folder(dir, func() []lscanner.Sibling { return members }, p)
	var sf *srcFile
	for _, f := range fd.files {
		if f.rel == p.Path {
			sf = f
		}
	}
	if sf == nil {
		return false, nil
	}
	u := prog.unit(unitKey{dir, sf.pkg}, fd)
	if u.idx == nil {
		// Not a package that can start a runtime (loader.relevant reads
		// the literals and imports of every file of it and of the module
		// packages it imports, whatever their syntax): none of its files
		// can, so none is parsed. A syntax error in it is not reported:
		// it hides nothing a launch needs (docs/go.md). A script it may
		// run by path is scanned wherever it is.
		if p.Imports != nil && sf.api {
			// the repository phase: the file names a variable another
			// file puts in the environment; checked on its own
			return false, nil
		}
		noteRunPaths(p, sf.fileFacts)
		return true, nil
	}
	pf, ok := u.files[p.Path]
	if u.idx == nil || !ok || !bytes.Equal(pf.src, p.Src) {
		// A file the package could not take (a syntax error): scanned
		// alone, which parses it.
		return false, nil
	}
	checkFile(p, u.idx, pf.file)
	return true, nil
}

// folder returns dir's files, read once (members lists them; nil: the
// folder's .go files on disk, without tests, as an imported package).
//
// self, when not nil, is the pass of the member being scanned: its bytes
// are not read again, and the other members' are held for the driver
// (lscanner.Shared.Ahead), which reaches them next.
func (g *program) folder(dir string, members func() []lscanner.Sibling, self *lscanner.Pass) *folderSrc {
	g.mu.Lock()
	var fd *folderSrc
	for i, f := range g.folders {
		if f.dir == dir && f.dep == (members == nil) {
			fd = f
			g.folders = append(append(g.folders[:i:i], g.folders[i+1:]...), f)
			break
		}
	}
	if fd == nil {
		fd = &folderSrc{dir: dir, dep: members == nil}
		if len(g.folders) >= folderCacheSize {
			g.folders = g.folders[1:]
		}
		g.folders = append(g.folders, fd)
	}
	g.mu.Unlock()
	fd.once.Do(func() {
		var ms []lscanner.Sibling
		if members != nil {
			ms = members()
		} else {
			ms = g.onDisk(dir)
		}
		fd.files = g.readFolder(dir, ms, self)
	})
	return fd
}

// onDisk lists the non-test Go files of dir that the scan's scope
// includes.
func (g *program) onDisk(dir string) []lscanner.Sibling {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []lscanner.Sibling
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		abs := filepath.Join(dir, n)
		rel, err := filepath.Rel(g.root, abs)
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		rel = filepath.ToSlash(rel)
		if !g.cfg.InScope(rel) {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		out = append(out, lscanner.Sibling{Rel: rel, Abs: abs, Size: info.Size()})
		if len(out) >= maxFolderFiles {
			break
		}
	}
	return out
}

// readFolder reads the imports of members (unreadable or oversized files
// are left out: their own scans report them).
func (g *program) readFolder(dir string, members []lscanner.Sibling, self *lscanner.Pass) []*srcFile {
	mod := g.module(dir)
	var out []*srcFile
	for _, m := range members {
		if m.Size > lscanner.MaxFileSize {
			continue
		}
		// one read of each file for the whole scan, also when two
		// workers ask for its folder at once
		e := g.factsEntry(m)
		e.once.Do(func() { e.ff = g.readFacts(m, mod, self) })
		if e.ff != nil {
			out = append(out, &srcFile{rel: m.Rel, fileFacts: e.ff})
		}
	}
	return out
}

// readFacts reads member m's facts; nil when it cannot be read or is too
// large.
func (g *program) readFacts(m lscanner.Sibling, mod moduleInfo, self *lscanner.Pass) *fileFacts {
	var src []byte
	if self != nil && m.Rel == self.Path {
		src = self.Src
	} else {
		var err error
		src, err = lscanner.ReadFile(m.Abs)
		if err != nil || len(src) > lscanner.MaxFileSize {
			return nil
		}
		if self != nil && self.Shared != nil {
			self.Shared.Ahead(m.Rel, src)
		}
	}
	ff := factsOf(g.cfg, src, mod)
	ff.src, ff.abs = nil, m.Abs // read again when its literals are asked
	return ff
}

// factsKey is a file of program.facts: its path and the size the walk
// saw.
type factsKey struct {
	abs  string
	size int64
}

// factsRead is one file's facts, read once (readFacts; nil when it could
// not be read).
type factsRead struct {
	once sync.Once
	ff   *fileFacts
}

// factsEntry returns the entry of member m in program.facts, new when
// there is none; past maxCachedFacts entries a new one is not kept.
func (g *program) factsEntry(m lscanner.Sibling) *factsRead {
	g.mu.Lock()
	defer g.mu.Unlock()
	k := factsKey{m.Abs, m.Size}
	if e := g.facts[k]; e != nil {
		return e
	}
	e := &factsRead{}
	if g.facts == nil {
		g.facts = map[factsKey]*factsRead{}
	}
	if len(g.facts) < maxCachedFacts {
		g.facts[k] = e
	}
	return e
}

// parse reads and parses one file for a type-checked package; nil when it
// cannot be read or parsed (its own scan reports it).
func (g *program) parse(rel, abs string) *parsedFile {
	src, err := lscanner.ReadFile(abs)
	if err != nil || len(src) > lscanner.MaxFileSize {
		return nil
	}
	f, err := parser.ParseFile(g.fset, rel, src, parseMode(src))
	if err != nil {
		return nil
	}
	if _, deep := tooDeep(f); deep {
		return nil
	}
	return &parsedFile{src: src, file: f}
}

// module returns the module dir belongs to: the nearest go.mod above it
// within the scan root.
func (g *program) module(dir string) moduleInfo {
	g.mu.Lock()
	defer g.mu.Unlock()
	if m, ok := g.modules[dir]; ok {
		return m
	}
	var m moduleInfo
	d := dir
	for i := 0; i < maxModuleWalk; i++ {
		if mp := modulePath(filepath.Join(d, "go.mod")); mp != "" {
			m = moduleInfo{root: d, path: mp}
			if others, ok := g.others[d]; ok {
				m.others = others
			} else {
				m.others = g.otherModules(d, mp)
				if g.others == nil {
					g.others = map[string][]moduleInfo{}
				}
				g.others[d] = m.others
			}
			break
		}
		if d == g.root {
			break
		}
		parent := filepath.Dir(d)
		if parent == d || !strings.HasPrefix(parent, g.root) {
			break
		}
		d = parent
	}
	g.modules[dir] = m
	return m
}

// maxOtherModules bounds the other modules of the scan one module
// imports from source (moduleInfo.others).
const maxOtherModules = 32

// otherModules returns the modules of the scan that the module at root
// (path self) reaches: the local targets of its go.mod's replace
// directives, and the folders a go.work at or above it (within the scan
// root) uses.
func (g *program) otherModules(root, self string) []moduleInfo {
	var out []moduleInfo
	add := func(path, dir string) {
		dir = filepath.Clean(dir)
		if path == "" || path == self || len(out) >= maxOtherModules || !strings.HasPrefix(dir, g.root) {
			return
		}
		for _, o := range out {
			if o.path == path {
				return
			}
		}
		out = append(out, moduleInfo{root: dir, path: path})
	}
	for _, r := range modDirectives(filepath.Join(root, "go.mod"), "replace") {
		old, target, ok := strings.Cut(r, "=>")
		if !ok {
			continue
		}
		old, target = strings.TrimSpace(old), strings.TrimSpace(target)
		if f := strings.Fields(old); len(f) > 0 {
			old = f[0]
		}
		if !strings.HasPrefix(target, "./") && !strings.HasPrefix(target, "../") {
			continue // a module version, not a folder
		}
		add(old, filepath.Join(root, filepath.FromSlash(target)))
	}
	d := root
	for i := 0; i < maxModuleWalk; i++ {
		if uses := modDirectives(filepath.Join(d, "go.work"), "use"); len(uses) > 0 {
			for _, u := range uses {
				dir := filepath.Join(d, filepath.FromSlash(strings.Fields(u)[0]))
				add(modulePath(filepath.Join(dir, "go.mod")), dir)
			}
			break
		}
		parent := filepath.Dir(d)
		if d == g.root || parent == d || !strings.HasPrefix(parent, g.root) {
			break
		}
		d = parent
	}
	return out
}

// modDirectives returns the arguments of a go.mod or go.work file's
// directives named verb, on one line (`use ./a`) or in a block (`use
// (` ... `)`), quotes removed.
func modDirectives(file, verb string) []string {
	f, err := os.Open(file)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []string
	inBlock := false
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < maxOtherModules {
		line := strings.TrimSpace(sc.Text())
		if i := strings.Index(line, "//"); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		switch {
		case inBlock && line == ")":
			inBlock = false
			continue
		case inBlock:
		case strings.HasPrefix(line, verb+" ") || strings.HasPrefix(line, verb+"\t") || strings.HasPrefix(line, verb+"("):
			line = strings.TrimSpace(line[len(verb):])
			if line == "(" {
				inBlock = true
				continue
			}
		default:
			continue
		}
		if line == "" {
			continue
		}
		out = append(out, strings.ReplaceAll(line, `"`, ""))
	}
	return out
}

// modulePath reads the module line of a go.mod file ("" if none).
func modulePath(goMod string) string {
	f, err := os.Open(goMod)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "module"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			rest = strings.TrimSpace(rest)
			if u, err := strconv.Unquote(rest); err == nil {
				rest = u
			}
			return rest
		}
	}
	return ""
}

// unit returns the package key of folder fd, type-checked once when it is
// relevant.
func (g *program) unit(key unitKey, fd *folderSrc) *unit {
	g.mu.Lock()
	var u *unit
	for i, e := range g.units {
		if e.key == key {
			u = e.u
			g.units = append(append(g.units[:i:i], g.units[i+1:]...), e)
			break
		}
	}
	if u == nil {
		u = &unit{}
		if len(g.units) >= unitCacheSize {
			g.units = g.units[1:]
		}
		g.units = append(g.units, &unitEntry{key: key, u: u})
	}
	g.mu.Unlock()
	u.once.Do(func() { g.load(u, key, fd) })
	return u
}

// load type-checks the package key of fd, with the module packages it
// imports, when it is relevant.
func (g *program) load(u *unit, key unitKey, fd *folderSrc) {
	var own []*srcFile
	for _, f := range fd.files {
		if f.pkg == key.pkg {
			own = append(own, f)
		}
	}
	l := &loader{g: g, mod: g.module(key.dir), dir: key.dir, pkgs: map[string]*types.Package{}, loading: map[string]bool{}}
	lostOnce := sync.OnceValues(func() (*lostNaming, bool) { return g.lostNaming(l.mod, key.dir) })
	if !l.relevant(own) {
		// A package calling a process API whose program it may not
		// name: checked when a package linked with it names a runtime
		// as a value (lost.go).
		if !ownAPI(own) {
			return
		}
		if n, cut := lostOnce(); n == nil && !cut {
			return
		}
	}
	info := newInfo()
	l.info = info
	var files []*ast.File
	u.files = map[string]parsedFile{}
	for _, f := range own {
		if pf := g.parse(f.rel, f.abs); pf != nil && pf.file.Name.Name == key.pkg {
			files = append(files, pf.file)
			u.files[f.rel] = *pf
		}
	}
	conf := types.Config{Importer: l, Error: func(error) {}, FakeImportC: true}
	_, _ = conf.Check(key.pkg, g.fset, files, info)
	if force := l.handedRuntime(files); len(force) > 0 {
		// A module package not loaded (it names no runtime and reaches no
		// process API) is handed a runtime's name: what it returns may be
		// that name (`envx.Or("AGENT_BIN", "claude")`), so the package is
		// checked again with it, and what it imports, from source.
		info = newInfo()
		l = &loader{g: g, mod: l.mod, dir: key.dir, pkgs: map[string]*types.Package{}, loading: map[string]bool{}, info: info, force: force}
		conf.Importer = l
		_, _ = conf.Check(key.pkg, g.fset, files, info)
	}
	u.idx = newIndex(g.fset, append(files, l.files...), info, l.filePkg, l.deps)
	u.idx.cut = l.cut
	u.idx.lostNaming = lostOnce
	u.idx.scanRoot = g.root
	u.truncated = l.truncated
}

// ownAPI reports whether one of own imports a process API.
func ownAPI(own []*srcFile) bool {
	for _, f := range own {
		if f.api {
			return true
		}
	}
	return false
}

// loader type-checks a package's module-local imports from source, into
// one types.Info, within maxDepPackages and maxDepFiles.
type loader struct {
	g         *program
	mod       moduleInfo
	dir       string // the package's folder (absolute)
	info      *types.Info
	pkgs      map[string]*types.Package
	loading   map[string]bool
	files     []*ast.File               // the imported packages' files
	filePkg   map[*ast.File]string      // their import paths
	deps      map[string]*types.Package // the packages checked from source
	truncated bool
	cut       map[string]bool // module packages left out at a bound
	// force are module packages loaded from source whatever their facts
	// (handedRuntime), with the module packages they import while
	// forcing counts them being checked.
	force   map[string]bool
	forcing int
}

// handedRuntime returns the module packages, not loaded from source,
// that a call of files hands a constant naming a runtime (holdsRuntime): a
// function of the package (`envx.Or("AGENT_BIN", "claude")`), or every such package
// the file imports when the callee is not known (a method of a type of
// one). Such a package may return the name to the importer's process
// API; unknown is not absent. The same for a value of a type such a
// package declares: a composite literal of it holding one
// (`agent.Config{Command: []string{"claude"}}`), and an assignment of one
// to a field of a value whose type is not known (`a.cfg.Bin = "claude"`,
// every such package the file imports): the field may reach the
// importer's process API only through that type's fields.
func (l *loader) handedRuntime(files []*ast.File) map[string]bool {
	info := l.info
	var force map[string]bool
	add := func(p string) {
		if l.local(p) && l.deps[p] == nil && !l.cut[p] {
			if force == nil {
				force = map[string]bool{}
			}
			force[p] = true
		}
	}
	inits := l.varInits(files)
	for _, f := range files {
		addImports := func() {
			for _, im := range f.Imports {
				if p, err := strconv.Unquote(im.Path.Value); err == nil {
					add(p)
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if n.Type != nil && l.holdsRuntime(n.Elts, inits) {
					l.typePackages(n.Type, add)
				}
				return true
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					se, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
					if !ok || len(n.Lhs) != len(n.Rhs) {
						continue
					}
					if _, call := ast.Unparen(n.Rhs[i]).(*ast.CallExpr); call && isPkgName(info, se.X) {
						// pkg.V = f(): a value this (relevant) package
						// computes, which may name a runtime, given to a
						// module package's variable
						addImports()
						continue
					}
					if !l.holdsRuntime(n.Rhs[i:i+1], inits) {
						continue
					}
					if tv, ok := info.Types[se.X]; !ok || tv.Type == nil || tv.Type == types.Typ[types.Invalid] {
						addImports()
					}
				}
				return true
			}
			call, ok := n.(*ast.CallExpr)
			if !ok || !l.holdsRuntime(call.Args, inits) {
				return true
			}
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
					if pn, ok := info.Uses[x].(*types.PkgName); ok {
						add(pn.Imported().Path())
						return true
					}
				}
			}
			if tv, ok := info.Types[call.Fun]; !ok || tv.Type == nil || tv.Type == types.Typ[types.Invalid] {
				addImports()
			}
			return true
		})
	}
	return force
}

// isPkgName reports whether x names an imported package.
func isPkgName(info *types.Info, x ast.Expr) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	_, ok = info.Uses[id].(*types.PkgName)
	return ok
}

// typePackages calls add with the import path of every package a type
// expression names (`agent.Config`, `[]*agent.Config`, `map[string]agent.Config`).
func (l *loader) typePackages(t ast.Expr, add func(string)) {
	ast.Inspect(t, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
				if pn, ok := l.info.Uses[x].(*types.PkgName); ok {
					add(pn.Imported().Path())
				}
			}
			return false
		}
		return true
	})
}

// holdsRuntime reports whether one of exprs holds a constant string
// naming a runtime: anywhere inside it (`envx.Opts{Bin: "claude"}`), or
// as the initial value of a variable it names (`var agent = "claude"`,
// `bin := "claude"`).
func (l *loader) holdsRuntime(exprs []ast.Expr, inits map[*types.Var]ast.Expr) bool {
	found := false
	for _, a := range exprs {
		ast.Inspect(a, func(n ast.Node) bool {
			e, ok := n.(ast.Expr)
			if found || !ok {
				return false
			}
			if l.runtimeConst(e) {
				found = true
				return false
			}
			if id, ok := e.(*ast.Ident); ok {
				if v, ok := l.info.Uses[id].(*types.Var); ok && inits[v] != nil && l.runtimeConst(inits[v]) {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// runtimeConst reports whether e is a constant string naming a runtime,
// or naming by a relative path a repository document whose text does
// (`config.Load("agents.json")`: what the helper reads may be returned).
func (l *loader) runtimeConst(e ast.Expr) bool {
	tv, ok := l.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	s := constant.StringVal(tv.Value)
	if namesRuntime(l.g.cfg, s) {
		return true
	}
	if l.dir == "" || !dataPath(s) {
		return false
	}
	t, ok := repoFileText(l.dir, l.g.root, s)
	return ok && namesRuntime(l.g.cfg, t)
}

// varInits are the initial values of the variables files declare one by
// one (`var agent = "claude"`, `bin := "claude"`).
func (l *loader) varInits(files []*ast.File) map[*types.Var]ast.Expr {
	out := map[*types.Var]ast.Expr{}
	def := func(names []*ast.Ident, values []ast.Expr) {
		if len(names) != len(values) {
			return
		}
		for i, nm := range names {
			if v, ok := l.info.Defs[nm].(*types.Var); ok {
				out[v] = values[i]
			}
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				def(n.Names, n.Values)
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE {
					names := make([]*ast.Ident, 0, len(n.Lhs))
					for _, e := range n.Lhs {
						if id, ok := e.(*ast.Ident); ok {
							names = append(names, id)
						}
					}
					def(names, n.Rhs)
				}
			}
			return true
		})
	}
	return out
}

// local reports whether import path p is a package of the module.
func (l *loader) local(p string) bool {
	_, ok := l.mod.owner(p)
	return ok
}

// relevant reports whether own (a package's files) can start a runtime:
// a literal of it or of the module packages it imports (transitively,
// within the bounds) names one, and one of them imports a process API; or
// a literal of its own holds the primitive. It reads facts, never trees.
func (l *loader) relevant(own []*srcFile) bool {
	api, tokens := false, false
	var imports []string
	for _, f := range own {
		if f.primitive() || f.hands() || f.writes || f.writesScript && f.tokens() {
			return true
		}
		api = api || f.api
		imports = append(imports, f.local...)
	}
	// The imports first (cheap); the literals only when a process API is
	// within reach.
	api = api || l.anyDep(imports, func(d *depFacts) bool { return d.api })
	if !api {
		return false
	}
	for _, f := range own {
		tokens = tokens || f.tokens()
	}
	return tokens || l.anyDep(imports, (*depFacts).tokens)
}

// closure reports whether the module package p, or one it imports, names
// a runtime (tokens) and imports a process API (api). Only a package with
// either is type-checked from source (a constant or a helper can come
// from it alone), bodies included (a constructor sets a field default).
func (l *loader) closure(p string) (tokens, api bool) {
	start := []string{p}
	return l.anyDep(start, (*depFacts).tokens), l.anyDep(start, func(d *depFacts) bool { return d.api })
}

// anyDep reports whether pred holds for a module package among start and
// those they import, transitively. Past maxFactPackages packages the
// answer is yes: an over-approximation, never a silent no.
func (l *loader) anyDep(start []string, pred func(*depFacts) bool) bool {
	seen := map[string]bool{}
	queue := append([]string(nil), start...)
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if seen[p] {
			continue
		}
		if len(seen) >= maxFactPackages {
			return true
		}
		seen[p] = true
		d := l.g.depFacts(l.mod, p)
		if pred(d) {
			return true
		}
		queue = append(queue, d.local...)
	}
	return false
}

// depFacts returns the facts of the module package at import path p.
func (g *program) depFacts(mod moduleInfo, p string) *depFacts {
	dir := depDir(mod, p)
	g.mu.Lock()
	d := g.deps[dir]
	if d == nil {
		d = &depFacts{}
		g.deps[dir] = d
	}
	g.mu.Unlock()
	d.once.Do(func() {
		count := map[string]int{}
		var all []*fileFacts
		for _, sf := range g.readFolder(dir, g.onDisk(dir), nil) {
			all = append(all, sf.fileFacts)
			if sf.pkg != "" && sf.pkg != "main" {
				count[sf.pkg]++
			}
		}
		d.pkg = majority(count)
		for _, ff := range all {
			if ff.pkg == d.pkg {
				d.api = d.api || ff.api
				d.local = append(d.local, ff.local...)
				d.files = append(d.files, ff)
			}
		}
	})
	return d
}

// majority is the package clause most files share (a folder may hold a
// stray `package main` generator or documentation file); ties go to the
// first name in order.
func majority(count map[string]int) string {
	names := make([]string, 0, len(count))
	for n := range count {
		names = append(names, n)
	}
	sort.Strings(names)
	best := ""
	for _, n := range names {
		if best == "" || count[n] > count[best] {
			best = n
		}
	}
	return best
}

func depDir(mod moduleInfo, p string) string {
	if o, ok := mod.owner(p); ok {
		mod = o
	}
	rest := strings.TrimPrefix(strings.TrimPrefix(p, mod.path), "/")
	return filepath.Join(mod.root, filepath.FromSlash(rest))
}

// depFiles returns the parsed files of the module package at import path
// p.
func (l *loader) depFiles(p string) []*ast.File {
	d := l.g.depFacts(l.mod, p)
	fd := l.g.folder(depDir(l.mod, p), nil, nil)
	fd.parseOnce.Do(func() {
		for _, f := range fd.files {
			if f.pkg != d.pkg {
				continue
			}
			if pf := l.g.parse(f.rel, f.abs); pf != nil {
				fd.parsed = append(fd.parsed, pf.file)
			}
		}
	})
	return fd.parsed
}

// Import implements types.Importer: the stubs, module packages from
// source, every other path an empty package.
func (l *loader) Import(p string) (*types.Package, error) {
	if pkg, ok := stubPackages()[p]; ok {
		return pkg, nil
	}
	if pkg, ok := l.pkgs[p]; ok {
		return pkg, nil
	}
	local := l.local(p)
	tokens, api, forced := false, false, false
	if local && !l.loading[p] && len(l.pkgs) < maxDepPackages && len(l.files) < maxDepFiles {
		forced = l.force[p] || l.forcing > 0
		if !forced {
			tokens, api = l.closure(p)
			// a package holding the primitive: its constants are judged
			// where the importer puts them
			tokens = tokens || l.anyDep([]string{p}, (*depFacts).primitive)
		}
	}
	if tokens || api || forced {
		l.loading[p] = true
		files := l.depFiles(p)
		if len(files) > 0 {
			conf := types.Config{Importer: l, Error: func(error) {}, FakeImportC: true}
			if forced {
				l.forcing++
			}
			pkg, _ := conf.Check(p, l.g.fset, files, l.info)
			if forced {
				l.forcing--
			}
			if pkg != nil {
				pkg.MarkComplete()
				l.pkgs[p] = pkg
				l.files = append(l.files, files...)
				if l.deps == nil {
					l.filePkg, l.deps = map[*ast.File]string{}, map[string]*types.Package{}
				}
				l.deps[p] = pkg
				for _, f := range files {
					l.filePkg[f] = p
				}
				return pkg, nil
			}
		}
	} else if local && !l.loading[p] && (len(l.pkgs) >= maxDepPackages || len(l.files) >= maxDepFiles) {
		l.truncated = true
		if l.cut == nil {
			l.cut = map[string]bool{}
		}
		l.cut[p] = true
	}
	pkg := types.NewPackage(p, guessPackageName(p))
	pkg.MarkComplete()
	l.pkgs[p] = pkg
	return pkg, nil
}

// apiPackages are the import paths of the process-API table, each with
// its functions' and methods' names: a file imports a process API when it
// imports the package and mentions one of them (syscall and os are
// imported everywhere for other things).
var apiPackages = func() map[string][][]byte {
	m := map[string][][]byte{}
	for _, a := range processAPIs {
		m[a.Pkg] = append(m[a.Pkg], []byte(a.Name))
	}
	m["os/exec"] = append(m["os/exec"], []byte("Cmd")) // the exec.Cmd literal
	return m
}()

func containsAny(src []byte, names [][]byte) bool {
	for _, n := range names {
		if bytes.Contains(src, n) {
			return true
		}
	}
	return false
}

// fileFacts is what a file's imports say, read with go/scanner up to its
// first declaration (no syntax tree): its package clause, whether it
// imports a process API's package (and mentions one of its names), and
// which module packages it imports.
type fileFacts struct {
	pkg          string
	api          bool
	mayPrimitive bool // its text holds "ermission"
	mayHand      bool // its text may hand a runtime's command on (scanner.Config.MayHandCommand)
	writes       bool // it may link, copy or extract a runtime (fsWrites)
	writesScript bool // it may write a script (fsWrite): checked when its literals name a runtime
	dotenv       bool // it imports godotenv (config.go)
	local        []string
	src          []byte // nil: read from abs when needed
	abs          string
	// lits is what its string literals say, read when first asked.
	litOnce sync.Once
	lits    litFacts
	cfg     *lscanner.Config
}

// litFacts is what a file's string literals say: whether one of them (on
// its own, or consecutive ones run together, so `"c" + "l" + "aude"`
// counts) names a runtime, a runtime package or launch-runtime (tokens),
// or holds the primitive. Literals are run together back to a length
// past the longest trigger, however many pieces that takes: a name split
// into any number of non-empty pieces is seen (litWindow).
type litFacts struct {
	tokens    bool
	primitive bool
}

func factsOf(cfg *lscanner.Config, src []byte, mod moduleInfo) *fileFacts {
	ff := &fileFacts{src: src, cfg: cfg, mayPrimitive: bytes.Contains(src, []byte("ermission")), mayHand: cfg.MayHandCommand(src)}
	var sc goscanner.Scanner
	fset := token.NewFileSet()
	sc.Init(fset.AddFile("", -1, len(src)), src, nil, 0)
	afterPackage := false
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF || tok == token.FUNC || tok == token.TYPE || tok == token.VAR || tok == token.CONST {
			break
		}
		if afterPackage && tok == token.IDENT && ff.pkg == "" {
			ff.pkg = lit
		}
		afterPackage = tok == token.PACKAGE
		if tok != token.STRING {
			continue
		}
		s, err := strconv.Unquote(lit)
		if err != nil {
			continue
		}
		if names, ok := apiPackages[s]; ok && containsAny(src, names) {
			ff.api = true
		}
		if s == dotenvPkg || s == dotenvPkg+"/autoload" {
			ff.dotenv = true
		}
		if _, local := mod.owner(s); local && len(ff.local) < maxDepPackages {
			ff.local = append(ff.local, s)
		}
	}
	ff.writes = fsWrites(cfg, src)
	ff.writesScript = bytes.Contains(src, []byte("os.")) && bytes.Contains(src, []byte("Write")) &&
		(bytes.Contains(src, []byte(`"#!`)) || bytes.Contains(src, []byte("`#!")))
	return ff
}

// fsWrites reports whether src may link or copy a runtime (`os.Symlink`,
// `os.Link`, `os.Rename` of a path naming one) or extract a runtime's
// packed archive it names or fetches (archive/tar, archive/zip): such a
// file is checked though it imports no process API (fsWrite).
func fsWrites(cfg *lscanner.Config, src []byte) bool {
	if bytes.Contains(src, []byte("os.")) && lscanner.QuotesRuntime(src, cfg.RuntimeNames()) &&
		(bytes.Contains(src, []byte("Symlink(")) || bytes.Contains(src, []byte("Link(")) || bytes.Contains(src, []byte("Rename("))) {
		return true
	}
	if !bytes.Contains(src, []byte(`"archive/tar"`)) && !bytes.Contains(src, []byte(`"archive/zip"`)) {
		return false
	}
	_, ok := cfg.ArchiveInText(src)
	return ok
}

// literals returns what the file's string literals say (read once).
func (ff *fileFacts) literals() litFacts {
	ff.litOnce.Do(func() {
		if ff.src == nil {
			// read again into a pooled buffer: the facts keep nothing of it
			_ = lscanner.PeekFile(ff.abs, ff.readLiterals)
			return
		}
		ff.readLiterals(ff.src)
	})
	return ff.lits
}

// readLiterals sets ff.lits from the file's text src.
func (ff *fileFacts) readLiterals(src []byte) {
	ff.lits = literalFacts(ff.cfg, src, ff.mayPrimitive)
	// a //go:embed file's text is a value no literal shows
	ff.lits.tokens = ff.lits.tokens || embedNamesRuntime(ff.cfg, src, ff.abs)
	// so is the text of a file read by a constant path
	ff.lits.tokens = ff.lits.tokens || ff.api && readFileNamesRuntime(ff.cfg, src, ff.abs)
	// or of a file it names for a helper to read
	ff.lits.tokens = ff.lits.tokens || ff.api && pathLiteralNamesRuntime(ff.cfg, src, ff.abs)
	// and of a dotenv file it loads into the environment
	ff.lits.tokens = ff.lits.tokens || ff.dotenv && dotenvNamesRuntime(ff.cfg, src, ff.abs)
}

// tokens reports whether a literal names a runtime (see litFacts).
func (ff *fileFacts) tokens() bool { return ff.literals().tokens }

// primitive reports whether a literal holds the primitive. Only a file
// whose text holds "ermission" is read for it: the primitive's parts,
// however split, keep most of "permissions" in one piece.
func (ff *fileFacts) primitive() bool { return ff.mayPrimitive && ff.literals().primitive }

// literalFacts reads the string literals of src; the primitive is looked
// for only when prim is set (fileFacts.primitive reads it only for a file
// whose text holds "ermission": looking in every file's literals was a
// fifteenth of the scan of a real tree).
func literalFacts(cfg *lscanner.Config, src []byte, prim bool) litFacts {
	var lf litFacts
	// the last literals, in file order: those the newest is read with
	window := litWindow(cfg)
	var recent []string
	done := func() bool { return lf.tokens && (lf.primitive || !prim) }
	stringLiterals(src, func(s string) bool {
		if s == "" {
			return true // joins nothing
		}
		// a name split by punctuation a replacement takes out
		// (`strings.ReplaceAll("cl_aude", "_", "")`)
		if !lf.tokens && len(s) <= maxMarked && strings.ContainsAny(s, splitMarks) && !strings.ContainsRune(s, ' ') {
			lf.tokens = namesRuntime(cfg, stripMarks(s))
		}
		// a name in capitals a case conversion lowers
		// (`strings.ToLower("CLAUDE")`): the whole literal, so that
		// capitals around a word (`PI_SCALE`) do not count, and only in
		// capitals (`"Pi"` is math's)
		if !lf.tokens && len(s) <= maxMarked && allUpper(s) && !strings.ContainsRune(s, ' ') {
			_, lf.tokens = cfg.RuntimeForCommand(strings.ToLower(stripMarks(s)))
		}
		recent = append(recent, s)
		// drop the oldest while the others alone reach past the window
		for n := len(recent); n > 1; n = len(recent) {
			total := 0
			for _, r := range recent[1:] {
				total += len(r)
			}
			if total < window {
				break
			}
			recent = recent[1:]
		}
		joined := ""
		for i := len(recent) - 1; i >= 0 && !done(); i-- {
			joined = recent[i] + joined
			lf.tokens = lf.tokens || namesRuntime(cfg, joined)
			lf.primitive = lf.primitive || prim && primitiveText(joined)
		}
		return !done()
	})
	return lf
}

// allUpper reports whether s holds ASCII capital letters and no small
// ones.
func allUpper(s string) bool {
	upper := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 'a' && c <= 'z':
			return false
		case c >= 'A' && c <= 'Z':
			upper = true
		}
	}
	return upper
}

// maxMarked bounds the literals read without their marks (a name split
// by separators is short; longer texts are prose, paths, formats).
const maxMarked = 24

// splitMarks are the characters a literal may hide a runtime's name
// with, to be taken out by a replacement (stripMarks).
const splitMarks = "_-.*#|~^+=:"

// stripMarks is s without splitMarks between two letters or digits
// (`cl_aude` is `claude`), so the relevance question sees a name
// spelled with separators a replacement takes out.
func stripMarks(s string) string {
	isWord := func(c byte) bool {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(splitMarks, s[i]) >= 0 {
			j := i
			for j < len(s) && strings.IndexByte(splitMarks, s[j]) >= 0 {
				j++
			}
			if len(b) > 0 && isWord(b[len(b)-1]) && j < len(s) && isWord(s[j]) {
				i = j - 1
				continue
			}
		}
		b = append(b, s[i])
	}
	return string(b)
}

// litWindow is the length of the literals run together before the newest
// one (litFacts): past the longest trigger and the primitive's spelling
// without separators, so no split of either goes unseen.
func litWindow(cfg *lscanner.Config) int {
	return max(cfg.Triggers().Longest(), len("dangerously-skip-permissions")) + 1
}

// stringLiterals calls yield with the value of each string literal of Go
// source src, in order, until yield returns false. It is a lexer for
// strings only — comments and lone rune literals are skipped, runes
// listed together are one text (runeRun) — much cheaper than go/scanner; a literal that does not unquote is given as written.
func stringLiterals(src []byte, yield func(string) bool) {
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '/':
			if i+1 < len(src) && src[i+1] == '/' {
				j := bytes.IndexByte(src[i:], '\n')
				if j < 0 {
					return
				}
				i += j
			} else if i+1 < len(src) && src[i+1] == '*' {
				j := bytes.Index(src[i+2:], []byte("*/"))
				if j < 0 {
					return
				}
				i += j + 3
			}
		case '\'', '"':
			j := i + 1
			for j < len(src) && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(src) {
				return
			}
			if c == '"' {
				lit := string(src[i : j+1])
				s, err := strconv.Unquote(lit)
				if err != nil {
					s = lit
				}
				if !yield(s) {
					return
				}
			} else if run, end := runeRun(src, i); end > j {
				// rune literals listed together ([]byte{'c', 'l', ...})
				// are one text
				if !yield(run) {
					return
				}
				j = end
			}
			i = j
		case '`':
			j := bytes.IndexByte(src[i+1:], '`')
			if j < 0 {
				return
			}
			s := string(src[i+1 : i+1+j])
			if !yield(strings.ReplaceAll(s, "\r", "")) {
				return
			}
			i += j + 1
		}
	}
}

// maxRuneRun bounds the rune literals runeRun reads together.
const maxRuneRun = 64

// runeRun reads the rune literals listed from src[i] on, separated only
// by commas and blanks (`'c', 'l', 'a'`): their text and the offset of
// the last one's closing quote. A lone rune literal gives end <= its own.
func runeRun(src []byte, i int) (string, int) {
	// most rune literals stand alone: look past the first for a second
	// before decoding anything
	k := bytes.IndexByte(src[min(i+1, len(src)):], '\'')
	if k < 0 {
		return "", -1
	}
	k += i + 2
	for k < len(src) && (src[k] == ' ' || src[k] == ',' || src[k] == '\t') {
		k++
	}
	if k >= len(src) || src[k] != '\'' || src[k-1] != ',' && src[k-1] != ' ' && src[k-1] != '\t' {
		return "", -1
	}
	var b strings.Builder
	end, n := -1, 0
	for i < len(src) && src[i] == '\'' && n < maxRuneRun {
		j := i + 1
		for j < len(src) && src[j] != '\'' && src[j] != '\n' {
			if src[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(src) || src[j] != '\'' {
			break
		}
		r, _, _, err := strconv.UnquoteChar(string(src[i+1:j]), '\'')
		if err != nil {
			break
		}
		b.WriteRune(r)
		end, n = j, n+1
		i = j + 1
		for i < len(src) && (src[i] == ' ' || src[i] == ',' || src[i] == '\t') {
			i++
		}
	}
	if n < 2 {
		return "", -1
	}
	return b.String(), end
}

// canStart reports whether a file checked on its own can start a runtime
// or fold the primitive (the rule of loader.relevant for one file).
func (ff *fileFacts) canStart() bool {
	return ff.api && ff.tokens() || ff.primitive() || ff.hands() || ff.writes || ff.writesScript && ff.tokens()
}

// hands reports whether a literal of the file may be a runtime's command
// handed to code the analysis does not model (handed.go).
func (ff *fileFacts) hands() bool { return ff.mayHand && ff.tokens() }

// namesRuntime reports whether text holds a runtime's command as a word, a
// runtime package or launch-runtime: the scanner's one trigger set, whose
// words end at any non-alphanumeric byte, so `claude_agent_sdk` (an Agent
// SDK's module) names claude.
func namesRuntime(cfg *lscanner.Config, text string) bool {
	return cfg.Triggers().Scan([]byte(text))&(lscanner.HitRuntime|lscanner.HitWrapper) != 0
}

// primitiveText reports whether text holds the permission-bypass
// primitive or its value, also without the separators a join puts back
// (`"--dangerously", "skip", "permissions"` read together).
var separators = strings.NewReplacer("-", "", "_", "", " ", "")

func primitiveText(text string) bool {
	if strings.Contains(text, "dangerously-skip-permissions") || strings.Contains(text, lscanner.BareMode) {
		return true
	}
	bare := strings.ToLower(separators.Replace(text))
	return strings.Contains(bare, "dangerouslyskippermissions") || strings.Contains(bare, "bypasspermissions")
}

func newInfo() *types.Info {
	return &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
}
