package checklaunches

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// fakeBinary writes an executable that runs this test binary as
// check-launches.
func fakeBinary(t *testing.T, file string) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	script := fmt.Sprintf("#!/bin/sh\nCHECK_LAUNCHES_TEST_MAIN=1 exec %q \"$@\"\n", self)
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

type actionRun struct {
	code                   int
	stdout, stderr         string
	summary, outputs, temp string
	outputMap              map[string]string
}

// runAction runs scripts/action.sh in repo the way action.yml does, with
// the GitHub files pointing at temp files.
func runAction(t *testing.T, repo string, env map[string]string) actionRun {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Fatalf("bash is required: %v", err)
	}
	tmp := t.TempDir()
	r := actionRun{summary: filepath.Join(tmp, "summary.md"), outputs: filepath.Join(tmp, "output.txt"), temp: filepath.Join(tmp, "runner")}
	if err := os.MkdirAll(r.temp, 0o755); err != nil {
		t.Fatal(err)
	}
	// Something an earlier step wrote: the script must append.
	if err := os.WriteFile(r.summary, []byte("earlier step\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", filepath.Join(repoRoot(t), "scripts", "action.sh"))
	cmd.Dir = repo
	cmd.Env = append(os.Environ(),
		"GITHUB_ACTIONS=true", "CI=true",
		"GITHUB_STEP_SUMMARY="+r.summary, "GITHUB_OUTPUT="+r.outputs,
		"GITHUB_ACTION_PATH="+repoRoot(t), "RUNNER_TEMP="+r.temp)
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r.code = cmd.ProcessState.ExitCode()
	if err != nil && r.code < 0 {
		t.Fatal(err)
	}
	r.stdout, r.stderr = out.String(), errb.String()
	s, _ := os.ReadFile(r.summary)
	r.summary = string(s)
	o, _ := os.ReadFile(r.outputs)
	r.outputMap = map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(o)), "\n") {
		if k, v, ok := strings.Cut(l, "="); ok {
			r.outputMap[k] = v
		}
	}
	return r
}

func tempRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	root := writeTree(t, files)
	git(t, root, "init", "-q", "-b", "main")
	git(t, root, "add", ".")
	git(t, root, "commit", "-qm", "init")
	return root
}

