package golang

import (
	"encoding/json"
	"fmt"
	toml "github.com/pelletier/go-toml/v2"
	yaml "go.yaml.in/yaml/v3"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/leasegate/leasegate/cmdline"
	"github.com/leasegate/leasegate/scanner"
)

// maxResolveDepth bounds how many variables and calls one value is traced
// through.
const maxResolveDepth = 12

// assignment is one value given to a variable: expr, or result idx of the
// call expr when idx >= 0. A nil expr is an assignment that cannot be
// followed (a range variable, an address taken, `+=`).
type assignment struct {
	expr ast.Expr
	idx  int
	// rangeOf is set for a range variable: the ranged expression, whose
	// elements (keys when key is set) are its values.
	rangeOf ast.Expr
	key     bool
	// pkg is the import path of the module package whose file gives the
	// value, "" for the package being checked (see checker.scope).
	pkg string
	// embed are the patterns of a //go:embed variable, declared at
	// embedAt: its values are the files' contents (embed.go).
	embed   []string
	embedAt token.Pos
	// plus is a piece added to a string variable (`s += p`, `s = s + p`,
	// with expr nil: the value itself is not followed, see pieces); cond
	// is set when the statement is not in the block that declares the
	// variable (it may not run). zero is the zero value of a variable
	// declared without one (`var s string`), recorded only for a variable
	// that is added to.
	plus []ast.Expr
	cond bool
	zero bool
	// sent is a value sent on a channel variable (`ch <- v`): what a
	// receive `<-ch` gives, not a value of the variable itself.
	sent bool
}

// checker runs the analysis of one file.
type checker struct {
	// stdinCalls are the calls whose value is a process's standard
	// input (markStdin).
	stdinCalls map[*ast.CallExpr]bool
	// helperVisits counts the helper calls followed (maxHelperVisits).
	helperVisits int
	// visited are the helper walks followed to their end (or the depth
	// bound) from a call, by what they are followed with, with how many
	// helpers deep (viaHelper): a path reaching one again, no less deep,
	// judges nothing new. quiet are those of any call that found
	// nothing (keys without where they report). helperCuts counts the
	// helper calls not followed for another reason (maxHelperVisits, a
	// recursion): a walk that met one is not remembered, since another
	// path may go further.
	visited    map[visitKey]int
	quiet      map[visitKey]int
	helperCuts int
	cutPkgs    map[string]bool // see pkgIndex.cut
	p          *scanner.Pass
	file       *ast.File // the file being checked: positions elsewhere are not reported
	fset       *token.FileSet
	info       *types.Info
	assigns    map[*types.Var][]assignment
	// funcs are the package's function declarations, for calls of
	// wrapper functions that pass their parameters to a process API.
	funcs map[*types.Func]*ast.FuncDecl
	// bind and bindList give the parameters of a wrapper function the
	// values of the call being judged.
	bind     map[*types.Var]scanner.Arg
	bindList map[*types.Var][]scanner.Arg
	// fieldAssigned are struct fields the code assigns (x.F = ...):
	// their literal values are not followed.
	fieldAssigned map[types.Object]bool
	// fieldValues are the values the code gives each struct field, in
	// composite literals and assignments (see pkgIndex).
	fieldValues map[*types.Var][]assignment
	elemSets    map[*types.Var][]assignment // see pkgIndex
	wrappers    map[*types.Func]bool        // see pkgIndex
	// cut is set when a value being resolved reached maxResolveDepth:
	// the argv judged next is then reported unparseable if it has an
	// unknown part, since that part may be unknown only for the bound.
	cut bool
	// resultCut is set when a function result being resolved reached
	// maxResolveDepth: an argv judged next with an unknown part is then
	// dynamic, since that part may be unknown only for the bound.
	resultCut bool
	// resolving are the variables whose values are being resolved: a
	// value that refers to itself (`s = "x" + s`; adding to its end is a
	// piece, see withPieces) is unknown there, a cycle and not a bound.
	resolving map[*types.Var]bool
	// idx is the package index the checker reads.
	idx *pkgIndex
	// scope, when set, limits the values read to those given in the
	// module packages it holds: a helper of an imported package is first
	// judged as its own package's scan sees it (its importers' values
	// left out), so only what the importer's values add is reported at
	// the importer's call.
	scope map[string]bool
	// scopes memoizes scopeOf.
	scopes map[*types.Package]map[string]bool
	// returning are the functions whose results are being resolved (a
	// function returning its own call is a cycle).
	returning map[*types.Func]bool
	// results memoizes calleeResults (see resultKey).
	results map[string][]returned
	// inField counts the field values being resolved: a parameter stored
	// into a field is every argument its function is called with.
	inField int
	// frames are the helper calls being followed, outermost first (the
	// call in the checked file, then the call in each helper's body):
	// where a launch a chain reaches is written (launchSite).
	frames []frame
	// dry is set while a chain is judged again to find where its launch
	// is written: no site is looked for then.
	dry bool
	// returningLit are the function literals whose results are being
	// resolved (closures.go).
	returningLit map[*ast.FuncLit]bool
	// lost are the process-API calls of the file whose program the
	// analysis cannot name (lost.go).
	lost      []lostSite
	receivers map[*types.Var]bool // see receiver
}

// frame is one helper call of a chain being followed.
type frame struct {
	call *ast.CallExpr
	fn   *types.Func
	decl *ast.FuncDecl
}

// pkgIndex is what the checker needs from a whole package: every value
// given to every variable, the function declarations and the struct fields
// the code assigns. It is read-only once built, so the files of a package
// can be checked from it concurrently.
type pkgIndex struct {
	fset          *token.FileSet
	info          *types.Info
	assigns       map[*types.Var][]assignment
	funcs         map[*types.Func]*ast.FuncDecl
	fieldAssigned map[types.Object]bool
	// fieldValues are every value the package gives a struct field: in a
	// composite literal (`Runner{Bin: "claude"}`, in a constructor or not)
	// and by assignment (`r.Bin = "claude"`). A field read is any of them,
	// whatever the instance (an over-approximation).
	fieldValues map[*types.Var][]assignment
	// elemSets are the entries the code sets in a map, slice or array
	// variable (`bins[k] = v`): expr the value, rangeOf the key. An index
	// of the variable may be any of them as well as its literal's values.
	elemSets map[*types.Var][]assignment
	// cut are the module packages imported but not type-checked because
	// a bound was reached (see loader): a call into one of them may hide
	// a launch.
	cut map[string]bool
	// wrappers are the functions whose bodies call a process API: only
	// their calls are judged with the parameters bound (wrapperCall).
	// Judging every call of every function would cost a whole package's
	// worth of string resolution per call.
	wrappers map[*types.Func]bool
	// filePkg gives the import path of each imported module package's
	// files; the package's own files are absent ("").
	filePkg map[*ast.File]string
	// deps are the module packages type-checked with the package, by
	// import path.
	deps map[string]*types.Package
	// calls are the static calls of each function with arguments, for a
	// parameter stored into a field (see checker.inField); made from files
	// when first asked (callSites).
	files     []*ast.File
	callsOnce sync.Once
	calls     map[*types.Func][]callSite
	// params gives each parameter of a declared function its function
	// and position.
	params map[*types.Var]paramRef
	// methods are the declared methods by name, for calls through an
	// interface.
	methods map[string][]*types.Func
	// flagDefaults are the defaults of the string flags the packages
	// define, by the flag's name (see flags.go).
	flagDefaults map[string][]assignment
	// envSets are the values the packages give environment variables
	// (os.Setenv), by name (see flags.go).
	envSets map[string][]assignment
	// configSets are the values the packages give viper keys
	// (SetDefault, Set), by key (config.go).
	configSets map[string][]assignment
	// dotenv are the values the dotenv files the packages load give
	// environment variables, read when first asked (config.go).
	dotenvOnce sync.Once
	dotenv     map[string][]string
	// unmarshals are the json.Unmarshal calls of the files, made when
	// first asked (jsonFieldValues).
	unmarshalOnce sync.Once
	unmarshals    []*ast.CallExpr
	// scanRoot is the scan's root folder, for files named relative to it
	// ("" when the files are named by absolute paths or not known).
	scanRoot string
	// root is the package being checked (nil when it declares nothing).
	root *types.Package
	// litIdx is what the function literals are given (closures.go),
	// made when first asked.
	litOnce sync.Once
	litIdx  *litIndex
	// lostNaming, when set, finds where a package linked with this one
	// names a runtime as a value (lost.go).
	lostNaming func() (*lostNaming, bool)
}

// callSite is one static call and the package that holds it.
type callSite struct {
	call *ast.CallExpr
	pkg  string
}

// paramRef is a parameter's function and index.
type paramRef struct {
	fn *types.Func
	i  int
}

// defaultTags are the struct tag keys by which configuration libraries
// give a field its default (kelseyhightower/envconfig's and
// alecthomas/kong's `default`, caarlos0/env's `envDefault`,
// ilyakaznacheev/cleanenv's `env-default`).
var defaultTags = []string{"default", "envDefault", "env-default"}

// addTagDefaults records the default a field's struct tag gives it
// (`default:"claude"`), with a value found at run time (the environment
// or the command line the library reads may replace it). The default is
// a string constant at the tag, typed for the field's reads.
func (c *pkgIndex) addTagDefaults(st *ast.StructType, pkg string) {
	for _, f := range st.Fields.List {
		if f.Tag == nil || len(f.Names) == 0 || !strings.Contains(f.Tag.Value, "efault") {
			continue
		}
		raw, err := strconv.Unquote(f.Tag.Value)
		if err != nil {
			continue
		}
		for _, key := range defaultTags {
			def, ok := reflect.StructTag(raw).Lookup(key)
			if !ok {
				continue
			}
			lit := &ast.BasicLit{ValuePos: f.Tag.Pos() + token.Pos(strings.Index(f.Tag.Value, key+`:"`)+len(key)+1), Kind: token.STRING, Value: strconv.Quote(def)}
			c.info.Types[lit] = types.TypeAndValue{Type: types.Typ[types.String], Value: constant.MakeString(def)}
			for _, name := range f.Names {
				if v, ok := c.info.Defs[name].(*types.Var); ok {
					c.fieldValues[v] = append(c.fieldValues[v], assignment{expr: lit, idx: -1, pkg: pkg}, assignment{pkg: pkg})
				}
			}
			break
		}
	}
}

// addElemSet records x[k] = v, the i-th target of n, when x is a variable.
func (c *pkgIndex) addElemSet(ie *ast.IndexExpr, n *ast.AssignStmt, i int, pkg string) {
	id, ok := ast.Unparen(ie.X).(*ast.Ident)
	if !ok {
		return
	}
	v, ok := c.info.Uses[id].(*types.Var)
	if !ok {
		return
	}
	a := assignment{rangeOf: ie.Index, idx: -1, pkg: pkg}
	if n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) {
		a.expr = n.Rhs[i]
	}
	c.elemSets[v] = append(c.elemSets[v], a)
}

// check reports the launches and primitives of file on p. files are all the
// files of the package (variables are traced across them); info holds their
// types.
func check(p *scanner.Pass, fset *token.FileSet, file *ast.File, files []*ast.File, info *types.Info) {
	checkFile(p, newIndex(fset, files, info, nil, nil), file)
}

