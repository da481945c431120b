package python

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMayNameAPI: the API prefilter passes every way a file can reach a
// process API by name, and not a longer word that only holds one.
func TestMayNameAPI(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"import os\nos.system('x')", true},
		{"from os import system as run", true},
		{"getattr(os, 'system')('x')", true},
		{"import pty\npty.spawn(['x'])", true},
		{"import trio", true},
		{"await anyio.run_process(['x'])", true},
		{"from invoke import run", true},
		{"from fabric.api import local", true},
		{"import subprocess", true},
		{"import nox\n@nox.session\ndef r(s): s.run('x')", true},
		{"os.execvp('x', ['x'])", true},
		{"import sh", true},
		{"import os, sh as shell", true},
		{"from sh import git", true},
		{"def show(): return shell_hash()", false}, // `sh` only inside words
		{"from claude_agent_sdk import query", true},
		{"from ptyprocess import PtyProcessUnicode", true},
		{"import libtmux", true},
		{"from libtmux.pane import Pane", true},
		{"import delegator", true},
		{"import envoy", true},
		{"delegators = envoys = None", false},
		{"def review(c):\n    c.run('x')", true},
		{"def review(ctx):\n    ctx.sudo('x')", true},
		{"proc.run('x'); abc.run('y')", false},
		// a longer word only holds the name
		{"if not items: raise ValueError('empty')", false},
		{"filesystem = 'ext4'; self.invoked = True", false},
		{"ecosystem, patriot, anyio_like = 1, 2, 3", false},
		{"fabrication = None", false},
	} {
		assert.Equal(t, c.want, mayNameAPI([]byte(c.src)), c.src)
	}
}

// TestAPIModulesPassThePrefilter: a file using any process API of the
// table passes the prefilter, so a new entry cannot be forgotten there
// (nox's session.run was, when it was added).
func TestAPIModulesPassThePrefilter(t *testing.T) {
	for key, k := range apis {
		switch k {
		case apiSubprocess, apiShell, apiShellOut, apiExecV, apiExecL, apiSpawnV, apiSpawnL, apiPosixSpawn,
			apiExecArgs, apiPty, apiPexpect, apiAnyio, apiTrio, apiSDKQuery, apiSDKClient, apiShCommand,
			apiPlumbumGet, apiRemoteShell, apiTmux, apiTmuxCmd, apiContainer, apiShellJob:
		default:
			continue
		}
		mod, member, _ := strings.Cut(key, ":")
		src := "import " + mod + "\n" + mod + "." + member + "('x')\n"
		assert.True(t, mayNameAPI([]byte(src)), key)
	}
}
