package golang

import (
	"go/ast"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// Links, copies and extracted archives of runtimes made by Go code
// (`os.Symlink(pkg+"/cli.js", "bin/rv")`, an archive/tar loop writing
// a runtime's packed archive under a folder): recorded as the shell's
// `ln` and `tar -x` are (scanner.Pass.CodeLink, CodeExtract), so a
// command run by the link's name, or a file under the folder, is the
// runtime.

// fsLinkFuncs are the functions of package os that link or move their
// first argument to their second.
var fsLinkFuncs = map[string]bool{"Symlink": true, "Link": true, "Rename": true}

// extractFuncs are the functions that open an archive for reading.
var extractFuncs = map[apiKey]bool{
	{pkg: "archive/tar", name: "NewReader"}: true,
	{pkg: "archive/zip", name: "NewReader"}: true, {pkg: "archive/zip", name: "OpenReader"}: true,
}

// fileWriters are the functions of package os whose first argument is a
// path written: an extract loop's destination is joined there.
var fileWriters = map[string]bool{"Create": true, "OpenFile": true, "WriteFile": true, "MkdirAll": true}

// fsWrite records the link, copy or extraction call makes.
func (c *checker) fsWrite(call *ast.CallExpr) {
	k := c.callee(call)
	switch {
	case k.pkg == "os" && k.recv == "" && fsLinkFuncs[k.name] && len(call.Args) == 2:
		c.p.CodeLink([]scanner.Arg{c.str(call.Args[0], 0)}, []scanner.Arg{c.str(call.Args[1], 0)}, c.pos(call.Pos()))
	case k.pkg == "os" && (k.recv == "" && k.name == "WriteFile" && len(call.Args) == 3 || k.recv == "File" && (k.name == "WriteString" || k.name == "Write") && len(call.Args) == 1):
		// a script it writes is read where it is written
		data := call.Args[0]
		if k.recv == "" {
			data = call.Args[1]
		}
		if conv, ok := ast.Unparen(data).(*ast.CallExpr); ok && len(conv.Args) == 1 {
			if _, isType := c.info.Types[conv.Fun]; isType && c.info.Types[conv.Fun].IsType() {
				data = conv.Args[0] // []byte(text)
			}
		}
		if a := c.str(data, 0); a.Known {
			c.p.ScanWritten(a.Value, c.pos(call.Pos()))
		}
	case extractFuncs[k]:
		pkg, ok := c.p.Config.ArchiveInText(c.p.Src)
		if !ok {
			return
		}
		var archives []scanner.Arg
		if k.name == "OpenReader" && len(call.Args) == 1 {
			archives = append(archives, c.str(call.Args[0], 0))
		} else {
			archives = c.openedArchives()
		}
		c.p.CodeExtract(archives, pkg, c.extractDirs(), false, c.pos(call.Pos()))
	}
}

// archiveExts end the names of archives.
var archiveExts = []string{".tgz", ".tar", ".gz", ".zip", ".tar.gz"}

// openedArchives are the archives the file opens by name (`os.Open(
// "prettier-3.0.0.tgz")`), the readers its extract call may read; none
// when one is opened under a name the scan cannot read (the archive is
// then the one the file names or fetches).
func (c *checker) openedArchives() []scanner.Arg {
	var out []scanner.Arg
	unread := false
	ast.Inspect(c.file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(out) >= maxExtractDirs || unread {
			return len(out) < maxExtractDirs && !unread
		}
		if k := c.callee(call); k.pkg != "os" || k.recv != "" || k.name != "Open" && k.name != "OpenFile" || len(call.Args) == 0 {
			return true
		}
		a := c.str(call.Args[0], 0)
		if !a.Known {
			unread = true
			return false
		}
		for _, ext := range archiveExts {
			if strings.HasSuffix(a.Value, ext) {
				out = append(out, a)
				break
			}
		}
		return true
	})
	if unread {
		return nil
	}
	return out
}

// maxExtractDirs bounds the folders extractDirs returns.
const maxExtractDirs = 16

// extractDirs are the folders the file's writes join an archive entry's
// name under (`os.Create(filepath.Join(dst, hdr.Name))`): the first
// element of each join. None found is one folder the scan cannot read,
// so the extraction is reported, never dropped.
func (c *checker) extractDirs() []scanner.Arg {
	var dirs []scanner.Arg
	ast.Inspect(c.file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(dirs) >= maxExtractDirs {
			return len(dirs) < maxExtractDirs
		}
		if k := c.callee(call); k.pkg != "os" || k.recv != "" || !fileWriters[k.name] || len(call.Args) == 0 {
			return true
		}
		join, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr)
		if !ok || len(join.Args) < 2 {
			return true
		}
		if k := c.callee(join); k.name != "Join" || k.pkg != "path/filepath" && k.pkg != "path" {
			return true
		}
		dirs = append(dirs, c.str(join.Args[0], 0))
		return true
	})
	if len(dirs) == 0 {
		dirs = append(dirs, scanner.Arg{})
	}
	return dirs
}