// newIndex indexes the files of one package, with the files of the module
// packages it imports (filePkg gives their import paths, deps their
// packages; both nil for a package checked alone).
func newIndex(fset *token.FileSet, files []*ast.File, info *types.Info, filePkg map[*ast.File]string, deps map[string]*types.Package) *pkgIndex {
	c := &pkgIndex{fset: fset, info: info, assigns: indexAssignments(files, info, filePkg), funcs: map[*types.Func]*ast.FuncDecl{}, fieldAssigned: map[types.Object]bool{}, fieldValues: map[*types.Var][]assignment{}, elemSets: map[*types.Var][]assignment{},
		filePkg: filePkg, deps: deps, files: files, params: map[*types.Var]paramRef{}, methods: map[string][]*types.Func{}}
	for _, f := range files {
		pkg := filePkg[f]
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if ie, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
						c.addElemSet(ie, n, i, pkg)
						continue
					}
					se, ok := ast.Unparen(l).(*ast.SelectorExpr)
					if !ok {
						continue
					}
					sel := info.Selections[se]
					if sel == nil || sel.Kind() != types.FieldVal {
						continue
					}
					c.fieldAssigned[sel.Obj()] = true
					v, _ := sel.Obj().(*types.Var)
					switch {
					case v == nil:
					case n.Tok != token.ASSIGN:
						c.fieldValues[v] = append(c.fieldValues[v], assignment{pkg: pkg})
					case len(n.Lhs) == len(n.Rhs):
						c.fieldValues[v] = append(c.fieldValues[v], assignment{expr: n.Rhs[i], idx: -1, pkg: pkg})
					case len(n.Rhs) == 1:
						c.fieldValues[v] = append(c.fieldValues[v], assignment{expr: n.Rhs[0], idx: i, pkg: pkg})
					}
				}
			case *ast.CallExpr:
				if key, val, ok := configSetOf(info, n); ok {
					if c.configSets == nil {
						c.configSets = map[string][]assignment{}
					}
					c.configSets[key] = append(c.configSets[key], assignment{expr: val, idx: -1, pkg: pkg})
					return true
				}
				if name, val, ok := envSetOf(info, n); ok {
					if c.envSets == nil {
						c.envSets = map[string][]assignment{}
					}
					c.envSets[name] = append(c.envSets[name], assignment{expr: val, idx: -1, pkg: pkg})
					return true
				}
				d, ok := flagDefinerOf(info, n)
				if !ok {
					return true
				}
				if tv, ok := info.Types[n.Args[d.name]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
					if c.flagDefaults == nil {
						c.flagDefaults = map[string][]assignment{}
					}
					name := constant.StringVal(tv.Value)
					c.flagDefaults[name] = append(c.flagDefaults[name], assignment{expr: n.Args[d.def], idx: -1, pkg: pkg})
				}
				if d.target < 0 {
					return true
				}
				if v, field := flagTarget(info, n, d); field {
					// flag.StringVar(&cfg.Bin, ...): its default, or a
					// value given at run time
					c.fieldValues[v] = append(c.fieldValues[v], assignment{expr: n.Args[d.def], idx: -1, pkg: pkg}, assignment{pkg: pkg})
				}
			case *ast.StructType:
				c.addTagDefaults(n, pkg)
			case *ast.CompositeLit:
				if name, def, dest, ok := urfaveFlag(info, n); ok {
					// &cli.StringFlag{Name: "bin", Value: "claude"}
					if name != "" {
						if c.flagDefaults == nil {
							c.flagDefaults = map[string][]assignment{}
						}
						c.flagDefaults[name] = append(c.flagDefaults[name], assignment{expr: def, idx: -1, pkg: pkg})
					}
					if u, isAddr := ast.Unparen(dest).(*ast.UnaryExpr); isAddr && u.Op == token.AND {
						if id, isID := ast.Unparen(u.X).(*ast.Ident); isID {
							if v, isVar := info.Uses[id].(*types.Var); isVar {
								c.assigns[v] = append(c.assigns[v], assignment{expr: def, idx: -1, pkg: pkg})
							}
						}
					}
				}
				st, ok := structOf(info.TypeOf(n))
				if !ok {
					return true
				}
				for i, el := range n.Elts {
					var v *types.Var
					val := el
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.Ident); ok {
							v, _ = info.Uses[k].(*types.Var)
						}
						val = kv.Value
					} else if i < st.NumFields() {
						v = st.Field(i)
					}
					if v != nil {
						c.fieldValues[v] = append(c.fieldValues[v], assignment{expr: val, idx: -1, pkg: pkg})
					}
				}
			}
			return true
		})
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					if c.root == nil && pkg == "" {
						c.root = fn.Pkg()
					}
					c.funcs[fn] = fd
					sig := fn.Type().(*types.Signature)
					for i := 0; i < sig.Params().Len(); i++ {
						c.params[sig.Params().At(i)] = paramRef{fn: fn, i: i}
					}
					if sig.Recv() != nil {
						c.methods[fn.Name()] = append(c.methods[fn.Name()], fn)
					}
				}
			}
		}
	}
	// A wrapper calls a process API, or a wrapper (several calls deep):
	// a fixed point, reached within len(funcs) rounds.
	c.wrappers = map[*types.Func]bool{}
	for changed := true; changed; {
		changed = false
		for fn, fd := range c.funcs {
			if c.wrappers[fn] {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if c.wrappers[fn] {
					return false
				}
				if assignsCmdField(info, n) {
					// cmd.Path = bin: a parameter may be what runs
					c.wrappers[fn] = true
					changed = true
					return false
				}
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if isProcessAPI(calleeOf(info, call)) || c.wrappers[typeutil.StaticCallee(info, call)] || callsFuncValue(info, call) || c.callsWrapperMethod(call) {
					c.wrappers[fn] = true
					changed = true
				}
				return !c.wrappers[fn]
			})
		}
	}
	return c
}

// callsFuncValue reports whether call calls a variable or field of
// function type whose signature is a process API's (exec.Command's,
// kept in `var execCommand = exec.Command`): a possible wrapper.
func callsFuncValue(info *types.Info, call *ast.CallExpr) bool {
	var obj types.Object
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		obj = info.Uses[f]
	case *ast.SelectorExpr:
		obj = info.Uses[f.Sel]
	}
	v, ok := obj.(*types.Var)
	if !ok {
		return false
	}
	sig, ok := v.Type().Underlying().(*types.Signature)
	return ok && sig.Params().Len() > 0 && types.Identical(sig.Params().At(0).Type(), types.Typ[types.String])
}

// checkFile reports the launches and primitives of file, one of the files
// idx indexes, on p.
func checkFile(p *scanner.Pass, idx *pkgIndex, file *ast.File) {
	c := &checker{p: p, file: file, cutPkgs: idx.cut, fset: idx.fset, info: idx.info, assigns: idx.assigns, funcs: idx.funcs, fieldAssigned: idx.fieldAssigned, fieldValues: idx.fieldValues, elemSets: idx.elemSets, wrappers: idx.wrappers, idx: idx}
	var groups map[types.Object][]cmdField
	called := map[ast.Expr]bool{}
	before := len(p.Findings())
	defer c.reportLost(before)
	ast.Inspect(file, func(n ast.Node) bool {
		c.cut, c.resultCut = false, false
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if !called[n] {
				c.methodValue(n)
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					c.markStdin(n.Lhs[i], n.Rhs[i])
				}
			}
			if assignsCmdField(c.info, n) {
				if groups == nil {
					groups = cmdFields(c.info, file)
				}
				c.judgeCmdFields(n, groups, nil, nil, nil, nil)
			}
		case *ast.CallExpr:
			called[ast.Unparen(n.Fun)] = true
			mark := len(c.p.Findings())
			c.fsWrite(n)
			c.call(n)
			if !c.p.LaunchSince(mark) {
				// a command handed to code the analysis does not model
				c.handedCall(n)
			}
			if c.computedPrimitive(n) {
				return false
			}
		case *ast.CompositeLit:
			for _, el := range n.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					c.markStdin(kv.Key, kv.Value)
				}
			}
			c.cmdLiteral(n)
		case *ast.BinaryExpr:
			// A primitive built by concatenating constants, which the raw
			// text search cannot see: report the outermost expression.
			// Its operands are parts of its value, so they need no look
			// of their own.
			if s, ok := c.constString(n); ok {
				if text, ok := spelledPrimitive(s); ok {
					c.p.ReportDangerous(c.pos(n.Pos()), text, true)
				}
				return false
			}
		}
		return true
	})
}

// methodValue follows a method value of a type of an imported module
// package that is a helper (`http.HandleFunc("/review", s.Review)` with
// `s := &server.Server{AgentPath: "claude"}`): it is called where the
// analysis does not look, with arguments it does not know, but the
// fields the importer gave its receiver reach its launch, as for a call.
func (c *checker) methodValue(e *ast.SelectorExpr) {
	sel := c.info.Selections[e]
	if sel == nil || sel.Kind() != types.MethodVal {
		return
	}
	fn, ok := sel.Obj().(*types.Func)
	if !ok || !c.wrappers[fn] || c.scopeOf(fn.Pkg()) == nil {
		return
	}
	call := &ast.CallExpr{Fun: e, Lparen: e.End(), Rparen: e.End()}
	c.helperCalls(call, nil, nil, nil, c.pos(e.Pos()))
	c.bind, c.bindList = nil, nil
}

// computedPrimitive reports the primitive a call computes as a string
// (`strings.Join([]string{"--dangerously", "skip", "permissions"}, "-")`),
// which the raw text search cannot see, and whether it did.
func (c *checker) computedPrimitive(call *ast.CallExpr) bool {
	tv, ok := c.info.Types[call]
	if !ok || tv.Type == nil {
		return false
	}
	if b, ok := tv.Type.Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		return false
	}
	// a function of the standard library (strings.Join, fmt.Sprintf): a
	// function of the module is read where its result is used, at the
	// depth of the chain that reaches it (its result is memoized)
	if k := c.callee(call); k.pkg == "" || strings.Contains(strings.SplitN(k.pkg, "/", 2)[0], ".") {
		return false
	}
	if fns, _ := c.callees(call, func(fn *types.Func) bool { return c.funcs[fn] != nil }); len(fns) > 0 {
		return false // a function of the code being checked
	}
	a := c.str(call, 0)
	if !a.Known {
		return false
	}
	text, ok := spelledPrimitive(a.Value)
	if ok {
		c.p.ReportDangerous(c.pos(call.Pos()), text, true)
	}
	return ok
}

// spelledPrimitive is the primitive a string built from pieces spells:
// a form of FindDangerous, or the bare bypass mode (nothing but hiding
// it from a search builds it, and it may be used in another package).
func spelledPrimitive(s string) (string, bool) {
	if ms := scanner.FindDangerous(s); len(ms) > 0 {
		return ms[0].Text, true
	}
	if strings.Contains(s, scanner.BareMode) {
		return scanner.BareMode, true
	}
	return "", false
}

func (c *checker) pos(p token.Pos) scanner.Pos {
	if c.file != nil && (p < c.file.FileStart || p > c.file.FileEnd) {
		return scanner.Pos{} // in another file (a helper's body): not this file's position
	}
	ps := c.fset.Position(p)
	return scanner.Pos{Line: ps.Line, Column: ps.Column}
}

// indexAssignments records every value given to every variable of files.
func indexAssignments(files []*ast.File, info *types.Info, filePkg map[*ast.File]string) map[*types.Var][]assignment {
	var pkg string
	m := map[*types.Var][]assignment{}
	varOf := func(e ast.Expr) *types.Var {
		if e == nil {
			return nil
		}
		if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
			return qualifiedVar(info, sel) // pkg.V = ... in an importer
		}
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return nil
		}
		obj := info.Defs[id]
		if obj == nil {
			obj = info.Uses[id]
		}
		v, _ := obj.(*types.Var)
		return v
	}
	add := func(lhs []ast.Expr, rhs []ast.Expr, follow bool) {
		for i, l := range lhs {
			v := varOf(l)
			if v == nil {
				continue
			}
			switch {
			case !follow:
				m[v] = append(m[v], assignment{pkg: pkg})
			case len(lhs) == len(rhs):
				m[v] = append(m[v], assignment{expr: rhs[i], idx: -1, pkg: pkg})
			case len(rhs) == 1:
				m[v] = append(m[v], assignment{expr: rhs[0], idx: i, pkg: pkg})
			default:
				m[v] = append(m[v], assignment{pkg: pkg})
			}
		}
	}
	// pieces: the block declaring each variable, and those declared
	// without a value
	declBlock := map[*types.Var]ast.Node{}
	zeroDecl := map[*types.Var]string{}
	var blocks []ast.Node // the enclosing blocks, innermost last
	var stack []ast.Node
	inner := func() ast.Node {
		if len(blocks) == 0 {
			return nil
		}
		return blocks[len(blocks)-1]
	}
	for _, f := range files {
		pkg = filePkg[f]
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				if top := stack[len(stack)-1]; len(blocks) > 0 && blocks[len(blocks)-1] == top {
					blocks = blocks[:len(blocks)-1]
				}
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			switch n.(type) {
			case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
				blocks = append(blocks, n)
			}
			switch n := n.(type) {
			case *ast.GenDecl:
				// //go:embed FILE above `var v string`: v is FILE's text
				for _, sp := range n.Specs {
					vs, ok := sp.(*ast.ValueSpec)
					if !ok || len(vs.Values) > 0 {
						continue
					}
					doc := vs.Doc
					if doc == nil && len(n.Specs) == 1 {
						doc = n.Doc
					}
					if ps := embedPatterns(doc); len(ps) > 0 {
						for _, id := range vs.Names {
							if v := varOf(id); v != nil {
								m[v] = append(m[v], assignment{embed: ps, embedAt: id.Pos(), idx: -1, pkg: pkg})
							}
						}
					}
				}
			case *ast.ValueSpec:
				for _, id := range n.Names {
					if v := varOf(id); v != nil {
						declBlock[v] = inner()
						if len(n.Values) == 0 {
							zeroDecl[v] = pkg
						}
					}
				}
				if len(n.Values) > 0 {
					lhs := make([]ast.Expr, len(n.Names))
					for i, id := range n.Names {
						lhs[i] = id
					}
					add(lhs, n.Values, true)
				}
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE {
					for _, l := range n.Lhs {
						if id, ok := l.(*ast.Ident); ok && info.Defs[id] != nil {
							if v := varOf(id); v != nil {
								declBlock[v] = inner()
							}
						}
					}
				}
				if v, pieces := addedTo(info, n, varOf); v != nil {
					_, decl := declBlock[v]
					m[v] = append(m[v], assignment{plus: pieces, cond: !decl || declBlock[v] != inner(), idx: -1, pkg: pkg})
					return true
				}
				add(n.Lhs, n.Rhs, n.Tok == token.ASSIGN || n.Tok == token.DEFINE)
			case *ast.RangeStmt:
				// A range variable takes the elements of what is ranged
				// over, when that is a literal the code gives.
				if v := varOf(n.Key); v != nil && n.Tok == token.DEFINE {
					m[v] = append(m[v], assignment{rangeOf: n.X, key: true, idx: -1, pkg: pkg})
				} else if n.Key != nil {
					add([]ast.Expr{n.Key}, nil, false)
				}
				if v := varOf(n.Value); v != nil && n.Tok == token.DEFINE {
					m[v] = append(m[v], assignment{rangeOf: n.X, idx: -1, pkg: pkg})
				} else if n.Value != nil {
					add([]ast.Expr{n.Value}, nil, false)
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					add([]ast.Expr{n.X}, nil, false)
				}
			case *ast.SendStmt:
				if v := varOf(n.Chan); v != nil {
					m[v] = append(m[v], assignment{expr: n.Value, idx: -1, sent: true, pkg: pkg})
				}
			case *ast.CallExpr:
				// sb.WriteString(p) on a strings.Builder or bytes.Buffer
				// variable adds p to what sb.String() gives, as `s += p`
				v, piece := builderWrite(info, n, varOf)
				if v == nil {
					// t.Execute(&b, data) writes the rendered template
					v, piece = templateWrite(info, n, varOf)
				}
				if v != nil {
					_, decl := declBlock[v]
					m[v] = append(m[v], assignment{plus: []ast.Expr{piece}, cond: !decl || declBlock[v] != inner(), idx: -1, pkg: pkg})
				}
				// flag.StringVar(&bin, "bin", "claude", ""): the default
				// joins bin's values (the address taken adds the run-time
				// one; a pointer variable is read as what it points to)
				if d, ok := flagDefinerOf(info, n); ok && d.target >= 0 {
					if v, field := flagTarget(info, n, d); v != nil && !field {
						m[v] = append(m[v], assignment{expr: n.Args[d.def], idx: -1, pkg: pkg}, assignment{pkg: pkg})
					}
				}
			}
			return true
		})
	}
	for v, pkg := range zeroDecl {
		for _, a := range m[v] {
			if a.plus != nil {
				m[v] = append(m[v], assignment{zero: true, idx: -1, pkg: pkg})
				break
			}
		}
	}
	return m
}

