package python

import (
	"bytes"
	"path"
	"strings"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// A command rendered from a template file of the repository: a Jinja
// template (`env.get_template("job.sh.j2").render(**cfg)`,
// `jinja2.Template(open(f).read()).render(...)`), a string.Template
// substituted or a str.format of a file's text (`open(f).read()
// .format(**cfg)`). The value is the template's text with each hole the
// render data's entry of that name, else (a mapping the analysis cannot
// follow, such as a YAML document read at run time) what the repository's
// data files hold under that key or an unknown (dataKey). A file that
// calls a render API notes the template's base name (scanner.TextNeed) in
// phase one and reads the template in phase two (Imports.Text); only such
// files do the work (docs/python.md, python/repo_jinja_template_from_yaml.txtar).

// maxTemplateHoles bounds the holes of one template read; past it the
// rest of the text is a value past a bound (Cut): a launch of an unknown
// runtime where it is run.
const maxTemplateHoles = 256

// fileReadSpec is the path whose text expression o reads, when o (or a
// name bound only to it) is `open(S).read()` (also `io.open`,
// `codecs.open`, a `with open(S) as fh` name's `fh.read()`) or `Path(S).read_text()` with S known.
func (a *analyzer) fileReadSpec(o int32) (string, bool) {
	t := a.t
	if o = a.boundValue(o); o == none || t.Nodes[o].Kind != kCall {
		return "", false
	}
	fn := t.Child(o, fFunction)
	if fn == none || t.Nodes[fn].Kind != kAttribute {
		return "", false
	}
	// `with open(S) as fh: fh.read()`: fh is bound to the open call
	at, obj := t.Child(fn, fAttribute), a.boundValue(t.Child(fn, fObject))
	if at == none || obj == none || t.Nodes[obj].Kind != kCall {
		return "", false
	}
	var opener []string
	switch t.Text(at) {
	case "read":
		opener = []string{"open", "io.open", "codecs.open"}
	case "read_text":
		opener = []string{"Path", "pathlib.Path", "PurePath", "pathlib.PurePath"}
	default:
		return "", false
	}
	of := t.Child(obj, fFunction)
	if of == none || !matchesAny(t.Text(of), opener) {
		return "", false
	}
	pos, _ := a.callArgs(obj)
	if len(pos) == 0 {
		return "", false
	}
	v := a.ev.Eval(pos[0])
	if !v.Known() || v.Alt != nil || v.S == "" {
		return "", false
	}
	return v.S, true
}

func matchesAny(s string, names []string) bool {
	for _, n := range names {
		if s == n {
			return true
		}
	}
	return false
}

// templateFiles reads the files of the repository spec names as a
// template (Imports.Text): in phase one it notes them (Pass.Needs) and
// reads none; ok is false when none is read.
func (a *analyzer) templateFiles(spec string) (files []scanner.TextFile, cut, ok bool) {
	if a.p.Imports == nil {
		need := scanner.TextNeed(spec)
		if !matchesAny(need, a.p.Needs) {
			a.p.Needs = append(a.p.Needs, need)
		}
		return nil, false, false
	}
	files, cut = a.p.Imports.Text(spec)
	return files, cut, len(files) > 0 || cut
}

// renderFiles is the union of render over the template files spec names
// (templateFiles), each a step of the launch's chain; ok false when none
// is read.
func (a *analyzer) renderFiles(spec string, n int32, render func(string) value) (value, bool) {
	files, cut, ok := a.templateFiles(spec)
	if !ok {
		return value{}, false
	}
	var vals []value
	for _, f := range files {
		a.use(scanner.Step{File: f.Rel, Line: 1, Column: 1, Note: "a template rendered and run"})
		vals = append(vals, render(string(f.Src)))
	}
	if cut {
		vals = append(vals, treesitter.CutAt(n))
	}
	return treesitter.Union(a.ev.Cfg, vals, n), true
}

// jinjaRender is `X.render(...)` (`render_async`) at n, X (o) a template
// whose text is known: `env.get_template("job.sh.j2")` (also
// `select_template`, `get_or_select_template` of a list: any of them),
// or `Template(text)` / `env.from_string(text)` of a text known or read
// from a file (fileReadSpec). The render data is the mapping (the first
// positional argument) and the keyword arguments.
func (a *analyzer) jinjaRender(o int32, mapping, kw value, n int32) (value, bool) {
	t := a.t
	if o = a.boundValue(o); o == none || t.Nodes[o].Kind != kCall {
		return value{}, false
	}
	fn := t.Child(o, fFunction)
	if fn == none {
		return value{}, false
	}
	name := t.Text(fn)
	if t.Nodes[fn].Kind == kAttribute {
		if at := t.Child(fn, fAttribute); at != none {
			name = t.Text(at)
		}
	}
	pos, _ := a.callArgs(o)
	if len(pos) == 0 {
		return value{}, false
	}
	render := func(src string) value { return a.jinja(src, mapping, kw, n) }
	v, ok := a.jinjaKnown(name, pos, render, n)
	if ok {
		return v, true
	}
	switch name {
	case "get_template", "select_template", "get_or_select_template", "Template", "from_string":
		// a template not found (its name computed, no such file):
		// rendered with a document of the repository that names a
		// runtime, any hole may be the runtime
		if names := a.dataRuntimes(n); len(names) > 0 {
			vals := []value{treesitter.Unknown(n)}
			for _, r := range names {
				vals = append(vals, treesitter.DynamicStr(r, n))
			}
			return treesitter.Union(a.ev.Cfg, vals, n), true
		}
	}
	return value{}, false
}

// jinjaKnown is jinjaRender's value when the template's text is known
// or read from a file of the repository.
func (a *analyzer) jinjaKnown(name string, pos []int32, render func(string) value, n int32) (value, bool) {
	switch name {
	case "get_template", "select_template", "get_or_select_template":
		v := a.ev.Eval(pos[0])
		var vals []value
		for _, p := range v.Possibilities() {
			if p.K == vArr {
				for _, e := range p.Elems {
					if e.Known() && e.Alt == nil {
						if r, ok := a.renderFiles(e.S, n, render); ok {
							vals = append(vals, r)
						}
					}
				}
				continue
			}
			if p.Known() {
				if r, ok := a.renderFiles(p.S, n, render); ok {
					vals = append(vals, r)
				}
			}
		}
		if len(vals) == 0 {
			return value{}, false
		}
		return treesitter.Union(a.ev.Cfg, vals, n), true
	case "Template", "from_string":
		if spec, ok := a.fileReadSpec(pos[0]); ok {
			return a.renderFiles(spec, n, render)
		}
		if v := a.ev.Eval(pos[0]); v.K == vStr && v.Known() && v.Alt == nil {
			return render(v.S), true
		}
	}
	return value{}, false
}

// jinja is Jinja template src rendered with the mapping and keyword
// arguments: literal text stays, a `{{ expr }}` is hole's value, a
// statement (`{% if %}`, `{% for %}`) is blank (every branch and a loop's
// body once stay in the text), a comment is dropped. `{% set x = e %}`
// and `{% for x in e %}` bind x to e for the holes after them.
func (a *analyzer) jinja(src string, mapping, kw value, n int32) value {
	var parts []value
	lit := strings.Builder{}
	flush := func() {
		if lit.Len() > 0 {
			parts = append(parts, treesitter.Str(lit.String(), n))
			lit.Reset()
		}
	}
	locals := map[string]string{}
	holes := 0
	for i := 0; i < len(src); {
		j := strings.IndexByte(src[i:], '{')
		if j < 0 || i+j+1 >= len(src) {
			lit.WriteString(src[i:])
			break
		}
		j += i
		lit.WriteString(src[i:j])
		var closer string
		switch src[j+1] {
		case '{':
			closer = "}}"
		case '%':
			closer = "%}"
		case '#':
			closer = "#}"
		default:
			lit.WriteByte('{')
			i = j + 1
			continue
		}
		end := strings.Index(src[j+2:], closer)
		if end < 0 {
			lit.WriteString(src[j:])
			break
		}
		body := strings.Trim(src[j+2:j+2+end], "-+ \t\r\n")
		i = j + 2 + end + 2
		switch closer {
		case "%}":
			a.jinjaBind(body, locals)
		case "}}":
			if holes++; holes > maxTemplateHoles {
				flush()
				parts = append(parts, treesitter.CutAt(n))
				return treesitter.ConcatAll(parts, n)
			}
			flush()
			parts = append(parts, a.hole(body, mapping, kw, locals, 0, n))
		}
	}
	flush()
	if len(parts) == 0 {
		return treesitter.Str("", n)
	}
	return treesitter.ConcatAll(parts, n)
}

// jinjaBind records what a statement binds: `set x = e`, `for x in e`
// (x an element of e: read as e, any element).
func (a *analyzer) jinjaBind(stmt string, locals map[string]string) {
	f := strings.Fields(stmt)
	switch {
	case len(f) >= 4 && f[0] == "set" && f[2] == "=":
		locals[f[1]] = strings.TrimSpace(stmt[strings.Index(stmt, "=")+1:])
	case len(f) >= 4 && f[0] == "for" && f[2] == "in":
		locals[strings.TrimSuffix(f[1], ",")] = strings.Join(f[3:], " ")
	}
}

// hole is the value of Jinja expression expr: a name (or a dotted or
// subscripted path from one) of the render data, a local (set, for),
// else what the repository's data files hold under the path's last key,
// or an unknown; any string literal the expression holds (`x |
// default("claude")`, `x or "pi"`) is a possibility too.
func (a *analyzer) hole(expr string, mapping, kw value, locals map[string]string, depth int, n int32) value {
	var vals []value
	for _, s := range treesitter.QuotedStrings(expr) {
		vals = append(vals, treesitter.Str(s, n))
	}
	base := expr
	if k := strings.IndexAny(base, "|(+~ "); k >= 0 {
		base = base[:k]
	}
	segs := treesitter.HolePath(strings.TrimSpace(base), false)
	if len(segs) == 0 {
		return treesitter.Union(a.ev.Cfg, append(vals, treesitter.Unknown(n)), n)
	}
	var v value
	found := false
	if e, ok := locals[segs[0]]; ok && depth < 4 {
		// a local: what its expression is (its keys were read there)
		v = a.hole(e, mapping, kw, locals, depth+1, n)
		if v.K == vArr {
			v = treesitter.Union(a.ev.Cfg, append(v.Elems, treesitter.Unknown(n)), n)
		}
		return treesitter.Union(a.ev.Cfg, append(vals, v), n)
	} else if p, ok := a.prop(kw, segs[0]); ok {
		v, found = p, true
	} else if p, ok := a.prop(mapping, segs[0]); ok {
		v, found = p, true
	}
	for _, s := range segs[1:] {
		if !found {
			break
		}
		if v.K == vObj {
			v, found = a.prop(v, s)
			continue
		}
		found = false
	}
	if !found {
		v = treesitter.Unknown(n)
	}
	if !v.Known() || v.Alt != nil {
		v = a.dataKey(v, segs[len(segs)-1], n)
	}
	return treesitter.Union(a.ev.Cfg, append(vals, v), n)
}

// fileTemplate is the text of the template files a string.Template or
// str.format receiver o reads (fileReadSpec), rendered by render.
func (a *analyzer) fileTemplate(o int32, n int32, render func(string) (value, bool)) (value, bool) {
	spec, ok := a.fileReadSpec(o)
	if !ok || path.Base(spec) == "." {
		return value{}, false
	}
	return a.renderFiles(spec, n, func(src string) value {
		if v, ok := render(src); ok {
			return v
		}
		return treesitter.Unknown(n)
	})
}

// dataRuntimes lists the runtimes named by the documents of the
// repository read at run time that the render call n is given as a
// mapping (a positional argument or a `**` splat), found at run time
// (a dynamic look-up of each, treesitter.DynamicStr):
// `yaml.safe_load(open("agent.yaml"))` (json.load, tomllib.load,
// toml.load, `yaml.load`, through a `with open(...) as f` name too), or a
// name bound only to one. In phase one such a document is noted
// (templateFiles) and none is read.
func (a *analyzer) dataRuntimes(n int32) []string {
	t := a.t
	args := t.Child(n, fArguments)
	if args == none {
		return nil
	}
	var out []string
	read := 0
	for c := t.Nodes[args].First; c != none && read < 8; c = t.Nodes[c].Next {
		e := c
		switch t.Nodes[c].Kind {
		case kKeywordArgument, kComment:
			continue
		case kDictionarySplat:
			e = t.Nodes[c].First
		}
		read++
		spec, ok := a.documentSpec(e)
		if !ok {
			continue
		}
		files, _, ok := a.templateFiles(spec)
		if !ok {
			continue
		}
		for _, f := range files {
			if !a.ev.Cfg.NamesRuntime(f.Src) {
				continue
			}
			a.use(scanner.Step{File: f.Rel, Line: 1, Column: 1, Note: "a document rendered into a template not found"})
			for _, r := range a.ev.Cfg.RuntimeNames() {
				if bytes.Contains(f.Src, []byte(r)) && !matchesAny(r, out) {
					out = append(out, r)
				}
			}
		}
	}
	return out
}

// documentSpec is the path of the document expression e (or a name
// bound only to it) loads: `yaml.safe_load(open(S))`, `json.load(f)`
// with f bound by `with open(S) as f`, `tomllib.loads(Path(S).read_text())`.
func (a *analyzer) documentSpec(e int32) (string, bool) {
	t := a.t
	if e = a.boundValue(e); e == none || t.Nodes[e].Kind != kCall {
		return "", false
	}
	fn := t.Child(e, fFunction)
	if fn == none || t.Nodes[fn].Kind != kAttribute {
		return "", false
	}
	switch t.Text(fn) {
	case "yaml.safe_load", "yaml.load", "yaml.full_load", "json.load", "json.loads", "tomllib.load", "tomllib.loads", "toml.load", "toml.loads", "tomli.load", "tomli.loads":
	default:
		return "", false
	}
	pos, _ := a.callArgs(e)
	if len(pos) == 0 {
		return "", false
	}
	if spec, ok := a.fileReadSpec(pos[0]); ok {
		return spec, true
	}
	// open(S), or a `with open(S) as f` name
	o := a.boundValue(pos[0])
	if o == none || t.Nodes[o].Kind != kCall {
		return "", false
	}
	if of := t.Child(o, fFunction); of == none || !matchesAny(t.Text(of), []string{"open", "io.open", "codecs.open"}) {
		return "", false
	}
	op, _ := a.callArgs(o)
	if len(op) == 0 {
		return "", false
	}
	v := a.ev.Eval(op[0])
	if !v.Known() || v.Alt != nil || v.S == "" {
		return "", false
	}
	return v.S, true
}
