package data

import (
	"path"
	"regexp"
	"strings"
)

// isIDEARunConfig reports a JetBrains IDE's run configuration or external
// tool file: any `*.xml` in `.idea/runConfigurations/`, `.run/` or
// `.idea/tools/`, and `.idea/workspace.xml` (its RunManager holds the
// same configurations).
func isIDEARunConfig(rel string) bool {
	dir := "/" + path.Dir(rel) + "/"
	return strings.HasSuffix(dir, "/.idea/runConfigurations/") || strings.HasSuffix(dir, "/.run/") ||
		strings.HasSuffix(dir, "/.idea/tools/") || strings.HasSuffix("/"+rel, "/.idea/workspace.xml")
}

var (
	// ideaTagRE finds the elements that matter: a configuration or a
	// tool starts a new group of options.
	ideaTagRE  = regexp.MustCompile(`<(configuration|tool|option)\b[^>]*>`)
	ideaAttrRE = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_.:-]*)\s*=\s*"([^"]*)"`)
)

// ideaRunConfig scans the commands a JetBrains run configuration or
// external tool runs, from its `<option name="..." value="..."/>`
// elements (XML entities decoded): a shell script configuration's
// SCRIPT_TEXT is a shell command line, its INTERPRETER_PATH with
// INTERPRETER_OPTIONS, SCRIPT_PATH and SCRIPT_OPTIONS an argv (read
// whether EXECUTE_SCRIPT_FILE is set or not: each is a possibility), and
// an external tool's COMMAND with its PARAMETERS an argv. Other
// configuration types (Application, Node.js, npm) run code or scripts the
// scan reads where they are.
func (s *scan) ideaRunConfig() {
	if !s.p.Hits.Seed() {
		return // names no runtime: nothing to find (a large workspace.xml)
	}
	src := string(s.src)
	opts := map[string]text{}
	flush := func() {
		if t, ok := opts["SCRIPT_TEXT"]; ok {
			s.shell(t, "", nil)
		}
		argv := func(first string, rest ...string) {
			t, ok := opts[first]
			if !ok || strings.TrimSpace(t.s) == "" {
				return
			}
			ws := []word{{t: t, known: true}}
			for _, r := range rest {
				if t, ok := opts[r]; ok {
					for _, cmd := range splitSystemd(t) {
						ws = append(ws, cmd...)
					}
				}
			}
			s.judge(ws, "")
		}
		argv("INTERPRETER_PATH", "INTERPRETER_OPTIONS", "SCRIPT_PATH", "SCRIPT_OPTIONS")
		argv("COMMAND", "PARAMETERS")
		opts = map[string]text{}
	}
	for _, m := range ideaTagRE.FindAllStringSubmatchIndex(src, -1) {
		if src[m[2]:m[3]] != "option" {
			flush()
			continue
		}
		var name string
		var val text
		haveVal := false
		for _, a := range ideaAttrRE.FindAllStringSubmatchIndex(src[m[0]:m[1]], -1) {
			k := src[m[0]+a[2] : m[0]+a[3]]
			switch k {
			case "name":
				name = src[m[0]+a[4] : m[0]+a[5]]
			case "value":
				val, haveVal = xmlUnescape(src[m[0]+a[4]:m[0]+a[5]], m[0]+a[4]), true
			}
		}
		if name != "" && haveVal {
			opts[name] = val
		}
	}
	flush()
}

// xmlUnescape decodes an XML attribute value written at file offset off:
// the five named entities and numeric character references (`&#10;`,
// `&#xA;`), each decoded byte placed where its reference starts.
func xmlUnescape(v string, off int) text {
	if !strings.Contains(v, "&") {
		return verbatim(v, off)
	}
	named := map[string]string{"quot": `"`, "amp": "&", "lt": "<", "gt": ">", "apos": "'"}
	var b builder
	for i := 0; i < len(v); i++ {
		if v[i] == '&' {
			if end := strings.IndexByte(v[i:], ';'); end > 1 && end < 10 {
				ref := v[i+1 : i+end]
				r, ok := named[ref]
				if !ok && strings.HasPrefix(ref, "#") {
					if c, ok2 := charRef(ref[1:]); ok2 {
						r, ok = string(c), true
					}
				}
				if ok {
					b.addAt(r, off+i)
					i += end
					continue
				}
			}
		}
		b.add(v[i:i+1], off+i)
	}
	return b.text(off + len(v))
}

// charRef decodes the number of a character reference (`10`, `xA`).
func charRef(n string) (rune, bool) {
	base := 10
	if strings.HasPrefix(n, "x") || strings.HasPrefix(n, "X") {
		base, n = 16, n[1:]
	}
	if n == "" {
		return 0, false
	}
	var r rune
	for _, c := range n {
		var d rune
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case base == 16 && c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case base == 16 && c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, false
		}
		r = r*rune(base) + d
		if r > 0x10FFFF {
			return 0, false
		}
	}
	return r, true
}

// replit scans a `.replit` file (TOML): `run`, `build`, `compile` and
// `onBoot` at the top and in `[deployment]` (a string is a shell command
// line, a list an argv), and the `args` of a `[[workflows.workflow.tasks]]`
// entry whose task is `shell.exec` (a shell command line). `[interpreter]
// command` is a generic command field.
func (s *scan) replit(root *node) {
	read := func(n *node) {
		for _, k := range []string{"run", "build", "compile", "onBoot"} {
			if v := n.get(k); v != nil && !s.done[v] {
				s.done[v] = true
				s.command(v, nil)
			}
		}
	}
	read(root)
	read(root.get("deployment"))
	for _, wf := range root.get("workflows").get("workflow").items() {
		for _, t := range wf.get("tasks").items() {
			if task := t.get("task"); task != nil && task.str == "shell.exec" {
				if a := t.get("args"); a != nil && a.kind == kindScalar && a.isString {
					s.shell(a.text(), "", nil)
				}
			}
		}
	}
}
