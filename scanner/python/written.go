package python

import (
	"fmt"
	"path"
	"strings"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// A script the program writes and then runs (review 23's 100): `with
// open("/tmp/agent.sh", "w") as f: f.write(text)`, `Path(p).write_text(
// text)`, a tempfile's `f.write(text)`, then a process API running that
// path (as the program, or as the script a shell is given). The launch's
// command is the written text: it is judged as the line a shell runs,
// at the call that runs it (its pieces joined, unknown parts unknown). A
// text not known at all is a dynamic launch in a file that names a
// runtime.

// writeSite is a write of text to a file: the node of the path written
// (none when not known statically: a tempfile), of the text, and of the
// call.
type writeSite struct {
	path, text, call int32
}

// maxWrites bounds the writes a file's runs are compared with; past it
// the rest are not read (a file writing more than 64 files it runs is
// rare; what its runs name is still judged as a command).
const maxWrites = 64

// openFuncs open a file by the path given first.
var openFuncs = map[string]bool{"open": true, "io.open": true, "codecs.open": true, "builtins.open": true}

// tempFuncs make a file whose path is chosen at run time.
var tempFuncs = map[string]bool{
	"NamedTemporaryFile": true, "tempfile.NamedTemporaryFile": true,
	"SpooledTemporaryFile": true, "tempfile.SpooledTemporaryFile": true,
	"TemporaryFile": true, "tempfile.TemporaryFile": true,
}

// writeSites are the file's writes of text to a file, read once.
func (a *analyzer) writeSites() []writeSite {
	if a.writesRead {
		return a.writes
	}
	a.writesRead = true
	t := a.t
	for i := int32(0); i < int32(len(t.Nodes)) && len(a.writes) < maxWrites; i++ {
		if t.Nodes[i].Kind != kCall {
			continue
		}
		fn := t.Child(i, fFunction)
		if fn == none || t.Nodes[fn].Kind != kAttribute {
			continue
		}
		m, obj := t.Child(fn, fAttribute), t.Child(fn, fObject)
		if m == none || obj == none {
			continue
		}
		pos, _ := a.callArgs(i)
		if len(pos) == 0 {
			continue
		}
		switch t.Text(m) {
		case "write_text", "write_bytes":
			// Path("/tmp/x.sh").write_text(text): the path is the object
			a.writes = append(a.writes, writeSite{obj, pos[0], i})
		case "write", "writelines":
			for _, src := range a.fileSources(obj) {
				a.writes = append(a.writes, writeSite{src, pos[0], i})
			}
		}
	}
	return a.writes
}

// fileSources are, for the file object at n (`open(p, "w")`, a name a
// `with` or an assignment binds to one, a tempfile), the node of each
// path it may have been opened with, none for a tempfile's.
func (a *analyzer) fileSources(n int32) []int32 {
	t := a.t
	opened := func(c int32) (int32, bool) {
		if c == none || t.Nodes[c].Kind != kCall {
			return none, false
		}
		name := t.Text(t.Child(c, fFunction))
		switch {
		case openFuncs[name]:
			pos, _ := a.callArgs(c)
			if len(pos) == 0 {
				return none, true
			}
			return pos[0], true
		case tempFuncs[name]:
			return none, true
		}
		return none, false
	}
	if p, ok := opened(n); ok {
		return []int32{p}
	}
	if t.Nodes[n].Kind != kIdentifier {
		return nil
	}
	bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
	if !found {
		return nil
	}
	var out []int32
	for _, b := range bs {
		if p, ok := opened(b.value); ok {
			out = append(out, p)
		}
	}
	return out
}

// writtenScripts judges, for argv run at at, the text the file wrote to
// the path it runs: its program, or the script a shell is given
// (`["sh", "/tmp/x.sh"]`). It reports whether every text written there
// was judged: what the process runs is then followed, not lost
// (scanner.Command.Stdin).
func (a *analyzer) writtenScripts(argv []scanner.Arg, at scanner.Pos) (known bool) {
	if len(argv) == 0 || !a.mayWrite {
		return false
	}
	sites := a.writeSites()
	if len(sites) == 0 {
		return false
	}
	judged, all := false, true
	cands := []scanner.Arg{argv[0]}
	if argv[0].Known && scanner.IsShellInterpreter(path.Base(argv[0].Value)) {
		for _, x := range argv[1:] {
			if x.Known && x.Value == "-c" {
				break // the line is the argument: judged as such
			}
			if x.Known && strings.HasPrefix(x.Value, "-") {
				continue
			}
			cands = append(cands, x)
			break
		}
	}
	for _, c := range cands {
		for _, w := range sites {
			if a.runsPath(c, w.path) {
				judged = true
				all = a.judgeWritten(w, at) && all
			}
		}
	}
	return judged && all
}

// runsPath reports whether the argument c may be the path at node p
// (none: a path not known statically, which any unknown may be).
func (a *analyzer) runsPath(c scanner.Arg, p int32) bool {
	if p == none {
		return !c.Known
	}
	for _, v := range a.ev.Eval(p).Possibilities() {
		if v.K != vStr || !v.Known() {
			if !c.Known {
				return true
			}
			continue
		}
		if c.Known && (v.S == c.Value || path.Clean(v.S) == path.Clean(c.Value)) {
			return true
		}
	}
	return false
}

// judgeWritten judges the text write w wrote as the line a shell runs,
// at at, the call running it: each finding is reported there. It
// reports whether every possibility of the text was judged (a text not
// known is, as a dynamic launch, in a file that names a runtime).
func (a *analyzer) judgeWritten(w writeSite, at scanner.Pos) bool {
	read := true
	line := a.t.Pos(w.call).Line
	note := fmt.Sprintf(" (the script written at line %d)", line)
	v := a.ev.Eval(w.text)
	for _, p := range v.Possibilities() {
		text, ok := treesitter.ShellText(p)
		if !ok || p.K != vStr || !p.AnyKnown {
			read = false
			if a.p.Hits.Has(scanner.HitRuntime) {
				read = true // judged here: a dynamic launch
				// text not known: in a file that names a runtime, it
				// may be the runtime's line
				treesitter.Judge(a.p, a.t, []scanner.Arg{{Cut: true}}, at, nil)
			}
			continue
		}
		sub := a.p.Blank()
		sub.ScanShell(text, scanner.Pos{Line: 1, Column: 1}, "")
		for _, f := range sub.Findings() {
			f.File, f.Family, f.Verdict = "", "", ""
			f.Line, f.Column = at.Line, at.Column
			f.Message += note
			a.p.Report(f)
		}
	}
	return read
}
