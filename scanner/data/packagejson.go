package data

import "strings"

// packageJSON scans package.json scripts. Every script is a shell command
// line run by npm, yarn, pnpm or bun, including the pre/post scripts that
// run around another (prebuild, postinstall, prepare): each is scanned
// where it is written. A script that runs another script (`npm run x`,
// npm-run-all, run-s, run-p with script names) needs nothing more, since
// the named scripts are scanned themselves; commands given as strings to
// concurrently are judged by the core's argv judge as shell strings.
// npm gives each script the package's `config` entries as environment
// variables (`"config": {"agent": "claude"}` is
// `$npm_package_config_agent`; nested objects join their keys with `_`),
// so a script reading one is scanned with it set.
func (s *scan) packageJSON(root *node) {
	scripts := root.get("scripts")
	if scripts == nil || scripts.kind != kindObject {
		return
	}
	env := npmConfigEnv(root.get("config"), "npm_package_config", 0, nil)
	for _, v := range scripts.vals {
		if v.kind == kindScalar && v.isString {
			s.shell(withEnv(v.text(), env), "", nil)
		}
	}
}

// maxConfigDepth bounds how deep npmConfigEnv reads nested config
// objects; deeper entries set no variable the scan knows (a script
// reading one expands an unknown value).
const maxConfigDepth = 4

// npmConfigEnv lists the variables npm sets from a package.json `config`
// object: a scalar under each key, named prefix_key.
func npmConfigEnv(n *node, prefix string, depth int, out []envVar) []envVar {
	if n == nil || n.kind != kindObject || depth >= maxConfigDepth {
		return out
	}
	for i, k := range n.keys {
		name := prefix + "_" + k.str
		if !isEnvName(name) {
			continue
		}
		switch v := n.vals[i]; v.kind {
		case kindScalar:
			out = append(out, envVar{name: name, val: v.text()})
		case kindObject:
			out = npmConfigEnv(v, name, depth+1, out)
		}
	}
	return out
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
