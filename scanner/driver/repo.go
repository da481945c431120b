package driver

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/report"
)

// The repository phase (docs/repository.md). Phase one is the ordinary
// per-file scan: a Linker detector records what each file offers others
// (Pass.Summary) and which imports may feed its process API calls
// (Pass.Needs). Phase two re-scans, with the names their imports bring in
// (scanner.Imports), only the files that need it: those with Needs, and
// those that mention a helper another file offers. Summaries of the
// modules they import are made on demand and memoized.

// linkInfo is what phase one learnt of a file for phase two.
type linkInfo struct {
	det     scanner.Linker
	summary *scanner.Summary
	needs   []string
	runs    []scanner.Run
	execs   []string // the scripts it runs by path (Pass.Execs)
	prose   bool     // no detector claimed the file and its name says prose
	// unclaimed: no detector claimed the file (prose or not), or its
	// detector read it only line by line (Pass.LineRead)
	unclaimed bool
	// words is the set of the file's words (words.go), for phase two's
	// candidate search; nil for a file no Linker read.
	words wordSet
	// expired: the detector ran past its budget and may still be
	// reading the file's bytes
	expired bool
	// module is the summary the detector made in phase one
	// (Pass.Module), which repo.summary gives instead of parsing again.
	module *scanner.Summary
	// opaque are the places the file runs a program the analysis cannot
	// name (Pass.OpaqueSites), for lostAcross.
	opaque []scanner.Pos
}

func (l *linkInfo) record(det scanner.Detector, p *scanner.Pass) {
	// a file of any language may hand another file to a shell
	l.runs = p.Runs
	l.execs = p.Execs
	l.unclaimed = p.LineRead
	ln, ok := det.(scanner.Linker)
	if !ok {
		return
	}
	l.det, l.summary, l.needs = ln, p.Summary, p.Needs
	l.opaque = slices.Clone(p.OpaqueSites())
	if p.Module != nil {
		l.module = p.Module
	}
	if _, envOnly := ln.(scanner.EnvReader); envOnly {
		return // no word set: mayMention reads the file for an env needle
	}
	l.words = newWordSet(p.Src)
}

// repoFile is one file of the repository as phase two sees it.
type repoFile struct {
	rel    string
	size   int64 // bytes, as the walk saw them (0: not known)
	res    *fileResult
	read   func() ([]byte, error)
	abs    string // on disk: peek reads it into a pooled buffer
	rescan func(scanner.Imports) fileResult
	// as scans the file with the named detector only (a prose-named file
	// another runs: shell, or Python for `exec(open(f).read())`).
	as func(lang string) fileResult
}

// peek hands fn the file's bytes in a pooled buffer (scanner.PeekFile) that fn must not keep. The candidate search and the
// lost-program rules read thousands of files once each for a few words:
// read whole into fresh buffers (read), they were 180 MB of bench/real's
// garbage, a tenth of what the collector had to follow.
func (f *repoFile) peek(fn func(src []byte)) error {
	if f.abs == "" {
		src, err := f.read()
		if err == nil {
			fn(src)
		}
		return err
	}
	return scanner.PeekFile(f.abs, fn)
}

// repo is the repository of one scan, for phase two.
type repo struct {
	// shared is the scan's store (scanner.Shared): a summary's pass
	// borrows the tree kept of its file (treesitter.Grammar.Borrow)
	shared *scanner.Shared
	files  []*repoFile
	byRel  map[string]*repoFile
	cfg    *scanner.Config
	suite  scanner.Suite

	mu   sync.Mutex
	sums map[string]*scanner.Summary
	// making holds the summaries being made: a worker that needs one
	// waits for it instead of making it again
	making map[string]chan struct{}
	names  [][]byte // the helpers other files offer, for Hint
	// methods lists, by name, the files whose classes offer a method
	// that is a helper (Summary.Methods, Imports.Method).
	methods map[string][]string
	// envs lists, by name, the files that set an environment variable to
	// a value naming a runtime (Summary.Env, Imports.Env).
	envs map[string][]string
	// envAll holds the files among envs whose variables are offered to
	// the files of every language (Summary.EnvAnyLanguage: dotenv).
	envAll map[string]bool
	// keys lists, by name, the data files that hold a value naming a
	// runtime under that key (Summary.Keys, Imports.Key).
	keys map[string][]string
	// writes lists, by the stem of the module written to
	// (scanner.ModuleStem), what the files of the repository write into
	// its names (Summary.Writes): a lookup of one unions them in.
	writes map[string][]written
	// anon holds what a file that imports a module whose default export
	// is a helper mentions (Linker.Mentions), for Hint: its importers
	// call it by any name (scanner.DefaultExport).
	anon [][]byte
	// cut holds what a file that imports a module whose summary a bound
	// cut (Summary.Truncated) mentions, for Hint: any name it imports
	// from it may be a helper the summary does not hold.
	cut [][]byte
	// values are the summaries of one module-level name made again with
	// its module's own imports (scanner.NameLinker), by file and name,
	// memoized when no cycle or bound cut them; valuesMade counts those
	// made (maxNameSummaries).
	values     map[string]*scanner.Summary
	valuesMade int

	// scripts are the summaries of shell files run by path
	// (Imports.Script), memoized.
	scripts map[string]*scanner.Summary
	// summarized counts the script summaries made (maxScriptSummaries).
	summarized int
	resMu      sync.Mutex
	resolved   map[string]resolution // folder + "\x00" + specifier → file (ConfigResolver)
	read       map[string][]byte     // configuration files a resolver read
	named      map[string][]string   // base name → files, built on first use
	once       map[string]any        // scanner.Files.Once
}

// written is what one file writes into a name of another module
// (Summary.Writes): the member path there, split, and the values.
type written struct {
	rel  string
	path []string
	c    scanner.Const
}

// indexWrites indexes the writes the phase-one summaries offer
// (Summary.Writes), by the module written to.
func (r *repo) indexWrites() {
	for _, f := range r.files {
		s := f.res.link.summary
		if s == nil {
			continue
		}
		for _, key := range s.Writes {
			c, ok := s.Consts[key]
			rest, _ := strings.CutPrefix(key, "$write.")
			stem, name, cut := strings.Cut(rest, ":")
			if !ok || !cut {
				continue
			}
			if r.writes == nil {
				r.writes = map[string][]written{}
			}
			segs := strings.Split(name, ".")
			for _, to := range r.writtenModules(f, stem, segs[0]) {
				p := append([]string{to.name}, segs[1:]...)
				r.writes[to.stem] = append(r.writes[to.stem], written{rel: f.rel, path: p, c: c})
			}
		}
	}
}

// writtenModule is a module a write reaches (its stem) and the name
// written there.
type writtenModule struct{ stem, name string }

// maxWrittenModules bounds the modules one write is indexed under
// through re-exports (writtenModules).
const maxWrittenModules = 16

// writtenModules are the modules file f's write into name of the module
// stem reaches: that module, a specifier resolved from f
// (scanner.WriteSpec: tsconfig `paths`, a workspace package), and the
// modules it re-exports the name from, by name or by `export *`, up to
// scanner.MaxLinkDepth re-exports deep and maxWrittenModules modules
// (a barrel, `import { config } from "./lib"`, writes the module that
// declares config: its readers import it from there).
func (r *repo) writtenModules(f *repoFile, stem, name string) []writtenModule {
	det := f.res.link.det
	var target *repoFile
	if spec, ok := strings.CutPrefix(stem, scanner.WriteSpec); ok {
		if det == nil {
			return nil
		}
		rel, ok := r.resolve(det, f.rel, spec)
		if !ok {
			return nil
		}
		stem, target = scanner.ModuleStem(rel), r.byRel[rel]
	}
	out := []writtenModule{{stem, name}}
	if det == nil {
		return out
	}
	if target == nil {
		// a relative module's stem, as the writer joined it
		for _, ext := range []string{".ts", ".tsx", ".js", ".mjs", ".cjs", ".jsx", "/index.ts", "/index.js", "/index.tsx", "/index.mjs"} {
			if tf := r.byRel[stem+ext]; tf != nil {
				target = tf
				break
			}
		}
	}
	type hop struct {
		f     *repoFile
		name  string
		depth int
	}
	queue := []hop{{target, name, 0}}
	for len(queue) > 0 && len(out) < maxWrittenModules {
		h := queue[0]
		queue = queue[1:]
		if h.f == nil || h.depth >= scanner.MaxLinkDepth || h.f.res.link.det == nil || h.f.res.link.det.Name() != det.Name() {
			continue
		}
		s := r.summary(h.f)
		add := func(spec, name string) {
			rel, ok := r.resolve(det, h.f.rel, spec)
			if !ok || len(out) >= maxWrittenModules {
				return
			}
			to := writtenModule{scanner.ModuleStem(rel), name}
			if slices.Contains(out, to) {
				return
			}
			out = append(out, to)
			queue = append(queue, hop{r.byRel[rel], name, h.depth + 1})
		}
		if ref, ok := s.Reexports[h.name]; ok && ref.Name != "*" {
			n := h.name
			if ref.Name != "default" && !strings.Contains(ref.Name, ".") {
				n = ref.Name
			}
			add(ref.Spec, n)
			continue
		}
		for _, spec := range s.Stars {
			// any of them may declare the name
			add(spec, h.name)
		}
	}
	return out
}

