package tsjs

import (
	"encoding/json"
	"path"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// Module resolution through the repository's configuration files
// (scanner.ConfigResolver): tsconfig.json (or jsconfig.json) `paths` and
// `baseUrl`, package.json `imports` (`#lib/*`), and the repository's own
// packages named by their package.json `name` (a workspace).

var _ scanner.ConfigResolver = Detector{}

// ResolveIn implements scanner.ConfigResolver.
func (d Detector) ResolveIn(from, spec string, repo scanner.Files) (string, bool) {
	if rel, ok := d.Resolve(from, spec, repo.Exists); ok || isRelative(spec) || spec == "." || spec == ".." {
		return rel, ok
	}
	if strings.HasPrefix(spec, "#") {
		if dir, pkg, ok := nearestJSON(from, "package.json", repo); ok {
			if target, ok := matchPattern(pkg.Imports, spec); ok {
				return resolveUnder(d, dir, target, repo)
			}
		}
		return "", false
	}
	if cfg, ok := nearestTSConfig(from, repo); ok {
		if target, ok := matchPaths(cfg.paths, spec); ok {
			for _, t := range target {
				if rel, ok := resolveUnder(d, cfg.pathsDir, t, repo); ok {
					return rel, true
				}
			}
		}
		if cfg.baseURL != "" {
			if rel, ok := resolveUnder(d, cfg.baseURL, spec, repo); ok {
				return rel, true
			}
		}
	}
	return workspacePackage(d, spec, repo)
}

// packageJSON is what resolution reads of a package.json.
type packageJSON struct {
	Name    string          `json:"name"`
	Main    string          `json:"main"`
	Module  string          `json:"module"`
	Types   string          `json:"types"`
	Exports json.RawMessage `json:"exports"`
	Imports map[string]any  `json:"imports"`
}

// tsconfig is what resolution reads of a tsconfig.json.
type tsconfig struct {
	// Extends names the configs this one extends: a string, or an array
	// of them (TypeScript 5), relative paths or package names
	Extends         json.RawMessage `json:"extends"`
	CompilerOptions struct {
		BaseURL *string             `json:"baseUrl"`
		Paths   map[string][]string `json:"paths"`
	} `json:"compilerOptions"`
}

// tsPaths is what a tsconfig and the configs it extends give resolution:
// the `paths` map and the folder its targets are taken from (`baseUrl`
// when one is set, else the folder of the config that wrote `paths`),
// and the `baseUrl` folder ("" when none is set).
type tsPaths struct {
	paths    map[string][]string
	pathsDir string
	baseURL  string
}

// nearestJSON finds the nearest file named name in from's folder or
// above and decodes it (JSON with comments and trailing commas).
func nearestJSON(from, name string, repo scanner.Files) (string, packageJSON, bool) {
	var pkg packageJSON
	dir, ok := nearest(from, []string{name}, repo, &pkg)
	return dir, pkg, ok
}

// nearestTSConfig is the nearest tsconfig.json (or jsconfig.json) above
// from, merged with the configs it extends (`extends`, followed at most
// scanner.MaxLinkDepth configs deep; a cycle is cut where it closes): a
// config's own `baseUrl` and `paths` win over its bases', and each is
// relative to the config that writes it, as tsc reads them.
func nearestTSConfig(from string, repo scanner.Files) (tsPaths, bool) {
	var cfg tsconfig
	dir, ok := nearest(from, []string{"tsconfig.json", "jsconfig.json"}, repo, &cfg)
	if !ok {
		return tsPaths{}, false
	}
	var out tsPaths
	var havePaths, haveBase bool
	var pathsFrom string
	seen := map[string]bool{}
	var walk func(dir string, cfg tsconfig, depth int)
	walk = func(dir string, cfg tsconfig, depth int) {
		if b := cfg.CompilerOptions.BaseURL; b != nil && !haveBase {
			haveBase, out.baseURL = true, path.Join(dir, *b)
		}
		if cfg.CompilerOptions.Paths != nil && !havePaths {
			havePaths, out.paths, pathsFrom = true, cfg.CompilerOptions.Paths, dir
		}
		if depth >= scanner.MaxLinkDepth {
			return
		}
		// later entries of an array override earlier ones: try them last
		// first, so the first found wins as the nearer one does
		bases := extendsList(cfg.Extends)
		for i := len(bases) - 1; i >= 0; i-- {
			rel, ok := extendedConfig(dir, bases[i], repo)
			if !ok || seen[rel] {
				continue
			}
			seen[rel] = true
			var base tsconfig
			if src, ok := repo.Read(rel); ok && json.Unmarshal(jsonc(src), &base) == nil {
				walk(path.Dir(rel), base, depth+1)
			}
		}
	}
	seen[path.Join(dir, "tsconfig.json")] = true
	walk(dir, cfg, 0)
	out.pathsDir = pathsFrom
	if haveBase {
		out.pathsDir = out.baseURL
	}
	return out, true
}

// extendsList is the configs a tsconfig's `extends` names.
func extendsList(raw json.RawMessage) []string {
	if len(raw) == 0 {
		return nil
	}
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return []string{one}
	}
	var many []string
	_ = json.Unmarshal(raw, &many)
	return many
}

