package python

import (
	"strings"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// Commands handed to code the analysis does not model (see
// scanner.HandedArgv): the Docker SDK's `container.exec_run(["claude",
// "-p", x])`, Kubernetes' `stream(..., command=["claude", ...])`,
// asyncssh's `conn.run("cd ~/repo && claude -p x")`, Airflow's
// `KubernetesPodOperator(cmds=["claude"], ...)`, pyinfra's
// `server.shell(commands=[...])`, ansible_runner's `module_args=`.

// maxHandedItems bounds the arguments, keywords and dict items read at
// one call; maxHandedDepth how deep dicts and lists of dicts are read.
const (
	maxHandedItems = 256
	maxHandedDepth = 3
)

// handedCommand judges the command-shaped values call n hands to a function the
// analysis does not model: every process API and every function the
// repository defines is modelled, and a known inert sink
// (scanner.InertSink) runs nothing.
func (a *analyzer) handedCommand(n int32) {
	t := a.t
	fn := t.Child(n, fFunction)
	args := t.Child(n, fArguments)
	if fn == none || args == none || t.Nodes[args].Kind != kArgumentList {
		return
	}
	if a.p.Hits&scanner.HitRuntime == 0 && a.p.Imports == nil {
		return
	}
	name := t.Text(fn)
	switch t.Nodes[fn].Kind {
	case kIdentifier:
		if pyBuiltins[name] && !a.bound(fn) {
			// list(...), map(...), sorted(...): values the analysis models
			return
		}
		if name == "cls" || name == "self" {
			return
		}
	case kAttribute:
		if at := t.Child(fn, fAttribute); at != none {
			name = t.Text(at)
		}
		if root := rootName(t, fn); root == "self" || root == "cls" || root == "super" {
			// a method of the file's own class: followed as a helper
			return
		}
		if a.contextLine(fn) {
			// `c.run("claude -p x")` on a helper's first parameter: a
			// sink judged where a caller hands it a Context
			// (contextLineSink)
			return
		}
	default:
		return
	}
	if scanner.InertSink(name) {
		return
	}
	type cand struct {
		node  int32
		keyed bool
	}
	var cands []cand
	budget := maxHandedItems
	var walk func(x int32, key string, depth int)
	walk = func(x int32, key string, depth int) {
		if budget <= 0 || x == none {
			return
		}
		budget--
		switch t.Nodes[x].Kind {
		case kKeywordArgument:
			k, v := t.Child(x, fName), t.Child(x, fValue)
			if k != none {
				walk(v, t.Text(k), depth)
			}
			return
		case kDictionary:
			if depth >= maxHandedDepth {
				return
			}
			for c := t.Nodes[x].First; c != none; c = t.Nodes[c].Next {
				if t.Nodes[c].Kind != kPair {
					continue
				}
				k, v := t.Child(c, fKey), t.Child(c, fValue)
				if k == none || v == none {
					continue
				}
				walk(v, trimQuotes(t.Text(k)), depth+1)
			}
			return
		case kList, kTuple:
			// a list of option dicts (`[{"command": "..."}]`)
			objs := false
			for c := t.Nodes[x].First; c != none; c = t.Nodes[c].Next {
				if t.Nodes[c].Kind == kDictionary {
					objs = true
					walk(c, key, depth+1)
				}
			}
			if objs {
				return
			}
		case kListSplat, kDictionarySplat:
			return
		}
		switch t.Nodes[x].Kind {
		case kIdentifier, kAttribute:
			// a name bound to a list or a string, of this module or
			// another
		default:
			if !a.p.Config.MentionsRuntime(t.Src[t.Nodes[x].Start:t.Nodes[x].End]) {
				return
			}
		}
		cands = append(cands, cand{x, scanner.CommandKey(key)})
	}
	for c := t.Nodes[args].First; c != none; c = t.Nodes[c].Next {
		walk(c, "", 0)
	}
	if len(cands) == 0 {
		return
	}
	// The callee is evaluated once, and only for a call that hands a
	// candidate: evaluated first for a printer and again for a
	// colouring function at every call, it cost 3% of the CPU of a scan
	// of the real tree's Python.
	callee := a.ev.Eval(fn)
	if printerValue(callee) || colourValue(callee) && a.colourToInert(n) {
		return
	}
	if callee.K == vFunc || apiOf(callee) != apiNone {
		return
	}
	if t.Nodes[fn].Kind == kAttribute {
		// a method of a list, a dict or a string the analysis holds
		// (`argv.extend([...])`, `"...".format(x)`): its value is
		// followed where it is used
		if obj := t.Child(fn, fObject); obj != none {
			switch a.ev.Eval(obj).K {
			case vArr, vObj, vStr:
				return
			}
		}
	}
	for c := t.Nodes[args].First; c != none; c = t.Nodes[c].Next {
		// a function of the file handed on (`Thread(target=review,
		// args=(...))`, `pool.submit(fn, ...)`): what it is called with
		// is followed into it
		x := c
		if t.Nodes[x].Kind == kKeywordArgument {
			x = t.Child(x, fValue)
		}
		if x == none {
			continue
		}
		switch t.Nodes[x].Kind {
		case kIdentifier, kAttribute:
			if a.ev.Eval(x).K == vFunc {
				return
			}
		}
	}
	if callee.K == vRef && (strings.HasPrefix(callee.Mod, ".") || a.p.Imports != nil && a.repoModule(callee)) {
		// a function of another module of the repository: followed
		// through its summary
		return
	}
	for _, c := range cands {
		treesitter.Handed(a.p, t, a.ev.Eval(c.node), c.keyed, t.Nodes[c.node].Kind == kList || t.Nodes[c.node].Kind == kTuple)
	}
}

func trimQuotes(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') {
		return s[1 : len(s)-1]
	}
	return s
}

