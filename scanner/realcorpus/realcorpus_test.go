//go:build realcorpus

package realcorpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata/red.golden from this scan")

// treeEnv names the real tree, built by bench/real/build-tree.sh.
const treeEnv = "LEASEGATE_REAL_TREE"

// minFiles is well below the tree's size (some 26,000 files): fewer
// scanned files means the tree, or the scan's scope, lost a part of it.
const minFiles = 20000

type report struct {
	Summary struct {
		FilesScanned int `json:"files_scanned"`
	} `json:"summary"`
	Findings []struct {
		File    string `json:"file"`
		Line    int    `json:"line"`
		Column  int    `json:"column"`
		Verdict string `json:"verdict"`
		Class   string `json:"class"`
		Message string `json:"message"`
	} `json:"findings"`
	Skipped []struct {
		File   string `json:"file"`
		Reason string `json:"reason"`
	} `json:"skipped"`
}

func TestRealCorpus(t *testing.T) {
	root := os.Getenv(treeEnv)
	require.NotEmpty(t, root, "%s names the tree of bench/real/build-tree.sh; run `make test-real`", treeEnv)
	bin := filepath.Join(t.TempDir(), "check-launches")
	build := exec.Command("go", "build", "-o", bin, "github.com/leasegate/leasegate/cmd/check-launches")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)

	var stdout, stderr bytes.Buffer
	scan := exec.Command(bin, "--root", root, "--json")
	scan.Stdout, scan.Stderr = &stdout, &stderr
	err = scan.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	require.Contains(t, []int{0, 1}, code, "exit status %d on real code; stderr:\n%s", code, head(stderr.String(), 40))

	var rep report
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &rep))
	require.GreaterOrEqual(t, rep.Summary.FilesScanned, minFiles, "files scanned")

	// Every file of the tree is one its own toolchain reads (the standard
	// libraries, published packages): none is unparseable, none skipped.
	var red []string
	for _, f := range rep.Findings {
		require.NotEqual(t, "unparseable", f.Class, "%s:%d:%d: %s", f.File, f.Line, f.Column, f.Message)
		if f.Verdict == "red" {
			red = append(red, fmt.Sprintf("%s:%d:%d [RED:%s]", f.File, f.Line, f.Column, f.Class))
		}
	}
	for _, s := range rep.Skipped {
		t.Errorf("skipped %s: %s", s.File, s.Reason)
	}
	sort.Strings(red)
	require.Equal(t, len(red) > 0, code == 1, "exit status %d with %d RED findings", code, len(red))

	golden := filepath.Join("testdata", "red.golden")
	if *update {
		body := "# RED findings of check-launches on the real tree (bench/real/build-tree.sh);\n# rewrite with: make test-real UPDATE=1\n" + strings.Join(red, "\n")
		if len(red) > 0 {
			body += "\n"
		}
		require.NoError(t, os.WriteFile(golden, []byte(body), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	var wantRed []string
	for _, l := range strings.Split(string(want), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			wantRed = append(wantRed, l)
		}
	}
	require.Equal(t, wantRed, red, "RED findings on the real tree differ from %s", golden)
}

func head(s string, lines int) string {
	ls := strings.Split(s, "\n")
	if len(ls) > lines {
		ls = ls[:lines]
	}
	return strings.Join(ls, "\n")
}