// extendedConfig is the file of the repository an `extends` entry names,
// from the folder of the config that writes it: a relative path (`.json`
// added when it is left out), or a package's file (`@acme/tsconfig/base.json`,
// or the package's tsconfig.json) looked for in a package of the
// repository of that name and in node_modules folders above dir.
func extendedConfig(dir, spec string, repo scanner.Files) (string, bool) {
	try := func(rel string) (string, bool) {
		if rel == ".." || strings.HasPrefix(rel, "../") {
			return "", false
		}
		for _, c := range []string{rel, rel + ".json", path.Join(rel, "tsconfig.json")} {
			if repo.Exists(c) {
				return c, true
			}
		}
		return "", false
	}
	if isRelative(spec) || strings.HasPrefix(spec, "/") {
		return try(path.Join(dir, spec))
	}
	pkgs := repo.Once("tsjs:packages", func() any { return packagesByName(repo) }).(map[string]workspacePkg)
	for name := spec; ; {
		if p, ok := pkgs[name]; ok {
			if rel, ok := try(path.Join(p.dir, strings.TrimPrefix(spec, name))); ok {
				return rel, true
			}
		}
		i := strings.LastIndexByte(name, '/')
		if i <= 0 {
			break
		}
		name = name[:i]
	}
	for d := dir; ; d = path.Dir(d) {
		if rel, ok := try(path.Join(d, "node_modules", spec)); ok {
			return rel, true
		}
		if d == "." || d == "/" || d == "" {
			return "", false
		}
	}
}

// nearest decodes into out the first of names found in from's folder or
// above, and returns that folder.
func nearest(from string, names []string, repo scanner.Files, out any) (string, bool) {
	// each step drops one folder of a root-relative path, up to the root
	for dir := path.Dir(from); ; dir = path.Dir(dir) {
		for _, n := range names {
			rel := path.Join(dir, n)
			if src, ok := repo.Read(rel); ok {
				return dir, json.Unmarshal(jsonc(src), out) == nil
			}
		}
		if dir == "." || dir == "/" || dir == "" {
			return "", false
		}
	}
}

// resolveUnder resolves target (a path, possibly without extension)
// relative to folder dir.
func resolveUnder(d Detector, dir, target string, repo scanner.Files) (string, bool) {
	rel := path.Join(dir, target)
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return "", false
	}
	return d.Resolve(path.Join(path.Dir(rel), "x"), "./"+path.Base(rel), repo.Exists)
}

// builtinModules are Node's modules (after normModule): never a file of
// the repository.
var builtinModules = map[string]bool{
	"fs": true, "fs/promises": true, "path": true, "os": true, "util": true, "events": true, "stream": true,
	"http": true, "https": true, "net": true, "url": true, "crypto": true, "assert": true, "buffer": true,
	"readline": true, "zlib": true, "tty": true, "worker_threads": true, "cluster": true, "dns": true,
	"module": true, "vm": true, "timers": true, "perf_hooks": true, "async_hooks": true, "string_decoder": true,
	"querystring": true, "v8": true, "process": true, "require": true, "#global": true, "bun": true, "deno": true,
}

