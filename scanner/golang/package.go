package golang

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	lscanner "github.com/leasegate/leasegate/scanner"
)

// check-launches checks each Go file on its own, but a launch through a
// helper defined in another file of the package — `run("claude")` in
// main.go, `func run(name string) { exec.Command(name).Run() }` in
// exec.go — is only visible with both files. So the detector looks at the
// other files in scope in the file's folder: the ones that call a process
// API define the package's possible wrappers, and a file that calls a
// function of that name is type-checked together with them, as go vet
// with the analyzer would see the package. Other files cost what they
// did alone. What a folder holds is read once and shared by its files,
// which the scan hands out one after another.

// maxFolderFiles bounds the Go files of one folder considered together; a
// larger folder is read file by file.
const maxFolderFiles = 2000

// folderCacheSize is how many folders one scan keeps read: the walk hands
// out a folder's files together, so only the folders the workers are in at
// the moment are needed.
const folderCacheSize = 8

// folder is what one folder's Go files offer the others: per package
// clause, the files that call a process API and the names of the functions
// and methods whose bodies do (the possible wrappers).
type folder struct {
	dir  string // absolute
	once sync.Once
	pkgs map[string]*wrapperSet
}

// wrapperSet is the possible wrappers of one package of a folder.
type wrapperSet struct {
	files []wrapperFile
	names map[string]bool
}

type wrapperFile struct {
	rel string
	src []byte
}

// folderCache is the folders one scan has read, least recently used first.
// It belongs to that scan (scanner.Pass.Shared), keyed by absolute folder:
// a folder of another root with the same file names and sizes is another
// folder.
type folderCache struct {
	sync.Mutex
	recent []*folder
}

// folderCacheKey keys the folder cache in scanner.Shared.
type folderCacheKey struct{}

// folderFor returns the folder dir of p's scan, creating an empty one. A
// pass with no scan state gets a folder of its own.
func folderFor(p *lscanner.Pass, dir string) *folder {
	if p.Shared == nil {
		return &folder{dir: dir}
	}
	c := p.Shared.Value(folderCacheKey{}, func() any { return &folderCache{} }).(*folderCache)
	c.Lock()
	defer c.Unlock()
	for i, f := range c.recent {
		if f.dir == dir {
			c.recent = append(append(c.recent[:i:i], c.recent[i+1:]...), f)
			return f
		}
	}
	f := &folder{dir: dir}
	if len(c.recent) >= folderCacheSize {
		c.recent = c.recent[1:]
	}
	c.recent = append(c.recent, f)
	return f
}

// scanWithWrappers checks p's file (parsed as file into fset) together with
// the files of its package in the same folder that may wrap a process API,
// when it calls one of their functions. It returns false when there is
// nothing to add (the caller then checks the file alone).
func scanWithWrappers(p *lscanner.Pass, fset *token.FileSet, file *ast.File) bool {
	if p.Siblings == nil {
		return false
	}
	var members []lscanner.Sibling
	for _, s := range p.Siblings() {
		if strings.HasSuffix(s.Rel, ".go") {
			members = append(members, s)
		}
	}
	if len(members) < 2 || len(members) >= maxFolderFiles {
		return false
	}
	// Every file of the folder gets the same list from the scan, which
	// reads the folder once: the folder is the key.
	dir := filepath.Dir(members[0].Abs)
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	f := folderFor(p, dir)
	f.once.Do(func() { f.load(members) })
	ws := f.pkgs[file.Name.Name]
	if ws == nil || (len(ws.files) == 1 && ws.files[0].rel == p.Path) || !callsAny(file, ws.names) {
		return false
	}
	files := []*ast.File{file}
	for _, w := range ws.files {
		if w.rel == p.Path {
			continue // the file itself, as scanned
		}
		wf, err := parser.ParseFile(fset, w.rel, w.src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		if _, deep := tooDeep(wf); !deep {
			files = append(files, wf)
		}
	}
	info := newInfo()
	conf := types.Config{Importer: stubImporter(), Error: func(error) {}, FakeImportC: true}
	_, _ = conf.Check(file.Name.Name, fset, files, info)
	checkFile(p, newIndex(fset, files, info), file)
	return true
}

// load reads the folder's Go files (unreadable, oversized or unparseable
// ones are left out: their own scans report them) and keeps, per package,
// those that call a process API and the functions they declare.
func (f *folder) load(members []lscanner.Sibling) {
	f.pkgs = map[string]*wrapperSet{}
	fset := token.NewFileSet()
	for _, m := range members {
		if m.Size > lscanner.MaxFileSize {
			continue
		}
		src, err := os.ReadFile(m.Abs)
		if err != nil || len(src) > lscanner.MaxFileSize || !mayCallProcessAPI(src) {
			continue
		}
		file, err := parser.ParseFile(fset, m.Rel, src, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		if _, deep := tooDeep(file); deep {
			continue // its own scan reports it
		}
		var names []string
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && callsProcessAPI(file, fd.Body) {
				names = append(names, fd.Name.Name)
			}
		}
		if len(names) == 0 {
			continue
		}
		ws := f.pkgs[file.Name.Name]
		if ws == nil {
			ws = &wrapperSet{names: map[string]bool{}}
			f.pkgs[file.Name.Name] = ws
		}
		ws.files = append(ws.files, wrapperFile{rel: m.Rel, src: src})
		for _, n := range names {
			ws.names[n] = true
		}
	}
}

// callsAny reports whether file calls a function or method by one of names.
func callsAny(file *ast.File, names map[string]bool) bool {
	found := false
	ast.Inspect(file, func(n ast.Node) bool {
		if found {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			switch fn := ast.Unparen(call.Fun).(type) {
			case *ast.Ident:
				found = names[fn.Name]
			case *ast.SelectorExpr:
				found = names[fn.Sel.Name]
			}
		}
		return !found
	})
	return found
}

// mayCallProcessAPI is a byte prefilter for callsProcessAPI: a file that
// calls a process API imports one of their packages.
func mayCallProcessAPI(src []byte) bool {
	for _, imp := range apiImports {
		if bytes.Contains(src, imp) {
			return true
		}
	}
	return false
}

// callsProcessAPI reports whether body, in file, may call a process API of
// the table: a call of one of its names on an import of its package (under
// any import name, or unqualified after a dot import), or a method of one
// of its names when the file imports a package whose methods the table
// lists. It reads syntax only, before types, and over-approximates.
func callsProcessAPI(file *ast.File, body ast.Node) bool {
	pkgs := map[string][]string{} // import name -> import paths
	methods := false
	for _, imp := range file.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := guessPackageName(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		pkgs[name] = append(pkgs[name], p)
		methods = methods || apiMethods[p]
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		switch f := ast.Unparen(call.Fun).(type) {
		case *ast.SelectorExpr:
			if !apiNames[f.Sel.Name] {
				break
			}
			if x, ok := f.X.(*ast.Ident); ok {
				for _, p := range pkgs[x.Name] {
					found = found || isProcessAPI(apiKey{pkg: p, name: f.Sel.Name})
				}
			}
			found = found || methods
		case *ast.Ident:
			for _, p := range pkgs["."] {
				found = found || isProcessAPI(apiKey{pkg: p, name: f.Name})
			}
		}
		return !found
	})
	return found
}

func newInfo() *types.Info {
	return &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
}