// detectHanded reads every call for handed commands, in a file that
// names no process API (detectCalls does it in one that does).
func (a *analyzer) detectHanded() {
	for i := int32(0); i < int32(len(a.t.Nodes)); i++ {
		if a.t.Nodes[i].Kind == kCall {
			a.handedCommand(i)
		}
	}
}

// repoModule reports whether reference v is into a module of the
// repository.
func (a *analyzer) repoModule(v value) bool {
	if len(v.Path) > 0 {
		if _, found := a.lookup(v.Mod, v.Path[0]); found {
			return true
		}
	}
	_, _, ok := a.p.Imports.Source(v.Mod)
	return ok
}

// contextLine reports whether callee fn is the run, sudo or local
// method of the first parameter of a plain named function: the line it
// is handed is the helper's sink (contextLineSink).
func (a *analyzer) contextLine(fn int32) bool {
	t := a.t
	at, obj := t.Child(fn, fAttribute), t.Child(fn, fObject)
	if at == none || obj == none || t.Nodes[obj].Kind != kIdentifier {
		return false
	}
	switch t.Text(at) {
	case "run", "sudo", "local":
	default:
		return false
	}
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[obj].Start:t.Nodes[obj].End], obj)
	return ok && len(bs) == 1 && bs[0].param && bs[0].fn != "" && !bs[0].method && bs[0].index == 0
}

// rootName is the name an attribute chain starts from (`self` of
// `self.a.run`), or "".
func rootName(t *tree, n int32) string {
	for k := 0; k < 32 && n != none; k++ {
		switch t.Nodes[n].Kind {
		case kIdentifier:
			return t.Text(n)
		case kAttribute:
			n = t.Child(n, fObject)
		default:
			return ""
		}
	}
	return ""
}

// pyBuiltins are Python's builtin functions whose results the analysis
// models or which run nothing.
var pyBuiltins = map[string]bool{
	"list": true, "tuple": true, "map": true, "filter": true, "sorted": true, "reversed": true, "iter": true,
	"next": true, "enumerate": true, "zip": true, "set": true, "frozenset": true, "dict": true, "str": true,
	"repr": true, "len": true, "print": true, "any": true, "all": true, "isinstance": true, "getattr": true,
	"setattr": true, "hasattr": true, "type": true, "id": true, "hash": true, "sum": true, "min": true,
	"max": true, "bytes": true, "bytearray": true, "range": true, "vars": true, "dir": true, "format": true,
	"super": true, "object": true, "int": true, "float": true, "bool": true,
}

// printer reports whether callee fn is a command-line library's printer
// (`click.echo`, `click.secho`, `typer.echo`): it writes its argument.
func (a *analyzer) printer(fn int32) bool { return printerValue(a.ev.Eval(fn)) }

// printerValue is printer on the callee's value.
func printerValue(v value) bool {
	if v.K != vRef || len(v.Path) != 1 {
		return false
	}
	return (v.Mod == "click" || v.Mod == "typer") && (v.Path[0] == "echo" || v.Path[0] == "secho")
}

// colourToInert reports whether call n, whose callee colours text for a
// terminal (termcolor's `colored`, `click.style`, crayons, yachalk:
// colourValue), hands its value straight to an inert sink or a printer
// (`print(colored("claude -p x", "green"))`), through other such calls:
// printed text. Coloured text handed to any other call is judged there.
func (a *analyzer) colourToInert(n int32) bool {
	t := a.t
	for k := 0; k < maxHandedDepth*4; k++ {
		args := t.Nodes[n].Parent
		if args == none || t.Nodes[args].Kind != kArgumentList {
			return false
		}
		call := t.Nodes[args].Parent
		if call == none || t.Nodes[call].Kind != kCall {
			return false
		}
		f := t.Child(call, fFunction)
		if f == none {
			return false
		}
		name := t.Text(f)
		if t.Nodes[f].Kind == kAttribute {
			if at := t.Child(f, fAttribute); at != none {
				name = t.Text(at)
			}
		}
		if scanner.InertSink(name) || a.printer(f) {
			return true
		}
		if !a.colourCallee(f) {
			return false
		}
		n = call
	}
	return false
}

// colourCallee reports whether callee fn is a function of a terminal
// colouring package.
func (a *analyzer) colourCallee(fn int32) bool { return colourValue(a.ev.Eval(fn)) }

// colourValue is colourCallee on the callee's value.
func colourValue(v value) bool {
	if v.K != vRef {
		return false
	}
	switch v.Mod {
	case "termcolor", "colored", "crayons", "yachalk", "simple_chalk", "ansicolors", "blessings":
		return true
	case "click", "typer":
		return len(v.Path) == 1 && v.Path[0] == "style"
	}
	return false
}