// withWrites is e, what module target offers as name (ok false: nothing),
// with what other files write into that name or a member over it
// (Summary.Writes) as further possibilities (a member written under it,
// `config.bin` of `config`, or an element, `TASKS.*` of a push, is the
// reader's to look up, member by member): shared state is the union
// of its declared value and everything written to it. Past MaxMethodFiles
// writers the value is dynamic. A helper, an API or a dynamic answer is
// kept as it is.
func (r *repo) withWrites(from, target, name string, e scanner.Export, ok bool) (scanner.Export, bool) {
	ws := r.writes[scanner.ModuleStem(target)]
	if len(ws) == 0 || strings.Contains(name, "()") || ok && (e.Dynamic || len(e.Sinks) > 0 || len(e.Extern) > 0 || e.Member != "") {
		return e, ok
	}
	segs := strings.Split(name, ".")
	var setters []string
	if tf := r.byRel[target]; tf != nil {
		// the module's functions that write into the name (a setter, a
		// register function): what any file hands one
		for _, fn := range r.summary(tf).Setters[segs[0]] {
			setters = append(setters, fn+"()")
		}
	}
	var hit []written
	contents := false
	for _, w := range ws {
		if w.rel == from && len(setters) == 0 {
			continue
		}
		if len(w.path) == 1 && slices.Contains(setters, w.path[0]) {
			hit, contents = append(hit, w), true
		} else if w.rel != from && len(w.path) <= len(segs) && prefixMatch(segs, w.path) {
			hit = append(hit, w)
		}
	}
	if len(hit) == 0 {
		return e, ok
	}
	if !ok {
		e = scanner.Export{Name: name, File: hit[0].rel, At: hit[0].c.At}
	}
	if len(hit) > scanner.MaxMethodFiles {
		e.Dynamic = true
		return e, true
	}
	for _, w := range hit {
		e.Dynamic = e.Dynamic || w.c.Cut
		// a list written whole: its elements' shapes are not kept, so
		// any member of what is read is any of its strings
		contents = contents || w.c.List
		for _, v := range w.c.Vals {
			if !slices.Contains(e.Consts, v) {
				e.Consts = append(e.Consts, v)
			}
		}
	}
	// the possibilities of one value, not an argv in order
	e.List = false
	e.Contents = e.Contents || contents
	return e, true
}

// prefixMatch reports whether the shorter of two member paths is a
// prefix of the other, segment by segment: equal, AnyMember, or two
// indexes (`#0`, `#1`: an over-approximation) match.
func prefixMatch(a, b []string) bool {
	for i := range min(len(a), len(b)) {
		x, y := a[i], b[i]
		if x == y || x == scanner.AnyMember || y == scanner.AnyMember || strings.HasPrefix(x, "#") && strings.HasPrefix(y, "#") {
			continue
		}
		return false
	}
	return true
}

// resolution is a memoized ConfigResolver answer.
type resolution struct {
	rel string
	ok  bool
}

// resolve is det's resolution of spec written in file from: through the
// repository's configuration files when det reads them
// (scanner.ConfigResolver, memoized per folder and specifier).
func (r *repo) resolve(det scanner.Linker, from, spec string) (string, bool) {
	cr, ok := det.(scanner.ConfigResolver)
	if !ok {
		return det.Resolve(from, spec, r.exists)
	}
	key := det.Name() + "\x00" + path.Dir(from) + "\x00" + spec
	r.resMu.Lock()
	res, done := r.resolved[key]
	r.resMu.Unlock()
	if done {
		return res.rel, res.ok
	}
	res.rel, res.ok = cr.ResolveIn(from, spec, repoFiles{r})
	r.resMu.Lock()
	if r.resolved == nil {
		r.resolved = map[string]resolution{}
	}
	r.resolved[key] = res
	r.resMu.Unlock()
	return res.rel, res.ok
}

// repoFiles is scanner.Files over the repository of a scan.
type repoFiles struct{ r *repo }

func (f repoFiles) Exists(rel string) bool { return f.r.exists(rel) }

func (f repoFiles) Read(rel string) ([]byte, bool) {
	r := f.r
	r.resMu.Lock()
	src, ok := r.read[rel]
	r.resMu.Unlock()
	if ok {
		return src, src != nil
	}
	if rf := r.byRel[rel]; rf != nil {
		if b, err := rf.read(); err == nil && len(b) <= scanner.MaxFileSize {
			src = b
		}
	}
	r.resMu.Lock()
	if r.read == nil {
		r.read = map[string][]byte{}
	}
	r.read[rel] = src
	r.resMu.Unlock()
	return src, src != nil
}

func (f repoFiles) Once(key string, fn func() any) any {
	r := f.r
	r.resMu.Lock()
	v, ok := r.once[key]
	r.resMu.Unlock()
	if ok {
		return v
	}
	v = fn() // outside the lock: fn reads files through f
	r.resMu.Lock()
	defer r.resMu.Unlock()
	if old, ok := r.once[key]; ok {
		return old
	}
	if r.once == nil {
		r.once = map[string]any{}
	}
	r.once[key] = v
	return v
}

func (f repoFiles) Named(base string) []string {
	r := f.r
	r.resMu.Lock()
	defer r.resMu.Unlock()
	if r.named == nil {
		r.named = map[string][]string{}
		for _, rf := range r.files {
			b := path.Base(rf.rel)
			r.named[b] = append(r.named[b], rf.rel)
		}
		for _, v := range r.named {
			sort.Strings(v)
		}
	}
	return r.named[base]
}

// maxScriptSummaries bounds the script summaries one scan makes: those a
// cycle or the depth bound cut are not memoized, so a wide graph of
// scripts running scripts could otherwise make them again and again.
// Past it a script is judged dynamic.
const maxScriptSummaries = 4096

// maxNameSummaries bounds the summaries of one name made again with its
// module's own imports (scanner.NameLinker) in one scan, for the same
// reason: those a cycle or the depth bound cut are not memoized. Past it
// the name is dynamic.
const maxNameSummaries = 4096

func newRepo(files []*repoFile, cfg *scanner.Config, suite scanner.Suite) *repo {
	r := &repo{files: files, byRel: map[string]*repoFile{}, cfg: cfg, suite: suite, sums: map[string]*scanner.Summary{}, scripts: map[string]*scanner.Summary{},
		values: map[string]*scanner.Summary{}, methods: map[string][]string{}, envs: map[string][]string{}, envAll: map[string]bool{}, keys: map[string][]string{}}
	for _, f := range files {
		r.byRel[f.rel] = f
	}
	return r
}

// diskRepo is the repository of a scan of the file system.
func diskRepo(files []candidate, results []fileResult) func(cfg *scanner.Config, opt Options, ctx context.Context) *repo {
	return func(cfg *scanner.Config, opt Options, ctx context.Context) *repo {
		var rfs []*repoFile
		for i := range files {
			c, res := files[i], &results[i]
			if !res.scanned {
				continue
			}
			rf := &repoFile{rel: c.rel, size: c.size, res: res,
				read: func() ([]byte, error) { return scanner.ReadFile(c.abs) }, abs: c.abs,
				rescan: func(im scanner.Imports) fileResult { return scanFile(ctx, c, cfg, opt, im) }}
			rf.as = func(lang string) fileResult {
				o := opt
				o.Suite, _ = langSuite(opt.Suite, lang)
				return scanFile(ctx, c, cfg, o, nil)
			}
			rfs = append(rfs, rf)
		}
		r := newRepo(rfs, cfg, opt.Suite)
		r.shared = opt.shared
		return r
	}
}

