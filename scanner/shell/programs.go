package shell

import (
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/leasegate/leasegate/scanner"
)

// Program slots (docs/shell.md, "Programs named by settings"): a value
// another program runs as a command line is judged as the text it
// stands for, as an alias is. Slots are found by their shape, not listed
// one by one: a variable whose name ends like a program's
// (`GIT_EDITOR="claude -p ..." git commit`, `export PAGER=...`,
// `SSH_COMMAND`, `*_CMD`, `*_PROGRAM`), an option whose name says it
// takes a program (`tar --use-compress-program='pi --print'`, `--rsh=`,
// `--editor=`), a git setting or alias (`git config --global alias.rv
// '!claude -p'`, `git -c core.editor=... commit`), an npm script set
// from the command line (`npm pkg set scripts.rv="claude -p"`), and an
// alias set through BASH_ALIASES.

// programVarRE is the name of a variable whose value a program runs.
var programVarRE = regexp.MustCompile(`(?:^|_)(?:EDITOR|VISUAL|PAGER|BROWSER|SHELL|TERMINAL|SSH|SSH_COMMAND|COMMAND|CMD|PROGRAM|PROG|EXEC|RUNNER|WRAPPER|LAUNCHER|ASKPASS|DIFF|MERGETOOL|HOOK)$`)

// programOptRE is a long option whose value a program runs.
var programOptRE = regexp.MustCompile(`^--(?:[a-z0-9-]*-)?(?:program|command|cmd|editor|pager|rsh|shell|exec|runner|wrapper|launcher|askpass)=`)

// gitProgramKeys are git settings whose value git runs (beside
// `alias.*` values starting with '!').
var gitProgramKeys = map[string]bool{"core.editor": true, "core.pager": true, "sequence.editor": true, "core.sshcommand": true,
	"diff.external": true, "core.fsmonitor": true, "credential.helper": true, "gpg.program": true, "pager.log": true, "pager.diff": true}

// programAssigns judges the values of the assignments that set a
// program slot (programVarRE, BASH_ALIASES) and reports a PATH that puts
// a runtime's package folder first or last (pathDirs).
//
// A variable's value is judged only where a program can read it: in the
// environment a command is given (`X=... cmd`, `export X=...`). A plain
// assignment is judged where the value is run, as any variable's is.
func (s *scan) programAssigns(as []*syntax.Assign, env bool) {
	for _, a := range as {
		if a == nil || a.Name == nil || a.Value == nil {
			continue
		}
		name := a.Name.Value
		if name == "PATH" {
			s.pathDirs(a.Value)
			continue
		}
		if name == "NODE_OPTIONS" && env {
			s.nodeOptions(a.Value)
			continue
		}
		if !(env && programVarRE.MatchString(name)) && !(name == "BASH_ALIASES" && a.Index != nil) {
			continue
		}
		for _, argv := range s.argv([]*syntax.Word{a.Value}) {
			if len(argv) == 1 && argv[0].Known && argv[0].Value != "" {
				s.evalText(argv[0].Value, argv[0].Pos)
			}
		}
	}
}

// pathDirs reports a PATH value that holds a runtime's package folder
// (Pass.ReportRuntimePath).
func (s *scan) pathDirs(w *syntax.Word) {
	for _, argv := range s.argv([]*syntax.Word{w}) {
		if len(argv) == 1 && argv[0].Value != "" && s.p.ReportRuntimePath(argv[0].Value, s.synPos(w.Pos())) {
			return
		}
	}
}