// builderTypes are the standard library's string builders whose writes
// and String are followed as a string variable added to.
var builderTypes = map[apiKey]bool{{pkg: "strings", name: "Builder"}: true, {pkg: "bytes", name: "Buffer"}: true}

// builderMethod reports whether call calls method name of a builder
// (builderTypes) held in a variable, and returns that variable's
// expression.
func builderMethod(info *types.Info, call *ast.CallExpr, names ...string) (ast.Expr, string, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, "", false
	}
	k := calleeOf(info, call)
	if k.recv == "" || !builderTypes[apiKey{pkg: k.pkg, name: k.recv}] || !slices.Contains(names, k.name) {
		return nil, "", false
	}
	return sel.X, k.name, true
}

// builderWrite returns the builder variable a call writes to and the
// piece it writes (`sb.WriteString(p)`, `sb.WriteByte('c')`,
// `sb.WriteRune(r)`).
func builderWrite(info *types.Info, call *ast.CallExpr, varOf func(ast.Expr) *types.Var) (*types.Var, ast.Expr) {
	x, _, ok := builderMethod(info, call, "WriteString", "WriteByte", "WriteRune")
	if !ok || len(call.Args) != 1 {
		return nil, nil
	}
	return varOf(x), call.Args[0]
}

// addedTo returns the string variable n adds to and the pieces it adds:
// `s += p` and `s = s + p + q` (a self-reference that is not a cycle: the
// value is every other value of s with the pieces after it).
func addedTo(info *types.Info, n *ast.AssignStmt, varOf func(ast.Expr) *types.Var) (*types.Var, []ast.Expr) {
	if len(n.Lhs) != 1 || len(n.Rhs) != 1 {
		return nil, nil
	}
	v := varOf(n.Lhs[0])
	if v == nil || !isString(v.Type()) {
		return nil, nil
	}
	switch n.Tok {
	case token.ADD_ASSIGN:
		return v, []ast.Expr{n.Rhs[0]}
	case token.ASSIGN:
		var pieces []ast.Expr
		e := ast.Unparen(n.Rhs[0])
		for {
			b, ok := e.(*ast.BinaryExpr)
			if !ok || b.Op != token.ADD {
				break
			}
			pieces = append(pieces, b.Y)
			e = ast.Unparen(b.X)
		}
		if id, ok := e.(*ast.Ident); ok && len(pieces) > 0 && info.Uses[id] == v {
			slices.Reverse(pieces)
			return v, pieces
		}
	}
	return nil, nil
}

// callee returns the package path, receiver type name ("" for a
// function) and name of the function or method a call calls, or "".
func (c *checker) callee(call *ast.CallExpr) apiKey { return calleeOf(c.info, call) }

func calleeOf(info *types.Info, call *ast.CallExpr) apiKey {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return apiKey{}
	}
	return funcKey(fn)
}

// funcKey names fn as the API table does.
func funcKey(fn *types.Func) apiKey {
	if fn.Pkg() == nil {
		return apiKey{}
	}
	k := apiKey{pkg: fn.Pkg().Path(), name: fn.Name()}
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		t := sig.Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		named, ok := types.Unalias(t).(*types.Named)
		if !ok {
			return apiKey{}
		}
		k.recv = named.Obj().Name()
	}
	return k
}

func (c *checker) call(call *ast.CallExpr) {
	if argv, ok := c.processArgv(call); ok {
		before, at := len(c.p.Findings()), c.pos(call.Pos())
		c.judge(argv, at)
		if c.bind == nil && !c.handsParam(call, argv) {
			c.noteLost(argv, at, before)
		}
		return
	}
	if c.bind == nil {
		c.helperCalls(call, nil, nil, nil, c.pos(call.Pos()))
		c.bind, c.bindList = nil, nil
	}
	c.cutCall(call)
}

// cutCall reports a call into a module package left out at a bound (too
// many imported packages or files) that hands it a runtime's name:
// dynamic, since its helper is not followed.
func (c *checker) cutCall(call *ast.CallExpr) {
	if len(c.cutPkgs) == 0 {
		return
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	x, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return
	}
	pn, ok := c.info.Uses[x].(*types.PkgName)
	if !ok || !c.cutPkgs[pn.Imported().Path()] {
		return
	}
	var vals []scanner.Arg
	for _, a := range call.Args {
		vals = append(vals, c.str(a, 0))
	}
	c.reportUnfollowed(vals, c.pos(call.Pos()), fmt.Sprintf("handed to %s.%s, a module package not followed (more than %d module packages or %d files imported)", pn.Imported().Path(), sel.Sel.Name, maxDepPackages, maxDepFiles))
}

// reportUnfollowed reports, as dynamic, the first runtime named among
// vals, values handed to code a bound kept the analysis from following;
// why says where they went.
func (c *checker) reportUnfollowed(vals []scanner.Arg, at scanner.Pos, why string) {
	for _, a := range vals {
		if !a.Known {
			continue
		}
		for _, w := range strings.Fields(a.Value) {
			if rt, ok := c.p.Config.RuntimeForCommand(w); ok {
				c.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: rt, Class: scanner.ClassDynamic, Message: rt + " " + why})
				return
			}
		}
	}
}

// isProcessAPI reports whether a function or method is in the table.
func isProcessAPI(k apiKey) bool {
	_, ok := apiIndex[k]
	return ok
}

// apiOf returns the table's row for what call calls: a process API itself,
// or a variable of function type that the code sets to one (`var
// execCommand = exec.Command`; any of its values, since values are sets).
func (c *checker) apiOf(call *ast.CallExpr) (processAPI, bool) {
	if a, ok := apiIndex[c.callee(call)]; ok {
		return a, true
	}
	var v *types.Var
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		v, _ = c.info.Uses[f].(*types.Var)
	case *ast.SelectorExpr:
		if sel := c.info.Selections[f]; sel != nil && sel.Kind() == types.FieldVal {
			v, _ = sel.Obj().(*types.Var)
		} else {
			v, _ = c.info.Uses[f.Sel].(*types.Var)
		}
	case *ast.IndexExpr:
		// runners["default"]("claude", ...)
		return c.funcExprAPI(f, 0)
	}
	if v == nil {
		return processAPI{}, false
	}
	return c.funcValueAPI(v, 0)
}

// funcValueAPI returns the process API a function-typed variable (or
// field) may hold: any value the code gives it that names one.
func (c *checker) funcValueAPI(v *types.Var, depth int) (processAPI, bool) {
	if depth > maxResolveDepth || c.resolving[v] {
		return processAPI{}, false
	}
	if c.resolving == nil {
		c.resolving = map[*types.Var]bool{}
	}
	c.resolving[v] = true
	defer delete(c.resolving, v)
	vals := append(c.valuesOf(c.assigns, v), c.valuesOf(c.fieldValues, v)...)
	unknown := len(vals) == 0
	for _, as := range vals {
		if as.expr == nil || as.idx >= 0 {
			unknown = true
			continue
		}
		if a, ok := c.funcExprAPI(as.expr, depth); ok {
			return a, true
		}
		if !c.knownFunc(as.expr) {
			unknown = true
		}
	}
	if unknown {
		// A seam given its function where the analysis does not look
		// (`Deps{Command: exec.Command}` in an importer, a parameter):
		// with exec.Command's signature, it may be exec.Command.
		if k, ok := cmdMakerSig(v.Type()); ok {
			return apiIndex[k], true
		}
	}
	return processAPI{}, false
}

// knownFunc reports whether e is a function the code declares (a
// function or a method, or a function literal): a value that is not a
// process API.
func (c *checker) knownFunc(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return true
	case *ast.Ident:
		_, ok := c.info.Uses[e].(*types.Func)
		return ok
	case *ast.SelectorExpr:
		_, ok := c.info.Uses[e.Sel].(*types.Func)
		return ok
	}
	return false
}

// cmdMakerSig reports whether t is the type of exec.Command
// (`func(string, ...string) *exec.Cmd`) or exec.CommandContext (with a
// context first), and which.
func cmdMakerSig(t types.Type) (apiKey, bool) {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || !sig.Variadic() || sig.Results().Len() != 1 {
		return apiKey{}, false
	}
	ptr, ok := sig.Results().At(0).Type().(*types.Pointer)
	if !ok {
		return apiKey{}, false
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || named.Obj().Name() != "Cmd" || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "os/exec" {
		return apiKey{}, false
	}
	ps := sig.Params()
	if !isStringList(ps.At(ps.Len() - 1).Type()) {
		return apiKey{}, false
	}
	switch {
	case ps.Len() == 2 && isString(ps.At(0).Type()):
		return apiKey{pkg: "os/exec", name: "Command"}, true
	case ps.Len() == 3 && isString(ps.At(1).Type()):
		return apiKey{pkg: "os/exec", name: "CommandContext"}, true
	}
	return apiKey{}, false
}

// funcExprAPI returns the process API a function-valued expression may
// be: the function named, a variable holding one, or an element of a
// map, slice or array (a literal, or a variable given one) that holds one
// (`runners["default"]` of `map[string]func(...){"default":
// exec.Command}`: any element, whatever the key).
func (c *checker) funcExprAPI(e ast.Expr, depth int) (processAPI, bool) {
	if depth > maxResolveDepth {
		return processAPI{}, false
	}
	var obj types.Object
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj = c.info.Uses[e]
	case *ast.SelectorExpr:
		obj = c.info.Uses[e.Sel]
	case *ast.IndexExpr:
		return c.funcExprAPI(e.X, depth+1)
	case *ast.CompositeLit:
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			if a, ok := c.funcExprAPI(el, depth+1); ok {
				return a, true
			}
		}
	}
	switch o := obj.(type) {
	case *types.Func:
		if a, ok := apiIndex[funcKey(o)]; ok {
			return a, true
		}
	case *types.Var:
		if a, ok := c.funcValueAPI(o, depth+1); ok {
			return a, true
		}
	}
	return processAPI{}, false
}

// processArgv returns the argv of a process-API call; ok is false for any
// other call.
func (c *checker) processArgv(call *ast.CallExpr) ([]scanner.Arg, bool) {
	a, ok := c.apiOf(call)
	if !ok {
		return nil, false
	}
	args := call.Args
	if a.Arg >= len(args) {
		return nil, false
	}
	switch a.Form {
	case formArgv:
		return c.argList(args[a.Arg:], call.Ellipsis.IsValid()), true
	case formPathArgv:
		if a.Arg+1 >= len(args) {
			return nil, false
		}
		return c.pathArgv(args[a.Arg], args[a.Arg+1]), true
	case formWindows:
		if a.Arg+1 >= len(args) {
			return nil, false
		}
		return c.windowsArgv(args[a.Arg], args[a.Arg+1]), true
	case formRemote, formShell:
		// A (remote) shell runs the text: judged as `sh -c TEXT`.
		return []scanner.Arg{scanner.Lit("sh"), scanner.Lit("-c"), c.str(args[a.Arg], 0)}, true
	case formWords:
		return c.wordsArgv(args[a.Arg:]), true
	}
	return nil, false
}