// linkRepo runs phase two: it re-scans the files that need the
// repository, in rounds (a helper found to reach a process API through
// another file's helper makes its own callers candidates), at most
// scanner.MaxLinkDepth rounds.
func linkRepo(ctx context.Context, mk func(*scanner.Config, Options, context.Context) *repo, cfg *scanner.Config, opt Options, workers int) {
	r := mk(cfg, opt, ctx)
	// last: a repository's shell script run by a path whose name is a
	// runtime's is judged by its own text
	defer r.dropScriptsByName()
	// once the rounds are done, whatever ends them
	defer r.lostAcross(ctx, workers)
	// A file is a candidate when it mentions a helper's name and the
	// module that defines it (its stem: `run` for lib/run.ts, `lib` for
	// lib/index.ts or lib/__init__.py).
	known := map[string]bool{}
	var fresh []string
	addNames := func(s *scanner.Summary, rel string) {
		if s == nil {
			return
		}
		add := func(name string) {
			key := name + "\x00" + rel
			if !known[key] {
				known[key] = true
				fresh = append(fresh, key)
			}
		}
		for name := range s.Sinks {
			add(name)
		}
		for _, name := range s.APIs {
			add(name)
		}
		for _, name := range s.Methods {
			// a call through an instance of unknown class may reach it
			// from a file that does not import its module
			if !known[methodKey+name+"\x00"+rel] {
				r.methods[name] = append(r.methods[name], rel)
			}
			add(methodKey + name)
		}
		// a constant spelling the raw primitive: the files that use it
		// judge it where they put it
		for _, name := range s.Primitives {
			add(name)
		}
		if s.Truncated {
			add(anyKey)
		}
		if s.EnvAnyLanguage && len(s.Env) > 0 {
			r.envAll[rel] = true
		}
		for _, name := range s.Keys {
			// a key of a data file: code of any language may read it
			// from the document at run time
			if !known[keyKey+name+"\x00"+rel] {
				r.keys[name] = append(r.keys[name], rel)
			}
			add(keyKey + name)
		}
		for _, name := range s.Env {
			// the environment is the process's: a file that reads the
			// variable may see the value, whatever it imports
			if !known[envKey+name+"\x00"+rel] {
				r.envs[name] = append(r.envs[name], rel)
			}
			add(envKey + name)
		}
	}
	for _, f := range r.files {
		addNames(f.res.link.summary, f.rel)
		if m := f.res.link.module; m != nil && m.Truncated {
			addNames(&scanner.Summary{Truncated: true}, f.rel)
		}
	}
	r.indexWrites()
	reexporters := r.reexporters()
	r.runProse()
	// Round MaxLinkDepth reads the callers of the helpers found in the
	// round before it, but follows no helper it finds: a file that offers
	// one there gets a finding that says so (boundFinding), never silence.
	for round := 0; round <= scanner.MaxLinkDepth && ctx.Err() == nil; round++ {
		last := round == scanner.MaxLinkDepth
		sort.Strings(fresh)
		var needles []needle
		for _, n := range fresh {
			name, rel, _ := strings.Cut(n, "\x00")
			def := r.byRel[rel]
			if m, ok := strings.CutPrefix(name, methodKey); ok {
				needles = append(needles, needle{name: []byte("." + m + "("), det: def.res.link.det, method: true})
				continue
			}
			if k, ok := strings.CutPrefix(name, keyKey); ok {
				needles = append(needles, needle{name: []byte(k), det: def.res.link.det, env: true, all: true, key: true})
				continue
			}
			if e, ok := strings.CutPrefix(name, envKey); ok {
				// shared state (scanner.SharedPrefix): the files that name
				// the attribute or container
				needles = append(needles, needle{name: []byte(scanner.SharedWord(e)), det: def.res.link.det, env: true, all: r.envAll[rel], link: strings.HasPrefix(e, scanner.LinkPrefix)})
				continue
			}
			if name == anyKey {
				// no name: the module's mentions alone
				needles = append(needles, needle{det: def.res.link.det, mods: r.mentions(def.res.link.det, rel), any: true})
				continue
			}
			needles = append(needles, needle{name: []byte(name), det: def.res.link.det, mods: r.mentions(def.res.link.det, rel)})
			// the files that import it from a module re-exporting it
			for _, x := range reexportedAs(reexporters, rel, name) {
				needles = append(needles, needle{name: []byte(x.name), det: def.res.link.det, mods: r.mentions(def.res.link.det, x.rel)})
			}
		}
		r.mu.Lock()
		for _, n := range needles {
			if n.any {
				r.cut = append(r.cut, n.mods...)
				continue
			}
			if string(n.name) == scanner.DefaultExport {
				r.anon = append(r.anon, n.mods...)
				continue
			}
			r.names = append(r.names, n.name)
		}
		r.mu.Unlock()
		fresh = nil
		// Which files are candidates: reading every file for the
		// helpers' names is most of this phase's cost on a large tree,
		// so the workers share it.
		pick := make([]bool, len(r.files))
		// A file is read only when a needle is in its language
		// (mentionsAny matches no other): a round that looks for the
		// helpers of one language reads no file of another.
		langs := map[string]bool{}
		allLangs := false
		for _, n := range needles {
			langs[n.det.Name()] = true
			// a dotenv variable: a file of any language may read it
			allLangs = allLangs || n.env && n.all
		}
		eachFile(ctx, len(r.files), workers, func(i int) {
			// a file read in an earlier round is read again when it
			// mentions a helper found since (a subclass of a class that
			// became one in the last round: docs/repository.md)
			f := r.files[i]
			if f.res.link.det == nil {
				return
			}
			if round == 0 && r.needsRepo(f) {
				pick[i] = true
				return
			}
			if !langs[f.res.link.det.Name()] && !allLangs {
				return
			}
			if !mayMention(f.res.link.words, f.res.link.det, needles) {
				return
			}
			_ = f.peek(func(src []byte) {
				pick[i] = mentionsAny(src, f.res.link.det, mayNeedles(f.res.link.words, f.res.link.det, needles), r.cfg)
			})
		}, nil)
		var cands []*repoFile
		for i, f := range r.files {
			if pick[i] {
				cands = append(cands, f)
			}
		}
		if len(cands) == 0 {
			return
		}
		out := make([]fileResult, len(cands))
		// the largest first: a bundle found last would hold the round's
		// end while the other cores idle
		order := make([]int, len(cands))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(x, y int) bool { return cands[order[x]].size > cands[order[y]].size })
		eachFile(ctx, len(cands), workers, func(k int) {
			i := order[k]
			out[i] = cands[i].rescan(&fileImports{r: r, from: cands[i].rel})
		}, nil)
		for i, f := range cands {
			if out[i].scanned {
				// before the re-scan's result replaces phase one's, which
				// f's summary is made from
				linked := out[i].link.summary != nil && r.newLinks(f, out[i].link.summary)
				module := f.res.link.module // phase one's: a re-scan has imports
				*f.res = out[i]
				f.res.link.module = module
				// a summary a bound cut in the re-scan (a function handing
				// its parameter to a method past MaxMethodFiles): its
				// importers read any name of it as dynamic
				if s := out[i].link.summary; s != nil && (len(s.Sinks) > 0 || len(s.APIs) > 0 || s.Truncated && !r.summary(f).Truncated || linked) {
					if last {
						if name, ok := firstNew(s, f.rel, known); ok {
							f.res.findings = append(f.res.findings, boundFinding(f.rel, name, r.cfg.Family(f.rel), f.res.link.det.Name()))
						}
						continue
					}
					r.mergeSinks(f, s)
					addNames(s, f.rel)
				}
			}
		}
	}
}

// reexport is a file that re-exports a module's name, and the name there.
type reexport struct {
	rel  string
	name string // the name re-exported ("*": every name)
	as   string // the name it has in rel
}

// reexporters indexes, by the file re-exported, the files whose phase-one
// summary re-exports a module of the repository (Summary.Stars,
// Reexports): a helper is imported from them too.
func (r *repo) reexporters() map[string][]reexport {
	out := map[string][]reexport{}
	for _, f := range r.files {
		s := f.res.link.summary
		if s == nil || f.res.link.det == nil || len(s.Stars) == 0 && len(s.Reexports) == 0 {
			continue
		}
		for _, spec := range s.Stars {
			if to, ok := r.resolve(f.res.link.det, f.rel, spec); ok {
				out[to] = append(out[to], reexport{rel: f.rel, name: "*"})
			}
		}
		for _, as := range slices.Sorted(maps.Keys(s.Reexports)) {
			ref := s.Reexports[as]
			if to, ok := r.resolve(f.res.link.det, f.rel, ref.Spec); ok {
				out[to] = append(out[to], reexport{rel: f.rel, name: ref.Name, as: as})
			}
		}
	}
	return out
}

// reexportedAs lists the files that re-export name of file rel, through
// other re-exporting files, with the name it has in each. The walk is
// not cut at MaxLinkDepth: a file importing the name past it is read,
// and its lookup is dynamic there (repo.lookup), never silent; each
// file and name is visited once.
func reexportedAs(idx map[string][]reexport, rel, name string) []reexport {
	var out []reexport
	seen := map[string]bool{rel + "\x00" + name: true}
	cur := []reexport{{rel: rel, as: name}}
	for len(cur) > 0 {
		var next []reexport
		for _, c := range cur {
			for _, x := range idx[c.rel] {
				as := x.as
				switch {
				case x.name == "*":
					as = c.as
				case x.name != c.as:
					continue
				}
				if k := x.rel + "\x00" + as; !seen[k] {
					seen[k] = true
					next = append(next, reexport{rel: x.rel, as: as})
					out = append(out, reexport{rel: x.rel, name: as})
				}
			}
		}
		cur = next
	}
	return out
}

// firstNew is, in name order, a helper or API of s (f's re-scan's summary)
// that phase two has not yet followed, if any.
func firstNew(s *scanner.Summary, rel string, known map[string]bool) (string, bool) {
	var names []string
	for name := range s.Sinks {
		names = append(names, name)
	}
	names = append(names, s.APIs...)
	sort.Strings(names)
	for _, name := range names {
		if !known[name+"\x00"+rel] {
			return name, true
		}
	}
	return "", false
}

// boundFinding is the finding of a file whose helper name reaches a process
// API through helpers of MaxLinkDepth other modules: phase two stops there,
// so the files that call it are not read with it (docs/repository.md,
// bounds). It fails the check, as an unparseable file does.
func boundFinding(rel, name, family, lang string) scanner.Finding {
	return scanner.Finding{File: rel, Line: 1, Column: 1, Language: lang, Family: family, Class: scanner.ClassUnparseable, Verdict: scanner.VerdictRed,
		Message: fmt.Sprintf("`%s` reaches a process API through helpers of %d other modules, the most the repository phase follows: the files that call it are not read with it, so their launches cannot be checked", name, scanner.MaxLinkDepth)}
}

