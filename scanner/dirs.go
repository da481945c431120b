package scanner

import (
	"fmt"
	"path"
	"strings"

	"github.com/leasegate/leasegate/cmdline"
)

// The folder a command runs in matters when it runs a file by a
// relative name: `cd /opt/cc && node cli.js` after `/opt/cc` was made a
// link of Claude Code's package folder, or `WORKDIR` of a copy of it in
// a Dockerfile, then `CMD ["node", "cli.js"]`. The folders that can
// matter are kept per file (AddDir); a command's relative words are read
// under each of them (InDirs).

// passDir is a folder of a runtime's files the file's commands may run
// in (AddDir): joined when a relative folder gave it under another.
type passDir struct {
	value  string
	joined bool
}

// maxPassDirs bounds the folders AddDir keeps for one file.
const maxPassDirs = 32

// AddDir records that the file's later commands may run in the folder d
// (`cd d`, `pushd d`, a Dockerfile's `WORKDIR d`), when a file run there
// by a relative name can be a runtime's: d is a runtime package's folder
// or lies under one, or under a link or copy of one (AddLink,
// OfferLink). Other folders are not kept; they cannot make a relative
// name a runtime. A relative d is taken under each folder kept so far.
// Past maxPassDirs folders the rest is reported, never dropped silently.
func (p *Pass) AddDir(d Arg, at Pos) {
	if !d.Known || d.Value == "" || strings.HasPrefix(d.Value, "-") {
		return
	}
	cands := []string{d.Value}
	if !strings.HasPrefix(d.Value, "/") && !strings.HasPrefix(d.Value, cmdline.Placeholder) && !strings.HasPrefix(d.Value, "~") {
		// under each folder kept that a relative folder did not give
		// (`cd /opt/cc; cd dist`): a chain of relative ones (`cd
		// build; cd "$platform"` in a loop) is not multiplied out
		for _, k := range p.dirs {
			if !k.joined {
				cands = append(cands, path.Join(k.value, d.Value))
			}
		}
	}
	for i, c := range cands {
		if !p.runtimeDir(c) {
			continue
		}
		dup := false
		for _, k := range p.dirs {
			dup = dup || k.value == c
		}
		if dup {
			continue
		}
		if len(p.dirs) >= maxPassDirs {
			p.ReportUnparseable(at, fmt.Sprintf("more than %d folders of runtimes' files are changed into; `%s` is not followed", maxPassDirs, c))
			continue
		}
		p.dirs = append(p.dirs, passDir{value: c, joined: i > 0})
	}
}

// runtimeDir reports whether a file under the folder d can be a
// runtime's: d is, or lies under, a runtime's package folder or a link
// or copy of one.
func (p *Pass) runtimeDir(d string) bool {
	probe := []Arg{{Value: strings.TrimRight(d, "/") + "/" + dirProbe, Known: true}}
	if _, ok := p.Config.runtimeInPath(probe[0].Value); ok {
		return true
	}
	_, ok := p.ThroughLinks(probe)
	return ok
}

// dirProbe is a file name no package ships, for runtimeDir.
const dirProbe = "\x00probe"

// InDirs is argv read as run in one of the folders the file's commands
// may run in (AddDir), its relative file words taken under the folder,
// when that reading runs a runtime, itself or through a link or copy of
// one: the first such reading, and whether there is one. A word that
// becomes a runtime's is dynamic: the folder is found at run time.
func (p *Pass) InDirs(argv []Arg) ([]Arg, bool) {
	return p.readIn(argv, p.dirs)
}

// readIn is InDirs over the folders dirs.
func (p *Pass) readIn(argv []Arg, dirs []passDir) ([]Arg, bool) {
	if len(dirs) == 0 || len(argv) == 0 {
		return nil, false
	}
	for _, d := range dirs {
		out := append([]Arg(nil), argv...)
		changed := false
		for i, a := range argv {
			if !relativeFile(a, i == 0) {
				continue
			}
			out[i].Value = path.Join(d.value, a.Value)
			out[i].Via = ClassDynamic
			changed = true
		}
		if !changed {
			continue
		}
		if linked, ok := p.ThroughLinks(out); ok {
			return linked, true
		}
		if l, _ := p.Config.JudgeArgv(out); l != nil && !l.Gated() {
			return out, true
		}
	}
	return nil, false
}

// RunIn sets the folders the next commands judged run in, a process
// API's working folder option (`spawn("node", ["cli.js"], { cwd })`,
// `subprocess.run([...], cwd=...)`): each possibility that is a folder
// of a runtime's files (AddDir's test) is one the command's relative
// words are read under when it launches nothing as written (Judge). The
// function returned restores the folders before.
func (p *Pass) RunIn(dirs []Arg) (restore func()) {
	old := p.callDirs
	p.callDirs = nil
	for _, d := range dirs {
		if d.Known && d.Value != "" && len(p.callDirs) < maxPassDirs && p.runtimeDir(d.Value) {
			p.callDirs = append(p.callDirs, passDir{value: d.Value})
		}
	}
	return func() { p.callDirs = old }
}