// apiModules are the modules of the API table.
var apiModules = func() map[string]bool {
	m := map[string]bool{}
	for k := range apis {
		if typ, _, ok := strings.Cut(k, "()."); ok && apiTypes[typ] {
			continue // a type's module may be a package of the repository
		}
		m[k[:strings.IndexByte(k, ':')]] = true
	}
	return m
}()

// local reports whether module mod (as normModule gives it) may be a file
// of the repository: a relative path, a package.json `imports` name, a
// tsconfig `paths` alias or a package of the repository (any bare name
// that is neither a Node module nor one of the API table's).
func local(mod string) bool {
	if isRelative(mod) {
		return true
	}
	return mod != "" && !builtinModules[mod] && !apiModules[mod] && !strings.Contains(mod, ":")
}

// matchPaths is the targets of the tsconfig `paths` pattern that matches
// spec most specifically (the longest prefix before its `*`).
func matchPaths(paths map[string][]string, spec string) ([]string, bool) {
	best, bestLen := []string(nil), -1
	for pat, targets := range paths {
		star, ok := starMatch(pat, spec)
		if !ok || len(pat) <= bestLen {
			continue
		}
		best, bestLen = nil, len(pat)
		for _, t := range targets {
			best = append(best, strings.Replace(t, "*", star, 1))
		}
	}
	return best, bestLen >= 0
}

// matchPattern is the target of a package.json `imports` (or `exports`)
// map for spec: a string, or the first string of a conditions object
// ("node", "import", "require", "default", in the order Node tries them
// for a TypeScript source tree).
func matchPattern(m map[string]any, spec string) (string, bool) {
	best, bestLen := "", -1
	for pat, t := range m {
		star, ok := starMatch(pat, spec)
		if !ok || len(pat) <= bestLen {
			continue
		}
		if s, ok := conditionTarget(t, 0); ok {
			best, bestLen = strings.Replace(s, "*", star, 1), len(pat)
		}
	}
	return best, bestLen >= 0
}

// conditionTarget is the path a package.json target names: a string, or
// the first condition of an object that names one.
func conditionTarget(t any, depth int) (string, bool) {
	switch x := t.(type) {
	case string:
		return x, true
	case map[string]any:
		if depth > 4 {
			return "", false
		}
		for _, c := range []string{"types", "source", "node", "import", "require", "default"} {
			if s, ok := conditionTarget(x[c], depth+1); ok {
				return s, true
			}
		}
	}
	return "", false
}

// starMatch reports whether spec matches pattern pat (at most one `*`)
// and what the star stands for.
func starMatch(pat, spec string) (string, bool) {
	pre, post, hasStar := strings.Cut(pat, "*")
	if !hasStar {
		return "", pat == spec
	}
	if len(spec) < len(pre)+len(post) || !strings.HasPrefix(spec, pre) || !strings.HasSuffix(spec, post) {
		return "", false
	}
	return spec[len(pre) : len(spec)-len(post)], true
}

// workspacePackage resolves a bare specifier naming one of the
// repository's own packages (`agent-kit`, `@acme/kit/sub`) to its entry
// file: `exports`, `types`, `module`, `main`, then `src/index` and
// `index`.
func workspacePackage(d Detector, spec string, repo scanner.Files) (string, bool) {
	pkgs := repo.Once("tsjs:packages", func() any { return packagesByName(repo) }).(map[string]workspacePkg)
	name := spec
	for {
		if p, ok := pkgs[name]; ok {
			if sub := strings.TrimPrefix(spec, name); sub != "" {
				// @acme/proc/spawn: the package.json `exports` subpath
				// ("./*": "./src/*.ts"), else the path in the package
				if target, ok := matchPattern(p.subpaths, "."+sub); ok {
					if rel, ok := resolveUnder(d, p.dir, target, repo); ok {
						return rel, true
					}
				}
				return resolveUnder(d, p.dir, sub[1:], repo)
			}
			for _, e := range p.entries {
				if rel, ok := resolveUnder(d, p.dir, strings.TrimSuffix(e, ".d.ts"), repo); ok {
					return rel, true
				}
			}
			return "", false
		}
		i := strings.LastIndexByte(name, '/')
		if i <= 0 {
			return "", false
		}
		name = name[:i]
	}
}

