package gate

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func launchRuleIDs(t *testing.T, p *Policy, tool, cmd string) []string {
	t.Helper()
	in, err := json.Marshal(map[string]string{"command": cmd})
	require.NoError(t, err)
	var ids []string
	for _, d := range p.Evaluate(Call{Runtime: "claude", Tool: tool, Input: in, Verified: true, Cwd: "/work/p"}) {
		ids = append(ids, d.Rule)
	}
	return ids
}

// TestRuntimeLaunchRule: a verified Bash cannot start a runtime that drops
// the gate (issue 17, item 5), nor change what the runtimes start.
func TestRuntimeLaunchRule(t *testing.T) {
	p, err := DefaultPolicy().WithEnv(Env{Home: "/home/u"})
	require.NoError(t, err)
	denied := []string{
		`claude --bare -p x`,
		`claude --safe-mode -p x`,
		`claude --settings '{"disableAllHooks":true}' -p x`,
		`claude --settings '{"env":{"CLAUDE_CODE_SIMPLE":"1"}}' -p x`,
		`claude --settings ./s.json -p x`,
		`claude --setting-sources project -p x`,
		`CLAUDE_CONFIG_DIR=/tmp claude -p x`,
		`env CLAUDE_CONFIG_DIR=/tmp claude -p x`,
		`export CLAUDE_CODE_SIMPLE=1; claude -p x`,
		`CLAUDE_CODE_SAFE_MODE=1 nohup claude -p x &`,
		`LEASEGATE_SOCKET=/tmp/x.sock claude -p x`,
		`setsid -f claude --bare -p x`,
		`sh -c 'claude --bare -p x'`,
		`npx @anthropic-ai/claude-code --bare -p x`,
		`node node_modules/@anthropic-ai/claude-code/cli.js --safe-mode`,
		`/usr/local/bin/claude --bare`,
		`C=claude; $C --bare -p x`,
		`claude mcp add --scope user helper -- sh -c 'touch /tmp/x'`,
		`claude plugin install evil@market`,
		`pi -ne -p x`,
		`pi --no-extensions -p x`,
		`PI_CODING_AGENT_DIR=/tmp/a pi -p x`,
		`pi install npm:evil`,
		`pi remove leasegate-gate`,
	}
	for _, c := range denied {
		assert.Contains(t, launchRuleIDs(t, p, "Bash", c), "runtime-launch", c)
		assert.Contains(t, launchRuleIDs(t, p, "bash", c), "runtime-launch", "pi's bash: "+c)
	}
	passes := []string{
		`claude -p "fix the mcp config"`,
		`claude --settings '{"model":"claude-sonnet-4-5"}' -p x`,
		`claude --permission-mode plan -p x`,
		`pi -p x`,
		`git clone --bare https://example.com/r.git`,
		`cat pi.txt`,
		`ls ~/.claude`,
		`echo CLAUDE_CODE_SIMPLE`,
		`FOO=1 make test`,
	}
	for _, c := range passes {
		assert.NotContains(t, launchRuleIDs(t, p, "Bash", c), "runtime-launch", c)
	}
}

// TestAgentStartupFiles: the files Claude Code and Pi start from at launch
// are written neither by the file tools nor by Bash (issue 17, item 4).
func TestAgentStartupFiles(t *testing.T) {
	p, err := DefaultPolicy().WithEnv(Env{Home: "/home/u"})
	require.NoError(t, err)
	for _, f := range []string{"/home/u/.claude.json", "/work/p/.mcp.json", "/home/u/.claude/plugins/x/plugin.json",
		"/home/u/.pi/agent/extensions/x.ts", "/home/u/.pi/agent/settings.json", "/work/p/.pi/extensions/x.ts"} {
		in, _ := json.Marshal(map[string]string{"file_path": f, "content": "x"})
		var ids []string
		for _, d := range p.Evaluate(Call{Runtime: "claude", Tool: "Write", Input: in, Verified: true, Cwd: "/work/p"}) {
			ids = append(ids, d.Rule)
		}
		assert.NotEmpty(t, ids, f)
	}
	for _, c := range []string{`echo '{}' > .mcp.json`, `cp x.ts ~/.pi/agent/extensions/`, `cat > ~/.claude.json <<EOF
{}
EOF`} {
		assert.NotEmpty(t, launchRuleIDs(t, p, "Bash", c), c)
	}
	assert.Empty(t, launchRuleIDs(t, p, "Bash", `cat .mcp.json`))
}
