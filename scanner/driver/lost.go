package driver

import (
	"context"
	"fmt"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/leasegate/leasegate/scanner"
)

// A program lost in one module, named in another (docs/repository.md).
// A file that runs a program the analysis cannot name
// (Pass.OpaqueSites) is judged by reportOpaque with the runtimes its own
// text names. The value it lost may come from a module it imports (an
// element of a list another module fills, what an instance another
// module builds returns), or the file may hand a runtime to a module
// that loses it (an event another module handles, a container another
// module reads): an unknown is never absent, so the repository phase
// judges the lost program with the modules too. A file that runs a lost
// program and imports, directly or through other modules of the
// repository (at most scanner.MaxLinkDepth deep), a module that names a
// runtime as a command is a dynamic launch at the lost place; a file
// that names a runtime as a command and imports so a module that runs a
// lost program is a dynamic launch at the name.

// maxLostFiles bounds the modules one search of lostAcross reads.
const maxLostFiles = 256

// lostFile is what lostAcross knows of a file, made on first use.
type lostFile struct {
	named   scanner.Naming
	names   bool // its text names a runtime as a command
	imports []*repoFile
}

func (r *repo) lostAcross(ctx context.Context, workers int) {
	if ctx.Err() != nil {
		return
	}
	// inDir lists the files of a folder (not below it), at most
	// maxLostFiles
	byDir := map[string][]*repoFile{}
	for _, f := range r.files {
		if d := path.Dir(f.rel); len(byDir[d]) < maxLostFiles {
			byDir[d] = append(byDir[d], f)
		}
	}
	inDir := func(dir string) []*repoFile { return byDir[dir] }
	// below lists the files below a folder (at any depth), at most
	// maxLostFiles, memoized
	var belowMu sync.Mutex
	belowMemo := map[string][]*repoFile{}
	below := func(dir string) []*repoFile {
		belowMu.Lock()
		defer belowMu.Unlock()
		if l, ok := belowMemo[dir]; ok {
			return l
		}
		var out []*repoFile
		for _, f := range r.files {
			if (dir == "." || strings.HasPrefix(f.rel, dir+"/")) && f.res.link.det != nil {
				out = append(out, f)
				if len(out) >= maxLostFiles {
					break
				}
			}
		}
		belowMemo[dir] = out
		return out
	}
	// read makes what lostAcross knows of f: its text is read, and its
	// imports resolved
	read := func(f *repoFile) *lostFile {
		l := &lostFile{}
		il, ok := f.res.link.det.(scanner.ImportLister)
		if !ok || r.cfg.IsChokepoint(f.rel) {
			return l
		}
		src, err := f.read()
		if err != nil {
			return l
		}
		if r.cfg.MentionsRuntime(src) {
			l.named, l.names = r.cfg.NamedAsValue(src, func(line []byte) bool { return findMarker(string(line)) != nil })
		}
		if di, ok := il.(scanner.DynamicImporter); ok && di.DynamicImports(src) {
			// a module named at run time: any file below its folder
			for _, t := range below(path.Dir(f.rel)) {
				if t != f && t.res.link.det == f.res.link.det {
					l.imports = append(l.imports, t)
				}
			}
		}
		for _, spec := range il.ImportSpecs(src) {
			if pkg, ok := strings.CutSuffix(spec, scanner.ImportAnyIn); ok {
				// any module of a package, chosen at run time
				if rel, ok := r.resolve(f.res.link.det, f.rel, pkg); ok {
					for _, t := range inDir(path.Dir(rel)) {
						if t != f && t.res.link.det == f.res.link.det {
							l.imports = append(l.imports, t)
						}
					}
				}
				continue
			}
			if rel, ok := r.resolve(f.res.link.det, f.rel, spec); ok && rel != f.rel {
				if t := r.byRel[rel]; t != nil && t.res.link.det != nil {
					l.imports = append(l.imports, t)
				}
			}
		}
		return l
	}
	memo := map[*repoFile]*lostFile{}
	info := func(f *repoFile) *lostFile {
		if l := memo[f]; l != nil {
			return l
		}
		l := read(f)
		memo[f] = l
		return l
	}
	// lost reports whether f runs a program the analysis cannot name
	// that its own text does not judge (reportOpaque)
	lost := func(f *repoFile) bool { return len(f.res.link.opaque) > 0 && !info(f).names }
	// search walks f's imports breadth first, at most MaxLinkDepth deep
	// and maxLostFiles files, for one that ok accepts
	search := func(f *repoFile, ok func(*repoFile) bool) *repoFile {
		seen := map[*repoFile]bool{f: true}
		level := []*repoFile{f}
		for depth := 0; depth < scanner.MaxLinkDepth && len(level) > 0 && len(seen) < maxLostFiles; depth++ {
			var next []*repoFile
			for _, g := range level {
				for _, t := range info(g).imports {
					if seen[t] || len(seen) >= maxLostFiles {
						continue
					}
					seen[t] = true
					if ok(t) {
						return t
					}
					next = append(next, t)
				}
			}
			level = next
		}
		return nil
	}
	// importers lists the files of the repository that import g (its
	// stem is a word of their text and one of their imports resolves to
	// it), memoized
	imps := map[*repoFile][]*repoFile{}
	importers := func(g *repoFile) []*repoFile {
		if l, ok := imps[g]; ok {
			return l
		}
		var out []*repoFile
		stems := importStems(g.rel)
		for _, c := range r.files {
			// a declaration file (`.d.ts`, `.pyi`) runs nothing
			if c == g || c.res.link.det != g.res.link.det || declarationFile(c.rel) || c.res.link.words == nil || !c.res.link.words.mayHoldAny(stems) {
				continue
			}
			if slices.Contains(info(c).imports, g) {
				out = append(out, c)
				if len(out) >= maxLostFiles {
					break
				}
			}
		}
		imps[g] = out
		return out
	}
	anyLost := false
	for _, f := range r.files {
		if f.res.link.det != nil && len(f.res.link.opaque) > 0 {
			if _, ok := f.res.link.det.(scanner.ImportLister); ok {
				anyLost = true
				break
			}
		}
	}
	if !anyLost {
		return
	}
	var runtimes [][]byte
	for _, n := range r.cfg.RuntimeNames() {
		runtimes = append(runtimes, []byte(n))
	}
	// The files the rules below read first are read on all cores before
	// the rules run: read one after another, in the rules' order, they
	// were a twentieth of the real tree's wall time (bench/real: 3,175
	// files, 46 MB, all of them read here). Their imports are read as
	// the rules reach them: read ahead to scanner.MaxLinkDepth levels,
	// they were three times as many files.
	var first []*repoFile
	for _, f := range r.files {
		if f.res.link.det == nil || hasRedLaunch(f.res.findings) {
			continue
		}
		if _, ok := f.res.link.det.(scanner.ImportLister); !ok {
			continue
		}
		if len(f.res.link.opaque) > 0 || f.res.link.words == nil || f.res.link.words.mayHoldAny(runtimes) {
			first = append(first, f)
		}
	}
	got := make([]*lostFile, len(first))
	eachFile(ctx, len(first), workers, func(i int) { got[i] = read(first[i]) }, nil)
	for i, f := range first {
		if got[i] != nil {
			memo[f] = got[i]
		}
	}
	var unit []*repoFile
	// the lines a RED launch of another file names in its chain: a lost
	// place there is that launch's sink, reported already (a value a
	// container hands out, judged where a module registers it)
	chainSinks := func() map[string]bool {
		sinks := map[string]bool{}
		for _, g := range r.files {
			for _, x := range g.res.findings {
				if x.IsLaunch() && x.Verdict == scanner.VerdictRed && x.Chain != nil {
					for _, st := range *x.Chain {
						sinks[fmt.Sprintf("%s:%d", st.File, st.Line)] = true
					}
				}
			}
		}
		return sinks
	}
	judged := chainSinks()
	defer func() {
		// a lost program no import names: the program it runs in, once
		// the rules above have judged every file (a name they reported
		// is not reported again at the lost place)
		if len(unit) == 0 {
			return
		}
		sinks := chainSinks()
		for _, f := range unit {
			if ctx.Err() != nil {
				return
			}
			if at := f.res.link.opaque[0]; sinks[fmt.Sprintf("%s:%d", f.rel, at.Line)] {
				continue
			}
			if m, via := r.sameProgram(f, info, importers, search); m != nil && !hasRedLaunch(m.res.findings) && !hasRedLaunch(via.res.findings) {
				n := info(m).named
				at := f.res.link.opaque[0]
				chain := []scanner.Step{
					{File: via.rel, Line: 1, Column: 1, Note: "imports this file and, directly or through other modules, " + m.rel},
					{File: m.rel, Line: n.At.Line, Column: n.At.Column, Note: fmt.Sprintf("`%s` named here", n.Text)},
				}
				f.res.findings = append(f.res.findings, r.lostFinding(f, at, n.Runtime, &chain,
					fmt.Sprintf("runs a program the analysis cannot follow, and %s, which runs in the same program (%s imports both), names `%s` at line %d: it may start %s this way, bypassing launch-runtime", m.rel, via.rel, n.Text, n.At.Line, n.Runtime)))
			}
		}
	}()
	for _, f := range r.files {
		if ctx.Err() != nil {
			return
		}
		if f.res.link.det == nil || hasRedLaunch(f.res.findings) {
			continue
		}
		if _, ok := f.res.link.det.(scanner.ImportLister); !ok {
			continue
		}
		if lost(f) {
			if at := f.res.link.opaque[0]; judged[fmt.Sprintf("%s:%d", f.rel, at.Line)] {
				continue
			}
			m := search(f, func(t *repoFile) bool { return info(t).names })
			if m == nil {
				// not through its imports: judged after the others, through
				// a module that imports it
				unit = append(unit, f)
				continue
			}
			n := info(m).named
			at := f.res.link.opaque[0]
			chain := []scanner.Step{{File: m.rel, Line: n.At.Line, Column: n.At.Column, Note: fmt.Sprintf("`%s` named here, in a module this file imports", n.Text)}}
			f.res.findings = append(f.res.findings, r.lostFinding(f, at, n.Runtime, &chain,
				fmt.Sprintf("runs a program the analysis cannot follow, and %s, which this file imports, names `%s` at line %d: it may start %s this way, bypassing launch-runtime", m.rel, n.Text, n.At.Line, n.Runtime)))
			continue
		}
		if len(f.res.link.opaque) > 0 || f.res.link.words != nil && !f.res.link.words.mayHoldAny(runtimes) {
			continue
		}
		l := info(f)
		if !l.names || !handedOn(f, l.named) {
			continue
		}
		m := search(f, lost)
		if m == nil {
			continue
		}
		at := m.res.link.opaque[0]
		chain := []scanner.Step{{File: m.rel, Line: at.Line, Column: at.Column, Note: "runs a program the analysis cannot follow, in a module this file imports"}}
		f.res.findings = append(f.res.findings, r.lostFinding(f, l.named.At, l.named.Runtime, &chain,
			fmt.Sprintf("names `%s`, and %s, which this file imports, runs a program the analysis cannot follow at line %d: it may start %s this way, bypassing launch-runtime", l.named.Text, m.rel, at.Line, l.named.Runtime)))
	}
}

