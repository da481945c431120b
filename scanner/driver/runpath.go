package driver

import (
	"path"

	"github.com/leasegate/leasegate/scanner"
)

// dropScriptsByName drops the findings that judge a file run by a
// relative path by its name (`./tools/pi`, `bin/claude`:
// scanner.Finding.RunPath) when a shell script of the repository is
// there, from the repository's root or from the folder of the file that
// runs it, and its own text starts a runtime: the launch is judged where
// it is written (a shim that execs launch-runtime is gated, a script
// that starts the runtime otherwise is RED there), so the name says
// nothing more. Any other file there (a node script, a binary, a copy
// of a runtime, a script whose launch the scan cannot see) keeps the
// finding, as does a path to no file of the repository.
func (r *repo) dropScriptsByName() {
	for _, f := range r.files {
		if f.res == nil {
			continue
		}
		var kept []int
		drop := false
		for i, x := range f.res.findings {
			if x.RunPath != "" && r.shellScriptAt(f.rel, x.RunPath) {
				drop = true
				continue
			}
			kept = append(kept, i)
		}
		if !drop {
			continue
		}
		out := make([]scanner.Finding, 0, len(kept))
		for _, i := range kept {
			out = append(out, f.res.findings[i])
		}
		f.res.findings = out
	}
}

// shellScriptAt reports whether the relative path p, run from the file
// from, is a shell script of the repository the scan read whose own
// text starts a runtime: through launch-runtime (a shim), or not (RED
// there). A script that starts none the scan can see keeps its name's
// judgement: what it runs may be the runtime by a way the scan does not
// follow (`exec node "$dir/../vendor/cc/cli.js"`).
func (r *repo) shellScriptAt(from, p string) bool {
	for _, c := range []string{path.Clean(p), path.Join(path.Dir(from), p)} {
		t := r.byRel[c]
		if t == nil || t.res == nil || !t.res.scanned || t.res.link.det == nil || t.res.link.det.Name() != "shell" {
			continue
		}
		for _, x := range t.res.findings {
			if x.IsLaunch() && x.Runtime != scanner.UnknownRuntime {
				return true
			}
		}
	}
	return false
}
