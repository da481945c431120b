package python

import (
	"bytes"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// ImportSpecs lists the modules src imports, read from its text
// (scanner.ImportLister), at most scanner.MaxImportSpecs: `import a.b,
// c`, `from a.b import c, d` (a.b, and a.b.c and a.b.d, which may be
// submodules), relative forms (`from . import x` is `.x`), and a module
// named by a string at run time (`importlib.import_module("a.b")`,
// `__import__("a.b")`). A module chosen at run time under a package
// (`import_module(f"agentd.backends.{name}")`, `"agentd.backends." +
// name`) is `agentd.backends.*`: any module of that package
// (scanner.ImportAnyIn). The repository phase follows them to judge a
// program lost in one module with what the others name
// (docs/repository.md, "A program lost in one module, named in
// another"). A keyword search over lines, as it runs over the files of
// the serial phase.
func (Detector) ImportSpecs(src []byte) []string {
	var out []string
	add := func(spec string) {
		if spec == "" || len(out) >= scanner.MaxImportSpecs {
			return
		}
		for _, s := range out {
			if s == spec {
				return
			}
		}
		out = append(out, spec)
	}
	for rest := src; len(rest) > 0 && len(out) < scanner.MaxImportSpecs; {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		if !bytes.Contains(line, []byte("import")) {
			continue
		}
		s := strings.TrimSpace(string(line))
		if i := strings.IndexByte(s, '#'); i >= 0 {
			s = strings.TrimSpace(s[:i])
		}
		switch {
		case strings.HasPrefix(s, "import "):
			for _, part := range strings.Split(strings.TrimPrefix(s, "import "), ",") {
				add(moduleName(part))
			}
		case strings.HasPrefix(s, "from "):
			mod, names, ok := strings.Cut(strings.TrimPrefix(s, "from "), " import ")
			if !ok {
				continue
			}
			mod = strings.TrimSpace(mod)
			if !validModule(mod) {
				continue
			}
			if strings.Trim(mod, ".") != "" {
				add(mod)
			}
			names = strings.Trim(strings.TrimSpace(names), "()\\")
			for _, part := range strings.Split(names, ",") {
				n := moduleName(part)
				if n == "" || n == "*" || strings.Contains(n, ".") {
					continue
				}
				if strings.HasSuffix(mod, ".") {
					add(mod + n)
				} else {
					add(mod + "." + n)
				}
			}
		}
		// a module named at run time, anywhere on the line
		for _, kw := range []string{"import_module(", "__import__("} {
			for i := strings.Index(s, kw); i >= 0; {
				arg := s[i+len(kw):]
				if spec, ok := runtimeModule(arg); ok {
					add(spec)
				}
				j := strings.Index(arg, kw)
				if j < 0 {
					break
				}
				i += len(kw) + j
			}
		}
	}
	return out
}

// moduleName is the module of one part of an import list (`a.b as c`
// is a.b), or "" when it is not a dotted name.
func moduleName(part string) string {
	part = strings.TrimSpace(strings.Trim(strings.TrimSpace(part), "()\\"))
	if i := strings.Index(part, " as "); i >= 0 {
		part = strings.TrimSpace(part[:i])
	}
	if part == "*" {
		return part
	}
	if !validModule(part) || strings.Trim(part, ".") == "" {
		return ""
	}
	return part
}

// validModule reports whether s is a dotted module name, relative or not.
func validModule(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c != '.' && c != '_' && (c < '0' || c > '9') && (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') {
			return false
		}
	}
	return true
}

// runtimeModule reads the module a call's argument names (after its
// opening parenthesis): a string literal, or an f-string or a
// concatenation whose literal head ends with a dot (`f"pkg.{x}"`,
// `"pkg." + x`), which is any module of that package (`pkg.*`).
func runtimeModule(arg string) (string, bool) {
	arg = strings.TrimSpace(arg)
	f := false
	if strings.HasPrefix(arg, "f") || strings.HasPrefix(arg, "F") {
		f, arg = true, arg[1:]
	}
	if arg == "" || arg[0] != '"' && arg[0] != '\'' {
		return "", false
	}
	q := arg[0]
	end := strings.IndexByte(arg[1:], q)
	if end < 0 {
		return "", false
	}
	lit := arg[1 : 1+end]
	after := strings.TrimSpace(arg[2+end:])
	if f {
		if i := strings.IndexByte(lit, '{'); i >= 0 {
			lit, after = lit[:i], "+"
		}
	}
	if strings.HasPrefix(after, "+") || strings.HasPrefix(after, "%") {
		// a package chosen at run time: its head up to the last dot
		i := strings.LastIndexByte(lit, '.')
		if i <= 0 || !validModule(lit[:i]) {
			return "", false
		}
		return lit[:i] + scanner.ImportAnyIn, true
	}
	if !validModule(lit) {
		return "", false
	}
	return lit, true
}

// DynamicImports reports whether src imports a module named by a value
// that is not a literal (scanner.DynamicImporter):
// `importlib.import_module(name)`, `__import__(spec)` (a package's head
// with a run-time tail is ImportSpecs's `pkg.*`), and entry points
// (`importlib.metadata.entry_points(group=...)`, pkg_resources').
func (Detector) DynamicImports(src []byte) bool {
	// a plugin an entry point names (pyproject's entry-points): the
	// package's own modules, loaded by name at run time
	for _, kw := range []string{"entry_points(", "iter_entry_points(", "load_entry_point("} {
		if bytes.Contains(src, []byte(kw)) {
			return true
		}
	}
	for _, kw := range []string{"import_module(", "__import__("} {
		for off := 0; off < len(src); {
			i := bytes.Index(src[off:], []byte(kw))
			if i < 0 {
				break
			}
			off += i + len(kw)
			j := off
			for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
				j++
			}
			if j < len(src) && src[j] != '"' && src[j] != '\'' && src[j] != 'f' && src[j] != ')' && src[j] != '\n' {
				return true
			}
		}
	}
	return false
}
