package docs

import (
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mdLink matches an inline Markdown link or image target: [text](target).
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// codeSpan matches inline code, which holds no links.
var codeSpan = regexp.MustCompile("`[^`]*`")

// bareSpec matches a mention of the contract by a file name that is not in
// the tree ("SPEC.md"): the pages name docs/spec.md instead.
var bareSpec = regexp.MustCompile(`(^|[^/\w])SPEC\.md`)

// trackedMarkdown returns the repository's Markdown pages outside testdata
// (fixtures may hold links on purpose), relative to the module root.
func trackedMarkdown(t *testing.T) []string {
	t.Helper()
	out, err := exec.Command("git", "-C", "..", "ls-files", "*.md").Output()
	require.NoError(t, err)
	var pages []string
	for _, p := range strings.Fields(string(out)) {
		if strings.Contains(p, "testdata/") {
			continue
		}
		pages = append(pages, p)
	}
	require.NotEmpty(t, pages)
	return pages
}

// TestRelativeLinksResolve follows every relative link of every page: the
// file it names must exist in the tree (a newcomer who clicks a link must
// not land on a 404).
func TestRelativeLinksResolve(t *testing.T) {
	checked := 0
	for _, page := range trackedMarkdown(t) {
		b, err := os.ReadFile(filepath.Join("..", page))
		require.NoError(t, err)
		fenced := false
		for i, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "```") {
				fenced = !fenced
			}
			if fenced {
				continue // code, not links
			}
			for _, m := range mdLink.FindAllStringSubmatch(codeSpan.ReplaceAllString(line, ""), -1) {
				target := m[1]
				u, err := url.Parse(target)
				if err != nil || u.Scheme != "" || u.Path == "" {
					continue // absolute URL, mailto:, or an anchor on the page
				}
				p, err := url.PathUnescape(u.Path)
				require.NoError(t, err)
				resolved := filepath.Join("..", filepath.Dir(page), filepath.FromSlash(p))
				_, err = os.Stat(resolved)
				assert.NoError(t, err, "%s:%d: link %q does not resolve", page, i+1, target)
				checked++
			}
		}
	}
	assert.Greater(t, checked, 50, "too few relative links checked: the link pattern is broken")
}

// TestNoBareSpecReference: the contract is docs/spec.md; a page that names
// "SPEC.md" sends the reader to a file the repository does not have.
func TestNoBareSpecReference(t *testing.T) {
	for _, page := range trackedMarkdown(t) {
		b, err := os.ReadFile(filepath.Join("..", page))
		require.NoError(t, err)
		for i, line := range strings.Split(string(b), "\n") {
			assert.False(t, bareSpec.MatchString(line), "%s:%d: names SPEC.md, which is not in the tree; link docs/spec.md", page, i+1)
		}
	}
}

// TestSpecIsTheSharedContract keeps docs/spec.md equal to the contract the
// project is built against, where that master copy is present (the
// development machines hold it beside the repository as shared/SPEC.md,
// or LEASEGATE_SPEC names it). Elsewhere docs/spec.md is the contract.
func TestSpecIsTheSharedContract(t *testing.T) {
	master := os.Getenv("LEASEGATE_SPEC")
	if master == "" {
		// The main checkout sits beside shared/, worktrees one level deeper.
		for up := "../.."; up != "../../../.."; up += "/.." {
			p := filepath.Join(up, "shared", "SPEC.md")
			if _, err := os.Stat(p); err == nil {
				master = p
				break
			}
		}
	}
	if master == "" {
		t.Skip("no master copy of the contract beside the repository: docs/spec.md is the contract")
	}
	want, err := os.ReadFile(master)
	require.NoError(t, err)
	got, err := os.ReadFile("spec.md")
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "docs/spec.md differs from %s: copy the contract over", master)
}
