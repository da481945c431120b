package data

import "strings"

// packageJSON scans package.json scripts. Every script is a shell command
// line run by npm, yarn, pnpm or bun, including the pre/post scripts that
// run around another (prebuild, postinstall, prepare): each is scanned
// where it is written. A script that runs another script (`npm run x`,
// npm-run-all, run-s, run-p with script names) needs nothing more, since
// the named scripts are scanned themselves; commands given as strings to
// concurrently are judged by the core's argv judge as shell strings.
func (s *scan) packageJSON(root *node) {
	scripts := root.get("scripts")
	if scripts == nil || scripts.kind != kindObject {
		return
	}
	for _, v := range scripts.vals {
		if v.kind == kindScalar && v.isString {
			s.shell(v.text(), "", nil)
		}
	}
}

// scriptTable scans a table of named command lines: deno.json tasks
// (strings, or objects whose command the generic walk reads) and
// composer.json scripts (strings or lists of strings; entries naming
// another script with @ or a PHP callback run no shell command).
func (s *scan) scriptTable(t *node) {
	if t == nil || t.kind != kindObject {
		return
	}
	for _, v := range t.vals {
		switch v.kind {
		case kindScalar:
			if v.isString && !strings.HasPrefix(v.str, "@") && !strings.Contains(v.str, "::") {
				s.shell(v.text(), "", nil)
			}
		case kindArray:
			for _, e := range v.elems {
				if e.kind == kindScalar && e.isString && !strings.HasPrefix(e.str, "@") && !strings.Contains(e.str, "::") {
					s.shell(e.text(), "", nil)
				}
			}
		}
	}
}
