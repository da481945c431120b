package gate

import (
	_ "embed"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// defaultPolicyYAML is the shipped policy; docs/default-policy.yaml is a
// copy that a test keeps identical.
//
//go:embed default-policy.yaml
var defaultPolicyYAML []byte

// DefaultPolicyYAML returns the text of the shipped default policy, for
// `lease-broker policy default` style commands and docs.
func DefaultPolicyYAML() []byte { return slices.Clone(defaultPolicyYAML) }

// ErrBadEnv is returned by WithEnv for an Env whose paths are not absolute.
var ErrBadEnv = errors.New("gate: bad Env")

// Rule ids that the evaluator itself uses; policy files cannot take them.
const (
	RuleAllowList = "allow-list" // the tool is not in the session's task allow-list
	RuleToolInput = "tool-input" // tool_input has the wrong shape for its tool
)

// Policy is a loaded, validated policy bound to an Env. It is immutable
// and safe for concurrent use.
type Policy struct {
	src      *source
	sets     []ruleSet
	profiles map[string][]string

	env   Env
	fold  bool
	fsys  lstater
	paths map[string][]pathPattern // bound path sets
}

// source keeps the path patterns as written, so the policy can be bound
// again to another Env.
type source struct {
	paths     map[string][]string
	pathOrder []string
}

type ruleSet struct {
	name   string
	shadow bool
	rules  []*rule
}

type ruleKind int

const (
	kindRole ruleKind = iota + 1
	kindPath
	kindCommand
	kindUnparseable
	kindRuntimeLaunch // a Bash command that starts Claude Code or Pi without the gate (rule_runtime_launch.go)
)

type rule struct {
	id, reason string
	kind       ruleKind
	roles      []string
	tools      []string
	paths      []string // path set names (path rules)
	inputField string   // path rules for other tools: the tool_input field with the path
	cmd        *cmdRule
}

// DefaultPolicy returns the shipped default policy, bound to the default
// Env (home folder only). It panics if the embedded policy is invalid,
// which a test rules out.
func DefaultPolicy() *Policy { return defaultPolicy() }

// The default policy is parsed once; a Policy is immutable, so every caller
// can share it.
var defaultPolicy = sync.OnceValue(func() *Policy {
	p, err := ParsePolicy("default-policy.yaml", defaultPolicyYAML)
	if err != nil {
		panic(fmt.Sprintf("gate: embedded default policy: %v", err))
	}
	return p
})

func defaultEnv() Env {
	home, _ := os.UserHomeDir()
	return Env{Home: home}
}

// WithEnv returns a copy of p whose path placeholders take their values
// from env. A pattern whose placeholder is empty is dropped. The broker calls
// it once at start with the real hook, settings, extension, socket folder and
// policy paths.
func (p *Policy) WithEnv(env Env) (*Policy, error) {
	return p.bind(env, osFS{})
}

func (p *Policy) bind(env Env, fsys lstater) (*Policy, error) {
	for _, v := range append(append([]string{env.Hook, env.PiExtension, env.SocketDir, env.Policy, env.Audit, env.ClaudeConfigDir, env.Home}, env.Settings...), env.Binaries...) {
		if v != "" && !path.IsAbs(filepath.ToSlash(v)) {
			return nil, fmt.Errorf("%w: %q is not an absolute path", ErrBadEnv, v)
		}
	}
	q := *p
	q.env = env
	q.fsys = fsys
	q.fold = runtime.GOOS == "darwin" || runtime.GOOS == "windows"
	if env.FoldCase != nil {
		q.fold = *env.FoldCase
	}
	q.paths = make(map[string][]pathPattern, len(p.src.paths))
	for _, name := range p.src.pathOrder {
		var out []pathPattern
		for _, src := range p.src.paths[name] {
			for _, exp := range expandPlaceholders(src, env) {
				pp, err := compilePattern(fsys, src, exp, env.Home, q.fold)
				if err != nil {
					return nil, fmt.Errorf("gate: path set %s: %s: %w", name, src, err)
				}
				out = append(out, pp)
			}
		}
		q.paths[name] = out
	}
	return &q, nil
}

// expandPlaceholders returns every expansion of a path pattern (a multi
// valued placeholder such as ${LEASEGATE_SETTINGS} gives several); an empty
// placeholder or a "~" without a home gives none.
func expandPlaceholders(src string, env Env) []string {
	values := func(name string) []string {
		switch name {
		case "LEASEGATE_HOOK":
			return nonEmpty(env.Hook)
		case "LEASEGATE_BINARIES":
			return nonEmpty(env.Binaries...)
		case "LEASEGATE_SETTINGS":
			return nonEmpty(env.Settings...)
		case "LEASEGATE_PI_EXTENSION":
			return nonEmpty(env.PiExtension)
		case "LEASEGATE_SOCKET_DIR":
			return nonEmpty(env.SocketDir)
		case "LEASEGATE_POLICY":
			return nonEmpty(env.Policy)
		case "LEASEGATE_AUDIT":
			return nonEmpty(env.Audit)
		case "CLAUDE_CONFIG_DIR":
			return nonEmpty(env.ClaudeConfigDir)
		case "HOME":
			return nonEmpty(env.Home)
		}
		return nil
	}
	if src == "~" || strings.HasPrefix(src, "~/") {
		if env.Home == "" {
			return nil
		}
		src = "${HOME}" + src[1:]
	}
	outs := []string{""}
	rest := src
	for {
		loc := placeholderRE.FindStringSubmatchIndex(rest)
		if loc == nil {
			break
		}
		vals := values(rest[loc[2]:loc[3]])
		if len(vals) == 0 {
			return nil
		}
		var next []string
		for _, o := range outs {
			for _, v := range vals {
				next = append(next, o+rest[:loc[0]]+v)
			}
		}
		outs = next
		rest = rest[loc[1]:]
	}
	for i := range outs {
		outs[i] += rest
	}
	return outs
}

func nonEmpty(vs ...string) []string {
	var out []string
	for _, v := range vs {
		if v != "" {
			out = append(out, v)
		}
	}
	return out
}

// Profile returns the tools of a named task allow-list profile.
func (p *Policy) Profile(name string) ([]string, bool) {
	if p == nil {
		return nil, false
	}
	t, ok := p.profiles[name]
	return slices.Clone(t), ok
}

// Profiles returns the names of the policy's allow-list profiles, sorted.
func (p *Policy) Profiles() []string {
	if p == nil {
		return nil
	}
	names := make([]string, 0, len(p.profiles))
	for n := range p.profiles {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