// lostFinding is lostAcross's dynamic launch in f at at.
func (r *repo) lostFinding(f *repoFile, at scanner.Pos, runtime string, chain *[]scanner.Step, msg string) scanner.Finding {
	return scanner.Finding{File: f.rel, Line: at.Line, Column: at.Column, Language: f.res.link.det.Name(), Family: r.cfg.Family(f.rel),
		Runtime: runtime, Class: scanner.ClassDynamic, Verdict: scanner.VerdictRed, Chain: chain, Message: msg}
}

// hasRedLaunch reports whether fs holds a RED launch: the file fails by
// its own judgement already.
func hasRedLaunch(fs []scanner.Finding) bool {
	for _, f := range fs {
		if f.IsLaunch() && f.Verdict == scanner.VerdictRed {
			return true
		}
	}
	return false
}

// handedOn reports whether the name n in f's text is inside the
// parentheses of a call on its line (`bus.emit("run", "claude")`,
// `@Binary("claude")`, `.configure({ file: "claude" })`): handed to
// code, which may be another module's, not a value of the file's own
// (`{ "X-Title": "pi" }`).
func handedOn(f *repoFile, n scanner.Naming) bool {
	src, err := f.read()
	if err != nil {
		return false
	}
	line := 1
	start := 0
	for i := 0; i < len(src) && line < n.At.Line; i++ {
		if src[i] == '\n' {
			line++
			start = i + 1
		}
	}
	end := min(len(src), start+n.At.Column-1)
	depth := 0
	for _, c := range src[start:end] {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		}
	}
	return depth > 0
}