// needsRepo reports whether one of the specs f needs may name a file of
// the repository: a module its detector resolves, or a script the shell
// linker resolves (or an absolute path, found by its base name). An
// import of a library needs no re-scan.
func (r *repo) needsRepo(f *repoFile) bool {
	sh := r.shellLinker()
	for _, spec := range f.res.link.needs {
		if strings.HasPrefix(spec, "/") {
			return true
		}
		if name, ok := strings.CutPrefix(spec, scanner.PathScript); ok {
			if len(r.byBase(name)) > 0 {
				return true
			}
			continue
		}
		// through the repository's configuration too: a workspace
		// package by its name, a tsconfig path
		if _, ok := r.resolve(f.res.link.det, f.rel, spec); ok {
			return true
		}
		if _, ok := r.makefile(spec); ok {
			return true
		}
		if sh != nil {
			if _, ok := sh.Resolve(f.rel, spec, r.exists); ok {
				return true
			}
		}
	}
	return false
}

// runProse scans as shell the prose-named files another file hands to a
// shell (`bash notes.txt`, `. ./env.txt`), and as Python those a Python
// file runs (`exec(open("steps.txt").read())`): they are not prose. The
// launches found there name the file that runs them. A path is taken
// from the running file's folder, then the root.
func (r *repo) runProse() {
	det := r.shellLinker()
	if det == nil {
		return
	}
	for _, f := range r.files {
		for _, run := range f.res.link.runs {
			target, ok := det.Resolve(f.rel, run.Spec, r.exists)
			if !ok {
				continue
			}
			tf := r.byRel[target]
			if tf == nil || tf.as == nil {
				continue
			}
			// a file a shell runs is shell when its name says prose; one
			// that Python execs is Python whatever its name, when no
			// detector claims it
			lang, note, ok := "shell", "a shell runs this file", tf.res.link.prose || tf.res.link.unclaimed
			if run.Lang != "" {
				lang, note, ok = run.Lang, "`"+run.Lang+"` runs this file", tf.res.link.unclaimed
			}
			if !ok {
				continue
			}
			if _, ok := langSuite(r.suite, lang); !ok {
				continue
			}
			res := tf.as(lang)
			step := scanner.Step{File: f.rel, Line: run.At.Line, Column: run.At.Column, Note: note}
			for i := range res.findings {
				x := &res.findings[i]
				if x.IsLaunch() && x.Chain == nil {
					x.Chain = &[]scanner.Step{step}
					x.Message += " (" + scanner.ChainText(*x.Chain) + ")"
				}
			}
			*tf.res = res
		}
		for _, spec := range f.res.link.execs {
			r.execAsShell(det, f, spec)
		}
	}
}

// execAsShell scans as shell a file of the repository that f runs by its
// path (`bin/review "check"` in a Makefile) when no detector claims it
// and it has no `#!` line: the kernel refuses it, and the shell that
// execs it runs it as a script (docs/repository.md). A file with NUL
// bytes in its head is a binary, not read.
func (r *repo) execAsShell(det scanner.Linker, f *repoFile, spec string) {
	target, ok := det.Resolve(f.rel, spec, r.exists)
	if !ok {
		return
	}
	tf := r.byRel[target]
	if tf == nil || tf.as == nil || !tf.res.link.unclaimed || tf.res.link.prose || tf.read == nil {
		return
	}
	src, err := tf.read()
	if err != nil || len(src) == 0 || bytes.HasPrefix(src, []byte("#!")) {
		return
	}
	if head := src[:min(len(src), 1024)]; bytes.IndexByte(head, 0) >= 0 {
		return
	}
	res := tf.as("shell")
	// where f names it (Pass.Execs keeps no position): the first mention
	line, col := 1, 1
	if fs, err := f.read(); err == nil {
		if i := bytes.Index(fs, []byte(spec)); i >= 0 {
			line = 1 + bytes.Count(fs[:i], []byte("\n"))
			col = 1 + i - (bytes.LastIndexByte(fs[:i], '\n') + 1)
		}
	}
	step := scanner.Step{File: f.rel, Line: line, Column: col, Note: "run by its path with no `#!` line: the shell runs it"}
	for i := range res.findings {
		x := &res.findings[i]
		if x.IsLaunch() && x.Chain == nil {
			x.Chain = &[]scanner.Step{step}
			x.Message += " (" + scanner.ChainText(*x.Chain) + ")"
		}
	}
	*tf.res = res
}

// claimAll is a detector claiming a file whatever its name.
type claimAll struct{ scanner.Detector }

func (claimAll) Match(*scanner.File) bool { return true }

// langSuite is suite with only its detector named lang, claiming every
// file, or false when the suite has none.
func langSuite(suite scanner.Suite, lang string) (scanner.Suite, bool) {
	for _, d := range suite.Detectors {
		if d.Name() == lang {
			return scanner.Suite{Detectors: []scanner.Detector{claimAll{d}}, Shell: suite.Shell}, true
		}
	}
	return scanner.Suite{}, false
}

// needle is a helper another file offers: its name, the detector of its
// file, and what a file that imports that file mentions (Linker.Mentions).
type needle struct {
	name []byte
	det  scanner.Linker
	mods [][]byte
	// method: name is `.m(`, a call of a method of some class through an
	// instance of any class: a file that names it may call it, whatever
	// it imports, with a runtime it names or with its own function's
	// parameter (`def stream_cli(runtime, command):
	// runtime.stream(command)`, a helper of its callers).
	method bool
	// env: name is an environment variable another file sets (to a
	// runtime): a file that names it may read it, whatever it imports.
	env bool
	// all: with env, the variable is offered to the files of every
	// language (Summary.EnvAnyLanguage)
	all bool
	// key: with env and all, name is a data file's key (Summary.Keys),
	// not an environment variable
	key bool
	// link: with env and all, name is a link or copy of a runtime
	// (scanner.LinkName): the shell and data files that name it may run
	// it, and no other
	link bool
	// any: no name, a module whose summary a bound cut (anyKey).
	any bool
}

// methodKey prefixes a method's name among the names phase two searches
// for (Summary.Methods), and envKey an environment variable's
// (Summary.Env).
// dataDetector is the data detector's name: its files read no
// environment variable or key of a document (a dotenv variable or a data
// file's key is offered to code, needle.all).
const dataDetector = "data"

const (
	methodKey = "."
	envKey    = "$"
	// keyKey prefixes a data file's key (Summary.Keys), read like an
	// environment variable by files of every language.
	keyKey = "$key."
	// anyKey stands for any name of a module whose summary a bound cut:
	// a file that mentions the module is read in phase two, where a name
	// the summary does not hold is dynamic (repo.lookup).
	anyKey = "\x01"
)

// mentionsAny reports whether src, read by det, may call one of the
// helpers: it names the helper and the helper's module. A module's
// default export is called by whatever name its importer gives it: a
// file that names the module and a runtime may call it. A method is
// called through an instance of any class: a file that names it may call
// it (needle.method). A name counts only as a whole word (hasWord).
func mentionsAny(src []byte, det scanner.Linker, ns []needle, cfg *scanner.Config) bool {
	if _, envOnly := det.(scanner.EnvReader); envOnly {
		for _, n := range ns {
			if n.env && n.all && !n.key && (!n.link || linkReader(det)) && hasWord(src, n.name) {
				return true
			}
		}
		return false
	}
	for _, n := range ns {
		if n.method && n.det.Name() == det.Name() && hasWord(src, n.name) {
			return true
		}
		if n.env && (n.link && linkReader(det) || !n.link && n.all && det.Name() != dataDetector || !n.all && n.det.Name() == det.Name()) && hasWord(src, n.name) {
			return true
		}
		if n.method || n.env || n.det.Name() != det.Name() {
			continue
		}
		// the name first: one pass, where the module's mentions are a
		// dozen passes
		if (hasWord(src, n.name) || string(n.name) == scanner.DefaultExport && cfg.MentionsRuntime(src)) && hasAnyWord(src, n.mods) {
			return true
		}
	}
	return false
}

// linkReader reports whether det's files may run a link or copy of a
// runtime by its name (a needle's link): shell and data files run
// commands by name, and TS/JS and Python code through its process APIs
// (`subprocess.run(["rev", "-p", x])`, `exec.Command("rev")`).
func linkReader(det scanner.Linker) bool {
	switch det.Name() {
	case dataDetector, "shell", "javascript", "python", "go":
		return true
	}
	return false
}

// mayMention is mentionsAny's prefilter over the file's words: false only
// when mentionsAny is false on the file phase one read.
func mayMention(words wordSet, det scanner.Linker, ns []needle) bool {
	if _, envOnly := det.(scanner.EnvReader); envOnly {
		return slices.ContainsFunc(ns, func(n needle) bool { return n.env && n.all && !n.key && (!n.link || linkReader(det)) })
	}
	return slices.ContainsFunc(ns, func(n needle) bool { return needleMay(words, det, n) })
}

