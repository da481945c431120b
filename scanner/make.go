package scanner

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/leasegate/leasegate/cmdline"
)

// MakePrefix marks a Makefile, by its path from the root, in Pass.Needs
// and Imports.Source (the data detector's includes and sub-makes too).
const MakePrefix = "make:"

// maxMakeNeeds bounds the Makefiles one file notes for the variables it
// gives make on its command line.
const maxMakeNeeds = 64

// makeVars judges, in the repository phase, the Makefile an argv runs
// with variables set on make's command line (`make run BIN=claude`,
// behind any wrapper, from any caller: a shell script, a Python or TS/JS
// process API, a package.json script, a workflow step; docs/data.md,
// "Makefiles"). Such a variable overrides the file's own assignments in
// every recipe, so the Makefile (from -C DIR, -f FILE, else GNUmakefile,
// makefile or Makefile, in the caller's folder, then the root) is scanned
// with it set last; a launch it adds is reported at the value, with the
// way into the Makefile. In phase one the Makefile is noted (Needs).
func (p *Pass) makeVars(argv []Arg) {
	if isMakefile(p.Path) {
		// a recipe's sub-make: the data detector follows it
		// (docs/data.md, "Makefiles")
		return
	}
	if !slices.ContainsFunc(argv, func(a Arg) bool {
		b := path.Base(a.Value)
		return a.Known && (b == "make" || b == "gmake")
	}) {
		return
	}
	for _, in := range cmdline.Unwrap(Words(argv)).Inners {
		if in.Kind != cmdline.KindArgv || in.Start < 0 || in.Start >= len(argv) || !argv[in.Start].Known {
			continue
		}
		if b := path.Base(argv[in.Start].Value); b != "make" && b != "gmake" {
			continue
		}
		dir, file, known := "", "", true
		var sets []string
		at := -1
		value := func(j int) string {
			if j >= in.End || !argv[j].Known {
				known = false
				return ""
			}
			return argv[j].Value
		}
		for j := in.Start + 1; j < in.End; j++ {
			v := argv[j].Value
			switch {
			case !argv[j].Known:
			case v == "-C" || v == "--directory":
				j++
				dir = path.Join(dir, value(j))
			case strings.HasPrefix(v, "--directory="):
				dir = path.Join(dir, strings.TrimPrefix(v, "--directory="))
			case strings.HasPrefix(v, "-C") && len(v) > 2:
				dir = path.Join(dir, v[2:])
			case v == "-f" || v == "--file" || v == "--makefile":
				j++
				file = value(j)
			case strings.HasPrefix(v, "--file=") || strings.HasPrefix(v, "--makefile="):
				_, file, _ = strings.Cut(v, "=")
			case strings.HasPrefix(v, "-"):
			default:
				name, val, ok := strings.Cut(v, "=")
				name = strings.TrimRight(name, ":")
				if !ok || name == "" || strings.ContainsAny(name, " \t$()#") {
					continue
				}
				sets = append(sets, name+" := "+val)
				if at < 0 && p.Config.MentionsRuntime([]byte(val)) {
					at = j
				}
			}
		}
		if at < 0 || !known || path.IsAbs(dir) || path.IsAbs(file) {
			continue
		}
		p.makeFile(dir, file, sets, argv[at].Pos)
	}
}

// isMakefile reports a Makefile's name (the data detector's kind
// makefile).
func isMakefile(rel string) bool {
	switch b := path.Base(rel); {
	case b == "Makefile" || b == "makefile" || b == "GNUmakefile":
		return true
	default:
		return strings.HasSuffix(b, ".mk") || strings.HasSuffix(b, ".make")
	}
}

// makeFile reads the Makefile a make call with variables sets runs, and
// reports at at the launches the variables add there.
func (p *Pass) makeFile(dir, file string, sets []string, at Pos) {
	names := []string{"GNUmakefile", "makefile", "Makefile"}
	if file != "" {
		names = []string{file}
	}
	var specs []string
	for _, base := range []string{path.Dir(p.Path), "."} {
		for _, n := range names {
			if s := MakePrefix + path.Join(base, dir, n); !slices.Contains(specs, s) {
				specs = append(specs, s)
			}
		}
	}
	if p.Imports == nil {
		noted := 0
		for _, s := range p.Needs {
			if strings.HasPrefix(s, MakePrefix) {
				noted++
			}
		}
		for _, s := range specs {
			if !slices.Contains(p.Needs, s) && len(p.Needs) < MaxExecs*4 && noted < maxMakeNeeds {
				p.Needs = append(p.Needs, s)
				noted++
			}
		}
		return
	}
	for _, s := range specs {
		rel, src, ok := p.Imports.Source(s)
		if !ok {
			continue
		}
		name := path.Base(rel)
		n0 := len(p.findings)
		p.ScanAs(name, string(src))
		have := map[string]bool{}
		for _, f := range p.findings[n0:] {
			have[makeKey(f)] = true
		}
		p.findings = p.findings[:n0]
		p.ScanAs(name, string(src)+"\n\n"+strings.Join(sets, "\n")+"\n")
		added := slices.Clone(p.findings[n0:])
		p.findings = p.findings[:n0]
		for _, f := range added {
			if !f.IsLaunch() || have[makeKey(f)] {
				continue
			}
			have[makeKey(f)] = true
			mark := len(p.findings)
			p.Report(Finding{Line: at.Line, Column: at.Column, Runtime: f.Runtime, Class: f.Class,
				Message: f.Message})
			p.AddChain(mark, []Step{{File: rel, Line: f.Line, Column: f.Column, Note: "the Makefile make runs, with the variables set on its command line"}})
		}
		return
	}
}

// makeKey identifies a launch of a Makefile scan.
func makeKey(f Finding) string { return strconv.Itoa(f.Line) + ":" + f.Runtime }
