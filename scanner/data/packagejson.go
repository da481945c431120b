package data

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