// TestActionScriptRed runs the action's script on a repository with one
// RED launch: the job fails with status 1, annotates it, writes the
// inventory to the step summary (after what was there), sets the outputs
// and writes a SARIF file that validates.
func TestActionScriptRed(t *testing.T) {
	t.Parallel()
	requireDetector(t, "x.sh", "#!/bin/sh\n")
	repo := tempRepo(t, map[string]string{
		"scripts/review.sh*": "#!/bin/sh\nclaude -p review\n",
		"scripts/ok.sh*":     "#!/bin/sh\nlaunch-runtime --runtime claude -- -p ok\n",
	})
	bin := filepath.Join(t.TempDir(), "check-launches")
	fakeBinary(t, bin)
	sarifFile := filepath.Join(t.TempDir(), "out.sarif")
	r := runAction(t, repo, map[string]string{"CHECK_LAUNCHES_BIN": bin, "INPUT_ROOT": ".", "INPUT_SARIF_UPLOAD": "true", "INPUT_SARIF_FILE": sarifFile})
	if r.code != ExitRed {
		t.Fatalf("exit %d, want %d\n%s\n%s", r.code, ExitRed, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout, "::error file=scripts/review.sh,line=2,col=1,title=RED direct-literal::") {
		t.Errorf("no annotation:\n%s", r.stdout)
	}
	if !strings.Contains(r.stdout, "FAIL: 1 / 2 launches gated, 1 RED") {
		t.Errorf("no text report in the log:\n%s", r.stdout)
	}
	for _, want := range []string{"earlier step\n## ❌ check-launches: 1 / 2 launches gated\n", "| scripts ❌ | 1 | 2 |", "`scripts/review.sh:2:1`", "docs/classes.md#direct-literal"} {
		if !strings.Contains(r.summary, want) {
			t.Errorf("summary lacks %q:\n%s", want, r.summary)
		}
	}
	want := map[string]string{"exit-code": "1", "launches": "2", "gated": "1", "red": "1", "failing": "1", "files-scanned": "2", "sarif-file": sarifFile}
	for k, v := range want {
		if r.outputMap[k] != v {
			t.Errorf("output %s = %q, want %q (all: %v)", k, r.outputMap[k], v, r.outputMap)
		}
	}
	data, err := os.ReadFile(sarifFile)
	if err != nil {
		t.Fatal(err)
	}
	if err := validateJSON(t, compileSchema(t, "sarif-2.1.0.json"), data); err != nil {
		t.Errorf("SARIF: %v", err)
	}
	if !strings.Contains(r.stderr, "check-launches explain CLASS") {
		t.Errorf("stderr: %s", r.stderr)
	}
}

func TestActionScriptGreenAndBaseline(t *testing.T) {
	t.Parallel()
	requireDetector(t, "x.sh", "#!/bin/sh\n")
	repo := tempRepo(t, map[string]string{"run.sh*": "#!/bin/sh\nlaunch-runtime --runtime pi -- -p x\n"})
	bin := filepath.Join(t.TempDir(), "check-launches")
	fakeBinary(t, bin)
	r := runAction(t, repo, map[string]string{"CHECK_LAUNCHES_BIN": bin})
	if r.code != ExitOK || !strings.Contains(r.summary, "## ✅ check-launches: 1 / 1 launch gated") || r.outputMap["sarif-file"] != "" {
		t.Errorf("exit %d, outputs %v\n%s%s", r.code, r.outputMap, r.summary, r.stderr)
	}
	// An old RED in the baseline passes; args are passed through.
	writeFile(t, repo, "old.sh", "#!/bin/sh\nclaude -p old\n")
	base := filepath.Join(t.TempDir(), "b.json")
	if code, out, errs := runCmd(t, nil, "--root", repo, "--write-baseline", base); code != ExitOK {
		t.Fatalf("write baseline: %d %s %s", code, out, errs)
	}
	r = runAction(t, repo, map[string]string{"CHECK_LAUNCHES_BIN": bin, "INPUT_BASELINE": base, "INPUT_ARGS": "--progress never"})
	if r.code != ExitOK || r.outputMap["red"] != "1" || r.outputMap["failing"] != "0" || !strings.Contains(r.summary, "1 RED finding baselined") {
		t.Errorf("baseline: exit %d, outputs %v\n%s", r.code, r.outputMap, r.summary)
	}
}

// TestActionScriptAnnotationCap: 12 RED findings give 10 annotations and a
// warning that says how many more and points to SARIF.
func TestActionScriptAnnotationCap(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	for i := 0; i < 12; i++ {
		b.WriteString("flag --dangerously-skip-permissions\n") // check-launches: inert test fixture
	}
	repo := tempRepo(t, map[string]string{"notes.conf": b.String()}) // not prose: the flag is RED there
	bin := filepath.Join(t.TempDir(), "check-launches")
	fakeBinary(t, bin)
	r := runAction(t, repo, map[string]string{"CHECK_LAUNCHES_BIN": bin})
	if r.code != ExitRed || strings.Count(r.stdout, "::error ") != 10 || !strings.Contains(r.stdout, "::warning title=check-launches::2 more RED findings are not annotated") || !strings.Contains(r.stdout, "SARIF") {
		t.Errorf("exit %d\n%s", r.code, r.stdout)
	}
}

// TestActionScriptConfigError: a broken config fails the job with status
// 2 and an error annotation.
func TestActionScriptConfigError(t *testing.T) {
	t.Parallel()
	repo := tempRepo(t, map[string]string{".check-launches.yaml": "bogus: 1\n"})
	bin := filepath.Join(t.TempDir(), "check-launches")
	fakeBinary(t, bin)
	r := runAction(t, repo, map[string]string{"CHECK_LAUNCHES_BIN": bin})
	if r.code != ExitError || !strings.Contains(r.stdout, "::error title=check-launches::check-launches could not run (exit 2)") || !strings.Contains(r.stderr, "bogus") {
		t.Errorf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	if r.outputMap["exit-code"] != "2" {
		t.Errorf("outputs %v", r.outputMap)
	}
}

// fakeGo puts a stand-in `go` first on a PATH (returned) that records each
// call in the returned log file and provides a check-launches that runs
// this test binary, so that tests do not compile the parsers again.
func fakeGo(t *testing.T) (path, log string) {
	t.Helper()
	fakeBin := t.TempDir()
	log = filepath.Join(t.TempDir(), "go.log")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	fakeGo := fmt.Sprintf(`#!/bin/sh
echo "pwd=$(pwd) GOBIN=$GOBIN args=$*" >> %q
out=""
while [ $# -gt 0 ]; do
  if [ "$1" = "-o" ]; then out="$2"; fi
  shift
done
[ -n "$out" ] || out="$GOBIN/check-launches"
mkdir -p "$(dirname "$out")"
printf '#!/bin/sh\nCHECK_LAUNCHES_TEST_MAIN=1 exec %%s "$@"\n' %q > "$out"
chmod +x "$out"
`, log, self)
	if err := os.WriteFile(filepath.Join(fakeBin, "go"), []byte(fakeGo), 0o755); err != nil {
		t.Fatal(err)
	}
	return fakeBin + string(os.PathListSeparator) + os.Getenv("PATH"), log
}

// TestActionScriptBuilds: without CHECK_LAUNCHES_BIN and without a release
// tag the script builds the command from the action's own checkout (`go
// build` there); with build: true it installs INPUT_VERSION with Go.
func TestActionScriptBuilds(t *testing.T) {
	t.Parallel()
	repo := tempRepo(t, map[string]string{"a.txt": "x\n"})
	path, log := fakeGo(t)
	r := runAction(t, repo, map[string]string{"PATH": path})
	if r.code != ExitOK {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	r2 := runAction(t, repo, map[string]string{"PATH": path, "INPUT_VERSION": "v1.2.3", "INPUT_BUILD": "true"})
	if r2.code != ExitOK {
		t.Fatalf("exit %d\n%s\n%s", r2.code, r2.stdout, r2.stderr)
	}
	calls, _ := os.ReadFile(log)
	lines := strings.Split(strings.TrimSpace(string(calls)), "\n")
	if len(lines) != 2 {
		t.Fatalf("go called %d times:\n%s", len(lines), calls)
	}
	if !strings.HasPrefix(lines[0], "pwd="+repoRoot(t)+" ") || !regexp.MustCompile(`args=build -trimpath -o \S+/bin/check-launches \./cmd/check-launches$`).MatchString(lines[0]) {
		t.Errorf("build call: %s", lines[0])
	}
	if !strings.HasSuffix(lines[1], "args=install github.com/leasegate/leasegate/cmd/check-launches@v1.2.3") {
		t.Errorf("install call: %s", lines[1])
	}
	if !strings.Contains(r.stdout, "::group::Build check-launches") {
		t.Errorf("no log group:\n%s", r.stdout)
	}
}

// TestActionYAML checks action.yml against its script: every input the
// steps use is declared, every INPUT_* the script reads is passed, the
// script exists, and the SARIF upload runs even after a RED step.
func TestActionYAML(t *testing.T) {
	root := repoRoot(t)
	data, err := os.ReadFile(filepath.Join(root, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a struct {
		Name    string                    `yaml:"name"`
		Inputs  map[string]map[string]any `yaml:"inputs"`
		Outputs map[string]map[string]any `yaml:"outputs"`
		Runs    struct {
			Using string `yaml:"using"`
			Steps []struct {
				ID   string            `yaml:"id"`
				If   string            `yaml:"if"`
				Uses string            `yaml:"uses"`
				Run  string            `yaml:"run"`
				Env  map[string]string `yaml:"env"`
				With map[string]string `yaml:"with"`
			} `yaml:"steps"`
		} `yaml:"runs"`
	}
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	if a.Runs.Using != "composite" {
		t.Errorf("runs.using = %q", a.Runs.Using)
	}
	used := map[string]bool{}
	for _, m := range regexp.MustCompile(`inputs\.([a-z-]+)`).FindAllStringSubmatch(string(data), -1) {
		used[m[1]] = true
	}
	for in := range used {
		if a.Inputs[in] == nil {
			t.Errorf("input %s used but not declared", in)
		}
	}
	for in, spec := range a.Inputs {
		if !used[in] {
			t.Errorf("input %s declared but not used", in)
		}
		if spec["description"] == nil {
			t.Errorf("input %s has no description", in)
		}
	}
	script, err := os.ReadFile(filepath.Join(root, "scripts", "action.sh"))
	if err != nil {
		t.Fatal(err)
	}
	var scan, upload, fetch, setupGo bool
	passed := map[string]bool{}
	for _, s := range a.Runs.Steps {
		if strings.Contains(s.Run, "scripts/action.sh") && s.ID == "scan" {
			scan = true
			for k := range s.Env {
				passed[k] = true
			}
			// The binary the fetch step downloaded and verified, if any.
			assert.Equal(t, "${{ steps.fetch.outputs.bin }}", s.Env["CHECK_LAUNCHES_BIN"])
		}
		// The first step fetches the release binary of the action's tag
		// (or the version input) before Go is set up, so that Go is set
		// up only when it must build.
		if strings.HasSuffix(s.Run, `scripts/action.sh" fetch`) && s.ID == "fetch" {
			fetch = !scan && !setupGo
			assert.Equal(t, "${{ github.action_ref }}", s.Env["CHECK_LAUNCHES_ACTION_REF"])
			assert.Equal(t, "${{ inputs.version }}", s.Env["INPUT_VERSION"])
			assert.Equal(t, "${{ inputs.build }}", s.Env["INPUT_BUILD"])
		}
		if strings.HasPrefix(s.Uses, "actions/setup-go@") {
			setupGo = true
			assert.Contains(t, s.If, "steps.fetch.outputs.bin == ''")
		}
		if strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@") {
			upload = true
			if !strings.Contains(s.If, "!cancelled()") || !strings.Contains(s.If, "inputs.sarif-upload == 'true'") {
				t.Errorf("upload step if: %q", s.If)
			}
		}
	}
	if !scan || !upload || !fetch || !setupGo {
		t.Errorf("scan step %v, upload step %v, fetch step first %v, setup-go step %v", scan, upload, fetch, setupGo)
	}
	var read []string
	for _, m := range regexp.MustCompile(`\bINPUT_[A-Z_]+`).FindAllString(string(script), -1) {
		if !passed[m] {
			read = append(read, m)
		}
	}
	sort.Strings(read)
	if len(read) > 0 {
		t.Errorf("script reads %v, which action.yml does not pass", read)
	}
	for out := range a.Outputs {
		if !strings.Contains(string(script), `echo "`+out+`=`) {
			t.Errorf("output %s is never set by the script", out)
		}
	}
}

// localRelease writes a release folder the way `make dist` and the release
// workflow lay it out (VERSION/check-launches-linux-ARCH, VERSION/SHA256SUMS)
// with a stand-in binary that runs this test binary, and returns the
// folder and the binary's name on this machine.
func localRelease(t *testing.T, version string) (dir, name string) {
	t.Helper()
	if runtime.GOOS != "linux" || (runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64") {
		t.Skipf("release binaries exist for linux/amd64 and linux/arm64, not %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	dir = t.TempDir()
	name = "check-launches-linux-" + runtime.GOARCH
	bin := filepath.Join(dir, version, name)
	fakeBinary(t, bin)
	data, err := os.ReadFile(bin)
	require.NoError(t, err)
	sums := fmt.Sprintf("%x  %s\n%x  mutator-gate-linux-%s\n", sha256.Sum256(data), name, sha256.Sum256([]byte("other")), runtime.GOARCH)
	require.NoError(t, os.WriteFile(filepath.Join(dir, version, "SHA256SUMS"), []byte(sums), 0o644))
	return dir, name
}

// TestActionScriptRelease: with a release tag (the version input, or the
// tag the action is pinned to) the script downloads the release binary,
// verifies it against SHA256SUMS and runs it without Go; a binary that
// does not match, or that SHA256SUMS does not list, fails the job (exit 2)
// and nothing is built or run; a tag without a release, a ref that is not
// a tag, and build: true build with Go.
func TestActionScriptRelease(t *testing.T) {
	t.Parallel()
	requireDetector(t, "x.sh", "#!/bin/sh\n")
	rel, name := localRelease(t, "v1.2.3")
	tests := []struct {
		name string
		env  map[string]string
		// break the release before the run
		tamper func(t *testing.T)
		code   int
		// the one go call expected, or "" for none
		goCall string
		log    string
	}{
		{name: "version input, file URL", env: map[string]string{"INPUT_VERSION": "v1.2.3", "CHECK_LAUNCHES_RELEASE_URL": "file://" + rel},
			code: ExitRed, log: "release v1.2.3 (" + name + ", sha256 "},
		{name: "pinned tag, local folder", env: map[string]string{"CHECK_LAUNCHES_ACTION_REF": "v1.2.3", "CHECK_LAUNCHES_RELEASE_URL": rel},
			code: ExitRed, log: "sha256 "},
		{name: "version input wins over the ref", env: map[string]string{"INPUT_VERSION": "v1.2.3", "CHECK_LAUNCHES_ACTION_REF": "main", "CHECK_LAUNCHES_RELEASE_URL": rel},
			code: ExitRed, log: "release v1.2.3"},
		{name: "build: true", env: map[string]string{"INPUT_VERSION": "v1.2.3", "INPUT_BUILD": "true", "CHECK_LAUNCHES_RELEASE_URL": rel},
			code: ExitRed, goCall: "args=install github.com/leasegate/leasegate/cmd/check-launches@v1.2.3"},
		{name: "no release for the tag", env: map[string]string{"INPUT_VERSION": "v9.9.9", "CHECK_LAUNCHES_RELEASE_URL": "file://" + rel},
			code: ExitRed, goCall: "args=install github.com/leasegate/leasegate/cmd/check-launches@v9.9.9",
			log: "::notice title=check-launches::no release binary " + name + " for v9.9.9"},
		{name: "pinned to a commit", env: map[string]string{"CHECK_LAUNCHES_ACTION_REF": "1bbd1527d1f0a1b2c3d4e5f60718293a4b5c6d7e", "CHECK_LAUNCHES_RELEASE_URL": rel},
			code: ExitRed, goCall: "args=build -trimpath -o ", log: "is not a release tag"},
		{name: "tampered binary", env: map[string]string{"INPUT_VERSION": "v1.2.4", "CHECK_LAUNCHES_RELEASE_URL": rel},
			tamper: func(t *testing.T) {
				require.NoError(t, os.CopyFS(filepath.Join(rel, "v1.2.4"), os.DirFS(filepath.Join(rel, "v1.2.3"))))
				f, err := os.OpenFile(filepath.Join(rel, "v1.2.4", name), os.O_APPEND|os.O_WRONLY, 0)
				require.NoError(t, err)
				_, err = f.WriteString("# changed\n")
				require.NoError(t, err)
				require.NoError(t, f.Close())
			},
			code: ExitError, log: "::error title=check-launches::checksum mismatch for " + name + " v1.2.4"},
		{name: "binary not in SHA256SUMS", env: map[string]string{"INPUT_VERSION": "v1.2.5", "CHECK_LAUNCHES_RELEASE_URL": rel},
			tamper: func(t *testing.T) {
				require.NoError(t, os.CopyFS(filepath.Join(rel, "v1.2.5"), os.DirFS(filepath.Join(rel, "v1.2.3"))))
				require.NoError(t, os.WriteFile(filepath.Join(rel, "v1.2.5", "SHA256SUMS"), []byte("0000  other-linux-amd64\n"), 0o644))
			},
			code: ExitError, log: "::error title=check-launches::" + name + " is not listed in the SHA256SUMS of v1.2.5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo := tempRepo(t, map[string]string{"run.sh*": "#!/bin/sh\nclaude -p x\n"})
			if tt.tamper != nil {
				tt.tamper(t)
			}
			path, goLog := fakeGo(t)
			env := map[string]string{"PATH": path}
			for k, v := range tt.env {
				env[k] = v
			}
			r := runAction(t, repo, env)
			all := r.stdout + r.stderr
			require.Equal(t, tt.code, r.code, all)
			if tt.log != "" {
				assert.Contains(t, all, tt.log)
			}
			calls, _ := os.ReadFile(goLog)
			if tt.goCall == "" {
				assert.Empty(t, string(calls), "go must not run when the release binary is used")
			} else {
				assert.Contains(t, string(calls), tt.goCall)
				assert.Equal(t, 1, strings.Count(string(calls), "\n"), string(calls))
			}
			if tt.code == ExitError {
				// Nothing ran: no report, no summary, and no binary
				// output to act on.
				assert.NotContains(t, r.stdout, "run.sh:2:1")
				assert.Equal(t, "earlier step\n", r.summary)
				return
			}
			assert.Contains(t, r.stdout, "run.sh:2:1: `claude` launched directly")
			assert.Equal(t, "1", r.outputMap["red"])
		})
	}
}

// TestActionScriptFetch: `action.sh fetch`, the action's first step,
// writes the verified binary's path as its bin output, and an empty one
// when Go must build (so that action.yml sets up Go only then).
func TestActionScriptFetch(t *testing.T) {
	t.Parallel()
	rel, name := localRelease(t, "v2.0.0")
	repo := tempRepo(t, map[string]string{"a.txt": "x\n"})
	fetch := func(env map[string]string) (int, string) {
		out := filepath.Join(t.TempDir(), "out")
		cmd := exec.Command("bash", filepath.Join(repoRoot(t), "scripts", "action.sh"), "fetch")
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "GITHUB_OUTPUT="+out, "RUNNER_TEMP="+t.TempDir(), "CHECK_LAUNCHES_RELEASE_URL="+rel)
		for k, v := range env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		b, err := cmd.CombinedOutput()
		code := cmd.ProcessState.ExitCode()
		if err != nil && code < 0 {
			t.Fatal(err)
		}
		o, _ := os.ReadFile(out)
		return code, string(o) + string(b)
	}
	code, out := fetch(map[string]string{"CHECK_LAUNCHES_ACTION_REF": "v2.0.0"})
	require.Equal(t, 0, code, out)
	m := regexp.MustCompile(`(?m)^bin=(\S+/` + name + `)$`).FindStringSubmatch(out)
	require.NotNil(t, m, out)
	got, err := exec.Command(m[1], "--version").Output()
	require.NoError(t, err)
	assert.Contains(t, string(got), "check-launches ")

	code, out = fetch(map[string]string{"CHECK_LAUNCHES_ACTION_REF": "v2.0.0", "INPUT_BUILD": "true"})
	require.Equal(t, 0, code, out)
	assert.Regexp(t, `(?m)^bin=$`, out)
	code, out = fetch(map[string]string{"CHECK_LAUNCHES_ACTION_REF": "main"})
	require.Equal(t, 0, code, out)
	assert.Regexp(t, `(?m)^bin=$`, out)
}

// TestActionScriptProseNotes: docs that mention the bypass flag pass the
// job; the notes are counted in the outputs and listed in the job summary,
// never annotated as errors.
func TestActionScriptProseNotes(t *testing.T) {
	t.Parallel()
	repo := tempRepo(t, map[string]string{
		"docs/design.md": "We never pass `--dangerously-skip-permissions`.\n", // check-launches: inert test fixture
	})
	bin := filepath.Join(t.TempDir(), "check-launches")
	fakeBinary(t, bin)
	r := runAction(t, repo, map[string]string{"CHECK_LAUNCHES_BIN": bin})
	require.Equal(t, ExitOK, r.code, "%s\n%s", r.stdout, r.stderr)
	assert.NotContains(t, r.stdout, "::error")
	assert.Contains(t, r.summary, "### Notes: the primitive mentioned in prose (not failing)")
	assert.Contains(t, r.summary, "`docs/design.md:1:16`")
	for k, v := range map[string]string{"exit-code": "0", "red": "0", "notes": "1", "failing": "0"} {
		assert.Equal(t, v, r.outputMap[k], k)
	}
}
