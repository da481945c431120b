package scanner

import (
	"bytes"
	"path"
	"strings"

	"github.com/leasegate/leasegate/cmdline"
)

// Links and copies of a runtime made by code (`fs.symlinkSync(src,
// dst)`, `os.symlink(src, dst)`, `shutil.copy(src, dst)`): the code
// detectors hand each such call's source and destination possibilities
// to CodeLink, which records them as a shell file's `ln` is recorded
// (AddLink for the file, OfferLink for the repository), so a command run
// by the destination's name, or a file under it, is the runtime.

// CodeLink records a link or copy code makes at at, from a source that
// may be any of srcs to a destination that may be any of dsts, when a
// source is a runtime (its command, a path into its package, or its
// package folder) or a link of one. A destination the scan cannot read
// makes the call a launch found at run time (dynamic): what runs it
// cannot be followed.
func (p *Pass) CodeLink(srcs, dsts []Arg, at Pos) {
	var rt Arg
	found := false
	for _, s := range srcs {
		if !s.Known || s.Value == "" {
			continue
		}
		if out, ok := p.ThroughLinks([]Arg{s}); ok {
			s, found = out[0], true
		} else if l, _ := p.Config.JudgeArgv([]Arg{s}); l != nil && !l.Gated() || p.Config.RuntimeFolder(s.Value) {
			found = true
		}
		if found {
			rt = s
			break
		}
	}
	if !found {
		return
	}
	rt.Via = ClassDynamic
	dir := ""
	if p.Config.RuntimeFolder(rt.Value) {
		dir = "/" // a package folder's names end in '/' (ThroughNames)
	}
	for _, d := range dsts {
		if !d.Known || strings.Trim(d.Value, "/") == "" || strings.Contains(path.Base(strings.TrimRight(d.Value, "/")), cmdline.Placeholder) {
			name, _ := p.Config.FolderRuntime(rt.Value)
			if l, _ := p.Config.JudgeArgv([]Arg{rt}); l != nil {
				name = l.Runtime
			}
			p.Report(Finding{Line: at.Line, Column: at.Column, Runtime: name, Class: ClassDynamic,
				Message: name + " linked or copied under a name found at run time; what runs it cannot be followed, so the link counts as a launch"})
			return
		}
		v := strings.TrimRight(d.Value, "/")
		if strings.HasSuffix(d.Value, "/") && rt.Known {
			// into a folder, under the source's own name
			v = path.Join(v, path.Base(strings.TrimRight(rt.Value, "/")))
		}
		for _, n := range []string{path.Clean(v) + dir, path.Base(v) + dir} {
			if !p.AddLink(n, rt) {
				p.ReportUnparseable(at, "too many links and copies of runtimes in one file; `"+n+"` is not followed")
			}
		}
		p.OfferLink(path.Base(v), rt, at)
	}
}

// CodeLinkFuncs are the functions of Node's fs module, by name, that make
// a link or copy of their first argument under their second.
var CodeLinkFuncs = map[string]bool{"symlink": true, "symlinkSync": true, "link": true, "linkSync": true,
	"copyFile": true, "copyFileSync": true, "cp": true, "cpSync": true, "rename": true, "renameSync": true}

// PyCodeLinkFuncs are Python's functions, by dotted name, that make a
// link or copy of their first argument under their second.
var PyCodeLinkFuncs = map[string]bool{"os.symlink": true, "os.link": true, "os.rename": true, "os.replace": true,
	"shutil.copy": true, "shutil.copy2": true, "shutil.copyfile": true, "shutil.copytree": true, "shutil.move": true}

// maxQuotedScan bounds the occurrences of one runtime's name
// QuotesRuntime looks at.
const maxQuotedScan = 4096

// QuotesRuntime reports whether src starts a string with a runtime's
// name, or ends a path with it.
func QuotesRuntime(src []byte, names []string) bool {
	for _, name := range names {
		w := []byte(name)
		for off, n := 0, 0; n < maxQuotedScan; n++ {
			i := bytes.Index(src[off:], w)
			if i < 0 {
				break
			}
			i += off
			off = i + len(w)
			if i == 0 || off < len(src) && quotedIdentByte(src[off]) {
				continue
			}
			switch src[i-1] {
			case '"', '\'', '`', '/':
				return true
			}
		}
	}
	return false
}

func quotedIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}