// workspacePkg is a package of the repository: its folder and the entry
// files its package.json names, in the order they are tried.
type workspacePkg struct {
	dir     string
	entries []string
	// subpaths are the `exports` map's entries other than "." (`"./*":
	// "./src/*.ts"`), by pattern
	subpaths map[string]any
}

// packagesByName indexes the repository's package.json files by package
// name (the first in path order wins), once per scan.
func packagesByName(repo scanner.Files) map[string]workspacePkg {
	out := map[string]workspacePkg{}
	for _, rel := range repo.Named("package.json") {
		src, ok := repo.Read(rel)
		if !ok || !strings.Contains(string(src), `"name"`) {
			continue
		}
		var pkg packageJSON
		if json.Unmarshal(jsonc(src), &pkg) != nil || pkg.Name == "" {
			continue
		}
		if _, dup := out[pkg.Name]; dup {
			continue
		}
		var entries []string
		var exports any
		var subpaths map[string]any
		if json.Unmarshal(pkg.Exports, &exports) == nil {
			if m, ok := exports.(map[string]any); ok {
				for k, t := range m {
					if strings.HasPrefix(k, "./") {
						if subpaths == nil {
							subpaths = map[string]any{}
						}
						subpaths[k] = t
					}
				}
				if t, ok := m["."]; ok {
					exports = t
				}
			}
			if s, ok := conditionTarget(exports, 0); ok {
				entries = append(entries, s)
			}
		}
		for _, e := range []string{pkg.Types, pkg.Module, pkg.Main, "src/index", "index"} {
			if e != "" {
				entries = append(entries, e)
			}
		}
		out[pkg.Name] = workspacePkg{dir: path.Dir(rel), entries: entries, subpaths: subpaths}
	}
	return out
}

