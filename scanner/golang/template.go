package golang

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// Templates: a text/template (or html/template) executed into a string
// builder (`t.Execute(&b, data)` with b a bytes.Buffer or
// strings.Builder) adds its text to the builder as `b.WriteString` does:
// the template's text (the constant its Parse is given, through
// template.Must, template.New(...).Parse, a variable holding the
// template) with each `{{.Key}}` replaced by the data's entry (a map or
// struct literal, or a variable given one) and every other action by a
// neutral word, so `bash -c b.String()` is judged.

var templatePkgs = map[string]bool{"text/template": true, "html/template": true}

// templateWrite returns the builder variable a template's Execute (or
// ExecuteTemplate) writes into and the call, which is the piece written.
func templateWrite(info *types.Info, call *ast.CallExpr, varOf func(ast.Expr) *types.Var) (*types.Var, ast.Expr) {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); !ok || sel.Sel.Name != "Execute" && sel.Sel.Name != "ExecuteTemplate" {
		return nil, nil
	}
	k := calleeOf(info, call)
	if !templatePkgs[k.pkg] || k.recv != "Template" || k.name != "Execute" && k.name != "ExecuteTemplate" || len(call.Args) < 2 {
		return nil, nil
	}
	w := ast.Unparen(call.Args[0])
	if u, ok := w.(*ast.UnaryExpr); ok && u.Op == token.AND {
		w = u.X
	}
	t := info.TypeOf(w)
	if t == nil {
		return nil, nil
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || !builderTypes[apiKey{pkg: named.Obj().Pkg().Path(), name: named.Obj().Name()}] {
		return nil, nil
	}
	v := varOf(w)
	if v == nil {
		return nil, nil
	}
	return v, call
}

// templateAction is one `{{...}}` of a template's text.
var templateAction = regexp.MustCompile(`\{\{-?\s*(.*?)\s*-?\}\}`)

// maxTemplateHops bounds the calls and variables a template is traced
// through to its Parse.
const maxTemplateHops = 8

// templateText renders what an Execute call writes: ok is false when
// the template's text is not known.
func (c *checker) templateText(call *ast.CallExpr, depth int) (scanner.Arg, bool) {
	k := c.callee(call)
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !templatePkgs[k.pkg] || k.recv != "Template" || (k.name != "Execute" && k.name != "ExecuteTemplate") {
		return scanner.Arg{}, false
	}
	text, ok := c.templateSource(sel.X, depth, 0)
	if !ok || !text.Known {
		return scanner.Arg{}, false
	}
	data := call.Args[len(call.Args)-1]
	out := templateAction.ReplaceAllStringFunc(text.Value, func(m string) string {
		act := templateAction.FindStringSubmatch(m)[1]
		if act == "." {
			if a := c.str(data, depth+1); a.Known {
				return a.Value
			}
			return unknownWord
		}
		if strings.HasPrefix(act, ".") && !strings.ContainsAny(act[1:], ". \t|()") {
			a, ok := c.dataEntry(data, act[1:], depth+1)
			if !ok {
				a, ok = c.dataField(data, act[1:], depth+1)
			}
			if ok && a.Known {
				return a.Value
			}
		}
		return unknownWord
	})
	return scanner.Arg{Value: out, Known: true, Via: scanner.ClassVariableExecution}, true
}

// templateSource is the text a template expression was parsed from.
func (c *checker) templateSource(e ast.Expr, depth, hops int) (scanner.Arg, bool) {
	if hops > maxTemplateHops {
		return scanner.Arg{}, false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		k := c.callee(e)
		if !templatePkgs[k.pkg] {
			return scanner.Arg{}, false
		}
		switch {
		case k.recv == "" && k.name == "Must" && len(e.Args) >= 1:
			return c.templateSource(e.Args[0], depth, hops+1)
		case k.recv == "Template" && k.name == "Parse" && len(e.Args) == 1:
			return c.str(e.Args[0], depth+1), true
		case (k.recv == "" || k.recv == "Template") && k.name == "ParseFiles" && len(e.Args) >= 1 && !e.Ellipsis.IsValid():
			// template.ParseFiles("templates/job.sh.tmpl"): the first
			// file's text (the template Execute runs), as os.ReadFile
			// reads a file of the repository
			return c.readFile(&ast.CallExpr{Fun: e.Fun, Lparen: e.Lparen, Args: e.Args[:1], Rparen: e.Rparen}, depth), true
		case k.recv == "Template" && (k.name == "Funcs" || k.name == "Option" || k.name == "Delims"):
			if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok {
				return c.templateSource(sel.X, depth, hops+1)
			}
		}
	case *ast.Ident:
		v, ok := c.info.Uses[e].(*types.Var)
		if !ok {
			return scanner.Arg{}, false
		}
		as := c.valuesOf(c.assigns, v)
		if len(as) != 1 || as[0].expr == nil || as[0].idx > 0 {
			return scanner.Arg{}, false
		}
		return c.templateSource(as[0].expr, depth, hops+1)
	}
	return scanner.Arg{}, false
}

