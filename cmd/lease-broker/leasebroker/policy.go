package leasebroker

import (
	"os"
	"path/filepath"

	"github.com/leasegate/leasegate/gate"
	"github.com/leasegate/leasegate/lease/broker"
)

// loadGatePolicy loads a gate policy file, binds its placeholders to what
// the broker knows (its socket folder, the policy file itself, its audit
// log, the home folder, and LEASEGATE_HOOK / LEASEGATE_PI_EXTENSION /
// CLAUDE_CONFIG_DIR from the broker's environment) and adapts it to
// broker.Policy. An empty path loads the default policy shipped in the
// gate package; an empty audit means the broker's default audit log.
func loadGatePolicy(path, sock, audit string) (broker.Policy, error) {
	p := gate.DefaultPolicy()
	abs := ""
	if path != "" {
		var err error
		if p, err = gate.LoadPolicy(path); err != nil {
			return nil, err
		}
		abs, _ = filepath.Abs(path)
	}
	home, _ := os.UserHomeDir()
	if audit == "" {
		audit = broker.DefaultAuditPath(sock)
	}
	audit, _ = filepath.Abs(audit)
	hook, binaries := gateBinaries()
	env := gate.Env{Hook: hook, Binaries: binaries, PiExtension: os.Getenv("LEASEGATE_PI_EXTENSION"),
		SocketDir: filepath.Dir(sock), Policy: abs, Audit: audit, ClaudeConfigDir: os.Getenv("CLAUDE_CONFIG_DIR"), Home: home}
	bound, err := p.WithEnv(env)
	if err != nil {
		return nil, err
	}
	return gatePolicy{bound}, nil
}

type gatePolicy struct{ p *gate.Policy }

// Profile exposes the policy's named allow-list profiles to registration.
func (g gatePolicy) Profile(name string) ([]string, bool) { return g.p.Profile(name) }

// Profiles names the profiles, for a registration that asked for another.
func (g gatePolicy) Profiles() []string { return g.p.Profiles() }

func (g gatePolicy) Evaluate(c broker.Call) []broker.PolicyDecision {
	ds := g.p.Evaluate(gate.Call{Runtime: c.Runtime, Tool: c.Tool, AgentType: c.AgentType, AgentID: c.AgentID,
		Session: c.Session, Input: c.Input, Verified: c.Verified, Cwd: c.Cwd, GateFiles: c.GateFiles})
	out := make([]broker.PolicyDecision, len(ds))
	for i, d := range ds {
		out[i] = broker.PolicyDecision{Rule: d.Rule, Reason: d.Reason, Shadow: d.Shadow}
	}
	return out
}

// gateBinaries finds the gate's binaries for the policy: the hook
// ($LEASEGATE_HOOK, else mutator-gate beside this lease-broker) and the
// other leasegate binaries installed beside it (lease-broker itself,
// launch-runtime). Missing ones are left out; the paths are absolute.
func gateBinaries() (hook string, binaries []string) {
	hook = os.Getenv("LEASEGATE_HOOK")
	if hook != "" && !filepath.IsAbs(hook) {
		hook = ""
	}
	exe, err := os.Executable()
	if err != nil {
		return hook, nil
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	dir := filepath.Dir(exe)
	if hook == "" {
		if p := filepath.Join(dir, "mutator-gate"); isFile(p) {
			hook = p
		}
	}
	for _, name := range []string{"lease-broker", "launch-runtime"} {
		if p := filepath.Join(dir, name); isFile(p) {
			binaries = append(binaries, p)
		}
	}
	return hook, binaries
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
