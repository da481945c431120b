package driver

import (
	"bytes"
	"encoding/json"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// packageFacts reads the repository's package.json files once: the npm
// alias dependencies (`"reviewer": "npm:@anthropic-ai/claude-code@^2"`:
// alias → the package spec after `npm:`), which the config learns before
// any file is scanned (scanner.Config.WithPackageAliases), so a launch by
// the alias is a launch of the runtime wherever it is written; and the
// files that name a bin, kept for workspaceCLIs, which needs the config
// the aliases make. A package.json that cannot be read or parsed adds
// nothing here; the data detector reports it when it scans the file.
func packageFacts(files []candidate) (aliases map[string]string, bins []binFile) {
	aliases = map[string]string{}
	for _, c := range files {
		if path.Base(c.rel) != "package.json" || c.size > scanner.MaxFileSize {
			continue
		}
		if src, err := scanner.ReadFile(c.abs); err == nil {
			addAliases(aliases, src)
			if bytes.Contains(src, []byte(`"bin"`)) {
				bins = append(bins, binFile{Rel: c.rel, Src: src})
			}
		}
	}
	return aliases, bins
}

// addAliases adds the npm alias dependencies of one package.json to out.
func addAliases(out map[string]string, src []byte) {
	if !bytes.Contains(src, []byte(`"npm:`)) {
		return
	}
	var doc struct {
		Dependencies         map[string]any `json:"dependencies"`
		DevDependencies      map[string]any `json:"devDependencies"`
		OptionalDependencies map[string]any `json:"optionalDependencies"`
		PeerDependencies     map[string]any `json:"peerDependencies"`
	}
	if json.Unmarshal(src, &doc) != nil {
		return
	}
	for _, deps := range []map[string]any{doc.Dependencies, doc.DevDependencies, doc.OptionalDependencies, doc.PeerDependencies} {
		for name, v := range deps {
			if s, ok := v.(string); ok {
				if spec, ok := strings.CutPrefix(s, "npm:"); ok {
					out[name] = spec
				}
			}
		}
	}
}

// workspaceCLIs lists the CLI files of the runtime packages whose source
// is in the repository: a package.json whose name is a runtime's npm
// package (pi-mono's packages/coding-agent/package.json, named
// @mariozechner/pi-coding-agent) names its CLI in bin. Each bin target is
// listed by its path from the root, and a target under dist/ also by the
// TypeScript source it is built from (dist/cli.js from src/cli.ts, also
// .tsx, .mts and .js there): running that file under node, tsx, bun or
// ts-node runs the runtime from its workspace, not its installed copy
// (scanner.Config.WithWorkspaceCLIs). At most maxBins targets of one
// package.json are read.
func workspaceCLIs(cfg *scanner.Config, rel string, src []byte, out, bins map[string]string) {
	if !bytes.Contains(src, []byte(`"bin"`)) {
		return
	}
	var doc struct {
		Name string `json:"name"`
		Bin  any    `json:"bin"`
	}
	if json.Unmarshal(src, &doc) != nil {
		return
	}
	var targets []string
	names := map[string]string{} // target → bin name
	switch b := doc.Bin.(type) {
	case string:
		targets = append(targets, b)
		names[b] = path.Base(doc.Name)
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(b)) {
			if s, ok := b[k].(string); ok {
				targets = append(targets, s)
				names[s] = k
			}
		}
	}
	rt, ok := cfg.RuntimeForPackage(doc.Name)
	if !ok || doc.Name == "" || strings.HasPrefix(doc.Name, "npm:") {
		// another package whose bin is a runtime's file (a workspace
		// package's `"rv": "../../node_modules/@anthropic-ai/claude-code/cli.js"`):
		// its name runs the runtime
		if bins != nil {
			for k, t := range targets {
				if k >= 8 || t == "" {
					break
				}
				if l, _ := cfg.JudgeArgv([]scanner.Arg{scanner.Lit(path.Join(path.Dir(rel), t))}); l != nil && !l.Gated() && names[t] != "" {
					bins[names[t]] = l.Runtime
				}
			}
		}
		return
	}
	const maxBins = 8
	dir := path.Dir(rel)
	for k, t := range targets {
		if k >= maxBins || t == "" || path.IsAbs(t) {
			break
		}
		p := path.Join(dir, t)
		if strings.HasPrefix(p, "../") || p == ".." {
			continue
		}
		out[p] = rt
		if d, ok := strings.CutPrefix(path.Clean(t), "dist/"); ok {
			stem := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(d, ".js"), ".mjs"), ".cjs")
			for _, ext := range []string{".ts", ".tsx", ".mts", ".js"} {
				out[path.Join(dir, "src", stem+ext)] = rt
			}
		}
	}
}

// binFile is a package.json that names a bin (packageFacts).
type binFile struct {
	Rel string
	Src []byte
}
