package gate

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/leasegate/leasegate/integrations/dropgate"
)

// The runtime-launch rule (runtime_launch: true in a policy) denies a Bash
// command that would start Claude Code or Pi without the gate, or change
// what they start next time: the dropgate model, the same one
// launch-runtime refuses with, applied to every simple command. A nested
// runtime under a lease would otherwise be an ungated agent that outlives
// the lease (issue 17, item 5).

// runtimeRunners are programs that start the program named by a later word
// (node cli.js, npx claude, bunx pi ...): there the runtime is looked for
// among all the words, not only the first.
var runtimeRunners = []string{"node", "nodejs", "npx", "bun", "bunx", "pnpm", "pnpx", "yarn", "npm", "deno", "tsx"}

var envAssignRE = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)=`)

// runtimeLaunch returns the first command of sh that starts a runtime
// without the gate, with why, or "", false.
func runtimeLaunch(sh *shellFacts) (string, bool) {
	if sh.err != nil {
		return "", false // the unparseable rule denies it
	}
	// An environment name that drops the gate, set anywhere in the
	// command (X=1 claude, export X=1; claude, declare): the model cannot
	// follow where the variable goes, so setting it is enough.
	for _, n := range sh.assigned {
		if why, bad := dropgate.ProcessEnvName(n); bad {
			return "sets " + n + ", which " + why, true
		}
	}
	for i := range sh.cmds {
		ci := &sh.cmds[i]
		// env X=1 claude, sudo X=1 ...: wrappers keep the words.
		for _, w := range ci.words {
			if m := envAssignRE.FindStringSubmatch(w); m != nil {
				if why, bad := dropgate.ProcessEnvName(m[1]); bad {
					return ci.String() + " sets " + m[1] + ", which " + why, true
				}
			}
		}
		if len(ci.argv) == 0 || ci.argv[0] == "" {
			continue
		}
		if ci.dynamic {
			// A command name not known statically may be either runtime:
			// judge its flags (not its command words, which any program has).
			for _, rt := range []string{"claude", "pi"} {
				for _, f := range dropgate.Args(rt, ci.argv[1:], dropgate.Nested) {
					if !strings.HasPrefix(f.Arg, rt+" ") {
						return ci.String() + ": " + f.String(), true
					}
				}
			}
			continue
		}
		last := 1
		if slices.Contains(runtimeRunners, path.Base(ci.argv[0])) {
			last = len(ci.argv)
		}
		for j := 0; j < last; j++ {
			rt := dropgate.Runtime(ci.argv[j])
			if rt == "" {
				continue
			}
			if fs := dropgate.Args(rt, ci.argv[j+1:], dropgate.Nested); len(fs) > 0 {
				return ci.String() + ": " + fs[0].String(), true
			}
			break
		}
	}
	return "", false
}