// needleMay is mayMention for one needle n (a detector that reads the
// environment only aside).
func needleMay(words wordSet, det scanner.Linker, n needle) bool {
	if n.link {
		return linkReader(det) && words.mayHoldAll(n.name)
	}
	if n.env && n.all && det.Name() == dataDetector || n.det.Name() != det.Name() && !(n.env && n.all) || !words.mayHoldAll(n.name) && string(n.name) != scanner.DefaultExport {
		return false
	}
	return n.method || n.env || words.mayHoldAny(n.mods)
}

// mayNeedles are the needles of ns the file's words may match
// (needleMay): mentionsAny reads the file once per needle, so the set
// spares it the passes of the others. A nil set, or a detector that
// reads the environment only, keeps them all.
func mayNeedles(words wordSet, det scanner.Linker, ns []needle) []needle {
	if _, envOnly := det.(scanner.EnvReader); envOnly || words == nil {
		return ns
	}
	var out []needle
	for _, n := range ns {
		if needleMay(words, det, n) {
			out = append(out, n)
		}
	}
	return out
}

// fileImports is scanner.Imports for one file being re-scanned, for a
// script being summarized for the files that run it, or for a module
// one of whose names is valued with its own imports (repo.valued).
type fileImports struct {
	r    *repo
	from string
	// stack lists the scripts being summarized that led here (a script
	// runs a script): a cycle is cut where it closes, and cut says so.
	stack []string
	cut   bool
	// names lists the module-level names (file and name) being valued
	// with their module's imports that led here (a module's constant
	// reads another module's): a cycle of values is cut where it closes,
	// and namesCut says so; cutNames are those whose value a cut made
	// dynamic when asked from here (kept for this file alone).
	names    []string
	namesCut bool
	cutNames map[string]bool
}

func (im *fileImports) Script(spec string) (scanner.Export, bool) {
	return im.r.script(im, spec)
}

func (im *fileImports) Method(name string) (scanner.Export, bool) {
	return im.r.method(im.from, name)
}

func (im *fileImports) Env(name string) (scanner.Export, bool) {
	return im.r.env(im.from, name)
}

func (im *fileImports) Key(name string) (scanner.Export, bool) {
	return im.r.key(im.from, name)
}

func (im *fileImports) Lookup(spec, name string) (scanner.Export, bool) {
	return im.r.lookup(im, im.from, spec, name, 0)
}

func (im *fileImports) Source(spec string) (string, []byte, bool) {
	ff := im.r.byRel[im.from]
	if ff == nil || ff.res.link.det == nil {
		return "", nil, false
	}
	target, ok := im.r.resolve(ff.res.link.det, im.from, spec)
	if !ok {
		if target, ok = im.r.makefile(spec); !ok {
			return "", nil, false
		}
	}
	src, err := im.r.byRel[target].read()
	if err != nil || len(src) > scanner.MaxFileSize {
		return "", nil, false
	}
	return target, src, true
}

func (im *fileImports) Text(spec string) ([]scanner.TextFile, bool) {
	r := im.r
	spec = path.Clean(strings.TrimPrefix(spec, "./"))
	if spec == "." {
		return nil, false
	}
	read := func(rel string) (scanner.TextFile, bool) {
		f := r.byRel[rel]
		if f == nil {
			return scanner.TextFile{}, false
		}
		src, err := f.read()
		if err != nil || len(src) > scanner.MaxFileSize {
			return scanner.TextFile{}, false
		}
		return scanner.TextFile{Rel: rel, Src: src}, true
	}
	if !path.IsAbs(spec) {
		for _, rel := range []string{path.Join(path.Dir(im.from), spec), spec} {
			if tf, ok := read(rel); ok {
				return []scanner.TextFile{tf}, false
			}
		}
	}
	var out []scanner.TextFile
	for _, rel := range r.byBase(path.Base(spec)) {
		if len(out) == scanner.MaxTextFiles {
			return out, true
		}
		if tf, ok := read(rel); ok {
			out = append(out, tf)
		}
	}
	return out, false
}

func (im *fileImports) Hint(src []byte) bool {
	im.r.mu.Lock()
	defer im.r.mu.Unlock()
	if len(im.r.cut) > 0 && len(src) <= maxHintName && !bytes.ContainsAny(src, " \t\r\n") {
		// a name (a callee's, a method's): once a bound cut a module's
		// summary, any name may be a helper it does not hold
		return true
	}
	return hasAnyWord(src, im.r.names) || hasAnyWord(src, im.r.cut) || hasAnyWord(src, im.r.anon) && im.r.cfg.MentionsRuntime(src)
}

// maxHintName is the longest text Hint reads as a name rather than a file.
const maxHintName = 256

// makefile is the Makefile a scanner.MakePrefix spec names (a path from
// the root), from a file of any language: one that runs make with
// variables on its command line (Pass.makeVars).
func (r *repo) makefile(spec string) (string, bool) {
	rel, ok := strings.CutPrefix(spec, scanner.MakePrefix)
	if !ok {
		return "", false
	}
	rel = path.Clean(rel)
	if rel == ".." || strings.HasPrefix(rel, "../") || !r.exists(rel) || r.byRel[rel] == nil {
		return "", false
	}
	return rel, true
}

// shellLinker is the suite's shell detector, or nil.
func (r *repo) shellLinker() scanner.Linker {
	for _, d := range r.suite.Detectors {
		if l, ok := d.(scanner.Linker); ok && d.Name() == "shell" {
			return l
		}
	}
	return nil
}

// script is Imports.Script for the file im reads from.
func (r *repo) script(im *fileImports, spec string) (scanner.Export, bool) {
	sh := r.shellLinker()
	if sh == nil {
		return scanner.Export{}, false
	}
	var target string
	if name, ok := strings.CutPrefix(spec, scanner.PathScript); ok {
		// a bare command name: the repository's script of that name
		var scripts []string
		for _, rel := range r.byBase(name) {
			if tf := r.byRel[rel]; tf != nil && tf.res.link.det != nil && tf.res.link.det.Name() == sh.Name() {
				scripts = append(scripts, rel)
			}
		}
		switch {
		case len(scripts) == 0:
			return scanner.Export{}, false
		case len(scripts) == 1:
			target = scripts[0]
		case len(scripts) > maxPathScripts:
			// which one PATH finds is not known here, and too many to
			// read each
			return scanner.Export{Name: scanner.ScriptArgs, File: scripts[0], Dynamic: true}, true
		default:
			// which one PATH finds is not known here: the call is
			// dynamic when one of them may run what it is given, and
			// no launch when none does (`run` names many runit
			// services' scripts, none of which runs its arguments)
			for _, rel := range scripts {
				if e, ok := r.scriptFile(im, sh, rel); ok && (e.Dynamic || len(e.Sinks) > 0) {
					return scanner.Export{Name: scanner.ScriptArgs, File: rel, Dynamic: true}, true
				}
			}
			return scanner.Export{}, false
		}
	} else if strings.HasPrefix(spec, "/") {
		rels := r.byBase(path.Base(spec))
		if len(rels) != 1 {
			return scanner.Export{}, false
		}
		target = rels[0]
	} else if t, ok := sh.Resolve(im.from, spec, r.exists); ok {
		target = t
	} else {
		return scanner.Export{}, false
	}
	return r.scriptFile(im, sh, target)
}

// maxPathScripts bounds the scripts of one name that a bare command word
// may run (scanner.PathScript) whose summaries are read to see whether
// any runs its arguments: past it the call is dynamic.
const maxPathScripts = 8

// scriptFile is what the script target, run by a file of im, runs of its
// arguments (script).
func (r *repo) scriptFile(im *fileImports, sh scanner.Linker, target string) (scanner.Export, bool) {
	tf := r.byRel[target]
	if tf == nil || tf.res.link.det == nil {
		return scanner.Export{}, false
	}
	if tf.res.link.det.Name() != sh.Name() {
		// a script of another language (python3 run.py ARGS): what its
		// own summary says it runs of its arguments
		s := r.summary(tf)
		if s == nil || len(s.Sinks[scanner.ScriptArgs]) == 0 && !s.Truncated {
			return scanner.Export{}, false
		}
		return scanner.Export{Name: scanner.ScriptArgs, File: target, Sinks: s.Sinks[scanner.ScriptArgs], Dynamic: s.Truncated}, true
	}
	for _, s := range im.stack {
		if s == target {
			im.cut = true // a cycle: cut where it closes
			return scanner.Export{}, false
		}
	}
	if len(im.stack) >= scanner.MaxLinkDepth {
		// what is past the bound depends on where the chain was entered:
		// the summaries on the way are not kept either
		im.cut = true
		return scanner.Export{Name: scanner.ScriptArgs, File: target, Dynamic: true}, true
	}
	s, ok, over := r.cached(r.scripts, target, &r.summarized, maxScriptSummaries)
	if over {
		im.cut = true
		return scanner.Export{Name: scanner.ScriptArgs, File: target, Dynamic: true}, true
	}
	if !ok {
		sub := &fileImports{r: r, from: target, stack: append(append([]string(nil), im.stack...), target)}
		src, err := tf.read()
		if err != nil || len(src) > scanner.MaxFileSize {
			s = &scanner.Summary{Truncated: true}
		} else {
			p := scanner.NewPass(target, src, r.cfg, sh.Name(), r.suite)
			p.Shared = r.shared
			p.Imports = sub
			s, err = sh.Summarize(p)
			if err != nil || s == nil {
				s = &scanner.Summary{Truncated: true}
			}
		}
		if sub.cut {
			// what a cycle or the depth bound cut depends on where it was
			// entered: not kept
			im.cut = true
		} else {
			s = r.keep(r.scripts, target, s)
		}
	}
	return scanner.Export{Name: scanner.ScriptArgs, File: target, Sinks: s.Sinks[scanner.ScriptArgs], Dynamic: s.Truncated}, true
}

