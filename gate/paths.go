package gate

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// errSymlinkLoop is returned when a path has too many symbolic links to
// resolve; a call naming such a path is treated as naming every protected
// path (fail closed).
var errSymlinkLoop = errors.New("too many levels of symbolic links")

// maxSymlinks bounds symlink resolution, as the kernel does (40 on Linux).
const maxSymlinks = 40

// lstater is the file-system view used to resolve symlinks; tests swap it.
type lstater interface {
	Lstat(name string) (fs.FileInfo, error)
	Readlink(name string) (string, error)
}

// cachedFS remembers Lstat and Readlink answers for the length of one
// evaluation: every word of a command shares the folders above it.
type cachedFS struct {
	fs    lstater
	stats map[string]statResult
	links map[string]linkResult
}

type statResult struct {
	fi  fs.FileInfo
	err error
}

type linkResult struct {
	target string
	err    error
}

func (c *cachedFS) Lstat(name string) (fs.FileInfo, error) {
	if r, ok := c.stats[name]; ok {
		return r.fi, r.err
	}
	fi, err := c.fs.Lstat(name)
	if c.stats == nil {
		c.stats = map[string]statResult{}
	}
	c.stats[name] = statResult{fi, err}
	return fi, err
}

func (c *cachedFS) Readlink(name string) (string, error) {
	if r, ok := c.links[name]; ok {
		return r.target, r.err
	}
	t, err := c.fs.Readlink(name)
	if c.links == nil {
		c.links = map[string]linkResult{}
	}
	c.links[name] = linkResult{t, err}
	return t, err
}

type osFS struct{}

func (osFS) Lstat(name string) (fs.FileInfo, error) { return os.Lstat(name) }
func (osFS) Readlink(name string) (string, error)   { return os.Readlink(name) }

// normalizePath turns p, as a tool names it, into the absolute, clean,
// symlink-free path the kernel would open: "~" is the home folder, a
// relative path is taken against cwd, and every symbolic link on the way is
// followed, including a dangling last one (a write through it creates its
// target). Elements that do not exist are taken lexically. It does the walk
// itself rather than calling filepath.EvalSymlinks on the longest existing
// prefix, because EvalSymlinks fails on a dangling link and on "x/.." where
// x does not exist, and both must still resolve.
func normalizePath(fsys lstater, p, cwd, home string) (string, error) {
	p = expandHome(filepath.ToSlash(p), home)
	if path.IsAbs(p) {
		return resolveFrom(fsys, "/", p)
	}
	base := filepath.ToSlash(cwd)
	if !path.IsAbs(base) {
		base = "/" + base
	}
	return resolveFrom(fsys, "/", base+"/"+p)
}

// expandHome replaces a leading "~" or "$HOME" with home.
func expandHome(p, home string) string {
	if home == "" {
		return p
	}
	switch {
	case p == "~" || strings.HasPrefix(p, "~/"):
		return home + p[1:]
	case p == "$HOME" || strings.HasPrefix(p, "$HOME/"):
		return home + p[len("$HOME"):]
	}
	return p
}

// resolveFrom walks rel from resolved, an absolute path already free of
// symlinks, following links as the kernel would.
func resolveFrom(fsys lstater, resolved, rel string) (string, error) {
	todo := splitPath(rel)
	links := 0
	for len(todo) > 0 {
		el := todo[0]
		todo = todo[1:]
		switch el {
		case "", ".":
			continue
		case "..":
			resolved = path.Dir(resolved)
			continue
		}
		next := resolved + "/" + el
		if resolved == "/" {
			next = "/" + el
		}
		fi, err := fsys.Lstat(filepath.FromSlash(next))
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			// Missing elements are taken as written; whatever comes after
			// cannot exist either, but ".." still has to be applied.
			resolved = next
			continue
		}
		links++
		if links > maxSymlinks {
			return "", errSymlinkLoop
		}
		target, err := fsys.Readlink(filepath.FromSlash(next))
		if err != nil {
			resolved = next
			continue
		}
		target = filepath.ToSlash(target)
		if path.IsAbs(target) {
			resolved = "/"
		}
		todo = append(splitPath(target), todo...)
	}
	return resolved, nil
}

