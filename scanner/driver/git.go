package driver

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// DiffError is a --diff-base revision that git cannot compare against.
type DiffError struct {
	Rev string
	Msg string
}

func (e *DiffError) Error() string { return "--diff-base " + e.Rev + ": " + e.Msg }

// ChangedFiles lists the root-relative files changed since the merge base
// of rev and HEAD (committed, staged or not), plus untracked files that
// git does not ignore.
func ChangedFiles(ctx context.Context, root, rev string) (map[string]bool, error) {
	if strings.HasPrefix(rev, "-") {
		return nil, &DiffError{Rev: rev, Msg: "not a revision"}
	}
	run := func(args ...string) ([]byte, error) {
		cmd := exec.CommandContext(ctx, "git", append([]string{"-C", root}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			msg := strings.TrimSpace(stderr.String())
			if i := strings.IndexByte(msg, '\n'); i >= 0 {
				msg = msg[:i]
			}
			if msg == "" {
				msg = err.Error()
			}
			return nil, &DiffError{Rev: rev, Msg: msg}
		}
		return out, nil
	}
	base, err := run("merge-base", rev, "HEAD")
	if err != nil {
		return nil, err
	}
	set := map[string]bool{}
	diff, err := run("diff", "--name-only", "-z", "--relative", strings.TrimSpace(string(base)), "--")
	if err != nil {
		return nil, err
	}
	others, err := run("ls-files", "--others", "--exclude-standard", "-z")
	if err != nil {
		return nil, err
	}
	for _, out := range [][]byte{diff, others} {
		for _, p := range bytes.Split(out, []byte{0}) {
			if len(p) > 0 {
				set[filepath.ToSlash(string(p))] = true
			}
		}
	}
	return set, nil
}

// gitIgnored returns the root-relative paths (folders with a trailing
// slash) that git ignores, when root is inside a git work tree and git is
// installed; otherwise an empty set.
func gitIgnored(ctx context.Context, root string) map[string]bool {
	set := map[string]bool{}
	if _, err := exec.LookPath("git"); err != nil {
		return set
	}
	cmd := exec.CommandContext(ctx, "git", "-C", root, "ls-files", "--others", "--ignored", "--exclude-standard", "--directory", "-z")
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0")
	out, err := cmd.Output()
	if err != nil {
		return set
	}
	for _, p := range bytes.Split(out, []byte{0}) {
		if len(p) == 0 {
			continue
		}
		set[strings.TrimPrefix(string(p), "./")] = true
	}
	return set
}