// cached looks key up in memo; when it is not there, it counts one more
// summary to make against limit (*made), and over says the limit is
// reached (the caller's answer is then dynamic).
func (r *repo) cached(memo map[string]*scanner.Summary, key string, made *int, limit int) (s *scanner.Summary, ok, over bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s, ok = memo[key]
	over = !ok && *made >= limit
	if !ok && !over {
		*made++
	}
	return s, ok, over
}

// keep memoizes s under key, unless another worker did first: its
// summary is the one kept and returned.
func (r *repo) keep(memo map[string]*scanner.Summary, key string, s *scanner.Summary) *scanner.Summary {
	r.mu.Lock()
	defer r.mu.Unlock()
	if old, ok := memo[key]; ok {
		return old
	}
	memo[key] = s
	return s
}

// byBase lists the files of the repository with base name b (sorted).
func (r *repo) byBase(b string) []string { return repoFiles{r}.Named(b) }

// exists reports whether rel is a file of the scan.
func (r *repo) exists(rel string) bool { return r.byRel[rel] != nil }

// lookup finds what module spec, written in file from, exports as name,
// for the file im reads from.
func (r *repo) lookup(im *fileImports, from, spec, name string, depth int) (scanner.Export, bool) {
	ff := r.byRel[from]
	if ff == nil || ff.res.link.det == nil {
		return scanner.Export{}, false
	}
	det := ff.res.link.det
	target, ok := r.resolve(det, from, spec)
	if !ok {
		return scanner.Export{}, false
	}
	tf := r.byRel[target]
	if tf == nil || tf.res.link.det == nil || tf.res.link.det.Name() != det.Name() {
		return scanner.Export{}, false
	}
	if depth >= scanner.MaxLinkDepth {
		return scanner.Export{Name: name, File: target, Dynamic: true}, true
	}
	e, ok := r.lookupIn(im, det, tf, name, depth)
	return r.withWrites(from, target, name, e, ok)
}

// lookupIn is what module tf (of det's language) itself offers as name.
func (r *repo) lookupIn(im *fileImports, det scanner.Linker, tf *repoFile, name string, depth int) (scanner.Export, bool) {
	target := tf.rel
	s := r.summary(tf)
	if head, ok := askHead(s, name, len(im.names) > 0); ok {
		// a value built from another module's (`[...BASE, '-p']`,
		// `PREFIX + 'claude'`, where the summary holds `…claude`), or,
		// while one is being valued, any constant it reads (the summary
		// holds only those naming a runtime)
		if e, ok := r.valued(im, tf, head, name); ok {
			return e, true
		}
	}
	if v, ok := s.Consts[name]; ok {
		return scanner.Export{Name: name, File: target, Consts: v.Vals, List: v.List, At: v.At, Dynamic: v.Cut}, true
	}
	if v, ok := anyConst(s.Consts, name); ok {
		return scanner.Export{Name: name, File: target, Consts: v.Vals, List: v.List, At: v.At, Dynamic: v.Cut}, true
	}
	if v, ok := cutUnder(s.Consts, name); ok {
		return scanner.Export{Name: name, File: target, At: v.At, Dynamic: true}, true
	}
	if k, ok := s.Sinks[name]; ok {
		return scanner.Export{Name: name, File: target, Sinks: k}, true
	}
	if ref, ok := s.Reexports[name]; ok {
		n := ref.Name
		if n == "*" {
			n = name
		}
		to, local := r.resolve(det, target, ref.Spec)
		if !local {
			// a package's member: the detector judges it
			return scanner.Export{Name: name, File: target, Extern: []scanner.Ref{{Spec: ref.Spec, Name: n, At: ref.At}}}, true
		}
		if df := r.byRel[to]; df != nil && (df.res.link.det == nil || df.res.link.det.Name() != det.Name()) {
			// a member of a data file (a JSON module): the detector reads it
			return scanner.Export{Name: name, File: to, Member: n, At: ref.At}, true
		}
		return r.lookup(im, target, ref.Spec, n, depth+1)
	}
	for _, d := range derivedNames(name) {
		// a value derived from a name the module re-exports by name
		// (`mk()`, `new Svc().start().executable` for `export { Svc }
		// from './svc'`; `new Core().svc.start()` for a field `Core.svc`
		// offered as `new Svc` of './svc'): the same derivation of the
		// name it re-exports, asked of that module of the repository (an
		// export of a package or a data file is judged by the detector,
		// by the name alone) (repo_class_method_return_named_reexport.txtar,
		// repo_field_instance_of_imported_class.txtar)
		ref, ok := s.Reexports[d.head]
		if !ok || ref.Name == "*" {
			continue
		}
		if to, local := r.resolve(det, target, ref.Spec); local {
			if df := r.byRel[to]; df != nil && df.res.link.det != nil && df.res.link.det.Name() == det.Name() {
				if e, ok := r.lookup(im, target, ref.Spec, d.pre+ref.Name+d.rest, depth+1); ok {
					return e, true
				}
			}
		}
	}
	if refs := anyReexports(s, name, func(spec string) bool { _, l := r.resolve(det, target, spec); return l }); len(refs) > 0 {
		return scanner.Export{Name: name, File: target, Extern: refs}, true
	}
	var extern []scanner.Ref
	for _, star := range s.Stars {
		if _, local := r.resolve(det, target, star); !local {
			extern = append(extern, scanner.Ref{Spec: star, Name: name})
			continue
		}
		if e, ok := r.lookup(im, target, star, name, depth+1); ok {
			return e, true
		}
	}
	if len(extern) > 0 && !s.Truncated {
		return scanner.Export{Name: name, File: target, Extern: extern}, true
	}
	if s.Truncated {
		return scanner.Export{Name: name, File: target, Dynamic: true}, true
	}
	return scanner.Export{}, false
}

// derived is a name asked of a module split at one of the module's
// names it is derived from: pre + head + rest.
type derived struct{ pre, head, rest string }

// derivedNames splits a name asked of a module that is derived from one
// of its names (`mk()`, `mk(args)`, `Conf.argv`, `new Svc.start().bin`)
// at each dotted prefix before its first call or index: the name itself
// (`mk`, `Conf`, `Svc`, with `new ` kept as pre) and then a field of it
// (`Core.svc` of `new Core.svc.start()`, a class's field offered for its
// instances too, so without `new `). None for a bare name; at most
// maxDerivedHeads.
func derivedNames(name string) []derived {
	pre := ""
	if after, isNew := strings.CutPrefix(name, "new "); isNew {
		pre, name = "new ", after
	}
	end := strings.IndexAny(name, "([")
	if end < 0 {
		end = len(name)
	}
	var out []derived
	for i := 0; i < end && len(out) < maxDerivedHeads; {
		j := strings.IndexByte(name[i:end], '.')
		if j < 0 {
			j = end
		} else {
			j += i
		}
		if j == len(name) || j == 0 {
			break
		}
		p := pre
		if len(out) > 0 {
			p = ""
		}
		out = append(out, derived{pre: p, head: name[:j], rest: name[j:]})
		i = j + 1
	}
	return out
}

// maxDerivedHeads bounds the prefixes derivedNames tries.
const maxDerivedHeads = 4

// askHead is the module-level name a lookup of name in a module whose
// summary is s asks the detector to value again with the module's own
// imports (repo.valued), and whether it asks: the name's head (`CMD` for
// `CMD` and `CMD.#0`, `cmd()` for `cmd()()`, `Conf` for `Conf.argv`) when
// s.Pending lists it (`Conf.`: only its members), or, for a name that is
// no function's return (no `()`), when s.Pending holds "*", or when a
// name is being valued already (inChain) and s.Values lists it (or "*"):
// the summary holds only the strings naming a runtime, and the value
// being made may build on any.
func askHead(s *scanner.Summary, name string, inChain bool) (string, bool) {
	value := !strings.Contains(name, "()")
	if len(s.Pending) == 0 && !(inChain && value && len(s.Values) > 0) {
		return "", false
	}
	head, _, member := strings.Cut(name, ".")
	if i := strings.Index(head, "()"); i >= 0 {
		head = head[:i+2]
	}
	switch {
	case slices.Contains(s.Pending, head), member && slices.Contains(s.Pending, head+"."):
		return head, true
	case value && slices.Contains(s.Pending, "*"):
		return head, true
	case value && inChain && (slices.Contains(s.Values, head) || slices.Contains(s.Values, "*")):
		return head, true
	}
	return "", false
}