// windowsArgv builds the argv of CreateProcess: the application name when
// it is given, then the command line split as Windows splits it (its first
// word is the program when no application name is given).
func (c *checker) windowsArgv(app, cmdLine ast.Expr) []scanner.Arg {
	var argv []scanner.Arg
	hasApp := !isNil(c.info, app)
	if hasApp {
		a := c.str(app, 0)
		a.Value = windowsPath(a.Value)
		argv = append(argv, a)
	}
	if isNil(c.info, cmdLine) {
		return argv
	}
	line := c.str(cmdLine, 0)
	if !line.Known {
		if !hasApp {
			return []scanner.Arg{line}
		}
		return append(argv, scanner.Arg{Pos: line.Pos})
	}
	words := splitWindows(line.Value)
	for i, w := range words {
		if i == 0 {
			if hasApp {
				continue // argv[0], a display name when the application is given
			}
			w = windowsPath(w)
		}
		argv = append(argv, scanner.Arg{Value: w, Known: true, Via: line.Via, Pos: line.Pos})
	}
	return argv
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// windowsPath reads a Windows program path the way the judge reads a Unix
// one: backslashes as slashes, without the .exe/.cmd/.bat suffix.
func windowsPath(s string) string {
	s = strings.ReplaceAll(s, `\`, "/")
	for _, ext := range []string{".exe", ".cmd", ".bat", ".EXE", ".CMD", ".BAT"} {
		if t, ok := strings.CutSuffix(s, ext); ok {
			return t
		}
	}
	return s
}

// splitWindows splits a command line as CommandLineToArgvW does, in the
// part that matters here: words separated by blanks, double quotes
// grouping, a backslash before a quote escaping it.
func splitWindows(s string) []string {
	var out []string
	var b strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '\\' && i+1 < len(s) && s[i+1] == '"':
			b.WriteByte('"')
			i++
			inWord = true
		case ch == '"':
			quoted = !quoted
			inWord = true
		case (ch == ' ' || ch == '\t') && !quoted:
			if inWord {
				out = append(out, b.String())
				b.Reset()
				inWord = false
			}
		default:
			b.WriteByte(ch)
			inWord = true
		}
	}
	if inWord {
		out = append(out, b.String())
	}
	return out
}

// maxHelperDepth bounds how many helpers deep a call's arguments are
// followed to the process API they reach.
const maxHelperDepth = 8

// maxHelperVisits bounds how many helper calls one file's scan follows
// (viaHelper, each path through the call graph anew): past it a call is
// treated as at maxHelperDepth, a runtime among the values handed on
// reported dynamic. This repository's own tsjs tests followed 2.3
// million paths, minutes under the race detector.
const maxHelperVisits = 1 << 15

// viaHelper judges a call of a function of the package (or of a module
// package it imports) that hands its parameters to a process API, directly
// or through other such functions (`func run(name string, args
// ...string) error { return exec.Command(name, args...).Run() }`): the
// process-API calls in its body, and in the helpers it calls, are judged
// again with the parameters bound to this call's arguments (evaluated with
// the caller's binding, outer), and a launch that only the binding — or
// a value the importer gives (see scope) — reveals is reported at the
// call, at, naming the helper chain.
func (c *checker) viaHelper(call *ast.CallExpr, fn *types.Func, decl *ast.FuncDecl, outer map[*types.Var]scanner.Arg, outerList map[*types.Var][]scanner.Arg, chain []string, at scanner.Pos) {
	sig, ok := fn.Type().(*types.Signature)
	// Without parameters, only a helper of an imported package can
	// launch more here than where it is written (a field its importer
	// sets).
	if !ok || sig.Params().Len() == 0 && c.scopeOf(fn.Pkg()) == nil {
		return
	}
	if slices.ContainsFunc(c.frames, func(f frame) bool { return f.fn == fn }) {
		c.helperCuts++
		return // recursion: already being followed
	}
	chain = append(chain, helperName(fn))
	c.frames = append(c.frames, frame{call, fn, decl})
	defer func(n int) { c.frames = c.frames[:n] }(len(c.frames) - 1)
	c.bind, c.bindList = outer, outerList
	bind, bindList := c.bindArgs(call, sig, 0)
	params := sig.Params()
	if c.scopeOf(fn.Pkg()) == nil && !anyKnown(bind, bindList) {
		// Every value handed on is unknown: the helper's calls judged
		// with them read as they do where they are written (judged
		// there), so following them adds nothing. Walking every path
		// through a layered package regardless cost minutes.
		return
	}
	key, quiet := c.visitKeys(fn, params, bind, bindList, at)
	if d, ok := c.visited[key]; ok && d <= len(chain) {
		return
	}
	if d, ok := c.quiet[quiet]; ok && d <= len(chain) {
		// Followed already from this call with the same values, no less
		// deep, and to its end or the depth bound: it judges the same
		// argvs again. Or so followed from any call, and nothing was
		// found: nothing is found now (a walk cut at the depth bound
		// reports the values it hands on; one that went deeper judged
		// them).
		return
	}
	cuts, found := c.helperCuts, len(c.p.Findings())
	defer func() {
		if c.helperCuts != cuts {
			return
		}
		if c.visited == nil {
			c.visited, c.quiet = map[visitKey]int{}, map[visitKey]int{}
		}
		c.visited[key] = len(chain)
		if d, ok := c.quiet[quiet]; len(c.p.Findings()) == found && (!ok || len(chain) < d) {
			c.quiet[quiet] = len(chain)
		}
	}()
	c.helperVisits++
	if len(chain) > maxHelperDepth || c.helperVisits > maxHelperVisits {
		if len(chain) <= maxHelperDepth {
			c.helperCuts++ // not a matter of depth: not remembered
		}
		// The bound is reached: a runtime among the values handed on is
		// reported, dynamic, never dropped.
		var vals []scanner.Arg
		for i := 0; i < params.Len(); i++ {
			if a, ok := bind[params.At(i)]; ok {
				vals = append(vals, a)
			}
			vals = append(vals, bindList[params.At(i)]...)
		}
		why := fmt.Sprintf("handed through more than %d helpers (%s); the rest of the chain is not followed", maxHelperDepth, chainText(chain))
		if len(chain) <= maxHelperDepth {
			why = fmt.Sprintf("handed to %s after the file's calls had been followed through helpers %d times; the rest is not followed", chainText(chain), maxHelperVisits)
		}
		c.reportUnfollowed(vals, at, why)
		return
	}
	var groups map[types.Object][]cmdField
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && assignsCmdField(c.info, as) {
			if groups == nil {
				groups = cmdFields(c.info, decl.Body)
			}
			c.scope = c.scopeOf(fn.Pkg())
			c.judgeCmdFields(as, groups, &at, chain, bind, bindList)
			c.scope = nil
			return true
		}
		inner, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		c.bind, c.bindList = nil, nil
		c.scope = c.scopeOf(fn.Pkg())
		unbound, ok := c.processArgv(inner)
		c.scope = nil
		if ok {
			c.bind, c.bindList = bind, bindList
			bound, _ := c.processArgv(inner)
			c.bind, c.bindList = nil, nil
			// A launch, or a shell string the parameters do not change
			// (`sh -c fmt.Sprintf("%s -p", bin)` does change), is judged
			// where it is written.
			if l, nested := c.p.Config.JudgeArgv(unbound); l != nil || len(nested) > 0 && sameArgv(unbound, bound) {
				return true
			}
			var sites map[string]scanner.Step
			if !c.dry {
				sites = c.launchSites(inner)
			}
			c.bind, c.bindList = bind, bindList
			// A helper whose process-API call sits in a declared choke
			// point launches inside it: gated, as the choke point's own
			// launches are.
			choke := c.p.Config.IsChokepoint(c.fset.Position(inner.Pos()).Filename)
			was := c.p.Chokepoint
			c.p.Chokepoint = was || choke
			c.judgeVia(bound, at, chain, sites)
			c.p.Chokepoint = was
			return true
		}
		c.helperCalls(inner, bind, bindList, chain, at)
		return true
	})
}

// sameArgv reports whether two argvs hold the same values.
func sameArgv(a, b []scanner.Arg) bool {
	return slices.EqualFunc(a, b, func(x, y scanner.Arg) bool { return x.Known == y.Known && x.Value == y.Value })
}

// visitKey is what a helper's walk depends on (viaHelper): the helper,
// the values its parameters are bound to, the state of the checker it
// reads, and (for what it reports) where and on which pass.
type visitKey struct {
	fn                         *types.Func
	pass                       *scanner.Pass
	at                         scanner.Pos
	dry, choke, cut, resultCut bool
	vals                       string
}

// visitKeys returns the keys of a helper's walk (viaHelper): with where
// it reports, and without (the values' positions left out: whether the
// walk finds anything does not depend on them).
func (c *checker) visitKeys(fn *types.Func, params *types.Tuple, bind map[*types.Var]scanner.Arg, bindList map[*types.Var][]scanner.Arg, at scanner.Pos) (key, quiet visitKey) {
	write := func(b *strings.Builder, pos bool) {
		for i := 0; i < params.Len(); i++ {
			v := params.At(i)
			if a, ok := bind[v]; ok {
				writeArg(b, a, pos)
			}
			if l, ok := bindList[v]; ok {
				fmt.Fprintf(b, "[%d", len(l))
				for _, a := range l {
					writeArg(b, a, pos)
				}
			}
			b.WriteByte(';')
		}
	}
	var with, without strings.Builder
	write(&with, true)
	write(&without, false)
	quiet = visitKey{fn: fn, dry: c.dry, choke: c.p.Chokepoint, cut: c.cut, resultCut: c.resultCut, vals: without.String()}
	key = quiet
	key.pass, key.at, key.vals = c.p, at, with.String()
	return key, quiet
}

// writeArg writes what an Arg says, unambiguously (lengths before
// texts), with its positions when pos is set.
func writeArg(b *strings.Builder, a scanner.Arg, pos bool) {
	fmt.Fprintf(b, "(%t%t%d:%s%d:%s", a.Known, a.Cut, len(a.Value), a.Value, len(a.Via), a.Via)
	if pos {
		fmt.Fprintf(b, "%d:%d", a.Pos.Line, a.Pos.Column)
	}
	for _, x := range a.Alts {
		writeArg(b, x, pos)
	}
	b.WriteByte(')')
}

// helperName is how a helper is named in a chain: `pkg.F`, `T.M`.
func helperName(fn *types.Func) string {
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		t := sig.Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return n.Obj().Name() + "." + fn.Name()
		}
	}
	if fn.Pkg() != nil {
		return fn.Pkg().Name() + "." + fn.Name()
	}
	return fn.Name()
}

// judgeVia judges argv, reached through the helpers of chain, at the call
// that starts the chain; the findings name the chain. A launch of a
// runtime that sites holds does not come from this call's arguments: the
// finding records that launch as its Site, so that the driver merges the
// calls reaching it into one finding.
func (c *checker) judgeVia(argv []scanner.Arg, at scanner.Pos, chain []string, sites map[string]scanner.Step) {
	before := len(c.p.Findings())
	c.judge(argv, at)
	note := fmt.Sprintf(" (through %s)", chainText(chain))
	fs := c.p.Findings()
	for i := before; i < len(fs); i++ {
		fs[i].Message += note
		if !fs[i].IsLaunch() || c.dry {
			continue
		}
		s, ok := sites[fs[i].Runtime]
		if !ok {
			s, ok = c.callSite(fs[i].Runtime)
		}
		if ok {
			fs[i].Site = &s
		}
	}
}

// fileAt stands for the file that holds pos, as c.file does for the file
// being checked (only its extent is read, by c.pos).
func (c *checker) fileAt(pos token.Pos) *ast.File {
	tf := c.fset.File(pos)
	if tf == nil {
		return nil
	}
	return &ast.File{FileStart: token.Pos(tf.Base()), FileEnd: token.Pos(tf.Base() + tf.Size())}
}

// callSite finds, for a launch of runtime reached through the helper
// calls of c.frames whose process-API call does not launch it on its own,
// the deepest helper's body that names it: the call there that the chain
// goes through, judged with the arguments that body gives it and
// nothing of the calls above, still launches runtime. That call is where
// its own package's scan reports the launch (`b.Start()` → `c.Run("claude")`
// in b: the launch is b's call, every call of b.Start only reaches it).
// ok is false when only the first call supplies the runtime.
func (c *checker) callSite(runtime string) (scanner.Step, bool) {
	frames := slices.Clone(c.frames)
	p, file, bind, bindList, scope, cut := c.p, c.file, c.bind, c.bindList, c.scope, c.cut
	defer func() {
		c.p, c.file, c.bind, c.bindList, c.scope, c.cut, c.frames, c.dry = p, file, bind, bindList, scope, cut, frames, false
	}()
	c.dry = true
	for k := len(frames) - 1; k >= 1; k-- {
		f := frames[k]
		pos := c.fset.Position(f.call.Pos())
		at := scanner.Pos{Line: pos.Line, Column: pos.Column}
		c.p = p.Fork(pos.Filename, nil)
		c.file, c.scope, c.frames = c.fileAt(f.call.Pos()), nil, nil
		names := make([]string, k)
		for i := range names {
			names[i] = helperName(frames[i].fn)
		}
		c.viaHelper(f.call, f.fn, f.decl, nil, nil, names, at)
		for _, x := range c.p.Findings() {
			if x.Runtime == runtime {
				return scanner.Step{File: pos.Filename, Line: x.Line, Column: x.Column, Note: "the launch"}, true
			}
		}
	}
	return scanner.Step{}, false
}

// launchSites judges the process-API call inner, in a helper's body, as
// a launch of its own: the helper's parameters unknown, its fields and
// variables every value the loaded packages give them. The runtimes it
// launches so do not come from the arguments of a call that reaches the
// helper; each is mapped to where the launch is reported in inner's file
// (the position its own package's scan reports it at).
func (c *checker) launchSites(inner *ast.CallExpr) map[string]scanner.Step {
	file, bind, bindList, scope, cut := c.file, c.bind, c.bindList, c.scope, c.cut
	defer func() { c.file, c.bind, c.bindList, c.scope, c.cut = file, bind, bindList, scope, cut }()
	// Judged as inner's own file's scan judges it.
	c.file, c.bind, c.bindList, c.scope = c.fileAt(inner.Pos()), nil, nil, nil
	argv, ok := c.processArgv(inner)
	if !ok {
		return nil
	}
	pos := c.fset.Position(inner.Pos())
	fork := c.p.Fork(pos.Filename, nil)
	fork.Judge(scanner.Command{Argv: argv, At: scanner.Pos{Line: pos.Line, Column: pos.Column}, API: true})
	var sites map[string]scanner.Step
	for _, f := range fork.Findings() {
		if !f.IsLaunch() {
			continue
		}
		if _, ok := sites[f.Runtime]; ok {
			continue
		}
		if sites == nil {
			sites = map[string]scanner.Step{}
		}
		sites[f.Runtime] = scanner.Step{File: pos.Filename, Line: f.Line, Column: f.Column, Note: "the launch"}
	}
	return sites
}

func chainText(chain []string) string {
	parts := make([]string, len(chain))
	for i, n := range chain {
		parts[i] = "`" + n + "`"
	}
	return strings.Join(parts, " → ")
}

// cmdLiteral handles exec.Cmd{Path: ..., Args: ...}.
func (c *checker) cmdLiteral(lit *ast.CompositeLit) {
	path, args, ok := c.cmdLiteralFields(lit)
	if !ok {
		return
	}
	var argv []scanner.Arg
	if args == nil {
		argv = []scanner.Arg{c.str(path, 0)}
	} else {
		argv = c.pathArgv(path, args)
	}
	before, at := len(c.p.Findings()), c.pos(lit.Pos())
	c.judge(argv, at)
	c.noteLost(argv, at, before)
}

// cmdLiteralFields returns the Path and Args (nil when absent) of an
// exec.Cmd literal; ok is false for another literal or one without Path.
func (c *checker) cmdLiteralFields(lit *ast.CompositeLit) (path, args ast.Expr, ok bool) {
	t := c.info.TypeOf(lit)
	if t == nil {
		return nil, nil, false
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "os/exec" || named.Obj().Name() != "Cmd" {
		return nil, nil, false
	}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if k, ok := kv.Key.(*ast.Ident); ok {
			switch k.Name {
			case "Path":
				path = kv.Value
			case "Args":
				args = kv.Value
			}
		}
	}
	return path, args, path != nil
}

// pathArgv builds the argv of an exec-style call: the path executed, then
// the argv list without its argv[0] (a display name).
func (c *checker) pathArgv(path, list ast.Expr) []scanner.Arg {
	argv := []scanner.Arg{c.str(path, 0)}
	if l, ok := c.list(list, 0); ok {
		if len(l) > 1 {
			argv = append(argv, l[1:]...)
		}
	} else {
		argv = append(argv, scanner.Arg{})
	}
	return argv
}

