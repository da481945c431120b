package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// escapeRefusals are the lines e2e/testdata/escape prints when the kernel
// refuses each way out of the Landlock domain.
var escapeRefusals = []string{
	"kill-STOP: refused (EPERM)",
	"kill-KILL: refused (EPERM)",
	"ptrace: refused (EPERM)",
	"remove-socket: refused (EACCES)",
	"fake-socket: refused (EACCES)",
	"write-audit: refused (EACCES)",
	"write-hook: refused (EACCES)",
	"write-settings: refused (EACCES)",
	"verify-operator-socket: refused (EPERM)",
	"verify-path-socket: failed: PEER_REFUSED",
	"verify-cli: failed",
}

// buildEscape compiles the escape program beside the other binaries, so
// the agent's Bash finds it on PATH as a plain name.
func buildEscape(t *testing.T) {
	t.Helper()
	out, err := exec.Command("go", "build", "-o", filepath.Join(bins, "lg-escape"), "./testdata/escape").CombinedOutput()
	require.NoError(t, err, "%s", out)
}

// confinedRun is the part both runtimes share: the verified agent's Bash
// runs the escape program, then the operator revokes from outside (it
// must reach the real broker), and a person verifies again from outside.
func confinedRun(t *testing.T, w *world, bashStep func(string) Step, launchArgs []string) {
	buildEscape(t)
	w.startBroker()
	var alive, stateAfter, sess string
	step := func(before func(), cmd string) Step {
		s := bashStep(cmd)
		s.Before = before
		return s
	}
	w.api.SetScript([]Step{
		step(func() { w.promote("300s") }, "lg-escape > escape.out 2>&1; echo rc=$?"),
		step(func() {
			if _, err := w.operatorErr("status"); err == nil && w.broker.ProcessState == nil {
				alive = "yes"
			}
			out := w.operator("sessions", "--json")
			sess = out
			var list []struct{ State string }
			_ = json.Unmarshal([]byte(out), &list)
			if len(list) == 1 {
				stateAfter = list[0].State
			}
			w.operator("revoke", w.session(), "--reason", "e2e")
		}, "touch after-revoke"),
		step(func() { w.promote("300s") }, "touch after-repromote"),
		{Text: "finished"},
	})
	out, code := w.launch(180*time.Second, launchArgs...)
	require.Equal(t, 0, code, out)
	esc, _ := os.ReadFile(filepath.Join(w.project, "escape.out"))
	for _, want := range escapeRefusals {
		assert.Contains(t, string(esc), want)
	}
	assert.NotContains(t, string(esc), "SUCCEEDED")
	assert.Equal(t, "yes", alive, "the broker must survive the escape attempts")
	assert.Equal(t, "VERIFIED", stateAfter, "the lease must be the operator's, untouched by the escape")
	res := w.api.ToolResults()
	wantResult(t, res, 1, true, "LEASE_NOT_VERIFIED")
	wantResult(t, res, 2, false, "")
	assert.False(t, w.exists("after-revoke"))
	assert.True(t, w.exists("after-repromote"), "a person's verification from outside must still work")
	// Read while the runtime ran: the broker forgets a session whose
	// runtime exited.
	assert.Contains(t, sess, `"confinement": "landlock-abi`)
	assert.Contains(t, sess, "abstract-unix-socket")
	reg := w.operator("events", "--kind", "lease.registered", "--json")
	assert.Contains(t, reg, `"confinement":"landlock-abi`)
	if t.Failed() {
		t.Logf("escape.out:\n%s\nruntime:\n%s", esc, out)
		for i, r := range res {
			t.Logf("result %d: error=%v %q", i, r.IsError, r.Text)
		}
	}
}

// TestClaudeConfinedEscapesRefused: a verified Claude Code agent's Bash
// runs a compiled program that tries to stop, kill and ptrace the broker,
// replace its socket, write the gate's files and verify itself from a
// double-forked process. The kernel refuses each; the operator's revoke
// and a person's verification from outside still work.
func TestClaudeConfinedEscapesRefused(t *testing.T) {
	w := newWorld(t, nil)
	confinedRun(t, w, bash, claudeArgs("--confine=require"))
}

// TestPiConfinedEscapesRefused is the same with Pi.
func TestPiConfinedEscapesRefused(t *testing.T) {
	w := newWorld(t, nil)
	piSetup(t, w, 200000)
	confinedRun(t, w, piBash, piArgs("--confine=require"))
}

// TestClaudeConfinedOrdinaryWork: inside the domain a verified agent still
// edits the working tree, builds Go, uses temp files, commits with git and
// runs npm install (of a local package: the tests are offline); --writable
// adds the Go build cache.
func TestClaudeConfinedOrdinaryWork(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	require.NoError(t, err)
	cache := strings.TrimSpace(string(gocache))
	w.api.SetScript([]Step{
		{Before: func() { w.promote("300s") }, Tool: "Write", Input: map[string]any{
			"file_path": filepath.Join(w.project, "main.go"), "content": "package main\n\nfunc main() { println(\"built\") }\n"}},
		bash("set -e; export GOCACHE=" + cache + " GOFLAGS=-mod=mod GOTOOLCHAIN=local; go mod init example.com/x >/dev/null 2>&1; " +
			"go build -o app . ; ./app; t=$(mktemp); echo temp > \"$t\"; cat \"$t\"; " +
			"git init -q; git -c user.name=e -c user.email=e@e add -A; git -c user.name=e -c user.email=e@e commit -qm init; " +
			"git log --oneline | wc -l; " +
			"mkdir -p dep; echo '{\"name\":\"dep\",\"version\":\"1.0.0\"}' > dep/package.json; " +
			"echo '{\"name\":\"x\",\"version\":\"1.0.0\"}' > package.json; " +
			"npm install --offline --no-audit --no-fund ./dep >/dev/null; test -e node_modules/dep/package.json; " +
			"echo ordinary-ok"),
		{Text: "finished"},
	})
	out, code := w.launch(240*time.Second, claudeArgs("--confine=require", "--writable", cache)...)
	require.Equal(t, 0, code, out)
	res := w.api.ToolResults()
	wantResult(t, res, 0, false, "")
	wantResult(t, res, 1, false, "ordinary-ok")
	assert.True(t, w.exists("app"))
	assert.True(t, w.exists(".git"))
	if t.Failed() {
		for i, r := range res {
			t.Logf("result %d: error=%v %q", i, r.IsError, r.Text)
		}
		t.Log(out)
	}
}
