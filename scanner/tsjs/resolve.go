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
	if dir, cfg, ok := nearestTSConfig(from, repo); ok {
		base := dir
		if cfg.CompilerOptions.BaseURL != "" {
			base = path.Join(dir, cfg.CompilerOptions.BaseURL)
		}
		if target, ok := matchPaths(cfg.CompilerOptions.Paths, spec); ok {
			for _, t := range target {
				if rel, ok := resolveUnder(d, base, t, repo); ok {
					return rel, true
				}
			}
		}
		if cfg.CompilerOptions.BaseURL != "" {
			if rel, ok := resolveUnder(d, base, spec, repo); ok {
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
	CompilerOptions struct {
		BaseURL string              `json:"baseUrl"`
		Paths   map[string][]string `json:"paths"`
	} `json:"compilerOptions"`
}

// nearestJSON finds the nearest file named name in from's folder or
// above and decodes it (JSON with comments and trailing commas).
func nearestJSON(from, name string, repo scanner.Files) (string, packageJSON, bool) {
	var pkg packageJSON
	dir, ok := nearest(from, []string{name}, repo, &pkg)
	return dir, pkg, ok
}

func nearestTSConfig(from string, repo scanner.Files) (string, tsconfig, bool) {
	var cfg tsconfig
	dir, ok := nearest(from, []string{"tsconfig.json", "jsconfig.json"}, repo, &cfg)
	return dir, cfg, ok
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
