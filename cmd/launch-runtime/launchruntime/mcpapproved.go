package launchruntime

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// maxApprovedBytes bounds the --mcp-approved file; a larger one is refused.
const maxApprovedBytes = 1 << 20

// approvedMCP is a verifier's list of the MCP servers a session may start
// (--mcp-approved FILE): Claude Code's .mcp.json shape, {"mcpServers":
// {NAME: {"command": ..., "args": [...]} | {"url": ...}}}.
type approvedMCP struct {
	path    string // absolute
	data    []byte // the file as read, sealed into the session folder
	servers map[string]any
}

// readApprovedMCP reads and checks --mcp-approved FILE. Anything it cannot
// judge refuses the launch (exit 2): a missing, symlinked, oversized or
// malformed file, a server that is not an object with a command or a url.
func readApprovedMCP(path string) (*approvedMCP, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("%w: --mcp-approved: %v", ErrUsage, err)
	}
	arg := "--mcp-approved " + abs
	st, err := os.Lstat(abs)
	switch {
	case err != nil:
		return nil, refuse(arg, "cannot be read: "+err.Error())
	case !st.Mode().IsRegular():
		return nil, refuse(arg, "is not a regular file (a symlink?)")
	case st.Size() > maxApprovedBytes:
		return nil, refuse(arg, fmt.Sprintf("is over %d bytes", maxApprovedBytes))
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return nil, refuse(arg, "cannot be read: "+err.Error())
	}
	var top map[string]any
	if err := json.Unmarshal(data, &top); err != nil || top == nil {
		return nil, refuse(arg, "is not one JSON object")
	}
	for k := range top {
		if k != "mcpServers" {
			return nil, refuse(arg, fmt.Sprintf("has the key %q; only \"mcpServers\" is read", k))
		}
	}
	servers, ok := top["mcpServers"].(map[string]any)
	if !ok {
		return nil, refuse(arg, `has no "mcpServers" object`)
	}
	for name, v := range servers {
		srv, ok := v.(map[string]any)
		if !ok {
			return nil, refuse(arg, fmt.Sprintf("mcpServers.%s is not an object", name))
		}
		_, cmd := srv["command"].(string)
		_, url := srv["url"].(string)
		if !cmd && !url {
			return nil, refuse(arg, fmt.Sprintf("mcpServers.%s has neither a command nor a url", name))
		}
	}
	return &approvedMCP{path: abs, data: data, servers: servers}, nil
}

// checkNoMCPArgs refuses the runtime arguments that would add MCP servers
// beside the approved ones or undo --strict-mcp-config. Any argument
// spelled so counts, wherever it is (over-approximation).
func checkNoMCPArgs(rest []string) error {
	for _, a := range rest {
		name, _, _ := strings.Cut(a, "=")
		if name == "--mcp-config" || name == "--strict-mcp-config" {
			return refuse(a, "--mcp-approved decides which MCP servers start; give no MCP configuration of your own")
		}
		// An agent's own mcpServers start when the agent runs, whatever
		// --strict-mcp-config says (measured: --agents with mcpServers
		// and --agent NAME started an unapproved server).
		if name == "--agents" || name == "--agent" {
			return refuse(a, "an agent may define MCP servers of its own, which start beside the approved ones; --mcp-approved takes no --agents or --agent")
		}
	}
	return nil
}

// approvedStartup rewrites the start-up inventory for --mcp-approved:
// every MCP server found in the configuration is marked as not started,
// and the approved ones are listed as what starts.
func approvedStartup(startup []string, a *approvedMCP) []string {
	out := make([]string, 0, len(startup)+len(a.servers))
	for _, s := range startup {
		if strings.HasPrefix(s, "mcp ") {
			s += " not started: not in --mcp-approved"
		}
		out = append(out, s)
	}
	mcpServers("approved "+a.path, a.servers, func(s string) { out = append(out, s) })
	return bound(out)
}