// jsonc is src with the comments and trailing commas of JSON with
// comments (tsconfig.json) removed.
func jsonc(src []byte) []byte {
	out := make([]byte, 0, len(src))
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j, len(src)-1)
			out = append(out, src[i:j+1]...)
			i = j
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			i += 2
			for i+1 < len(src) && !(src[i] == '*' && src[i+1] == '/') {
				i++
			}
			i++
		case c == ',':
			j := i + 1
			for j < len(src) && strings.ContainsRune(" \t\r\n", rune(src[j])) {
				j++
			}
			if j < len(src) && (src[j] == '}' || src[j] == ']') {
				continue
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

var _ scanner.ConfigMentioner = Detector{}

// MentionsIn implements scanner.ConfigMentioner: Mentions, and the names
// the repository's configuration gives rel (configAliases): quoted, as an
// import specifier starts.
func (d Detector) MentionsIn(rel string, repo scanner.Files) [][]byte {
	out := d.Mentions(rel)
	for _, al := range repo.Once("tsjs:aliases", func() any { return configAliases(d, repo) }).([]configAlias) {
		if !al.covers(rel) {
			continue
		}
		spec := al.spec
		if al.base {
			// `utils/run` for <baseUrl>/utils/run.ts: the path's first
			// folder, or the file's name, starts the specifier
			spec = strings.TrimPrefix(rel, al.under)
			if i := strings.IndexByte(spec, '/'); i >= 0 {
				spec = spec[:i+1]
			} else {
				spec = strings.TrimSuffix(spec, path.Ext(spec))
			}
		}
		for _, q := range []string{"'", `"`, "`"} {
			out = append(out, []byte(q+spec))
		}
	}
	return out
}

// configAlias is a specifier prefix the repository's configuration maps
// to files: a tsconfig `paths` key (its part before `*`, or the whole key
// and the one file it names), a folder under a `baseUrl`, a workspace
// package's name.
type configAlias struct {
	spec string
	// under: the files under this folder prefix ("" with file set); file:
	// the one file the alias names
	under, file string
	// base: a `baseUrl` folder, whose files are named by their path
	// under it (spec is then rel's first segment)
	base bool
}

func (al configAlias) covers(rel string) bool {
	if al.file != "" {
		return rel == al.file
	}
	return al.under == "" || strings.HasPrefix(rel, al.under)
}

// importsAliases lists the names package.json `imports` maps give the
// files of their package (`"#proc": "./src/proc.js"`, `"#lib/*":
// "./src/lib/*.js"`): their importers write `from "#proc"`
// (repo_package_imports_helper.txtar).
func importsAliases(d Detector, repo scanner.Files) []configAlias {
	var out []configAlias
	for _, rel := range repo.Named("package.json") {
		src, ok := repo.Read(rel)
		if !ok || !strings.Contains(string(src), `"#`) {
			continue
		}
		var pkg packageJSON
		if json.Unmarshal(jsonc(src), &pkg) != nil {
			continue
		}
		dir := path.Dir(rel)
		for key, t := range pkg.Imports {
			target, ok := conditionTarget(t, 0)
			if !ok || !strings.HasPrefix(key, "#") {
				continue
			}
			pre, _, star := strings.Cut(key, "*")
			if !star {
				if f, ok := resolveUnder(d, dir, target, repo); ok {
					out = append(out, configAlias{spec: key, file: f})
				}
				continue
			}
			tpre, _, _ := strings.Cut(target, "*")
			under := path.Join(dir, tpre)
			if strings.HasSuffix(tpre, "/") || tpre == "" {
				under += "/"
			}
			if under == "./" {
				under = ""
			}
			out = append(out, configAlias{spec: pre, under: under})
		}
	}
	return out
}

// configAliases lists the aliases of every tsconfig.json (or
// jsconfig.json) of the repository, with the configs it extends, and the
// names of its workspace packages, once per scan.
func configAliases(d Detector, repo scanner.Files) []configAlias {
	var out []configAlias
	for _, name := range []string{"tsconfig.json", "jsconfig.json"} {
		for _, rel := range repo.Named(name) {
			if strings.Contains(rel, "node_modules/") {
				continue
			}
			cfg, ok := nearestTSConfig(rel, repo)
			if !ok {
				continue
			}
			for key, targets := range cfg.paths {
				pre, _, star := strings.Cut(key, "*")
				for _, t := range targets {
					if !star {
						if f, ok := resolveUnder(d, cfg.pathsDir, t, repo); ok {
							out = append(out, configAlias{spec: key, file: f})
						}
						continue
					}
					tpre, _, _ := strings.Cut(t, "*")
					under := path.Join(cfg.pathsDir, tpre)
					if strings.HasSuffix(tpre, "/") || tpre == "" {
						under += "/"
					}
					if under == "./" {
						under = ""
					}
					out = append(out, configAlias{spec: pre, under: under})
				}
			}
			if cfg.baseURL != "" {
				under := cfg.baseURL + "/"
				if cfg.baseURL == "." {
					under = ""
				}
				out = append(out, configAlias{under: under, base: true})
			}
		}
	}
	out = append(out, importsAliases(d, repo)...)
	pkgs := repo.Once("tsjs:packages", func() any { return packagesByName(repo) }).(map[string]workspacePkg)
	for name, p := range pkgs {
		if path.Base(name) == path.Base(p.dir) {
			// `@acme/core` in packages/core: its importers' specifiers
			// hold the folder's name (Mentions), and reading every file
			// that names a published package's name again cost a real
			// tree's phase two dearly
			continue
		}
		under := p.dir + "/"
		if p.dir == "." {
			under = ""
		}
		out = append(out, configAlias{spec: name, under: under})
	}
	return out
}