func splitPath(p string) []string {
	return strings.FieldsFunc(p, func(r rune) bool { return r == '/' })
}

// pathPattern is one compiled protected-path pattern: absolute elements,
// "*"-style globs inside an element and "**" for any number of elements.
type pathPattern struct {
	src   string   // as written in the policy, for messages
	elems []string // matched element by element
	// concrete is the absolute literal path when the pattern has no glob
	// (after placeholders), used to find it inside longer shell words.
	concrete string
	raw      string // concrete as written, before symlinks were resolved
	dir      bool   // pattern ended in "/": the folder and everything below
}

// match reports whether the normalised absolute path p is covered.
func (pp *pathPattern) match(p string, fold bool) bool {
	return pp.matchElems(pathElems(p, fold))
}

// matchElems is match on a path already split by pathElems.
func (pp *pathPattern) matchElems(elems []string) bool {
	return matchElems(pp.elems, elems)
}

// pathElems splits a normalised path for matching, folding case if asked.
func pathElems(p string, fold bool) []string {
	if fold {
		p = strings.ToLower(p)
	}
	return splitPath(p)
}

// isAncestor reports whether the normalised path p is a strict ancestor of
// the pattern's concrete path (removing or moving p takes the gate's file
// with it).
func (pp *pathPattern) isAncestor(p string, fold bool) bool {
	if pp.concrete == "" {
		return false
	}
	c := pp.concrete
	if fold {
		p, c = strings.ToLower(p), strings.ToLower(c)
	}
	if p == "/" {
		// Everything is below "/"; removing it is rm-root's business.
		return false
	}
	return strings.HasPrefix(c, p+"/")
}

func matchElems(pat, elems []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			rest := pat[1:]
			for i := 0; i <= len(elems); i++ {
				if matchElems(rest, elems[i:]) {
					return true
				}
			}
			return false
		}
		if len(elems) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], elems[0]); !ok {
			return false
		}
		pat, elems = pat[1:], elems[1:]
	}
	return len(elems) == 0
}

// compilePattern builds a pathPattern from an expanded pattern (no
// placeholders left, "~" already replaced). Absolute patterns have their
// literal prefix resolved like a call's path, so that a protected file
// reached through a symlinked folder still matches.
func compilePattern(fsys lstater, src, expanded, home string, fold bool) (pathPattern, error) {
	pp := pathPattern{src: src, dir: strings.HasSuffix(expanded, "/")}
	elems := splitPath(expanded)
	if path.IsAbs(expanded) {
		lit := 0
		for lit < len(elems) && !hasGlobMeta(elems[lit]) {
			lit++
		}
		prefix, err := normalizePath(fsys, "/"+strings.Join(elems[:lit], "/"), "/", home)
		if err != nil {
			return pp, err
		}
		elems = append(splitPath(prefix), elems[lit:]...)
		if lit == len(splitPath(expanded)) {
			pp.concrete = prefix
			pp.raw = path.Clean(expanded)
		}
	} else {
		elems = append([]string{"**"}, elems...)
	}
	if pp.dir {
		elems = append(elems, "**")
	}
	if fold {
		for i := range elems {
			elems[i] = strings.ToLower(elems[i])
		}
	}
	pp.elems = elems
	return pp, nil
}

func hasGlobMeta(s string) bool { return strings.ContainsAny(s, `*?[\`) }

// validPatternElems checks a path pattern's glob syntax.
func validPatternElems(p string) error {
	for _, el := range splitPath(p) {
		if el == "**" {
			continue
		}
		if strings.Contains(el, "**") {
			return errors.New(`"**" must be a whole path element`)
		}
		if _, err := path.Match(el, ""); err != nil {
			return errors.New("bad glob " + strings.TrimSpace(el))
		}
	}
	return nil
}