// argList resolves call arguments; with spread the last one is a slice.
func (c *checker) argList(args []ast.Expr, spread bool) []scanner.Arg {
	var argv []scanner.Arg
	for i, a := range args {
		if spread && i == len(args)-1 {
			if l, ok := c.list(a, 0); ok {
				argv = append(argv, l...)
			} else {
				argv = append(argv, scanner.Arg{})
			}
			continue
		}
		argv = append(argv, c.str(a, 0))
	}
	return argv
}

// judge decides an argv and reports what it launches. A process API with
// an argv is class process-api unless the runtime's name came through a
// variable (variable-execution), a run-time look-up (dynamic) or a package
// runner (package-runner); a shell string in the argv gets the shell
// detector's verdict with class eval.
func (c *checker) judge(argv []scanner.Arg, at scanner.Pos) {
	if len(argv) == 0 {
		return
	}
	if c.cut || c.resultCut {
		for _, a := range argv {
			if a.Known {
				continue
			}
			if !unknownMayRun(c.p.Config, argv) {
				// what lies past the bound is only ever an argument
				// (`git -C dir diff`): whatever it is, nothing it can
				// be makes this command start a runtime
				c.cut, c.resultCut = false, false
				break
			}
			if c.cut {
				c.p.ReportUnparseable(at, fmt.Sprintf("a value of this command is traced through more than %d variables, calls or operators; the part beyond is not judged", maxResolveDepth))
			} else {
				c.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: "unknown", Class: scanner.ClassDynamic,
					Message: fmt.Sprintf("a value of this command is returned through more than %d calls, variables or operators; the rest of the chain is not followed", maxResolveDepth)})
			}
			c.cut, c.resultCut = false, false
			break
		}
	}
	cmd := scanner.Command{Argv: argv, At: at, API: true}
	if !argv[0].Known {
		cmd.Alts = argv[0].Alts
	}
	c.p.Judge(cmd)
	c.judgeScripts(argv, at)
}

// constString returns the constant string value of e, if the type checker
// folded one.
func (c *checker) constString(e ast.Expr) (string, bool) {
	tv, ok := c.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// textPos is where the text of a string expression starts (after the quote
// of a literal).
func (c *checker) textPos(e ast.Expr) scanner.Pos {
	p := c.pos(e.Pos())
	if lit, ok := ast.Unparen(e).(*ast.BasicLit); ok && lit.Kind == token.STRING {
		p.Column++
	}
	return p
}

// strongerVia combines the classes of concatenated parts: a run-time value
// wins over a tracked variable, which wins over a literal.
func strongerVia(a, b scanner.Class) scanner.Class {
	if a == scanner.ClassDynamic || b == scanner.ClassDynamic {
		return scanner.ClassDynamic
	}
	if a != "" {
		return a
	}
	return b
}

// unknownPrefix stands for the unknown start of a path whose end is known
// (filepath.Join(home, ".local/bin/claude")).
const unknownPrefix = "…"

// str resolves a string-valued expression to an Arg.
func (c *checker) str(e ast.Expr, depth int) scanner.Arg {
	at := c.textPos(e)
	if s, ok := c.constString(e); ok {
		return scanner.Arg{Value: s, Known: true, Pos: at}
	}
	unknown := scanner.Arg{Pos: at}
	if depth > maxResolveDepth {
		c.cut = true
		return unknown
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := c.info.Uses[e].(*types.Var)
		if !ok {
			return unknown
		}
		if b, ok := c.bind[v]; ok {
			return b
		}
		if a, ok := c.paramString(v, depth); ok {
			a.Pos = at
			return a
		}
		if a, ok := c.litParamString(v, depth); ok {
			a.Pos = at
			return a
		}
		a := c.varString(v, depth)
		a.Pos = at
		return a
	case *ast.SelectorExpr:
		if v := qualifiedVar(c.info, e); v != nil {
			a := c.varString(v, depth)
			a.Pos = at
			return a
		}
		a := c.fieldString(e, depth)
		a.Pos = at
		return a
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return unknown
		}
		l, r := c.str(e.X, depth+1), c.str(e.Y, depth+1)
		switch {
		case l.Known && r.Known:
			return scanner.Arg{Value: l.Value + r.Value, Known: true, Via: strongerVia(l.Via, r.Via), Pos: at}
		case r.Known && strings.Contains(r.Value, "/"):
			return scanner.Arg{Value: unknownPrefix + r.Value, Known: true, Via: r.Via, Pos: at}
		}
		return unknown
	case *ast.IndexExpr:
		if sx, ok := ast.Unparen(e.X).(*ast.SelectorExpr); ok && isOSArgs(qualifiedVar(c.info, sx)) {
			if i, ok := c.constInt(e.Index); ok && i == 0 {
				return scanner.Arg{Value: selfExe, Known: true, Pos: at} // the program itself
			}
		}
		if l, ok := c.list(e.X, depth+1); ok && !c.elemsSet(e.X) {
			if i, ok := c.constInt(e.Index); ok && i >= 0 && i < len(l) {
				a := l[i]
				a.Pos = at
				return a
			}
		}
		a := c.indexString(e, depth)
		a.Pos = at
		return a
	case *ast.CallExpr:
		a := c.callString(e, 0, depth)
		a.Pos = at
		return a
	case *ast.StarExpr:
		// *p: a pointer is read as what it points to (`*bin` of
		// `bin := flag.String(...)`, p := &s)
		a := c.str(e.X, depth+1)
		a.Pos = at
		return a
	case *ast.TypeAssertExpr:
		// v.(string): the value asserted (viper.Get(k).(string))
		a := c.str(e.X, depth+1)
		a.Pos = at
		return a
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			a := c.str(e.X, depth+1)
			a.Pos = at
			return a
		}
		if e.Op == token.ARROW {
			// <-ch: every value the package sends on the channel
			// variable, and one found at run time (a send the analysis
			// does not see: the channel handed to a function)
			v := c.builderVar(e.X)
			if v == nil {
				return unknown
			}
			sent := c.chanSends(e.X, depth)
			if len(sent) == 0 {
				return unknown
			}
			sent = append(sent, assignment{})
			a := c.valuesString(v, sent, depth+1)
			a.Pos = at
			return a
		}
	}
	return unknown
}

// structOf returns the struct type under t (a named struct, a pointer to
// one, a struct literal type).
func structOf(t types.Type) (*types.Struct, bool) {
	if t == nil {
		return nil, false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return st, ok
}

// fieldString resolves x.Field from every value the package gives that
// field (composite literals, constructors, assignments): a set, judged as
// varString judges a variable's values.
func (c *checker) fieldString(e *ast.SelectorExpr, depth int) scanner.Arg {
	sel := c.info.Selections[e]
	if depth > maxResolveDepth {
		c.cut = true
		return scanner.Arg{}
	}
	if sel == nil || sel.Kind() != types.FieldVal {
		return scanner.Arg{}
	}
	v, ok := sel.Obj().(*types.Var)
	if !ok {
		return scanner.Arg{}
	}
	c.inField++
	defer func() { c.inField-- }()
	a := c.valuesString(v, c.valuesOf(c.fieldValues, v), depth)
	if js := c.jsonFieldValues(e, v, depth, false); len(js) > 0 {
		// a field also holds what a JSON document decoded into its
		// struct gives it: a value found at run time
		return c.judgeSet(append(js, a), false)
	}
	return a
}

// jsonFieldValues are the values a field of a struct gets from the JSON
// texts the package decodes into a value holding that struct (the struct,
// or a map, slice, array or pointer of it: `json.Unmarshal(b, &c)` with b
// a file of the repository read by os.ReadFile or embedded, also
// `json.NewDecoder(f).Decode(&c)` with f opened by os.Open): every member
// the field's json tag (or, ignoring case, its name) names, anywhere in
// the document (an over-approximation of where the struct sits in it),
// when it is a string, or, with list, each string of it when it is an
// array.
func (c *checker) jsonFieldValues(e *ast.SelectorExpr, field *types.Var, depth int, list bool) []scanner.Arg {
	if c.idx == nil {
		return nil
	}
	c.idx.unmarshalOnce.Do(func() {
		for _, f := range c.idx.files {
			if !fileImports(f, "encoding/json") && !slices.ContainsFunc(f.Imports, func(im *ast.ImportSpec) bool { _, ok := documentDecoders[strings.Trim(im.Path.Value, `"`)]; return ok }) {
				continue
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok && len(call.Args) <= 3 {
					k := calleeOf(c.info, call)
					if k.pkg == "encoding/json" && (k.name == "Unmarshal" && k.recv == "" && len(call.Args) == 2 || k.name == "Decode" && k.recv == "Decoder" && len(call.Args) == 1) {
						c.idx.unmarshals = append(c.idx.unmarshals, call)
					} else if _, ok := documentDecoders[k.pkg]; ok && k.recv == "" && (k.name == "Unmarshal" || k.name == "Decode") && len(call.Args) >= 2 {
						c.idx.unmarshals = append(c.idx.unmarshals, call)
					}
				}
				return true
			})
		}
	})
	if len(c.idx.unmarshals) == 0 {
		return nil
	}
	st, ok := structOf(c.info.TypeOf(e.X))
	if !ok {
		return nil
	}
	// the field's key in a document of each format: its tag, else its
	// name in any case
	keyOf := func(format string) (string, bool) {
		tag := ""
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i) == field {
				tag = reflect.StructTag(st.Tag(i)).Get(format)
			}
		}
		key, _, _ := strings.Cut(tag, ",")
		return key, key != "-"
	}
	var out []scanner.Arg
	for _, call := range c.idx.unmarshals {
		k := calleeOf(c.info, call)
		format := "json"
		if f, ok := documentDecoders[k.pkg]; ok {
			format = f
		}
		key, ok := keyOf(format)
		if !ok {
			continue
		}
		targetArg := call.Args[len(call.Args)-1]
		if format != "json" {
			targetArg = call.Args[1]
		}
		target := ast.Unparen(targetArg)
		if u, ok := target.(*ast.UnaryExpr); ok && u.Op == token.AND {
			target = u.X
		}
		if !holdsStruct(c.info.TypeOf(target), st, 0) {
			continue
		}
		var data scanner.Arg
		if len(call.Args) == 2 || format != "json" {
			data = c.str(call.Args[0], depth+1)
		} else {
			data = c.decoderText(call, depth)
		}
		if !data.Known {
			out = append(out, scanner.Arg{})
			continue
		}
		doc, ok := decodeDocument(format, data.Value)
		if !ok {
			continue
		}
		jsonMembers(doc, func(k string, val any) {
			if key != k && (key != "" || !strings.EqualFold(k, field.Name())) || len(out) > maxPossibilities {
				return
			}
			if s, ok := val.(string); ok && !list {
				out = append(out, scanner.Arg{Value: s, Known: true, Via: scanner.ClassDynamic})
			}
			if l, ok := val.([]any); ok && list {
				for _, el := range l {
					if s, ok := el.(string); ok {
						out = append(out, scanner.Arg{Value: s, Known: true, Via: scanner.ClassDynamic})
					}
				}
			}
		}, 0)
	}
	return out
}

// documentDecoders are the YAML and TOML packages whose Unmarshal (or
// toml.Decode) of a repository document into a struct is read as
// json.Unmarshal is, with the document's format.
var documentDecoders = map[string]string{
	"gopkg.in/yaml.v3": "yaml", "gopkg.in/yaml.v2": "yaml", "go.yaml.in/yaml/v3": "yaml", "sigs.k8s.io/yaml": "json", "github.com/goccy/go-yaml": "yaml",
	"github.com/pelletier/go-toml/v2": "toml", "github.com/BurntSushi/toml": "toml",
}

// decodeDocument parses a document of format (json, yaml, toml) into
// maps, lists and scalars; sigs.k8s.io/yaml reads YAML through json tags.
func decodeDocument(format, text string) (any, bool) {
	var doc any
	var err error
	switch format {
	case "toml":
		err = toml.Unmarshal([]byte(text), &doc)
	case "yaml":
		err = yaml.Unmarshal([]byte(text), &doc)
	default:
		if err = json.Unmarshal([]byte(text), &doc); err != nil {
			// sigs.k8s.io/yaml: YAML read through json tags
			err = yaml.Unmarshal([]byte(text), &doc)
		}
	}
	return doc, err == nil
}

// maxJSONDepth bounds the nesting of a JSON document walked for members,
// and the containers a decode target's type is looked through.
const maxJSONDepth = 16

// jsonMembers calls yield with every member of every object of v, at
// most maxJSONDepth levels deep.
func jsonMembers(v any, yield func(string, any), depth int) {
	if depth > maxJSONDepth {
		return
	}
	switch v := v.(type) {
	case map[string]any:
		for k, m := range v {
			yield(k, m)
			jsonMembers(m, yield, depth+1)
		}
	case []any:
		for _, m := range v {
			jsonMembers(m, yield, depth+1)
		}
	}
}

// holdsStruct reports whether a value of type t holds a value of the
// struct st: st itself, or a pointer, map, slice, array or struct
// holding one (at most maxJSONDepth levels: a recursive type ends).
func holdsStruct(t types.Type, st *types.Struct, depth int) bool {
	if t == nil || depth > maxJSONDepth {
		return false
	}
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Struct:
		if u == st {
			return true
		}
		for i := 0; i < u.NumFields(); i++ {
			if holdsStruct(u.Field(i).Type(), st, depth+1) {
				return true
			}
		}
		return false
	case *types.Pointer:
		return holdsStruct(u.Elem(), st, depth+1)
	case *types.Map:
		return holdsStruct(u.Elem(), st, depth+1)
	case *types.Slice:
		return holdsStruct(u.Elem(), st, depth+1)
	case *types.Array:
		return holdsStruct(u.Elem(), st, depth+1)
	}
	return false
}