// dataField is the field key of a template's data of a struct type (or
// a pointer to one) that dataEntry cannot trace to a literal (`v :=
// tmpl.Defaults; v.Prompt = p`): every value the loaded packages give
// that field, as a field read is (`v.Agent`).
func (c *checker) dataField(data ast.Expr, key string, depth int) (scanner.Arg, bool) {
	st, ok := structOf(c.info.TypeOf(data))
	if !ok {
		return scanner.Arg{}, false
	}
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Name() == key {
			c.inField++
			defer func() { c.inField-- }()
			a := c.valuesString(f, c.valuesOf(c.fieldValues, f), depth)
			if js := c.jsonFieldValues(&ast.SelectorExpr{X: data, Sel: ast.NewIdent(key)}, f, depth, false); len(js) > 0 {
				// and what a document of the repository decoded into
				// the data gives it (fieldRead)
				return c.judgeSet(append(js, a), false), true
			}
			return a, true
		}
	}
	return scanner.Arg{}, false
}

// dataEntry is the entry key of a template's data: a map literal's (a
// constant key) or a struct literal's field, also through a variable
// given one.
func (c *checker) dataEntry(data ast.Expr, key string, depth int) (scanner.Arg, bool) {
	for hops := 0; hops <= maxTemplateHops; hops++ {
		switch d := ast.Unparen(data).(type) {
		case *ast.UnaryExpr:
			if d.Op != token.AND {
				return scanner.Arg{}, false
			}
			data = d.X
			continue
		case *ast.Ident:
			v, ok := c.info.Uses[d].(*types.Var)
			if !ok {
				return scanner.Arg{}, false
			}
			as := c.valuesOf(c.assigns, v)
			if len(as) != 1 || as[0].expr == nil || as[0].idx >= 0 {
				return scanner.Arg{}, false
			}
			data = as[0].expr
			continue
		case *ast.CompositeLit:
			for _, el := range d.Elts {
				kv, ok := el.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				name := ""
				if id, ok := kv.Key.(*ast.Ident); ok {
					name = id.Name
				} else if s, ok := c.constString(kv.Key); ok {
					name = s
				}
				if name == key {
					return c.str(kv.Value, depth+1), true
				}
			}
		}
		return scanner.Arg{}, false
	}
	return scanner.Arg{}, false
}

// replacerText is what a strings.Replacer's Replace gives (k is what
// call calls): the text with
// each old string of strings.NewReplacer's pairs replaced by its new one,
// as the Replacer does (in one pass, the first pair matching at a
// position winning). The Replacer is the NewReplacer call itself or a
// variable given it once. An unknown new string is a neutral word, as an
// unknown operand of fmt.Sprintf; an unknown old string or text leaves
// the value unknown.
func (c *checker) replacerText(call *ast.CallExpr, k apiKey, depth int) (scanner.Arg, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || k.pkg != "strings" || k.recv != "Replacer" || k.name != "Replace" || len(call.Args) != 1 {
		return scanner.Arg{}, false
	}
	mk := ast.Unparen(sel.X)
	for hops := 0; hops <= maxTemplateHops; hops++ {
		id, isIdent := mk.(*ast.Ident)
		if !isIdent {
			break
		}
		v, isVar := c.info.Uses[id].(*types.Var)
		if !isVar {
			return scanner.Arg{}, false
		}
		as := c.valuesOf(c.assigns, v)
		if len(as) != 1 || as[0].expr == nil || as[0].idx > 0 {
			return scanner.Arg{}, false
		}
		mk = ast.Unparen(as[0].expr)
	}
	nr, ok := mk.(*ast.CallExpr)
	if !ok || nr.Ellipsis.IsValid() || len(nr.Args)%2 != 0 {
		return scanner.Arg{}, false
	}
	if k := c.callee(nr); k.pkg != "strings" || k.recv != "" || k.name != "NewReplacer" {
		return scanner.Arg{}, false
	}
	text := c.str(call.Args[0], depth+1)
	if !text.Known {
		return scanner.Arg{}, false
	}
	via := text.Via
	pairs := make([]string, 0, len(nr.Args))
	for i, a := range nr.Args {
		r := c.str(a, depth+1)
		switch {
		case r.Known:
			via = strongerVia(via, r.Via)
			pairs = append(pairs, r.Value)
		case i%2 == 1:
			pairs = append(pairs, unknownWord)
		default:
			return scanner.Arg{}, false
		}
	}
	return scanner.Arg{Value: strings.NewReplacer(pairs...).Replace(text.Value), Known: true, Via: via}, true
}
