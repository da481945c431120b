package checklaunches

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/leasegate/leasegate/scanner"
)

// repoRoot is the repository root, from this package's folder.
func repoRoot(t testing.TB) string {
	t.Helper()
	abs, err := filepath.Abs(filepath.Join("..", "..", ".."))
	require.NoError(t, err)
	if _, err := os.Stat(filepath.Join(abs, "go.mod")); err != nil {
		t.Fatalf("repository root not found: %v", err)
	}
	return abs
}

// compileSchema compiles a schema file of the repository's schemas/ folder
// with format assertions on.
func compileSchema(t testing.TB, name string) *jsonschema.Schema {
	t.Helper()
	file := filepath.Join(repoRoot(t), "schemas", name)
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	require.NoError(t, c.AddResource(file, doc))
	s, err := c.Compile(file)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return s
}

// validateJSON validates JSON bytes against a schema.
func validateJSON(t testing.TB, s *jsonschema.Schema, data []byte) error {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, data)
	}
	return s.Validate(inst)
}

// writeTree writes files (slash-separated names) under a new temp dir.
// A name ending in "*" is written executable (the star is dropped).
func writeTree(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, "*") {
			name, mode = strings.TrimSuffix(name, "*"), 0o755
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(body), mode))
	}
	return dir
}

// runCmd runs check-launches in-process and returns the exit status,
// stdout and stderr. env is the whole environment the command sees.
func runCmd(t testing.TB, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	ios := &IO{Out: &out, Err: &errb, Getenv: func(k string) string { return env[k] }}
	code := run(context.Background(), args, strings.NewReader(""), ios)
	return code, out.String(), errb.String()
}

// git runs git in dir with a fixed identity.
func git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// requireDetector fails a test whose input needs a language detector that
// is not in Suite(): every language is merged, so a missing one is a
// regression, never a skip.
func requireDetector(t testing.TB, file, head string) {
	t.Helper()
	f := scanner.NewFile(file, []byte(head), true)
	for _, d := range Suite().Detectors {
		if d.Match(f) {
			return
		}
	}
	t.Fatalf("no detector in Suite() claims %s", file)
}
