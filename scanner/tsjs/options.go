package tsjs

import "strings"

// optionMethods declare a command-line option: commander's
// `.option(flags, description, default)` and `.requiredOption(...)`,
// yargs' `.option(name, {default, choices, alias})` and
// `.positional(name, {...})`.
var optionMethods = map[string]bool{"option": true, "requiredOption": true, "positional": true}

// collectOptionCall records call when it is `x.option(...)` (or another
// of optionMethods) whose first argument is a string literal: read by
// optionValues on first use.
func (a *analyzer) collectOptionCall(call int32) {
	t := a.t
	fn := t.Child(call, fFunction)
	if fn == none || t.Nodes[fn].Kind != kMember {
		return
	}
	p := t.Child(fn, fProperty)
	if p == none {
		return
	}
	if t.Is(p, "default") {
		// z.string().default("claude"): a schema's default (schemaDefault)
		if args := t.Child(call, fArguments); args != none && t.Nodes[args].Kind == kArguments && t.Nodes[args].First != none {
			a.options.Calls = append(a.options.Calls, call)
		}
		return
	}
	if !optionMethods[t.Text(p)] {
		return
	}
	if args := t.Child(call, fArguments); args != none && t.Nodes[args].First != none && t.Nodes[t.Nodes[args].First].Kind == kString {
		a.options.Calls = append(a.options.Calls, call)
	}
}

// optionValues is what the property name of parsed command-line options
// (`program.opts().agent`, `argv.bin`) may hold, by the file's option
// declarations: the default and the choices of every option of that
// name. Each is a run-time value (class dynamic): the user may pass
// another, and without one the program runs the default. The receiver is
// not checked: any `.option(...)` call of the file counts (an
// over-approximation), as for Python's argparse.
func (a *analyzer) optionValues(name string, n int32) []value {
	return a.options.Values(name, n, a.collectOption)
}

// collectDefaultPair records pair n when it is `default: v`, the
// default of an option or a schema's field (schemaDefault).
func (a *analyzer) collectDefaultPair(n int32) {
	t := a.t
	k := t.Child(n, fKey)
	if k == none {
		return
	}
	if l := t.Nodes[k].End - t.Nodes[k].Start; l != 7 && l != 9 {
		return // neither default nor "default": no string built
	}
	if propName(t, k) == "default" {
		a.options.Calls = append(a.options.Calls, n)
	}
}

// schemaDefault adds the default a declaration at n gives: a pair
// `default: v` in an object literal, or a call `.default(v)`. The name
// it is the default of is the key of the object property it stands in:
// node:util's parseArgs (`options: { agent: { type: "string", default:
// "claude" } }`), yargs' `.options({ bin: { default } })`, envalid's
// `AGENT: str({ default })`, zod's, yup's or joi's `AGENT:
// z.string().default("claude")`. Whatever reads that name on a value
// the analysis does not know (`values.agent`, `env.AGENT`) may be it.
func (a *analyzer) schemaDefault(n int32) {
	t := a.t
	var val, from int32
	if t.Nodes[n].Kind == kPair {
		val, from = t.Child(n, fValue), t.Nodes[n].Parent
	} else {
		val, from = t.Nodes[t.Child(n, fArguments)].First, n
	}
	key := a.schemaKey(from)
	if key == "" || val == none {
		return
	}
	v := a.ev.Eval(val)
	if v.K != vStr && v.K != vArr {
		return
	}
	a.options.Add(key, v)
	if c := camel(key); c != key {
		a.options.Add(c, v)
	}
}

// maxSchemaDepth bounds schemaKey's climb from a default to the property
// it is the default of.
const maxSchemaDepth = 16

// schemaKey is the key of the object property whose value holds node n,
// through the calls, members and arguments around it
// (`AGENT: z.string().default("claude").describe(...)`, `agent: {
// default }`, `AGENT: str({ default })`); "" when n stands in no such
// place within maxSchemaDepth levels.
func (a *analyzer) schemaKey(n int32) string {
	t := a.t
	for range maxSchemaDepth {
		p := t.Nodes[n].Parent
		if p == none {
			return ""
		}
		switch t.Nodes[p].Kind {
		case kPair:
			k := t.Child(p, fKey)
			if t.Child(p, fValue) != n || k == none {
				return ""
			}
			return propName(t, k)
		case kMember, kCall, kArguments, kParen, kAsExpr:
			n = p
		default:
			return ""
		}
	}
	return ""
}

// collectOption adds the values one option declaration gives
// (optionValues), under the option's names.
func (a *analyzer) collectOption(call int32) {
	t := a.t
	if fn := t.Child(call, fFunction); t.Nodes[call].Kind == kPair || fn != none && t.Nodes[fn].Kind == kMember && t.Is(t.Child(fn, fProperty), "default") {
		a.schemaDefault(call)
		return
	}
	args := t.Children(t.Child(call, fArguments))
	if len(args) < 2 {
		return
	}
	first := a.ev.Eval(args[0])
	if !first.Known() {
		return
	}
	var names []string
	var vals []value
	if o := a.ev.Eval(args[1]); o.K == vObj {
		// yargs: .option('bin', {default: 'claude', choices: [...], alias: 'b'})
		names = append(names, first.S)
		if al, ok := a.prop(o, "alias"); ok {
			for _, p := range append([]value{al}, al.Elems...) {
				if p.Known() {
					names = append(names, p.S)
				}
			}
		}
		for _, k := range []string{"default", "choices"} {
			if v, ok := a.prop(o, k); ok {
				vals = append(vals, v)
			}
		}
	} else {
		// commander: .option('-a, --agent <bin>', 'desc', 'claude'), with
		// a parser function before the default when one is given
		if nm := commanderName(first.S); nm != "" {
			names = append(names, nm)
		}
		for _, c := range args[2:] {
			if v := a.ev.Eval(c); v.K == vStr || v.K == vArr {
				vals = append(vals, v)
				break
			}
		}
	}
	var keys []string
	for _, nm := range names {
		keys = append(keys, nm)
		if c := camel(nm); c != nm {
			keys = append(keys, c)
		}
	}
	for _, key := range keys {
		for _, v := range vals {
			a.options.Add(key, v)
		}
	}
}

// commanderName is the property a commander option's flags give
// (`-a, --agent-bin <bin>` → agent-bin; `--no-color` → color; `-v` →
// v), before camelCase; "" when none.
func commanderName(flags string) string {
	var short string
	for _, f := range strings.FieldsFunc(flags, func(r rune) bool { return r == ' ' || r == ',' || r == '|' }) {
		switch {
		case strings.HasPrefix(f, "--"):
			return strings.TrimPrefix(strings.TrimPrefix(f, "--"), "no-")
		case strings.HasPrefix(f, "-") && short == "":
			short = strings.TrimPrefix(f, "-")
		}
	}
	return short
}

// camel is an option name as commander and yargs expose it: agent-bin →
// agentBin.
func camel(s string) string {
	parts := strings.Split(s, "-")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}
