package driver

import (
	"bytes"
	"encoding/json"
	"path"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// packageAliases lists the npm alias dependencies of the repository's
// package.json files (`"reviewer": "npm:@anthropic-ai/claude-code@^2"`):
// alias → the package spec after `npm:`. The config learns the aliases
// of runtime packages before any file is scanned
// (scanner.Config.WithPackageAliases), so a launch by the alias is a
// launch of the runtime wherever it is written. A package.json that
// cannot be read or parsed adds nothing here; the data detector reports
// it when it scans the file.
func packageAliases(files []candidate) map[string]string {
	out := map[string]string{}
	for _, c := range files {
		if path.Base(c.rel) != "package.json" || c.size > scanner.MaxFileSize {
			continue
		}
		if src, err := scanner.ReadFile(c.abs); err == nil {
			addAliases(out, src)
		}
	}
	return out
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
