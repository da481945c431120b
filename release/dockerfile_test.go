package release

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDockerfile keeps the image definition trivially correct, since
// Docker cannot run here: it starts from an empty base (the binary is
// static), copies the file scripts/dist.sh writes for the target
// architecture (which .dockerignore lets into the context) and runs it;
// and check-launches itself finds no RED finding in it.
func TestDockerfile(t *testing.T) {
	root := repoRoot(t)
	data, err := os.ReadFile(filepath.Join(root, "Dockerfile"))
	require.NoError(t, err)
	var from, copySrc, copyDst, entry string
	var arch bool
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Fields(l)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		switch f[0] {
		case "FROM":
			from = strings.Join(f[1:], " ")
		case "ARG":
			arch = arch || l == "ARG TARGETARCH"
		case "COPY":
			require.Len(t, f, 3, l)
			copySrc, copyDst = f[1], f[2]
		case "ENTRYPOINT":
			entry = strings.Join(f[1:], " ")
		}
	}
	assert.Equal(t, "scratch", from)
	assert.True(t, arch, "ARG TARGETARCH declared (buildx sets it per platform)")
	assert.Equal(t, `["`+copyDst+`"]`, entry, "the entrypoint is the copied binary")
	// The name dist.sh gives the binary of this machine's architecture.
	src := strings.ReplaceAll(copySrc, "${TARGETARCH}", runtime.GOARCH)
	assert.Equal(t, "dist/"+binName(), src)
	_, err = os.Stat(filepath.Join(built(t), filepath.Base(src)))
	require.NoError(t, err, "dist.sh writes the file the Dockerfile copies")

	ignore, err := os.ReadFile(filepath.Join(root, ".dockerignore"))
	require.NoError(t, err)
	assert.Regexp(t, `(?m)^\*$`, string(ignore), "the context is only what is let in")
	assert.Regexp(t, `(?m)^!`+regexp.QuoteMeta(strings.ReplaceAll(copySrc, "${TARGETARCH}", "*"))+`$`, string(ignore))

	// check-launches on the Dockerfile alone: its entrypoint launches no
	// agent, so no launch and no RED finding.
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Dockerfile"), data, 0o644))
	cmd := exec.Command(filepath.Join(built(t), binName()), "--root", dir, "--json")
	out, err := cmd.Output()
	require.NoError(t, err, "%s", out)
	var report struct {
		Summary struct {
			FilesScanned int `json:"files_scanned"`
			Launches     int `json:"launches"`
			Red          int `json:"red"`
		} `json:"summary"`
	}
	require.NoError(t, json.Unmarshal(out, &report))
	assert.Equal(t, 1, report.Summary.FilesScanned, "the Dockerfile is scanned")
	assert.Zero(t, report.Summary.Launches)
	assert.Zero(t, report.Summary.Red)
}