// valued is what module tf offers as name when its module-level name head
// is valued again with tf's own imports (scanner.NameLinker): a constant
// built from a third module's (`[...BASE, '-p']`), through any number of
// modules up to MaxLinkDepth. The same name already on the way (a cycle
// of values), the depth bound, maxNameSummaries, or a bound of the
// detector make the answer Dynamic: unknown is not absent, so a use of it
// at a process API is judged dynamic. What a cut answer is depends on
// where the chain was entered: it is memoized for im alone. ok is false
// when the value holds no such name (the summary's answer stands).
func (r *repo) valued(im *fileImports, tf *repoFile, head, name string) (scanner.Export, bool) {
	nl, ok := tf.res.link.det.(scanner.NameLinker)
	if !ok {
		return scanner.Export{}, false
	}
	key := tf.rel + "\x00" + head
	dyn := scanner.Export{Name: name, File: tf.rel, Dynamic: true}
	if im.cutNames[key] || slices.Contains(im.names, key) || len(im.names) >= scanner.MaxLinkDepth {
		im.namesCut = true
		return dyn, true
	}
	d, ok, over := r.cached(r.values, key, &r.valuesMade, maxNameSummaries)
	if over {
		im.namesCut = true
		return dyn, true
	}
	if !ok {
		sub := &fileImports{r: r, from: tf.rel, names: append(slices.Clip(im.names), key)}
		src, err := tf.read()
		if err != nil || len(src) > scanner.MaxFileSize {
			d = &scanner.Summary{Truncated: true}
		} else {
			p := scanner.NewPass(tf.rel, src, r.cfg, tf.res.link.det.Name(), r.suite)
			p.Shared = r.shared
			p.Imports = sub
			d, err = nl.SummarizeName(p, head)
			if err != nil || d == nil {
				d = &scanner.Summary{Truncated: true}
			}
		}
		if sub.namesCut {
			// what it holds depends on where the chain was entered
			im.namesCut = true
			if im.cutNames == nil {
				im.cutNames = map[string]bool{}
			}
			im.cutNames[key] = true
			return dyn, true
		}
		d = r.keep(r.values, key, d)
	}
	if d.Truncated {
		return dyn, true
	}
	v, ok := d.Consts[name]
	if !ok {
		v, ok = anyConst(d.Consts, name)
	}
	if ref, spread := d.Reexports[head+".*"]; !ok && spread && len(name) > len(head) {
		// { ...DEFAULTS }: a member of another module's object
		return r.lookup(im, tf.rel, ref.Spec, ref.Name+name[len(head):], len(im.names)+1)
	}
	if !ok {
		return scanner.Export{}, false
	}
	return scanner.Export{Name: name, File: tf.rel, Consts: v.Vals, List: v.List, At: v.At, Dynamic: v.Cut}, true
}

