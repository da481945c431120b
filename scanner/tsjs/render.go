package tsjs

import (
	"bytes"
	"path"
	"strings"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// A command rendered from a template (docs/tsjs.md, "Templates
// rendered"): nunjucks' `render(name, ctx)` and `renderString`,
// `getTemplate(name).render(ctx)`, `compile(src).render(ctx)`; ejs',
// Mustache's `render(src, data)`; Handlebars', ejs', pug's `compile(src)`
// and lodash's `template(src)` called with the data. The template is a
// text the file knows or a file of the repository it reads
// (`readFileSync(p)`, `await readFile(p)`), read in phase two
// (Imports.Text) after phase one noted its base name (scanner.TextNeed).
// The value is the text with each hole the data's entry, else what the
// repository's data files hold under the hole's last key, else unknown.

// maxTemplateHoles bounds the holes of one template read; past it the
// rest is a value past a bound (Cut).
const maxTemplateHoles = 256

// renderCall is the value of call n (callee fn, arguments argv) when it
// renders a template whose text is known or read.
func (a *analyzer) renderCall(n, fn int32, argv []int32) (value, bool) {
	t := a.t
	if a.mayRender == 0 {
		a.mayRender = 1
		if bytes.Contains(a.p.Src, []byte("render")) || bytes.Contains(a.p.Src, []byte("compile(")) || bytes.Contains(a.p.Src, []byte("template(")) {
			a.mayRender = 2
		}
	}
	if a.mayRender == 1 {
		return value{}, false
	}
	data := func(i int) value {
		if i < len(argv) {
			return a.ev.Eval(argv[i])
		}
		return treesitter.Unknown(n)
	}
	if t.Nodes[fn].Kind == kMember {
		p := t.Child(fn, fProperty)
		if p == none {
			return value{}, false
		}
		switch t.Text(p) {
		case "render", "renderString":
			obj := a.soleInit(t.Child(fn, fObject))
			if obj != none && t.Nodes[obj].Kind == kCall {
				// env.getTemplate("job.sh.njk").render(ctx),
				// nunjucks.compile(src).render(ctx)
				if of := t.Child(obj, fFunction); of != none && t.Nodes[of].Kind == kMember {
					if q := t.Child(of, fProperty); q != none && (t.Is(q, "getTemplate") || t.Is(q, "compile")) {
						if oa := callArgs(t, obj); len(oa) > 0 {
							return a.renderSource(oa[0], t.Is(q, "getTemplate"), false, data(0), n)
						}
					}
				}
			}
			if len(argv) == 0 {
				return value{}, false
			}
			// nunjucks.render(name, ctx), ejs.render(src, data),
			// Mustache.render(src, view)
			return a.renderSource(argv[0], t.Is(p, "render"), false, data(1), n)
		}
	}
	// Handlebars.compile(src)(ctx), _.template(src)(data)
	inner := a.soleInit(fn)
	if inner == none || t.Nodes[inner].Kind != kCall {
		return value{}, false
	}
	ifn := t.Child(inner, fFunction)
	if ifn == none {
		return value{}, false
	}
	name := t.Text(ifn)
	if t.Nodes[ifn].Kind == kMember {
		if q := t.Child(ifn, fProperty); q != none {
			name = t.Text(q)
		}
	}
	if name != "compile" && name != "template" {
		return value{}, false
	}
	ia := callArgs(t, inner)
	if len(ia) == 0 {
		return value{}, false
	}
	return a.renderSource(ia[0], false, name == "template", data(0), n)
}

// callArgs are the argument nodes of call c.
func callArgs(t *tree, c int32) []int32 {
	args := t.Child(c, fArguments)
	if args == none || t.Nodes[args].Kind != kArguments {
		return nil
	}
	return t.Children(args)
}

// soleInit is expression o, or the one expression an identifier o is
// bound to (a const's initializer); none for anything else.
func (a *analyzer) soleInit(o int32) int32 {
	t := a.t
	if o == none || t.Nodes[o].Kind != kIdentifier {
		return o
	}
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[o].Start:t.Nodes[o].End], o)
	if !ok || len(bs) != 1 || bs[0].value == none || bs[0].ref || bs[0].param || bs[0].each || len(bs[0].path) > 0 {
		return none
	}
	return bs[0].value
}

