package golang

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// A shell script of the repository run by path with arguments
// (`exec.Command("./scripts/run.sh", "claude", "-p")`): the script may run
// its arguments (`exec "$@"`, `tool=$1; shift; "$tool" "$@"`). The script
// is read (from the Go file's folder, then the scan's root) and judged as
// `sh -c SCRIPT PATH ARGS...` judges it, its positional parameters bound
// to the call's arguments; a launch found there is reported at the call.
// Only an argv with an argument naming a runtime is looked at.

// maxScriptSize bounds the scripts read for a call.
const maxScriptSize = 256 << 10

// judgeScripts judges the repository scripts argv runs by path with the
// arguments it gives them, reporting at at.
func (c *checker) judgeScripts(argv []scanner.Arg, at scanner.Pos) {
	if len(argv) < 2 || c.idx == nil || c.idx.scanRoot == "" {
		return
	}
	var vals []string
	for _, a := range argv[1:] {
		vals = append(vals, a.Value)
	}
	if !c.p.Config.MentionsRuntime([]byte(strings.Join(vals, "\n"))) {
		return
	}
	for _, r := range scanner.ScriptRuns(argv) {
		if len(r.Args) == 0 || strings.HasPrefix(r.Spec, scanner.PathScript) || filepath.IsAbs(r.Spec) {
			continue
		}
		rel, text, ok := c.readScript(r.Spec)
		if !ok {
			continue
		}
		fork := c.p.Fork(rel, []byte(text))
		sh := []scanner.Arg{scanner.Lit("sh"), scanner.Lit("-c"), {Value: text, Known: true, Pos: scanner.Pos{Line: 1, Column: 1}}, scanner.Lit(r.Spec)}
		fork.Judge(scanner.Command{Argv: append(sh, r.Args...), At: scanner.Pos{Line: 1, Column: 1}, API: true})
		for _, f := range fork.Findings() {
			if !f.IsLaunch() || f.Verdict != scanner.VerdictRed {
				continue
			}
			f.Line, f.Column = at.Line, at.Column
			f.Message += fmt.Sprintf(" (through the script %s, run with these arguments)", rel)
			c.p.Report(f)
		}
	}
}

// readScript reads the script spec names, from the folder of the file
// being checked and then the scan's root, within the scan's root.
func (c *checker) readScript(spec string) (rel, text string, ok bool) {
	var dirs []string
	if c.file != nil {
		name := c.fset.Position(c.file.Pos()).Filename
		if !filepath.IsAbs(name) {
			name = filepath.Join(c.idx.scanRoot, filepath.FromSlash(name))
		}
		dirs = append(dirs, filepath.Dir(name))
	}
	dirs = append(dirs, c.idx.scanRoot)
	for _, d := range dirs {
		p := filepath.Join(d, filepath.FromSlash(spec))
		r, err := filepath.Rel(c.idx.scanRoot, p)
		if err != nil || strings.HasPrefix(r, "..") {
			continue
		}
		st, err := os.Stat(p)
		if err != nil || !st.Mode().IsRegular() || st.Size() > maxScriptSize {
			continue
		}
		b, err := scanner.ReadFile(p)
		if err != nil {
			continue
		}
		return filepath.ToSlash(r), string(b), true
	}
	return "", "", false
}
