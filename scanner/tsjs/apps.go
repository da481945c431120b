package tsjs

import (
	"path"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// detectApps judges the apps of a process manager's configuration (pm2's
// ecosystem file, `module.exports = { apps: [{ script, args,
// interpreter }] }`): the manager starts each app's script with its
// arguments, under its interpreter (`interpreter: "none"` or a binary
// found on PATH: the script itself; a JS file: node). A script of the
// repository run so is followed with its arguments (ScriptRuns).
func (a *analyzer) detectApps() {
	t := a.t
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		if t.Nodes[i].Kind != kPair {
			continue
		}
		k := t.Child(i, fKey)
		if k == none || propName(t, k) != "apps" {
			continue
		}
		list := a.ev.Eval(t.Child(i, fValue))
		if list.K != vArr {
			continue
		}
		for _, app := range list.Elems {
			if app.K == vObj {
				a.judgeApp(app, i)
			}
		}
	}
}

// judgeApp judges one app of a process manager's list (detectApps).
func (a *analyzer) judgeApp(app value, at int32) {
	script, ok := a.prop(app, "script")
	if !ok || script.K != vStr {
		return
	}
	var argv []scanner.Arg
	interp, hasInterp := a.prop(app, "interpreter")
	switch {
	case hasInterp && interp.Known() && interp.S == "none":
	case hasInterp:
		argv = append(argv, a.t.Arg(interp))
	case script.Known() && isJSFile(script.S):
		argv = append(argv, scanner.Lit("node"))
	}
	argv = append(argv, a.t.Arg(script))
	if args, ok := a.prop(app, "args"); ok {
		switch {
		case args.K == vArr:
			argv = append(argv, a.argvOf(nil, args)...)
		case args.Known():
			pos := a.t.Arg(args).Pos
			for _, w := range strings.Fields(args.S) {
				argv = append(argv, scanner.Arg{Value: w, Known: true, Pos: pos})
			}
		default:
			argv = append(argv, a.t.Arg(args))
		}
	}
	pos := a.t.Pos(at)
	if script.Node != none {
		pos = a.t.Pos(script.Node)
	}
	a.judge(argv, pos, nil)
}

// isJSFile reports whether p names a file node runs by default.
func isJSFile(p string) bool {
	switch path.Ext(p) {
	case ".js", ".mjs", ".cjs":
		return true
	}
	return false
}
