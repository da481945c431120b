package driver

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/report"
)

// defaultExcludedDirs are the folder names the walk may leave out
// (excludedDir says where it does; inExcludedDir reads the names alone).
var defaultExcludedDirs = map[string]bool{
	".git": true, "node_modules": true, "vendor": true, "third_party": true, "testdata": true,
}

// excludedDir reports a folder the walk does not enter (docs/config.md,
// "What is always left out"): .git, node_modules (what a package manager
// installs) and testdata (test inputs, by Go's convention) at any depth;
// vendor at the root (SPEC.md's default scope); a vendor folder below it
// only where it is vendored code, a Go module's (a
// vendor/modules.txt, or a go.mod beside it), PHP composer's (a
// composer.json beside it, or vendor/autoload.php) or Ruby bundler's
// vendor/bundle; third_party only at the root, where Bazel and
// Chromium-style trees keep what they vendor. Any other folder of those
// names (`tools/vendor/`, `scripts/third_party/`) is the project's own
// and is scanned. abs is the folder's path, rel its path from the root.
func excludedDir(abs, rel, name string) bool {
	switch name {
	case ".git", "node_modules", "testdata":
		return true
	case "third_party":
		return rel == "third_party"
	case "vendor":
		if rel == "vendor" {
			return true // the root's, as SPEC.md's default scope says
		}
		parent := filepath.Dir(abs)
		for _, f := range []string{filepath.Join(abs, "modules.txt"), filepath.Join(abs, "autoload.php"), filepath.Join(parent, "go.mod"), filepath.Join(parent, "composer.json")} {
			if st, err := os.Stat(f); err == nil && st.Mode().IsRegular() {
				return true
			}
		}
	case "bundle":
		return filepath.Base(filepath.Dir(abs)) == "vendor"
	}
	return false
}

// candidate is one file the walk found in scope.
type candidate struct {
	rel  string
	abs  string
	mode fs.FileMode
	size int64
}

// walk lists the files in scope under root, in lexical order, with the
// files it could not consider (symlinks, special files, unreadable folders)
// as skips. Entries it could not read are also returned as FileErrors: a
// folder that cannot be listed hides its files, an I/O error like a file
// that cannot be opened.
func walk(ctx context.Context, root string, cfg *scanner.Config) ([]candidate, []symlink, []report.Skip, []error, error) {
	ignored := gitIgnored(ctx, root)
	realRoot, rerr := filepath.EvalSymlinks(root)
	if rerr == nil {
		realRoot, rerr = filepath.Abs(realRoot)
	}
	if rerr != nil {
		realRoot = "" // every link is then described as leaving the root
	}
	var out []candidate
	var links []symlink
	var skips []report.Skip
	var errs []error
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		rel, rerr := filepath.Rel(root, p)
		if rerr != nil {
			return rerr
		}
		rel = filepath.ToSlash(rel)
		if err != nil {
			if p == root {
				return err
			}
			skips = append(skips, report.Skip{File: rel, Reason: "cannot be read: " + unwrapPathErr(err)})
			errs = append(errs, &FileError{File: rel, Err: err})
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if rel == "." {
			return nil
		}
		if d.IsDir() {
			if excludedDir(p, rel, d.Name()) || ignored[rel+"/"] {
				return fs.SkipDir
			}
			return nil
		}
		if ignored[rel] || !cfg.InScope(rel) {
			return nil
		}
		t := d.Type()
		switch {
		case t&fs.ModeSymlink != 0:
			skips = append(skips, report.Skip{File: rel, Reason: symlinkReason(realRoot, p)})
			if target, err := os.Readlink(p); err == nil {
				links = append(links, symlink{rel: rel, target: target})
			}
			return nil
		case !t.IsRegular():
			skips = append(skips, report.Skip{File: rel, Reason: "not a regular file"})
			return nil
		}
		info, ierr := d.Info()
		if ierr != nil {
			skips = append(skips, report.Skip{File: rel, Reason: "cannot be read: " + unwrapPathErr(ierr)})
			errs = append(errs, &FileError{File: rel, Err: ierr})
			return nil
		}
		out = append(out, candidate{rel: rel, abs: p, mode: info.Mode(), size: info.Size()})
		return nil
	})
	return out, links, skips, errs, err
}

// symlink is a symbolic link in scope: its path and what it points to,
// as written.
type symlink struct{ rel, target string }

func unwrapPathErr(err error) string {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}

// symlinkReason says why a symbolic link is skipped and where its target
// is: inside the root (scanned there, if in scope), outside it (not
// scanned at all), or nowhere (missing, or a loop; the OS bounds the
// chain).
func symlinkReason(realRoot, link string) string {
	target, err := filepath.EvalSymlinks(link)
	if err != nil {
		return "symbolic link that does not resolve (missing target or a loop), not followed"
	}
	kind := "file"
	if st, err := os.Stat(target); err == nil && st.IsDir() {
		kind = "folder"
	}
	if abs, err := filepath.Abs(target); err == nil && realRoot != "" {
		if rel, err := filepath.Rel(realRoot, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return "symbolic link to a " + kind + " inside the root, not followed (the " + kind + " is scanned where it lives)"
		}
	}
	return "symbolic link to a " + kind + " outside the root, not followed: what it points to is not scanned"
}