// decoderText is the text a json.Decoder's Decode reads: the decoder is
// json.NewDecoder (the call itself or a variable given it once) of a file
// os.Open opens by a constant path (the call or a variable given it
// once), read as os.ReadFile reads it.
func (c *checker) decoderText(call *ast.CallExpr, depth int) scanner.Arg {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return scanner.Arg{}
	}
	nd, ok := c.onceCall(sel.X)
	if !ok || len(nd.Args) != 1 {
		return scanner.Arg{}
	}
	if k := c.callee(nd); k.pkg != "encoding/json" || k.name != "NewDecoder" {
		return scanner.Arg{}
	}
	op, ok := c.onceCall(nd.Args[0])
	if !ok || len(op.Args) != 1 {
		return scanner.Arg{}
	}
	if k := c.callee(op); k.pkg != "os" || k.recv != "" || k.name != "Open" {
		return scanner.Arg{}
	}
	return c.readFile(op, depth)
}

// onceCall is the call e is, or the call a variable e names is given
// once (its first result).
func (c *checker) onceCall(e ast.Expr) (*ast.CallExpr, bool) {
	for hops := 0; hops <= maxTemplateHops; hops++ {
		switch x := ast.Unparen(e).(type) {
		case *ast.CallExpr:
			return x, true
		case *ast.Ident:
			v, ok := c.info.Uses[x].(*types.Var)
			if !ok {
				return nil, false
			}
			as := c.valuesOf(c.assigns, v)
			if len(as) != 1 || as[0].expr == nil || as[0].idx > 0 {
				return nil, false
			}
			e = as[0].expr
		default:
			return nil, false
		}
	}
	return nil, false
}

// fileImports reports whether f imports path.
func fileImports(f *ast.File, path string) bool {
	for _, im := range f.Imports {
		if p, err := strconv.Unquote(im.Path.Value); err == nil && p == path {
			return true
		}
	}
	return false
}

// varString resolves a variable from the values the code gives it.
func (c *checker) varString(v *types.Var, depth int) scanner.Arg {
	return c.valuesString(v, c.valuesOf(c.assigns, v), depth)
}

// maxPossibilities bounds the values of one variable or field judged as a
// set; past it, a value that names a runtime makes the set dynamic.
const maxPossibilities = 16

// valuesString resolves a variable or field from the values as it is
// given. One value is that value (variable-execution when it names
// something through the variable). Several values are a set: a value
// that names a runtime or the wrapper is the one judged — variable-
// execution when every value is known, dynamic when some are found at run
// time (`bin := os.Getenv("X"); if bin == "" { bin = "claude" }`) or the
// set is larger than maxPossibilities.
func (c *checker) valuesString(v *types.Var, as []assignment, depth int) scanner.Arg {
	if len(as) == 0 || c.resolving[v] {
		return scanner.Arg{}
	}
	if c.resolving == nil {
		c.resolving = map[*types.Var]bool{}
	}
	c.resolving[v] = true
	defer delete(c.resolving, v)
	var vals []scanner.Arg
	allKnown := len(as) <= maxPossibilities
	// Past maxPossibilities only a value naming a runtime (or the
	// wrapper) is kept, and the set is dynamic: none is dropped.
	add := func(r scanner.Arg) {
		if len(vals) < maxPossibilities || c.argNamesRuntime(r) {
			vals = append(vals, r)
		} else {
			allKnown = false
		}
	}
	var pieces []assignment
	for _, a := range as {
		if a.plus != nil {
			pieces = append(pieces, a)
			continue
		}
		if a.zero {
			add(scanner.Arg{Value: "", Known: true})
			continue
		}
		if a.embed != nil {
			contents, ok := c.embedded(a)
			for _, t := range contents {
				add(scanner.Arg{Value: t, Known: true})
			}
			if !ok {
				allKnown = false
				add(scanner.Arg{})
			}
			continue
		}
		if a.rangeOf != nil {
			elems, ok := c.rangeElems(a.rangeOf, a.key, depth+1)
			if !ok {
				elems = []scanner.Arg{{}}
			}
			for _, r := range elems {
				allKnown = allKnown && r.Known
				add(r)
			}
			continue
		}
		var r scanner.Arg
		if a.expr != nil {
			if a.idx < 0 {
				r = c.str(a.expr, depth+1)
			} else if call, ok := ast.Unparen(a.expr).(*ast.CallExpr); ok {
				r = c.callString(call, a.idx, depth+1)
			}
		}
		if !r.Known {
			allKnown = false
		}
		add(r)
	}
	if len(pieces) > 0 {
		var known bool
		vals, known = c.withPieces(vals, pieces, depth)
		allKnown = allKnown && known && len(vals) <= maxPossibilities
	}
	return c.judgeSet(vals, allKnown)
}

// pieceString resolves a piece added to a string: a concatenation is
// read part by part, an unknown part a neutral word (`" --session-id " +
// id` is ` --session-id _`), so the known words around it are kept.
func (c *checker) pieceString(e ast.Expr, depth int) scanner.Arg {
	if tv, ok := c.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int {
		// a byte or rune written to a builder (sb.WriteByte('c'))
		if i, ok := constant.Int64Val(tv.Value); ok && i >= 0 && i <= 0x10FFFF {
			return scanner.Arg{Value: string(rune(i)), Known: true}
		}
	}
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || b.Op != token.ADD {
		return c.str(e, depth)
	}
	if r := c.str(e, depth); r.Known {
		return r
	}
	l, r := c.pieceString(b.X, depth+1), c.pieceString(b.Y, depth+1)
	out := scanner.Arg{Known: true, Via: strongerVia(l.Via, r.Via), Value: unknownWord + unknownWord}
	if l.Known {
		out.Value = l.Value + unknownWord
	}
	if r.Known {
		out.Value = strings.TrimSuffix(out.Value, unknownWord) + r.Value
	}
	if !l.Known && !r.Known {
		return scanner.Arg{}
	}
	return out
}

// maxPieces bounds the pieces added to one string variable that are
// kept; past it only a piece naming a runtime is, and the set is dynamic.
const maxPieces = 64

// withPieces is every value of a string variable the code adds to (`var
// cmd string; cmd += bin; cmd += " -p"`): each of its other values (bases)
// followed by the pieces, in the order they are written, an
// over-approximation that keeps every piece. A piece that may not run
// (not in the block that declares the variable) may be missing: the bases
// are also followed by the pieces that always run, and by those before a
// piece naming a runtime that always run, then that piece and every one
// after it, so an optional word cannot hide the runtime's. An unknown
// piece is a neutral word (as in fmt.Sprintf); an unknown base is
// judged as nothing before the pieces, dynamic. known is false when a part
// is unknown or a piece was left out past maxPieces.
func (c *checker) withPieces(bases []scanner.Arg, pieces []assignment, depth int) ([]scanner.Arg, bool) {
	if len(bases) == 0 {
		bases = []scanner.Arg{{}} // only added to: what it held is not known
	}
	known := true
	type part struct {
		a    scanner.Arg
		cond bool
		// loop, when set, is the whole of a loop adding the range
		// variable of a list literal (rangeJoin)
		loop *scanner.Arg
	}
	var parts []part
	anyLoop := false
	for _, p := range pieces {
		for _, e := range p.plus {
			a := c.pieceString(e, depth+1)
			if len(parts) >= maxPieces && !c.argNamesRuntime(a) {
				known = false // past the bound only a runtime's piece is kept
				continue
			}
			pt := part{a: a, cond: p.cond}
			if j, ok := c.rangeJoin(e, depth+1); ok {
				pt.loop, anyLoop = &j, true
			}
			parts = append(parts, pt)
		}
	}
	// the pieces kept by each variant: all of them, those that always
	// run, and those always run before a piece naming a runtime with it
	// and all after it
	// (the set judged picks its first value naming a runtime: the
	// variants with the fewest optional words first)
	var variants [][]bool
	anyCond := false
	for _, p := range parts {
		anyCond = anyCond || p.cond
	}
	if anyCond {
		uncond := make([]bool, len(parts))
		for i, p := range parts {
			uncond[i] = !p.cond
		}
		variants = append(variants, uncond)
		for i, p := range parts {
			if !p.cond || !c.argNamesRuntime(p.a) {
				continue
			}
			v := make([]bool, len(parts))
			for j := range parts {
				v[j] = j >= i || !parts[j].cond
			}
			variants = append(variants, v)
		}
	}
	variants = append(variants, nil) // every piece
	var out []scanner.Arg
	seen := map[string]bool{}
	for _, b := range bases {
		for _, keep := range variants {
			r := scanner.Arg{Known: true, Via: b.Via, Value: b.Value}
			if !b.Known {
				// what it held is found at run time (`cd $dir && `, or
				// nothing): the pieces are judged alone, dynamic
				r.Value, r.Via, known = "", scanner.ClassDynamic, false
			}
			for i, p := range parts {
				if keep != nil && !keep[i] {
					continue
				}
				if !p.a.Known {
					r.Value += unknownWord
					known = false
					continue
				}
				r.Value += p.a.Value
				r.Via = strongerVia(r.Via, p.a.Via)
			}
			if k := r.Value + "\x00" + string(r.Via); !seen[k] && (len(out) < maxPossibilities || c.argNamesRuntime(r)) {
				seen[k] = true
				out = append(out, r)
			} else if !seen[k] {
				known = false
			}
		}
	}
	if anyLoop {
		// each loop run to its end: every element added in turn
		for _, b := range bases {
			r := scanner.Arg{Known: true, Via: strongerVia(b.Via, scanner.ClassVariableExecution), Value: b.Value}
			if !b.Known {
				r.Value, r.Via = "", scanner.ClassDynamic
			}
			for _, p := range parts {
				switch {
				case p.loop != nil:
					r.Value += p.loop.Value
				case p.a.Known:
					r.Value += p.a.Value
					r.Via = strongerVia(r.Via, p.a.Via)
				default:
					r.Value += unknownWord
				}
			}
			if k := r.Value + "\x00" + string(r.Via); !seen[k] && (len(out) < maxPossibilities || c.argNamesRuntime(r)) {
				seen[k] = true
				out = append(out, r)
			}
		}
	}
	return out, known
}

// rangeJoin is, for a piece that is the value variable of a range over
// a slice or array the code gives (`for _, n := range []string{"cla",
// "ude"} { bin += n }`), every element joined in order: what the loop
// adds when it runs to its end.
func (c *checker) rangeJoin(e ast.Expr, depth int) (scanner.Arg, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return scanner.Arg{}, false
	}
	v, ok := c.info.Uses[id].(*types.Var)
	if !ok {
		return scanner.Arg{}, false
	}
	as := c.valuesOf(c.assigns, v)
	if len(as) != 1 || as[0].rangeOf == nil || as[0].key {
		return scanner.Arg{}, false
	}
	if t := c.info.TypeOf(as[0].rangeOf); t == nil {
		return scanner.Arg{}, false
	} else if _, isMap := t.Underlying().(*types.Map); isMap {
		return scanner.Arg{}, false
	}
	elems, ok := c.rangeElems(as[0].rangeOf, false, depth)
	if !ok {
		return scanner.Arg{}, false
	}
	var b strings.Builder
	for _, el := range elems {
		if !el.Known {
			return scanner.Arg{}, false
		}
		b.WriteString(el.Value)
	}
	return scanner.Arg{Value: b.String(), Known: true}, true
}

// argNamesRuntime reports whether a known value names a runtime or the
// wrapper.
func (c *checker) argNamesRuntime(a scanner.Arg) bool {
	return a.Known && (c.p.Config.MentionsRuntime([]byte(a.Value)) || c.namesCommand(a.Value))
}

// judgeSet judges the values one expression may take, as valuesString
// describes; allKnown is false when some value is found at run time or the
// set was cut at maxPossibilities.
func (c *checker) judgeSet(vals []scanner.Arg, allKnown bool) scanner.Arg {
	if len(vals) == 0 {
		return scanner.Arg{}
	}
	if len(vals) == 1 || allKnown && allSame(vals) {
		r := vals[0]
		if r.Known && r.Via == "" {
			r.Via = scanner.ClassVariableExecution
		}
		return r
	}
	var pick *scanner.Arg
	for i, r := range vals {
		if r.Known && c.p.Config.MentionsRuntime([]byte(r.Value)) {
			pick = &vals[i]
			break
		}
	}
	if pick == nil {
		for i, r := range vals {
			if r.Known && c.namesCommand(r.Value) {
				pick = &vals[i]
				break
			}
		}
	}
	if pick == nil {
		// No value names a runtime, but with the rest of the command one
		// may launch one (`tmux send-keys … "claude"` where the program
		// is "tmux" or a value found at run time): the known values are
		// the alternatives the judge reads (Arg.Alts, Command.Alts).
		var alts []scanner.Arg
		for _, r := range vals {
			if r.Known && len(alts) < maxPossibilities {
				if !allKnown {
					r.Via = scanner.ClassDynamic
				} else if r.Via == "" {
					r.Via = scanner.ClassVariableExecution
				}
				alts = append(alts, r)
			}
		}
		return scanner.Arg{Alts: alts}
	}
	r := *pick
	switch {
	case !allKnown:
		r.Via = scanner.ClassDynamic
	case r.Via == "":
		r.Via = scanner.ClassVariableExecution
	}
	return r
}

