package scanner

import (
	"bytes"
	"path"
	"regexp"
	"strings"
)

// Archives of runtimes extracted by code (`tarfile.open(tgz).extractall(
// "opt/p")`, `tar.x({ file, C: "opt/p" })`): the code detectors hand each
// extract call's archive and folder to CodeExtract, which records the
// copy of the runtime's package folder it makes as the shell's `tar -x`
// does (docs/shell.md, "Copies by any writer").

// ExtractNeedles prefilter the files the code detectors read for
// extract calls.
var ExtractNeedles = [][]byte{[]byte("xtract"), []byte("unpack"), []byte("decompress"), []byte("untar"), []byte("unzip"), []byte(".x(")}

// fetchWordRE finds a word that says a text fetches or holds a
// package's packed archive.
var fetchWordRE = regexp.MustCompile(`\bpack\b|tarball|\.tgz\b`)

// ArchiveInText is the runtime package whose packed archive src names
// (`mariozechner-pi-coding-agent-0.73.1.tgz`, PackedRuntime) or fetches
// (the package's name, and `npm pack`, a `tarball` or a `.tgz`): the
// archive an extract call whose archive the scan cannot read may be.
func (c *Config) ArchiveInText(src []byte) (string, bool) {
	for _, pkg := range c.Packages() {
		flat := []byte(strings.ReplaceAll(strings.TrimPrefix(pkg, "@"), "/", "-") + "-")
		for off, n := 0, 0; n < maxQuotedScan; n++ {
			i := bytes.Index(src[off:], flat)
			if i < 0 {
				break
			}
			i += off
			off = i + len(flat)
			end := off
			for end < len(src) && end-off < 64 && !strings.ContainsRune("\"'` \t\r\n,;)]}", rune(src[end])) {
				end++
			}
			if _, ok := c.PackedRuntime(string(src[i:end])); ok {
				return pkg, true
			}
		}
	}
	for _, pkg := range c.Packages() {
		if bytes.Contains(src, []byte(pkg)) && fetchWordRE.Match(src) {
			return pkg, true
		}
	}
	return "", false
}

// CodeExtract records the copy of a runtime's package folder that an
// extract call in code at at makes. archives are what the call may
// extract (none when the code does not say which); inText is the
// archive the file names or fetches (ArchiveInText), taken for an
// archive the scan cannot read; dsts are the folders it may extract
// into ("" the current one); strip says the archive's top folder is
// dropped, so the package's files land straight in the folder. npm's
// archives hold one folder, package: DST/package is the copy.
func (p *Pass) CodeExtract(archives []Arg, inText string, dsts []Arg, strip bool, at Pos) {
	pkg := ""
	unread := len(archives) == 0
	for _, a := range archives {
		if !a.Known || strings.ContainsAny(path.Base(a.Value), "*?[") || strings.Contains(a.Value, "$") {
			unread = true
			continue
		}
		if k, ok := p.Config.PackedRuntime(path.Base(a.Value)); ok {
			pkg = k
			break
		}
	}
	if pkg == "" && unread {
		pkg = inText
	}
	if pkg == "" {
		return
	}
	var links []Arg
	for _, d := range dsts {
		switch {
		case !d.Known:
			links = append(links, d)
		case strip && strings.Trim(d.Value, "/.") == "":
			// the package's files straight in the current folder: under
			// names found at run time
			links = append(links, Arg{})
		case strip:
			links = append(links, Lit(strings.TrimRight(d.Value, "/")))
		default:
			links = append(links, Lit(path.Join(d.Value, "package")))
		}
	}
	p.CodeLink([]Arg{Lit("node_modules/" + pkg)}, links, at)
}
