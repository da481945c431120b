package tsjs

import (
	"path"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// detectRuntimeCLI judges every import and every call or new of a
// loader (after detectCalls, so the chains it records are its own).
func (a *analyzer) detectRuntimeCLI() {
	t := a.t
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		switch t.Nodes[i].Kind {
		case kImportStatement:
			a.runtimeCLI(i, none)
		case kCall:
			a.runtimeCLI(i, t.Child(i, fFunction))
		case kNew:
			a.runtimeCLI(i, t.Child(i, fConstructor))
		}
	}
}

// runtimeCLI reports a module of a runtime's npm package (the config's
// `packages`) loaded in this process: `require("@anthropic-ai/claude-code/cli.js")`,
// `await import("@mariozechner/pi-coding-agent/dist/cli.js")`, `import
// ".../cli.js"`, `new Worker(require.resolve(".../cli.js"))`. Loading the
// runtime's CLI runs the agent in this process, outside the wrapper:
// class process-api. The package's own entry (the Agent SDK, judged at its
// query()), its types, its package.json and an entry named sdk or index
// are not the CLI (runtime_cli_in_process.js).
func (a *analyzer) runtimeCLI(n, fn int32) {
	t := a.t
	var arg int32 = none
	switch t.Nodes[n].Kind {
	case kImportStatement:
		arg = t.Child(n, fSource)
	case kCall, kNew:
		if fn == none {
			return
		}
		switch {
		case t.Nodes[fn].Kind == kImport,
			t.Nodes[fn].Kind == kIdentifier && (t.Is(fn, "require") || t.Is(fn, "Worker")),
			t.Nodes[fn].Kind == kMember && (propIs(t, fn, "require") || propIs(t, fn, "Worker")):
		default:
			return
		}
		if args := t.Child(n, fArguments); args != none {
			arg = t.Nodes[args].First
		}
	}
	if arg == none {
		return
	}
	v := a.ev.Eval(arg)
	specs := []string{}
	for _, p := range v.Possibilities() {
		if p.Known() {
			specs = append(specs, p.S)
		}
	}
	if len(specs) == 0 && t.Nodes[arg].Kind == kCall {
		// new Worker(require.resolve("pkg/cli.js")): the module resolved
		if f := t.Child(arg, fFunction); f != none && t.Nodes[f].Kind == kMember && propIs(t, f, "resolve") {
			if as := t.Child(arg, fArguments); as != none && t.Nodes[as].First != none {
				for _, p := range a.ev.Eval(t.Nodes[as].First).Possibilities() {
					if p.Known() {
						specs = append(specs, p.S)
					}
				}
			}
		}
	}
	for _, s := range specs {
		if rt, ok := a.cliModule(s); ok {
			cls := scanner.ClassProcessAPI
			at := t.Pos(n)
			a.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: rt, Class: cls,
				Message: scanner.LaunchMessage(rt, s, cls)})
			return
		}
	}
}

// propIs reports whether member expression m's property is name.
func propIs(t *tree, m int32, name string) bool {
	p := t.Child(m, fProperty)
	return p != none && t.Is(p, name)
}

// cliModule is the runtime whose npm package module specifier or path s
// names a module of other than its own entry, types, package.json or SDK.
func (a *analyzer) cliModule(s string) (string, bool) {
	if rt, ok := a.p.Config.BundledCLI(strings.TrimPrefix(s, "npm:")); ok {
		return rt, true
	}
	segs := strings.Split(strings.TrimPrefix(s, "npm:"), "/")
	for i := 0; i < len(segs); i++ {
		var pkg string
		rest := 0
		switch {
		case strings.HasPrefix(segs[i], "@") && i+1 < len(segs):
			pkg, rest = segs[i]+"/"+segs[i+1], i+2
		case i == 0 || segs[i-1] == "node_modules":
			pkg, rest = segs[i], i+1
		default:
			continue
		}
		rt, ok := a.p.Config.RuntimeForPackage(pkg)
		if !ok || rest >= len(segs) {
			continue
		}
		sub := strings.Join(segs[rest:], "/")
		base := path.Base(sub)
		if sub == "" || strings.HasSuffix(base, ".json") || strings.Contains(base, ".d.") ||
			strings.HasPrefix(base, "sdk") || strings.HasPrefix(base, "index") || base == "types" {
			continue
		}
		return rt, true
	}
	return "", false
}