// rangeElems returns the values a range variable takes over x: the
// elements of a slice or array literal, the keys or values of a map
// literal, also through a variable the code sets once to such a literal.
func (c *checker) rangeElems(x ast.Expr, key bool, depth int) ([]scanner.Arg, bool) {
	if depth > maxResolveDepth {
		c.cut = true
		return nil, false
	}
	if isChan(c.info.TypeOf(x)) {
		// `for v := range ch`: every value sent on the channel, and one
		// found at run time
		var out []scanner.Arg
		for _, s := range c.chanSends(x, depth) {
			out = append(out, c.str(s.expr, depth+1))
		}
		return append(out, scanner.Arg{}), true
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident:
		v, ok := c.info.Uses[e].(*types.Var)
		if !ok {
			return nil, false
		}
		as := c.valuesOf(c.assigns, v)
		var out []scanner.Arg
		ok = len(as) == 1 && as[0].expr != nil && as[0].idx < 0
		if ok {
			out, ok = c.rangeElems(as[0].expr, key, depth+1)
		}
		if !ok {
			if !key && isStringList(v.Type()) && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
				// a package-level list given several values or appended to
				// (`agents = append(agents, "claude")` in an init):
				// its elements as the list model gives them
				return c.list(e, depth+1)
			}
			return nil, false
		}
		for _, s := range c.valuesOf(c.elemSets, v) {
			switch {
			case key:
				out = append(out, c.str(s.rangeOf, depth+1))
			case s.expr != nil:
				out = append(out, c.str(s.expr, depth+1))
			default:
				out = append(out, scanner.Arg{})
			}
		}
		return out, true
	case *ast.SelectorExpr:
		// a struct field (`a.config.Command[0]`): the elements of every
		// value the package gives it, as one set; a value that is not a
		// literal adds an unknown element
		sel := c.info.Selections[e]
		if sel == nil || sel.Kind() != types.FieldVal {
			return nil, false
		}
		v, ok := sel.Obj().(*types.Var)
		if !ok || c.resolving[v] {
			return nil, false
		}
		as := c.valuesOf(c.fieldValues, v)
		var js []scanner.Arg
		if !key && isStringList(v.Type()) {
			// the arrays a JSON document decoded into its struct gives it
			js = c.jsonFieldValues(e, v, depth, true)
		}
		if len(js) > 0 && len(as) == 0 {
			return append(js, scanner.Arg{}), true
		}
		if len(as) == 0 || len(as) > maxPossibilities {
			return nil, false
		}
		if c.resolving == nil {
			c.resolving = map[*types.Var]bool{}
		}
		c.resolving[v] = true
		defer delete(c.resolving, v)
		var out []scanner.Arg
		for _, a := range as {
			var l []scanner.Arg
			ok := a.expr != nil && a.idx < 0
			if ok {
				l, ok = c.rangeElems(a.expr, key, depth+1)
			}
			if !ok {
				out = append(out, scanner.Arg{})
				continue
			}
			out = append(out, l...)
		}
		if len(js) > 0 {
			out = append(append(out, js...), scanner.Arg{})
		}
		return out, true
	case *ast.CompositeLit:
		var out []scanner.Arg
		_, isMap := types.Unalias(c.info.TypeOf(e)).Underlying().(*types.Map)
		for _, el := range e.Elts {
			kv, isKV := el.(*ast.KeyValueExpr)
			switch {
			case isMap && isKV && key:
				out = append(out, c.str(kv.Key, depth+1))
			case isMap && isKV:
				out = append(out, c.str(kv.Value, depth+1))
			case key:
				return nil, false // an index
			case isKV:
				out = append(out, c.str(kv.Value, depth+1))
			default:
				out = append(out, c.str(el, depth+1))
			}
		}
		return out, true
	}
	return nil, false
}

// indexString resolves x[k] over a map, slice or array literal (also
// through a variable set once to one): the entry of a literal key, or else
// every value of the literal, judged as a set (a key absent or found at
// run time may pick any of them).
func (c *checker) indexString(e *ast.IndexExpr, depth int) scanner.Arg {
	vals, ok := c.rangeElems(e.X, false, depth+1)
	if !ok {
		return scanner.Arg{}
	}
	if _, isMap := types.Unalias(c.info.TypeOf(e.X)).Underlying().(*types.Map); isMap {
		if k, ok := c.constString(e.Index); ok {
			if keys, ok := c.rangeElems(e.X, true, depth+1); ok && len(keys) == len(vals) {
				// the entries of that key: in the literal, or set later
				// (also under a key found at run time)
				var hit []scanner.Arg
				known := true
				for i, kv := range keys {
					if kv.Known && kv.Value == k || !kv.Known {
						hit = append(hit, vals[i])
						known = known && kv.Known && vals[i].Known
					}
				}
				if len(hit) > 0 {
					return c.judgeSet(hit, known && len(hit) <= maxPossibilities)
				}
			}
		}
	}
	allKnown := len(vals) <= maxPossibilities
	for _, v := range vals {
		allKnown = allKnown && v.Known
	}
	return c.judgeSet(vals, allKnown)
}

// elemsSet reports whether x is a variable some of whose entries the
// code sets.
func (c *checker) elemsSet(x ast.Expr) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.info.Uses[id].(*types.Var)
	return ok && len(c.valuesOf(c.elemSets, v)) > 0
}

func allSame(vals []scanner.Arg) bool {
	for _, v := range vals[1:] {
		if v.Value != vals[0].Value || v.Via != vals[0].Via {
			return false
		}
	}
	return true
}

func (c *checker) namesCommand(s string) bool {
	if _, ok := c.p.Config.RuntimeForCommand(s); ok {
		return true
	}
	b := s
	if i := strings.LastIndexByte(b, '/'); i >= 0 {
		b = b[i+1:]
	}
	return b == scanner.WrapperCommand
}

// callString resolves result idx of a call that yields a string.
func (c *checker) callString(call *ast.CallExpr, idx, depth int) scanner.Arg {
	if tv, ok := c.info.Types[call.Fun]; ok && tv.IsType() && idx == 0 && len(call.Args) == 1 {
		// string(b), Path(b): a conversion to a string type is its operand
		if b, ok := tv.Type.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			if s, ok := c.runeList(call.Args[0]); ok {
				return scanner.Arg{Value: s, Known: true}
			}
			return c.str(call.Args[0], depth+1)
		}
		return scanner.Arg{}
	}
	k := c.callee(call)
	if d, ok := flagDefiners[k]; ok && d.target < 0 && idx == 0 && d.def < len(call.Args) {
		return c.flagValue(call.Args[d.def], depth)
	}
	if flagGetter(k) && idx == 0 && len(call.Args) == 1 {
		return c.flagByName(call.Args[0], depth)
	}
	if def, ok := chainedDefault(c.info, call, k); ok && idx == 0 {
		return c.flagValue(def, depth)
	}
	if envGetter(k) && idx == 0 && len(call.Args) == 1 {
		return c.envByName(call.Args[0], depth)
	}
	if configGetter(k) && idx == 0 && len(call.Args) == 1 {
		return c.configByName(call.Args[0], depth)
	}
	if r, ok := c.replacerText(call, k, depth); ok && idx == 0 {
		return r
	}
	if r, ok := c.templateText(call, depth); ok && idx == 0 {
		return r
	}
	if x, _, ok := builderMethod(c.info, call, "String"); ok && idx == 0 {
		// sb.String(): every value the builder variable is given
		if v := c.builderVar(x); v != nil {
			return c.varString(v, depth+1)
		}
		return scanner.Arg{}
	}
	pkg, name := k.pkg, k.name
	if k.recv != "" {
		pkg = ""
	}
	switch {
	case pkg == "strings" && idx == 0 && stringFuncs[name] != nil:
		if r, ok := c.stringFunc(call, stringFuncs[name], depth); ok {
			return r
		}
	case pkg == "fmt" && (name == "Sprint" || name == "Sprintln") && idx == 0 && !call.Ellipsis.IsValid():
		if r, ok := c.sprint(call, name == "Sprintln", depth); ok {
			return r
		}
	case utf16Conversions[k] && idx == 0 && len(call.Args) == 1:
		return c.str(call.Args[0], depth+1)
	case (pkg == "os" || pkg == "io/ioutil") && name == "ReadFile" && idx == 0 && len(call.Args) == 1:
		return c.readFile(call, depth)
	case pkg == "os" && name == "Executable" && idx == 0 && len(call.Args) == 0:
		// the program itself, run again
		return scanner.Arg{Value: selfExe, Known: true}
	case pkg == "os/exec" && name == "LookPath" && idx == 0 && len(call.Args) == 1:
		// The path found at run time for a named program.
		a := c.str(call.Args[0], depth+1)
		if a.Known {
			a.Via = scanner.ClassDynamic
		}
		return a
	case (pkg == "path/filepath" && (name == "Abs" || name == "EvalSymlinks") || (pkg == "path/filepath" || pkg == "path") && name == "Clean") && idx == 0 && len(call.Args) == 1:
		// the same file, by another spelling of its path
		return c.str(call.Args[0], depth+1)
	case (pkg == "path/filepath" || pkg == "path") && name == "Join" && idx == 0 && len(call.Args) > 0:
		last := c.str(call.Args[len(call.Args)-1], depth+1)
		if !last.Known {
			return scanner.Arg{}
		}
		parts := make([]string, 0, len(call.Args))
		via := last.Via
		for _, a := range call.Args {
			r := c.str(a, depth+1)
			if !r.Known {
				return scanner.Arg{Value: unknownPrefix + "/" + last.Value, Known: true, Via: via}
			}
			via = strongerVia(via, r.Via)
			parts = append(parts, r.Value)
		}
		return scanner.Arg{Value: strings.Join(parts, "/"), Known: true, Via: via}
	case pkg == "cmp" && name == "Or" && idx == 0:
		// cmp.Or(os.Getenv("AGENT"), "claude"): the first non-empty value,
		// with a known fallback after a run-time one.
		seenUnknown := false
		for _, a := range call.Args {
			r := c.str(a, depth+1)
			if !r.Known {
				seenUnknown = true
				continue
			}
			if r.Value == "" {
				continue
			}
			if seenUnknown {
				r.Via = scanner.ClassDynamic
			}
			return r
		}
	case pkg == "fmt" && name == "Sprintf" && idx == 0 && len(call.Args) > 0:
		return c.sprintf(call, depth)
	case pkg == "strings" && name == "Join" && idx == 0 && len(call.Args) == 2:
		l, ok := c.list(call.Args[0], depth+1)
		sep := c.str(call.Args[1], depth+1)
		if !ok || !sep.Known {
			return scanner.Arg{}
		}
		parts := make([]string, len(l))
		via := scanner.Class("")
		for i, a := range l {
			if !a.Known {
				return scanner.Arg{}
			}
			parts[i] = a.Value
			via = strongerVia(via, a.Via)
		}
		return scanner.Arg{Value: strings.Join(parts, sep.Value), Known: true, Via: via}
	case pkg == "strings" && (name == "TrimSpace") && idx == 0 && len(call.Args) == 1:
		r := c.str(call.Args[0], depth+1)
		r.Value = strings.TrimSpace(r.Value)
		return r
	}
	return c.returnedString(call, idx, depth)
}

// builderVar is the variable x names, when it is one.
func (c *checker) builderVar(x ast.Expr) *types.Var {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		v, _ := c.info.Uses[x].(*types.Var)
		return v
	case *ast.SelectorExpr:
		return qualifiedVar(c.info, x)
	}
	return nil
}

// maxRepeat bounds the length strings.Repeat is followed to.
const maxRepeat = 4096

// stringFuncs are the pure functions of package strings followed when
// their arguments are known: each takes its string arguments (and
// integer ones as ints) and gives the result.
var stringFuncs = map[string]func(s []string, n []int) (string, bool){
	"ReplaceAll": func(s []string, _ []int) (string, bool) {
		return strings.ReplaceAll(s[0], s[1], s[2]), len(s) == 3
	},
	"Replace": func(s []string, n []int) (string, bool) {
		if len(s) != 3 || len(n) != 1 {
			return "", false
		}
		return strings.Replace(s[0], s[1], s[2], n[0]), true
	},
	"ToLower":    func(s []string, _ []int) (string, bool) { return strings.ToLower(s[0]), len(s) == 1 },
	"ToUpper":    func(s []string, _ []int) (string, bool) { return strings.ToUpper(s[0]), len(s) == 1 },
	"Trim":       func(s []string, _ []int) (string, bool) { return strings.Trim(s[0], s[1]), len(s) == 2 },
	"TrimPrefix": func(s []string, _ []int) (string, bool) { return strings.TrimPrefix(s[0], s[1]), len(s) == 2 },
	"TrimSuffix": func(s []string, _ []int) (string, bool) { return strings.TrimSuffix(s[0], s[1]), len(s) == 2 },
	"Repeat": func(s []string, n []int) (string, bool) {
		if len(s) != 1 || len(n) != 1 || n[0] < 0 || len(s[0])*n[0] > maxRepeat {
			return "", false
		}
		return strings.Repeat(s[0], n[0]), true
	},
}

// stringFunc applies f to the call's arguments when every one is known:
// ok is false otherwise (the call is then an unknown).
func (c *checker) stringFunc(call *ast.CallExpr, f func([]string, []int) (string, bool), depth int) (scanner.Arg, bool) {
	if call.Ellipsis.IsValid() || len(call.Args) == 0 {
		return scanner.Arg{}, false
	}
	var ss []string
	var ns []int
	via := scanner.Class("")
	for _, a := range call.Args {
		if i, ok := c.constInt(a); ok {
			ns = append(ns, i)
			continue
		}
		r := c.str(a, depth+1)
		if !r.Known {
			return scanner.Arg{}, false
		}
		via = strongerVia(via, r.Via)
		ss = append(ss, r.Value)
	}
	if len(ss) == 0 {
		return scanner.Arg{}, false
	}
	v, ok := f(ss, ns)
	if !ok {
		return scanner.Arg{}, false
	}
	return scanner.Arg{Value: v, Known: true, Via: via}, true
}

// sprint resolves fmt.Sprint and fmt.Sprintln of known strings: Sprint
// puts a space between two operands only when neither is a string (so
// not here), Sprintln between every two and a newline at the end.
func (c *checker) sprint(call *ast.CallExpr, ln bool, depth int) (scanner.Arg, bool) {
	parts := make([]string, 0, len(call.Args))
	via := scanner.Class("")
	for _, a := range call.Args {
		if t := c.info.TypeOf(a); t == nil || !isString(t) {
			return scanner.Arg{}, false
		}
		r := c.str(a, depth+1)
		if !r.Known {
			return scanner.Arg{}, false
		}
		via = strongerVia(via, r.Via)
		parts = append(parts, r.Value)
	}
	if ln {
		return scanner.Arg{Value: strings.Join(parts, " ") + "\n", Known: true, Via: via}, true
	}
	return scanner.Arg{Value: strings.Join(parts, ""), Known: true, Via: via}, true
}