// renderSource renders the template src (node) with data: a file read
// (readFileSync, readFile), a name of a file when byName (nunjucks'
// render and getTemplate), or a known text with holes.
func (a *analyzer) renderSource(src int32, byName, es bool, data value, n int32) (value, bool) {
	if spec, ok := a.readFileSpec(src); ok {
		return a.renderFiles(spec, data, es, n)
	}
	v := a.ev.Eval(src)
	if v.K != vStr || !v.Known() || v.Alt != nil {
		return value{}, false
	}
	if strings.Contains(v.S, "{{") || strings.Contains(v.S, "<%") {
		return a.renderText(v.S, data, es, n), true
	}
	if byName && path.Ext(v.S) != "" && !strings.ContainsAny(v.S, " \n") {
		return a.renderFiles(v.S, data, es, n)
	}
	return value{}, false
}

// readFileSpec is the path a file read at node o (or the one expression
// a name is bound to) reads: `readFileSync(p, ...)`, `await readFile(p)`
// (any receiver), `Deno.readTextFileSync(p)`. A path partly known
// (`path.join(__dirname, "job.sh.njk")`) is its base name.
func (a *analyzer) readFileSpec(o int32) (string, bool) {
	t := a.t
	o = a.soleInit(o)
	for o != none && (t.Nodes[o].Kind == kAwait || t.Nodes[o].Kind == kParen) {
		o = t.Nodes[o].First
		if o != none && t.Nodes[o].Kind == kIdentifier && t.Is(o, "await") {
			o = t.Nodes[o].Next
		}
	}
	if o == none || t.Nodes[o].Kind != kCall {
		return "", false
	}
	fn := t.Child(o, fFunction)
	if fn == none {
		return "", false
	}
	name := t.Text(fn)
	if t.Nodes[fn].Kind == kMember {
		if q := t.Child(fn, fProperty); q != none {
			name = t.Text(q)
		}
	}
	switch name {
	case "readFileSync", "readFile", "readTextFileSync", "readTextFile":
	default:
		return "", false
	}
	args := callArgs(t, o)
	if len(args) == 0 {
		return "", false
	}
	v := a.ev.Eval(args[0])
	if v.K != vStr || v.Alt != nil || !v.Usable() {
		return "", false
	}
	if v.Known() {
		return v.S, v.S != ""
	}
	b := v.S[strings.LastIndexByte(v.S, '/')+1:]
	if b == "" || strings.Contains(b, treesitter.UnknownPart) {
		return "", false
	}
	return b, true
}

// renderFiles renders the template files of the repository spec names
// (Imports.Text); in phase one it notes them (Pass.Needs) and reads none.
func (a *analyzer) renderFiles(spec string, data value, es bool, n int32) (value, bool) {
	if a.p.Imports == nil {
		a.p.Needs = appendOnce(a.p.Needs, scanner.TextNeed(spec))
		return value{}, false
	}
	files, cut := a.p.Imports.Text(spec)
	if len(files) == 0 && !cut {
		return value{}, false
	}
	var vals []value
	for _, f := range files {
		a.useStep(scanner.Step{File: f.Rel, Line: 1, Column: 1, Note: "a template rendered and run"})
		vals = append(vals, a.renderText(string(f.Src), data, es, n))
	}
	if cut {
		vals = append(vals, treesitter.CutAt(n))
	}
	return treesitter.Union(a.ev.Cfg, vals, n), true
}

