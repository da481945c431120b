package data

import (
	"path"
	"strings"
)

// isLintStaged reports lint-staged's own configuration file by its name:
// `.lintstagedrc` (JSON or YAML), `.lintstagedrc.json`,
// `.lintstagedrc.yaml`, `.lintstagedrc.yml`.
func isLintStaged(rel string) bool {
	switch strings.ToLower(path.Base(rel)) {
	case ".lintstagedrc", ".lintstagedrc.json", ".lintstagedrc.yaml", ".lintstagedrc.yml":
		return true
	}
	return false
}

// lintStaged scans a lint-staged configuration (package.json's
// `lint-staged` or a `.lintstagedrc`): each glob maps to a command line
// or a list of them, run on the staged files at every commit. lint-staged
// splits a command into words itself; read as shell it over-approximates.
func (s *scan) lintStaged(n *node) {
	if n == nil || n.kind != kindObject {
		return
	}
	for _, v := range n.vals {
		for _, e := range v.items() {
			if e.kind == kindScalar && e.isString && !s.done[e] {
				s.done[e] = true
				s.shell(e.text(), "", nil)
			}
		}
	}
}