// runeList is the text of a byte or rune slice literal of constants
// (`[]byte{'c', 'l', 'a'}`), as string() converts it.
func (c *checker) runeList(e ast.Expr) (string, bool) {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok || len(lit.Elts) == 0 {
		return "", false
	}
	t := c.info.TypeOf(lit)
	if t == nil {
		return "", false
	}
	sl, ok := t.Underlying().(*types.Slice)
	if !ok {
		return "", false
	}
	el, ok := sl.Elem().Underlying().(*types.Basic)
	if !ok || el.Info()&types.IsInteger == 0 {
		return "", false
	}
	var b strings.Builder
	for _, x := range lit.Elts {
		i, ok := c.constInt(x)
		if !ok || i < 0 || i > 0x10FFFF {
			return "", false
		}
		if el.Kind() == types.Byte || el.Kind() == types.Uint8 {
			b.WriteByte(byte(i))
		} else {
			b.WriteRune(rune(i))
		}
	}
	return b.String(), true
}

// unknownWord stands for a formatted value that cannot be resolved: a word
// that names no program.
const unknownWord = "_"

// sprintf resolves fmt.Sprintf with a known format: verbs take their
// argument's value when it is known (quoted for %q), else a neutral word, so
// a command line built with Sprintf can still be judged.
func (c *checker) sprintf(call *ast.CallExpr, depth int) scanner.Arg {
	f := c.str(call.Args[0], depth+1)
	if !f.Known || call.Ellipsis.IsValid() {
		return scanner.Arg{}
	}
	args := call.Args[1:]
	var b strings.Builder
	via := f.Via
	next := 0
	s := f.Value
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		j := i + 1
		for j < len(s) && strings.IndexByte("+-# 0123456789.[]*", s[j]) >= 0 {
			j++
		}
		if j >= len(s) {
			break
		}
		verb := s[j]
		i = j
		if verb == '%' {
			b.WriteByte('%')
			continue
		}
		val := unknownWord
		if next < len(args) {
			if a := c.str(args[next], depth+1); a.Known {
				val = a.Value
				via = strongerVia(via, a.Via)
				if verb == 'q' {
					val = strconv.Quote(val)
				}
			}
		}
		next++
		b.WriteString(val)
	}
	return scanner.Arg{Value: b.String(), Known: true, Via: via}
}

func (c *checker) constInt(e ast.Expr) (int, bool) {
	tv, ok := c.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	i, ok := constant.Int64Val(tv.Value)
	return int(i), ok
}

// list resolves a []string-valued expression; ok is false when its
// elements are not known.
func (c *checker) list(e ast.Expr, depth int) ([]scanner.Arg, bool) {
	if depth > maxResolveDepth {
		c.cut = true
		return nil, false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		var out []scanner.Arg
		for _, el := range e.Elts {
			if _, kv := el.(*ast.KeyValueExpr); kv {
				return nil, false
			}
			out = append(out, c.str(el, depth+1))
		}
		return out, true
	case *ast.Ident:
		v, ok := c.info.Uses[e].(*types.Var)
		if !ok {
			return nil, false
		}
		if l, ok := c.bindList[v]; ok {
			return l, true
		}
		if l, ok := c.litParamList(v, depth); ok {
			return l, true
		}
		return c.varList(v, depth)
	case *ast.SliceExpr:
		l, ok := c.list(e.X, depth+1)
		if !ok || e.Slice3 {
			return nil, false
		}
		lo, hi := 0, len(l)
		if e.Low != nil {
			if lo, ok = c.constInt(e.Low); !ok {
				return nil, false
			}
		}
		if e.High != nil {
			if hi, ok = c.constInt(e.High); !ok {
				return nil, false
			}
		}
		if lo < 0 || hi > len(l) || lo > hi {
			return nil, false
		}
		return l[lo:hi], true
	case *ast.CallExpr:
		return c.callList(e, depth)
	case *ast.StarExpr:
		// *argv: a pointer is read as what it points to
		return c.list(e.X, depth+1)
	case *ast.IndexExpr:
		return c.indexList(e, depth)
	}
	return nil, false
}

// maxIndexedLists bounds the lists of a literal an index is judged
// against.
const maxIndexedLists = 64

// indexList resolves an element of a map, slice or array of argvs (a
// literal, or a variable set once to one: `cmds[kind]` of
// `map[string][]string{"review": {"claude", "-p"}}`): the entry of a
// constant key of a map, else every element, merged element by element
// as a function's returned lists are; entries set later (`cmds[k] = v`)
// join as lists not known.
func (c *checker) indexList(e *ast.IndexExpr, depth int) ([]scanner.Arg, bool) {
	if t := c.info.TypeOf(e); t == nil || !isStringList(t) {
		return nil, false
	}
	x := ast.Unparen(e.X)
	if id, ok := x.(*ast.Ident); ok {
		v, isVar := c.info.Uses[id].(*types.Var)
		if !isVar {
			return nil, false
		}
		as := c.valuesOf(c.assigns, v)
		if len(as) != 1 || as[0].expr == nil || as[0].idx >= 0 {
			return nil, false
		}
		x = ast.Unparen(as[0].expr)
	} else if sel, ok := x.(*ast.SelectorExpr); ok {
		v := qualifiedVar(c.info, sel)
		if v == nil {
			return nil, false
		}
		as := c.valuesOf(c.assigns, v)
		if len(as) != 1 || as[0].expr == nil || as[0].idx >= 0 {
			return nil, false
		}
		x = ast.Unparen(as[0].expr)
	}
	lit, ok := x.(*ast.CompositeLit)
	if !ok || len(lit.Elts) > maxIndexedLists {
		return nil, false
	}
	key, keyed := c.constString(e.Index)
	var rets []returned
	for _, el := range lit.Elts {
		val := el
		if kv, isKV := el.(*ast.KeyValueExpr); isKV {
			val = kv.Value
			if k, ok := c.constString(kv.Key); keyed && ok && k != key {
				continue
			}
		}
		var r returned
		r.elems, r.ok = c.list(val, depth+1)
		rets = append(rets, r)
	}
	if c.elemsSet(e.X) {
		rets = append(rets, returned{})
	}
	return c.mergeLists(rets, true)
}

// varList resolves a slice variable: one value (or none, for a variable
// declared without one: empty), followed by the elements the appends to
// itself add, in the order they are written (`var argv []string; argv =
// append(argv, "claude"); argv = append(argv, "-p")`). An append whose
// spread list is not known ends the list with an unknown tail. Every
// append is taken to run (one in a branch may not: an over-approximation
// of what the list holds).
func (c *checker) varList(v *types.Var, depth int) ([]scanner.Arg, bool) {
	as := c.valuesOf(c.assigns, v)
	if len(as) == 0 || c.resolving[v] {
		return nil, false
	}
	if c.resolving == nil {
		c.resolving = map[*types.Var]bool{}
	}
	c.resolving[v] = true
	defer delete(c.resolving, v)
	if len(as) == 1 && as[0].rangeOf != nil && isChan(c.info.TypeOf(as[0].rangeOf)) {
		// `for argv := range jobs`: every list sent on the channel,
		// merged element by element, and one found at run time
		rets := []returned{{}}
		for _, s := range c.chanSends(as[0].rangeOf, depth) {
			var r returned
			r.elems, r.ok = c.list(s.expr, depth+1)
			rets = append(rets, r)
		}
		return c.mergeLists(rets, false)
	}
	var bases [][]scanner.Arg
	var appends []*ast.CallExpr
	unknownBase := false
	for _, a := range as {
		if a.expr == nil {
			return nil, false
		}
		if a.idx < 0 && isAppendTo(a.expr, v, c.info) {
			appends = append(appends, ast.Unparen(a.expr).(*ast.CallExpr))
			continue
		}
		var l []scanner.Arg
		ok := false
		if call, isCall := ast.Unparen(a.expr).(*ast.CallExpr); isCall && a.idx >= 0 {
			// argv, err := backend.Command(p), or shlex.Split(line)
			if l, ok = c.splitList(call, a.idx, depth); !ok {
				l, ok = c.returnedList(call, a.idx, depth+1)
			}
		} else if a.idx < 0 {
			l, ok = c.list(a.expr, depth+1)
		}
		if !ok {
			unknownBase = true
			continue
		}
		if len(bases) < maxPossibilities {
			bases = append(bases, l)
		} else {
			unknownBase = true
		}
	}
	if len(bases) == 0 && (unknownBase || v.Kind() == types.ParamVar) {
		return nil, false // what the caller gives is not known
	}
	if len(bases) == 0 {
		bases = [][]scanner.Arg{nil}
	}
	if len(bases) == 1 && !unknownBase {
		return c.appended(bases[0], appends, depth), true
	}
	// Several values (`argv = []string{"claude"}` in a branch): each
	// followed by every append, merged element by element, with one not
	// known when some value is not.
	rets := make([]returned, 0, len(bases)+1)
	for _, b := range bases {
		rets = append(rets, returned{elems: c.appended(b, appends, depth), ok: true})
	}
	if unknownBase {
		rets = append(rets, returned{})
	}
	return c.mergeLists(rets, !unknownBase)
}

// appended is base followed by the elements the appends add, in order
// (an append of a spread list not known ends it with an unknown tail).
func (c *checker) appended(base []scanner.Arg, appends []*ast.CallExpr, depth int) []scanner.Arg {
	out := make([]scanner.Arg, len(base), len(base)+1)
	for i, a := range base {
		if a.Known && a.Via == "" {
			a.Via = scanner.ClassVariableExecution
		}
		out[i] = a
	}
	for _, call := range appends {
		rest := call.Args[1:]
		tail := false
		for i, a := range rest {
			if call.Ellipsis.IsValid() && i == len(rest)-1 {
				l, ok := c.list(a, depth+1)
				if !ok {
					tail = true
					break
				}
				for _, x := range l {
					if x.Known && x.Via == "" {
						x.Via = scanner.ClassVariableExecution
					}
					out = append(out, x)
				}
				continue
			}
			x := c.str(a, depth+1)
			if x.Known && x.Via == "" {
				x.Via = scanner.ClassVariableExecution
			}
			out = append(out, x)
		}
		if tail {
			out = append(out, scanner.Arg{}) // an unknown number of elements
			break
		}
	}
	return out
}

func isAppendTo(e ast.Expr, v *types.Var, info *types.Info) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	fn, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	if _, ok := info.Uses[fn].(*types.Builtin); !ok || fn.Name != "append" {
		return false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	return ok && info.Uses[id] == v
}

func (c *checker) callList(call *ast.CallExpr, depth int) ([]scanner.Arg, bool) {
	if fn, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && fn.Name == "append" {
		if _, ok := c.info.Uses[fn].(*types.Builtin); ok && len(call.Args) > 0 {
			base, ok := c.list(call.Args[0], depth+1)
			if !ok {
				return nil, false
			}
			out := append([]scanner.Arg(nil), base...)
			rest := call.Args[1:]
			for i, a := range rest {
				if call.Ellipsis.IsValid() && i == len(rest)-1 {
					l, ok := c.list(a, depth+1)
					if !ok {
						return append(out, scanner.Arg{}), true
					}
					out = append(out, l...)
					continue
				}
				out = append(out, c.str(a, depth+1))
			}
			return out, true
		}
	}
	if l, ok := c.flagList(call, depth); ok {
		return l, true
	}
	if l, ok := c.configList(call, depth); ok {
		return l, true
	}
	if l, ok := c.splitList(call, 0, depth); ok {
		return l, true
	}
	k := c.callee(call)
	pkg, name := k.pkg, k.name
	if pkg != "strings" || k.recv != "" || len(call.Args) == 0 {
		return c.returnedList(call, 0, depth)
	}
	s := c.str(call.Args[0], depth+1)
	if !s.Known {
		return nil, false
	}
	var parts []string
	switch {
	case name == "Fields" && len(call.Args) == 1:
		parts = strings.Fields(s.Value)
	case name == "Split" && len(call.Args) == 2:
		sep := c.str(call.Args[1], depth+1)
		if !sep.Known {
			return nil, false
		}
		parts = strings.Split(s.Value, sep.Value)
	default:
		return nil, false
	}
	out := make([]scanner.Arg, len(parts))
	for i, p := range parts {
		out[i] = scanner.Arg{Value: p, Known: true, Via: s.Via, Pos: s.Pos}
	}
	return out, true
}

// anyKnown reports whether a value bound to a helper's parameters is known
// in any part (its text, or an alternative's).
func anyKnown(bind map[*types.Var]scanner.Arg, bindList map[*types.Var][]scanner.Arg) bool {
	var known func(a scanner.Arg) bool
	known = func(a scanner.Arg) bool {
		if a.Known || a.Value != "" {
			return true
		}
		for _, x := range a.Alts {
			if known(x) {
				return true
			}
		}
		return false
	}
	for _, a := range bind {
		if known(a) {
			return true
		}
	}
	for _, l := range bindList {
		for _, a := range l {
			if known(a) {
				return true
			}
		}
	}
	return false
}

// unknownMayRun reports whether an unknown element of argv could be what
// runs, by the one command-line model (package cmdline): the program, a
// command a wrapper runs, an interpreter's script, a package a runner
// fetches, or a part of a string a shell runs. A bound reached on an
// element that can be none of these (an argument of `git diff`) hides no
// launch.
func unknownMayRun(cfg *scanner.Config, argv []scanner.Arg) bool {
	if len(argv) == 0 || !argv[0].Known || cfg.Opaque(argv, true, false) {
		return true
	}
	res := cmdline.UnwrapDepth(scanner.Words(argv), cmdline.MaxDepth)
	if res.Bound {
		return true
	}
	unknown := func(i int) bool { return i >= 0 && i < len(argv) && !argv[i].Known }
	for _, in := range res.Inners {
		switch in.Kind {
		case cmdline.KindShell, cmdline.KindTyped:
			if unknown(in.Arg) || strings.Contains(in.Text, cmdline.Placeholder) {
				return true
			}
		case cmdline.KindPackage:
			if unknown(in.Start) || slices.ContainsFunc(in.Packages, unknown) {
				return true
			}
		case cmdline.KindArgv, cmdline.KindScript:
			if unknown(in.Start) {
				return true
			}
		}
	}
	return false
}