// anyConst is the constant of consts that name matches when name holds
// an AnyMember segment (scanner.AnyMember): the union of the values of
// every constant whose dotted name matches it segment by segment, defined
// at the first in name order. A list matched is its elements, as
// possibilities (which of them is the program is not known).
func anyConst(consts map[string]scanner.Const, name string) (scanner.Const, bool) {
	if !strings.Contains(name, scanner.AnyMember) {
		return scanner.Const{}, false
	}
	pat := strings.Split(name, ".")
	var keys []string
	for k := range consts {
		if segs := strings.Split(k, "."); len(segs) == len(pat) && matchSegs(pat, segs) {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return scanner.Const{}, false
	}
	sort.Strings(keys)
	out := scanner.Const{At: consts[keys[0]].At}
	if len(keys) == 1 {
		return consts[keys[0]], true
	}
	for _, k := range keys {
		out.Cut = out.Cut || consts[k].Cut
		for _, v := range consts[k].Vals {
			if !slices.Contains(out.Vals, v) {
				out.Vals = append(out.Vals, v)
			}
		}
	}
	return out, true
}

// cutUnder is the cut constant (Const.Cut) that name reads a member of,
// at any depth under it: its members were not read, so the value is
// dynamic.
func cutUnder(consts map[string]scanner.Const, name string) (scanner.Const, bool) {
	for i := strings.LastIndexByte(name, '.'); i > 0; i = strings.LastIndexByte(name[:i], '.') {
		if c, ok := consts[name[:i]]; ok && c.Cut {
			return c, true
		}
	}
	return scanner.Const{}, false
}

// matchSegs reports whether the segments of a name match a pattern's,
// AnyMember matching any one.
func matchSegs(pat, segs []string) bool {
	for i, p := range pat {
		if p == segs[i] {
			continue
		}
		if p == scanner.AnyMember && !strings.Contains(segs[i], "(") {
			continue // a member, not a value derived from one (`runner()`)
		}
		if rest, ok := strings.CutPrefix(p, scanner.AnyMember); ok && strings.HasPrefix(rest, "(") &&
			strings.HasSuffix(segs[i], rest) && !strings.Contains(strings.TrimSuffix(segs[i], rest), "(") {
			continue // `*(partial)`: that of any member
		}
		return false
	}
	return true
}

// anyReexports are the package members that s re-exports under a name
// matching name, an AnyMember pattern (`ACTIONS.*`: the partials of
// subprocess.run held in a dict, read with a key not known statically),
// sorted by name.
func anyReexports(s *scanner.Summary, name string, local func(spec string) bool) []scanner.Ref {
	if !strings.Contains(name, scanner.AnyMember) {
		return nil
	}
	pat := strings.Split(name, ".")
	var out []scanner.Ref
	for _, k := range slices.Sorted(maps.Keys(s.Reexports)) {
		ref := s.Reexports[k]
		if segs := strings.Split(k, "."); len(segs) != len(pat) || !matchSegs(pat, segs) || ref.Name == "*" || local(ref.Spec) {
			continue
		}
		out = append(out, scanner.Ref{Spec: ref.Spec, Name: ref.Name, At: ref.At})
	}
	return out
}

// offering lists, sorted, the files other than from (of from's detector)
// that index holds under name (r.methods, r.envs); over says they are
// more than scanner.MaxMethodFiles (the caller's answer is Dynamic).
func (r *repo) offering(from string, index map[string][]string, name string) (files []string, over bool) {
	ff := r.byRel[from]
	if ff == nil || ff.res.link.det == nil {
		return nil, false
	}
	r.mu.Lock()
	for _, rel := range index[name] {
		if tf := r.byRel[rel]; rel != from && tf != nil && tf.res.link.det != nil && (tf.res.link.det.Name() == ff.res.link.det.Name() || r.envAll[rel]) {
			files = append(files, rel)
		}
	}
	r.mu.Unlock()
	sort.Strings(files)
	return files, len(files) > scanner.MaxMethodFiles
}

// env is what the files other than from (of from's detector) set
// environment variable name to: the union of their values; more than
// scanner.MaxMethodFiles such files make it Dynamic.
func (r *repo) env(from, name string) (scanner.Export, bool) {
	files, over := r.offering(from, r.envs, name)
	if sh := r.shellLinker(); sh != nil && len(files) > 0 && r.byRel[from].res.link.det.Name() == sh.Name() && !strings.HasPrefix(name, scanner.LinkPrefix) {
		// a workflow's, an action's or package.json's env reaches the
		// scripts they run by path through the data linker, judged at the
		// step with the step's own env (docs/repository.md): not offered
		// again to every script that reads the name
		files = slices.DeleteFunc(files, ghEnvFile)
		over = len(files) > scanner.MaxMethodFiles
	}
	switch {
	case len(files) == 0:
		return scanner.Export{}, false
	case over:
		return scanner.Export{Name: name, File: files[0], Dynamic: true}, true
	}
	var e scanner.Export
	for _, rel := range files {
		c, ok := r.summary(r.byRel[rel]).Consts[scanner.EnvConst(name)]
		if !ok {
			continue
		}
		if e.File == "" {
			// a list: shared state written (scanner.SharedItem), never
			// an environment variable
			e = scanner.Export{Name: name, File: rel, At: c.At, List: c.List}
		} else if e.List != c.List {
			// a list and a string: the strings, each a possibility
			e.List = false
		}
		for _, v := range c.Vals {
			if !slices.Contains(e.Consts, v) {
				e.Consts = append(e.Consts, v)
			}
		}
	}
	return e, len(e.Consts) > 0
}

// ghEnvFile reports a GitHub workflow or action metadata file, or a
// package.json (whose config npm hands the scripts it runs): the data
// linker follows their environment into the scripts they run by path.
func ghEnvFile(rel string) bool {
	base := path.Base(rel)
	return strings.HasPrefix(rel, ".github/workflows/") || base == "action.yml" || base == "action.yaml" || base == "package.json"
}

// key is what the repository's data files hold under key name: the
// union of their values; more than scanner.MaxMethodFiles such files make
// it Dynamic.
func (r *repo) key(from, name string) (scanner.Export, bool) {
	r.mu.Lock()
	files := slices.Clone(r.keys[name])
	r.mu.Unlock()
	sort.Strings(files)
	switch {
	case len(files) == 0:
		return scanner.Export{}, false
	case len(files) > scanner.MaxMethodFiles:
		return scanner.Export{Name: name, File: files[0], Dynamic: true}, true
	}
	var e scanner.Export
	for _, rel := range files {
		c, ok := r.summary(r.byRel[rel]).Consts[scanner.KeyConst(name)]
		if !ok || rel == from {
			continue
		}
		if e.File == "" {
			e = scanner.Export{Name: name, File: rel, At: c.At, List: c.List}
		}
		for _, v := range c.Vals {
			if !slices.Contains(e.Consts, v) {
				e.Consts = append(e.Consts, v)
			}
		}
	}
	return e, len(e.Consts) > 0
}

// method is what the classes of files other than from (of from's
// detector) offer as method name: the sinks of every one, a possibility
// each; more than scanner.MaxMethodFiles such files make it Dynamic.
func (r *repo) method(from, name string) (scanner.Export, bool) {
	files, over := r.offering(from, r.methods, name)
	switch {
	case len(files) == 0:
		return scanner.Export{}, false
	case over:
		return scanner.Export{Name: name, File: files[0], Dynamic: true}, true
	}
	e := scanner.Export{Name: name, File: files[0]}
	for _, rel := range files {
		e.Sinks = append(e.Sinks, r.summary(r.byRel[rel]).Sinks[name]...)
	}
	return e, len(e.Sinks) > 0
}

// summary is the summary of f, memoized. It is made from f alone (no
// imports followed, so a cycle of imports costs nothing and the result
// does not depend on the order of the scan); what f's helpers reach
// through other files' helpers is added between rounds (mergeSinks).
func (r *repo) summary(f *repoFile) *scanner.Summary {
	r.mu.Lock()
	s, ok := r.sums[f.rel]
	wait, busy := r.making[f.rel]
	if !ok && !busy {
		if r.making == nil {
			r.making = map[string]chan struct{}{}
		}
		r.making[f.rel] = make(chan struct{})
	}
	r.mu.Unlock()
	switch {
	case ok:
		return s
	case busy:
		// another worker is making it (two importers of one module)
		<-wait
		r.mu.Lock()
		s, ok = r.sums[f.rel]
		r.mu.Unlock()
		if !ok {
			// its maker failed (a panic, recovered around the detector)
			return &scanner.Summary{Truncated: true}
		}
		return s
	}
	defer func() {
		r.mu.Lock()
		close(r.making[f.rel])
		delete(r.making, f.rel)
		r.mu.Unlock()
	}()
	src, err := []byte(nil), error(nil)
	if f.res.link.module == nil {
		src, err = f.read()
	}
	switch {
	case f.res.link.module != nil:
		s = f.res.link.module
		// and the links of runtimes its code made (Pass.CodeLink)
		keepEnv(s, f.res.link.summary)
	case err != nil || len(src) > scanner.MaxFileSize:
		s = &scanner.Summary{Truncated: true}
	default:
		p := scanner.NewPass(f.rel, src, r.cfg, f.res.link.det.Name(), r.suite)
		p.Shared = r.shared
		s, err = f.res.link.det.Summarize(p)
		if err != nil || s == nil {
			s = &scanner.Summary{Truncated: err != nil}
		}
		keepEnv(s, f.res.link.summary)
	}
	r.mu.Lock()
	r.sums[f.rel] = s
	r.mu.Unlock()
	return s
}

// keepEnv adds to s, a summary Summarize made from the file alone, the
// environment the file's phase-one scan offered to the code of every
// language (scanned, Summary.EnvAnyLanguage: a shell line `AGENT=claude
// node x.js` hands its variable to the script), which the phase-two
// search found the file by (needle.env).
func keepEnv(s, scanned *scanner.Summary) {
	if scanned == nil || scanned == s || !scanned.EnvAnyLanguage || len(scanned.Env) == 0 {
		return
	}
	s.EnvAnyLanguage = true
	for _, name := range scanned.Env {
		if c, ok := scanned.Consts[scanner.EnvConst(name)]; ok && !s.AddEnv(name, c) {
			// a bound reached: a lookup in s is dynamic
			s.Truncated = true
			return
		}
	}
}

// mergeSinks adds to f's summary the helpers its re-scan found (those
// that reach a process API through another file's helper). It runs between
// rounds, so every re-scan of one round sees the same summaries.
func (r *repo) mergeSinks(f *repoFile, found *scanner.Summary) {
	if found == nil || len(found.Sinks) == 0 && len(found.APIs) == 0 && !found.Truncated && len(found.Env) == 0 {
		return
	}
	s := r.summary(f)
	// a library's launching member the file binds through another file
	// (`class StrictClient(ReviewClient)`, the base the Agent SDK's
	// client): its name is a needle of the next round, and importers
	// resolve it to the library's member
	for _, n := range found.APIs {
		if ref, ok := found.Reexports[n]; ok && !slices.Contains(s.APIs, n) {
			if _, had := s.Reexports[n]; !had {
				s.AddReexport(n, ref)
			}
			s.AddAPI(n)
		}
	}
	names := make([]string, 0, len(found.Sinks))
	for n := range found.Sinks {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		for _, k := range found.Sinks[n] {
			s.AddSink(n, k)
		}
	}
	for _, m := range found.Methods {
		s.AddMethod(m)
	}
	// links and copies of runtimes made from values only the re-scan
	// could read (`while read -r src dst; do ln -sf "$src" "$dst"; done
	// < links.txt`): offered to the files that run them, next round
	for _, name := range found.Env {
		if c, ok := found.Consts[scanner.EnvConst(name)]; ok && strings.HasPrefix(name, scanner.LinkPrefix) && !slices.Contains(s.Env, name) {
			if !s.AddEnv(name, c) {
				s.Truncated = true
				break
			}
			s.EnvAnyLanguage = true
			r.mu.Lock()
			r.envAll[f.rel] = true
			r.mu.Unlock()
		}
	}
	s.Truncated = s.Truncated || found.Truncated
}

// newLinks reports whether found, the summary of f's re-scan, offers a
// link or copy of a runtime f's summary does not (mergeSinks).
func (r *repo) newLinks(f *repoFile, found *scanner.Summary) bool {
	if !found.EnvAnyLanguage {
		return false
	}
	s := r.summary(f)
	for _, name := range found.Env {
		if strings.HasPrefix(name, scanner.LinkPrefix) && !slices.Contains(s.Env, name) {
			return true
		}
	}
	return false
}

// MemFile is one file of an in-memory repository (ScanFiles).
type MemFile struct {
	Rel  string
	Src  []byte
	Exec bool
}

// ScanFiles scans an in-memory repository (the parser matrix's multi-file
// cases) exactly as Scan scans a folder, both phases, findings that are
// one launch merged (groupLaunches). The findings are sorted.
func ScanFiles(files []MemFile, cfg *scanner.Config, suite scanner.Suite) ([]scanner.Finding, []report.Suppression, error) {
	ctx := context.Background()
	aliases := map[string]string{}
	for _, f := range files {
		if path.Base(f.Rel) == "package.json" {
			addAliases(aliases, f.Src)
		}
	}
	cfg = cfg.WithPackageAliases(aliases)
	clis, binCmds := map[string]string{}, map[string]string{}
	for _, f := range files {
		if path.Base(f.Rel) == "package.json" {
			workspaceCLIs(cfg, f.Rel, f.Src, clis, binCmds)
		}
	}
	cfg = cfg.WithWorkspaceCLIs(clis).WithBinCommands(binCmds)
	results := make([]fileResult, len(files))
	var firstErr error
	mem := make(map[string][]byte, len(files))
	for _, f := range files {
		mem[f.Rel] = f.Src
	}
	shared := &scanner.Shared{Read: func(rel string) ([]byte, bool) {
		b, ok := mem[rel]
		return b, ok
	}}
	for i, f := range files {
		var err error
		results[i].scanned = true
		results[i].findings, results[i].markers, err = scanBytes(ctx, f.Rel, f.Src, f.Exec, cfg, suite, 0, nil, shared, nil, &results[i].link)
		if err != nil && firstErr == nil {
			firstErr = err
		}
	}
	mk := func(cfg *scanner.Config, _ Options, ctx context.Context) *repo {
		rfs := make([]*repoFile, len(files))
		for i := range files {
			f, res := files[i], &results[i]
			rfs[i] = &repoFile{rel: f.Rel, res: res,
				read: func() ([]byte, error) { return f.Src, nil },
				rescan: func(im scanner.Imports) fileResult {
					out := fileResult{scanned: true}
					out.findings, out.markers, out.err = scanBytes(ctx, f.Rel, f.Src, f.Exec, cfg, suite, 0, nil, shared, im, &out.link)
					return out
				}}
			rfs[i].as = func(lang string) fileResult {
				sub, _ := langSuite(suite, lang)
				out := fileResult{scanned: true}
				out.findings, out.markers, out.err = scanBytes(ctx, f.Rel, f.Src, f.Exec, cfg, sub, 0, nil, shared, nil, &out.link)
				return out
			}
		}
		r := newRepo(rfs, cfg, suite)
		r.shared = shared
		return r
	}
	linkRepo(ctx, mk, cfg, Options{Suite: suite}, 1)
	var fs []scanner.Finding
	var ms []report.Suppression
	for _, r := range results {
		fs = append(fs, r.findings...)
		ms = append(ms, r.markers...)
	}
	return groupLaunches(fs), ms, firstErr
}