// programArgs judges the values argv hands a program slot of the
// command it runs: options (programOptRE), git settings and aliases,
// npm scripts set from the command line.
func (s *scan) programArgs(argv []scanner.Arg) {
	if len(argv) < 2 || !argv[0].Known {
		return
	}
	for k, x := range argv[1:] {
		if !x.Known {
			continue
		}
		if loc := programOptRE.FindStringIndex(x.Value); loc != nil {
			s.evalText(x.Value[loc[1]:], x.Pos)
			continue
		}
		switch argv[0].Value {
		case "tar":
			if (x.Value == "-I" || x.Value == "--use-compress-program") && k+2 < len(argv) && argv[k+2].Known {
				s.evalText(argv[k+2].Value, argv[k+2].Pos)
			}
		case "git":
			if x.Value == "-c" && k+2 < len(argv) && argv[k+2].Known {
				if key, val, ok := strings.Cut(argv[k+2].Value, "="); ok {
					s.gitSetting(key, val, argv[k+2].Pos)
				}
			}
			if x.Value == "config" {
				s.gitConfig(argv[k+2:])
				return
			}
		case "npm", "pnpm", "yarn", "bun":
			if x.Value == "set-script" && k+3 < len(argv) && argv[k+3].Known {
				s.evalText(argv[k+3].Value, argv[k+3].Pos)
				return
			}
			if x.Value == "pkg" && k+2 < len(argv) && argv[k+2].Value == "set" {
				for _, y := range argv[k+3:] {
					if key, val, ok := strings.Cut(y.Value, "="); ok && y.Known && strings.HasPrefix(key, "scripts.") {
						s.evalText(val, y.Pos)
					}
				}
				return
			}
		}
	}
}

// gitConfig judges `git config [options] KEY VALUE` (words past config).
func (s *scan) gitConfig(words []scanner.Arg) {
	var ops []scanner.Arg
	for _, w := range words {
		if !w.Known || !strings.HasPrefix(w.Value, "-") {
			ops = append(ops, w)
		}
	}
	if len(ops) >= 2 && ops[0].Known && ops[1].Known {
		s.gitSetting(ops[0].Value, ops[1].Value, ops[1].Pos)
	}
}

// gitSetting judges a git setting's value when git runs it: an alias
// starting with '!' (run by a shell), or a program setting.
func (s *scan) gitSetting(key, val string, at scanner.Pos) {
	key = strings.ToLower(key)
	if strings.HasPrefix(key, "alias.") {
		if body, ok := strings.CutPrefix(val, "!"); ok {
			s.evalText(body, at)
		}
		return
	}
	if gitProgramKeys[key] {
		s.evalText(val, at)
	}
}

// declExports reports whether a declare or typeset clause exports
// (`declare -x NAME=...`).
func declExports(c *syntax.DeclClause) bool {
	if c.Variant == nil || c.Variant.Value != "declare" && c.Variant.Value != "typeset" {
		return false
	}
	for _, a := range c.Args {
		if a.Naked && a.Name == nil && a.Value != nil {
			if lit := a.Value.Lit(); strings.HasPrefix(lit, "-") && strings.Contains(lit, "x") {
				return true
			}
		}
	}
	return false
}

// nodeOptions judges the modules a NODE_OPTIONS value has every node
// process load first (`--require X`, `-r X`, `--import X`, `--loader
// X`): node loading a runtime's file runs it (`NODE_OPTIONS="--import
// .../pi-coding-agent/dist/cli.js" node app.js`).
func (s *scan) nodeOptions(w *syntax.Word) {
	for _, argv := range s.argv([]*syntax.Word{w}) {
		if len(argv) != 1 || argv[0].Value == "" {
			continue
		}
		f := strings.Fields(argv[0].Value)
		for k := 0; k < len(f); k++ {
			mod := ""
			switch {
			case (f[k] == "-r" || f[k] == "--require" || f[k] == "--import" || f[k] == "--loader" || f[k] == "--experimental-loader") && k+1 < len(f):
				mod = f[k+1]
				k++
			case strings.HasPrefix(f[k], "--require=") || strings.HasPrefix(f[k], "--import=") || strings.HasPrefix(f[k], "--loader="):
				_, mod, _ = strings.Cut(f[k], "=")
			}
			if mod != "" {
				s.evalText("node "+mod, argv[0].Pos)
			}
		}
	}
}