// templateDelims are the hole and statement delimiters the engines use:
// `{{{ x }}}`, `{{ x }}` (a Handlebars or Mustache block `{{#x}}`,
// `{{/x}}`, `{{^x}}`, `{{! }}`, `{{> }}` is blank), `{% %}` and `<% %>`
// statements blank, `<%= x %>` and `<%- x %>` holes, `{# #}` and `<%# %>`
// comments dropped, lodash's `${ x }`.
var templateDelims = []delim{
	{"{{{", "}}}", true}, {"{{", "}}", true}, {"{%", "%}", false}, {"{#", "#}", false},
	{"<%=", "%>", true}, {"<%-", "%>", true}, {"<%", "%>", false},
}

// delim is a template's hole (or statement, not hole) delimiters.
type delim struct {
	open, close string
	hole        bool
}

// esDelims adds lodash's `${ x }` hole (its template alone: elsewhere it
// is the shell's own expansion, `${agent:-claude}`, left to the shell).
var esDelims = append(templateDelims[:len(templateDelims):len(templateDelims)], delim{"${", "}", true})

// renderText is template src rendered with data; es says lodash's `${}`
// is a hole too.
func (a *analyzer) renderText(src string, data value, es bool, n int32) value {
	delims := templateDelims
	if es {
		delims = esDelims
	}
	var parts []value
	lit := strings.Builder{}
	flush := func() {
		if lit.Len() > 0 {
			parts = append(parts, treesitter.Str(lit.String(), n))
			lit.Reset()
		}
	}
	holes := 0
	for i := 0; i < len(src); {
		j := strings.IndexAny(src[i:], "{<$")
		if j < 0 {
			lit.WriteString(src[i:])
			break
		}
		j += i
		lit.WriteString(src[i:j])
		matched := false
		for _, d := range delims {
			if !strings.HasPrefix(src[j:], d.open) {
				continue
			}
			end := strings.Index(src[j+len(d.open):], d.close)
			if end < 0 {
				break
			}
			body := strings.Trim(src[j+len(d.open):j+len(d.open)+end], "-+~=_ \t\r\n")
			i, matched = j+len(d.open)+end+len(d.close), true
			if !d.hole || body == "" || strings.ContainsAny(body[:1], "#/^!>") || body == "else" {
				break
			}
			body = strings.TrimPrefix(body, "&")
			flush()
			if holes++; holes > maxTemplateHoles {
				parts = append(parts, treesitter.CutAt(n))
				return treesitter.ConcatAll(parts, n)
			}
			parts = append(parts, a.hole(body, data, n))
			break
		}
		if !matched {
			lit.WriteByte(src[j])
			i = j + 1
		}
	}
	flush()
	if len(parts) == 0 {
		return treesitter.Str("", n)
	}
	return treesitter.ConcatAll(parts, n)
}

// hole is the value of a template expression: its first path (`agent`,
// `cfg.runner.bin`, a Handlebars helper's argument too) read from data,
// else what the repository's data files hold under its last key; any
// string literal in it is a possibility too.
func (a *analyzer) hole(expr string, data value, n int32) value {
	var vals []value
	for _, s := range treesitter.QuotedStrings(expr) {
		vals = append(vals, treesitter.Str(s, n))
	}
	fields := strings.FieldsFunc(expr, func(r rune) bool { return strings.ContainsRune(" \t|()+,", r) })
	read := 0
	for _, f := range fields {
		segs := treesitter.HolePath(f, true)
		if len(segs) == 0 || read == 4 {
			continue
		}
		read++
		v, found := data, true
		for _, s := range segs {
			if !found || v.K != vObj {
				found = false
				break
			}
			v, found = a.prop(v, s)
		}
		if !found {
			v = treesitter.Unknown(n)
		}
		if !v.Known() || v.Alt != nil {
			v = a.dataKey(v, segs[len(segs)-1], n)
		}
		vals = append(vals, v)
	}
	if len(vals) == 0 {
		return treesitter.Unknown(n)
	}
	return treesitter.Union(a.ev.Cfg, vals, n)
}