// sameProgram looks for a module that names a runtime as a command and
// runs in the same program as f, which runs a lost program: a module
// that a module importing f (at most scanner.MaxLinkDepth levels up,
// maxUnitImporters of them) reaches through its imports (search). An
// event handed on a bus the two import, a registry one fills and the
// other reads, run in the program their importer makes: the runtime one
// names may be what the other runs. It gives the module and the
// importer that reaches it, or nils.
func (r *repo) sameProgram(f *repoFile, info func(*repoFile) *lostFile, importers func(*repoFile) []*repoFile, search func(*repoFile, func(*repoFile) bool) *repoFile) (*repoFile, *repoFile) {
	seen := map[*repoFile]bool{f: true}
	level := []*repoFile{f}
	n := 0
	for depth := 0; depth < scanner.MaxLinkDepth && len(level) > 0 && n < maxUnitImporters; depth++ {
		var next []*repoFile
		for _, g := range level {
			for _, up := range importers(g) {
				if seen[up] || n >= maxUnitImporters {
					continue
				}
				seen[up] = true
				n++
				if l := info(up); l.names && handedOn(up, l.named) {
					// handed to code, as lostAcross's name rule asks
					return up, up
				}
				if m := search(up, func(t *repoFile) bool { return t != f && info(t).names }); m != nil {
					return m, up
				}
				next = append(next, up)
			}
		}
		level = next
	}
	return nil, nil
}

// maxUnitImporters bounds the modules importing a lost program's module
// that sameProgram reads.
const maxUnitImporters = 64

// importStems are the words a file importing rel names it by: its base
// name without extension, and for a folder's index (`index.ts`,
// `__init__.py`) the folder's name.
func importStems(rel string) [][]byte {
	base := path.Base(rel)
	stem := strings.TrimSuffix(base, path.Ext(base))
	if stem == "index" || stem == "__init__" {
		if d := path.Base(path.Dir(rel)); d != "." && d != "/" {
			return [][]byte{[]byte(d)}
		}
	}
	return [][]byte{[]byte(stem)}
}

// declarationFile reports whether rel only declares types (`x.d.ts`,
// `x.d.mts`, `x.pyi`): no program imports it to run.
func declarationFile(rel string) bool {
	for _, ext := range []string{".d.ts", ".d.mts", ".d.cts", ".pyi"} {
		if strings.HasSuffix(rel, ext) {
			return true
		}
	}
	return false
}