// inCallDirs is argv read in the folders RunIn set, or else those the
// file changed into (AddDir), when that launches a runtime: the reading
// and its launch.
func (p *Pass) inCallDirs(argv []Arg) ([]Arg, *Launch) {
	in, ok := p.readIn(argv, p.callDirs)
	if !ok {
		in, ok = p.readIn(argv, p.dirs)
	}
	if !ok {
		return nil, nil
	}
	l, _ := p.Config.JudgeArgv(in)
	if l == nil || l.Gated() {
		return nil, nil
	}
	return in, l
}

// relativeFile reports whether a names a file by a name relative to the
// folder its command runs in: a path that is not absolute, nor an
// option, nor an assignment. A command's own name is such a file only
// with a slash (`./cli.js`): a bare one is looked up on PATH.
func relativeFile(a Arg, command bool) bool {
	v := a.Value
	if !a.Known || v == "" || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "-") || strings.HasPrefix(v, "~") || strings.HasPrefix(v, cmdline.Placeholder) || strings.Contains(v, "=") {
		return false
	}
	return !command || strings.Contains(v, "/")
}

// UnderDirs is a, a relative file name, read under the first folder of
// a runtime's files the file's commands may run in (AddDir) where it
// names the runtime's file or folder (`cd PKG && cp cli.js /opt/t/`):
// dynamic, the folder is found at run time.
func (p *Pass) UnderDirs(a Arg) (Arg, bool) {
	if !relativeFile(a, false) {
		return Arg{}, false
	}
	for _, d := range p.dirs {
		w := a
		w.Value, w.Via, w.Alts = path.Join(d.value, a.Value), ClassDynamic, nil
		if l, _ := p.Config.JudgeArgv([]Arg{w}); l != nil && !l.Gated() || p.Config.RuntimeFolder(w.Value) {
			return w, true
		}
	}
	return Arg{}, false
}

// HasDirs reports whether the file's commands may run in a folder of a
// runtime's files (AddDir).
func (p *Pass) HasDirs() bool { return len(p.dirs) > 0 }

// dirRuntime is the runtime whose file a file under the folder d can
// be ("" when none).
func (p *Pass) dirRuntime(d string) string {
	probe := []Arg{{Value: strings.TrimRight(d, "/") + "/" + dirProbe, Known: true}}
	if rt, ok := p.Config.runtimeInPath(probe[0].Value); ok {
		return rt
	}
	if out, ok := p.ThroughLinks(probe); ok {
		if l, _ := p.Config.JudgeArgv(out[:1]); l != nil {
			return l.Runtime
		}
		if rt, ok := p.Config.FolderRuntime(out[0].Value); ok {
			return rt
		}
	}
	return ""
}

// ReadIn is InDirs over the folders dirs alone (a container's working
// folder, `docker run -w DIR`, holds for its command only), those of
// them that are folders of a runtime's files.
func (p *Pass) ReadIn(argv []Arg, dirs []Arg) ([]Arg, bool) {
	var ds []passDir
	for _, d := range dirs {
		if d.Known && d.Value != "" && len(ds) < maxPassDirs && p.runtimeDir(d.Value) {
			ds = append(ds, passDir{value: d.Value})
		}
	}
	return p.readIn(argv, ds)
}

// ReportRuntimePath reports v, a PATH value, when a component of it is,
// or lies under, a runtime's package folder (`export
// PATH="$(npm root -g)/@mariozechner/pi-coding-agent/dist:$PATH"`, a
// Dockerfile's `ENV PATH=...`): a command run by its bare name may then
// be any of the runtime's files, so the setting is a launch found at run
// time (dynamic), at at. The package managers' .bin folders hold links by
// the runtimes' own names, judged where they run, and are not such
// folders. It reports whether it reported.
func (p *Pass) ReportRuntimePath(v string, at Pos) bool {
	for _, d := range strings.Split(v, ":") {
		if d == "" || strings.HasSuffix(strings.TrimRight(d, "/"), "/.bin") || !p.runtimeDir(d) {
			continue
		}
		rt := p.dirRuntime(d)
		p.Report(Finding{Line: at.Line, Column: at.Column, Runtime: rt, Class: ClassDynamic,
			Message: fmt.Sprintf("PATH holds %s's package folder `%s`; a command run by its bare name may be its file, so the setting counts as a launch", rt, d)})
		return true
	}
	return false
}
