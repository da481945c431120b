package cmdline

import (
	"sort"
	"strings"
)

// Markdown lists the families and their programs as the documentation
// shows them (docs/shell.md and docs/policy.md carry it between
// <!-- cmdline:families --> markers, and a test keeps the copies equal).
func Markdown() string {
	var b strings.Builder
	for _, f := range Table {
		b.WriteString("* **" + f.Name + "**: ")
		var parts []string
		for _, s := range f.Specs {
			for _, n := range s.Names {
				parts = append(parts, "`"+n+"`"+subList(s))
			}
		}
		b.WriteString(strings.Join(parts, ", "))
		b.WriteString("\n")
	}
	return b.String()
}

func subList(s *Spec) string {
	if len(s.Subs) == 0 {
		return ""
	}
	var ks []string
	for k, v := range s.Subs {
		if v.runsNothing {
			continue // a subcommand that runs nothing known
		}
		ks = append(ks, k+subList(v))
	}
	sort.Strings(ks)
	if s.Else {
		// any other word is the command run (yarn claude)
		ks = append(ks, "CMD")
	}
	return " (" + strings.Join(ks, ", ") + ")"
}

// Programs lists every program name in the table.
func Programs() []string {
	var out []string
	for _, f := range Table {
		for _, s := range f.Specs {
			out = append(out, s.Names...)
		}
	}
	return out
}
