package scanner

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// RuntimeSpec says how a runtime is recognised: by command name (the last
// path element of argv[0]) and by npm package name (behind package runners).
type RuntimeSpec struct {
	Commands []string `yaml:"commands" json:"commands"`
	Packages []string `yaml:"packages" json:"packages"`
}

// FamilySpec groups findings for the inventory.
type FamilySpec struct {
	Name  string   `yaml:"name" json:"name"`
	Paths []string `yaml:"paths" json:"paths"`
}

// Config is the parsed .check-launches.yaml, with defaults applied.
type Config struct {
	Include     []string               `yaml:"include"`
	Exclude     []string               `yaml:"exclude"`
	Runtimes    map[string]RuntimeSpec `yaml:"runtimes"`
	Chokepoints []string               `yaml:"chokepoints"`
	Families    []FamilySpec           `yaml:"families"`
	// AgentActions are extra GitHub Actions (owner/name) known to start an
	// agent, added to the built-in list.
	AgentActions []string `yaml:"agent_actions"`
	// Prose is the verdict of the raw primitive in prose (Markdown,
	// reStructuredText, AsciiDoc, plain text): "note" (the default) or
	// "red".
	Prose string `yaml:"prose"`

	include, exclude, chokepoints []glob
	families                      []family
	commands                      map[string]string // command name → runtime
	packages                      map[string]string // npm package → runtime
	runtimeNames                  []string
}

type family struct {
	name  string
	paths []glob
}

// defaultRuntimes are the runtimes known without configuration.
func defaultRuntimes() map[string]RuntimeSpec {
	return map[string]RuntimeSpec{
		"claude": {Commands: []string{"claude"}, Packages: []string{"@anthropic-ai/claude-code"}},
		"pi":     {Commands: []string{"pi"}, Packages: []string{"@mariozechner/pi-coding-agent"}},
	}
}

// defaultAgentActions are GitHub Actions known to start an agent.
var defaultAgentActions = []string{"anthropics/claude-code-action", "anthropics/claude-code-base-action"}

// ConfigError is a configuration problem: the file, and line when known.
type ConfigError struct {
	File string
	Line int
	Msg  string
}

func (e *ConfigError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// DefaultConfig is the configuration used when the root has no config file.
func DefaultConfig() *Config {
	c := &Config{}
	if err := c.compile("(default)"); err != nil {
		panic(err) // the defaults are constants
	}
	return c
}

// ParseConfig parses configuration bytes; name is used in errors.
func ParseConfig(name string, data []byte) (*Config, error) {
	c := &Config{}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(c); err != nil && !errors.Is(err, io.EOF) {
		return nil, yamlConfigError(name, err)
	}
	var extra any
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		return nil, &ConfigError{File: name, Msg: "more than one YAML document"}
	}
	if err := c.compile(name); err != nil {
		return nil, err
	}
	return c, nil
}

func yamlConfigError(name string, err error) error {
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg := te.Errors[0]
		line := 0
		if _, err := fmt.Sscanf(msg, "line %d:", &line); err == nil {
			msg = strings.TrimSpace(msg[strings.Index(msg, ":")+1:])
		}
		return &ConfigError{File: name, Line: line, Msg: msg}
	}
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if _, e := fmt.Sscanf(msg, "line %d:", &line); e == nil {
		msg = strings.TrimSpace(msg[strings.Index(msg, ":")+1:])
	}
	return &ConfigError{File: name, Line: line, Msg: msg}
}

func (c *Config) compile(name string) error {
	var err error
	if c.include, err = compileGlobs(name, "include", c.Include); err != nil {
		return err
	}
	if c.exclude, err = compileGlobs(name, "exclude", c.Exclude); err != nil {
		return err
	}
	if c.chokepoints, err = compileGlobs(name, "chokepoints", c.Chokepoints); err != nil {
		return err
	}
	for i, f := range c.Families {
		if strings.TrimSpace(f.Name) == "" {
			return &ConfigError{File: name, Msg: fmt.Sprintf("families[%d]: name is empty", i)}
		}
		gs, err := compileGlobs(name, "families["+f.Name+"].paths", f.Paths)
		if err != nil {
			return err
		}
		if len(gs) == 0 {
			return &ConfigError{File: name, Msg: fmt.Sprintf("family %q has no paths", f.Name)}
		}
		c.families = append(c.families, family{name: f.Name, paths: gs})
	}
	rts := defaultRuntimes()
	for n, spec := range c.Runtimes {
		if n == "" || strings.ContainsAny(n, " /\t") {
			return &ConfigError{File: name, Msg: fmt.Sprintf("runtimes: bad runtime name %q", n)}
		}
		if len(spec.Commands) == 0 && len(spec.Packages) == 0 {
			return &ConfigError{File: name, Msg: fmt.Sprintf("runtimes.%s: needs commands or packages", n)}
		}
		for _, cmd := range spec.Commands {
			if cmd == "" || strings.ContainsAny(cmd, "/ \t") {
				return &ConfigError{File: name, Msg: fmt.Sprintf("runtimes.%s: bad command %q", n, cmd)}
			}
		}
		rts[n] = spec
	}
	c.commands = map[string]string{}
	c.packages = map[string]string{}
	for n, spec := range rts {
		c.runtimeNames = append(c.runtimeNames, n)
		for _, cmd := range spec.Commands {
			c.commands[cmd] = n
		}
		for _, p := range spec.Packages {
			c.packages[p] = n
		}
	}
	sort.Strings(c.runtimeNames)
	switch c.Prose {
	case "", ProseNote, ProseRed:
	default:
		return &ConfigError{File: name, Msg: fmt.Sprintf("prose: %q is neither %q nor %q", c.Prose, ProseNote, ProseRed)}
	}
	for _, a := range c.AgentActions {
		if !strings.Contains(a, "/") {
			return &ConfigError{File: name, Msg: fmt.Sprintf("agent_actions: %q is not owner/name", a)}
		}
	}
	return nil
}

// Values of the config's prose key.
const (
	ProseNote = "note"
	ProseRed  = "red"
)

// ProseRed reports whether the config makes the primitive in prose RED.
func (c *Config) ProseRed() bool { return c.Prose == ProseRed }

// RuntimeNames lists the known runtimes, sorted.
func (c *Config) RuntimeNames() []string { return c.runtimeNames }

// RuntimeForCommand returns the runtime started by a command name, which may
// be a path: its last element is compared.
func (c *Config) RuntimeForCommand(name string) (string, bool) {
	if name == "" {
		return "", false
	}
	base := name
	if i := strings.LastIndexByte(base, '/'); i >= 0 {
		base = base[i+1:]
	}
	rt, ok := c.commands[base]
	return rt, ok
}

// RuntimeForPackage returns the runtime an npm package spec starts
// (`@anthropic-ai/claude-code`, `@anthropic-ai/claude-code@2.1.0`,
// `npm:@anthropic-ai/claude-code@latest`).
func (c *Config) RuntimeForPackage(spec string) (string, bool) {
	spec = strings.TrimPrefix(spec, "npm:")
	name := spec
	if strings.HasPrefix(spec, "@") {
		if i := strings.IndexByte(spec[1:], '@'); i >= 0 {
			name = spec[:i+1]
		}
	} else if i := strings.IndexByte(spec, '@'); i >= 0 {
		name = spec[:i]
	}
	rt, ok := c.packages[name]
	return rt, ok
}

// MentionsRuntime reports whether s contains any runtime command or package
// name as a substring. Detectors use it as a cheap prefilter; it never
// decides a verdict.
func (c *Config) MentionsRuntime(s []byte) bool {
	for cmd := range c.commands {
		if bytes.Contains(s, []byte(cmd)) {
			return true
		}
	}
	for p := range c.packages {
		if bytes.Contains(s, []byte(p)) {
			return true
		}
	}
	return false
}

// IsAgentAction reports whether a workflow `uses:` value names an action
// known to start an agent (any ref).
func (c *Config) IsAgentAction(uses string) bool {
	name := uses
	if i := strings.IndexByte(name, '@'); i >= 0 {
		name = name[:i]
	}
	name = strings.TrimSuffix(name, "/")
	for _, a := range append(append([]string{}, defaultAgentActions...), c.AgentActions...) {
		if strings.EqualFold(name, a) || strings.HasPrefix(strings.ToLower(name), strings.ToLower(a)+"/") {
			return true
		}
	}
	return false
}

// InScope reports whether a root-relative path is scanned under the
// include and exclude globs (default excludes are applied by the walk).
func (c *Config) InScope(rel string) bool {
	if len(c.include) > 0 && !matchAny(c.include, rel) {
		return false
	}
	return !matchAny(c.exclude, rel)
}

// IsChokepoint reports whether a root-relative path is a declared choke
// point: it may launch runtimes directly and hold the raw primitive.
func (c *Config) IsChokepoint(rel string) bool { return matchAny(c.chokepoints, rel) }

// Family returns the inventory family of a root-relative path: the first
// configured family whose paths match, else the top folder ("." for files at
// the root).
func (c *Config) Family(rel string) string {
	for _, f := range c.families {
		if matchAny(f.paths, rel) {
			return f.name
		}
	}
	if i := strings.IndexByte(rel, '/'); i >= 0 {
		return rel[:i]
	}
	return "."
}

// glob is a compiled slash-separated pattern where `**` matches any number
// of path elements and other elements follow path.Match.
type glob struct {
	pattern string
	parts   []string
}

func compileGlobs(file, key string, pats []string) ([]glob, error) {
	var out []glob
	for _, p := range pats {
		g, err := compileGlob(p)
		if err != nil {
			return nil, &ConfigError{File: file, Msg: fmt.Sprintf("%s: bad glob %q: %v", key, p, err)}
		}
		out = append(out, g)
	}
	return out, nil
}

var errEmptyGlob = errors.New("empty pattern")

func compileGlob(p string) (glob, error) {
	p = strings.TrimPrefix(p, "./")
	if p == "" {
		return glob{}, errEmptyGlob
	}
	if strings.HasPrefix(p, "/") {
		return glob{}, errors.New("patterns are relative to the root")
	}
	parts := strings.Split(strings.TrimSuffix(p, "/"), "/")
	for _, part := range parts {
		if part == "**" {
			continue
		}
		if strings.Contains(part, "**") {
			return glob{}, errors.New("`**` must be a whole path element")
		}
		if _, err := path.Match(part, ""); err != nil {
			return glob{}, err
		}
	}
	// A pattern naming a folder ("docs/" or "docs") also matches what is
	// below it.
	if parts[len(parts)-1] != "**" {
		return glob{pattern: p, parts: parts}, nil
	}
	return glob{pattern: p, parts: parts}, nil
}

func (g glob) match(rel string) bool {
	segs := strings.Split(rel, "/")
	if matchParts(g.parts, segs) {
		return true
	}
	// A pattern matching a parent folder matches everything below it.
	for i := len(segs) - 1; i > 0; i-- {
		if matchParts(g.parts, segs[:i]) {
			return true
		}
	}
	return false
}

func matchParts(parts, segs []string) bool {
	for len(parts) > 0 {
		if parts[0] == "**" {
			rest := parts[1:]
			for i := 0; i <= len(segs); i++ {
				if matchParts(rest, segs[i:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 {
			return false
		}
		if ok, _ := path.Match(parts[0], segs[0]); !ok {
			return false
		}
		parts, segs = parts[1:], segs[1:]
	}
	return len(segs) == 0
}

func matchAny(gs []glob, rel string) bool {
	for _, g := range gs {
		if g.match(rel) {
			return true
		}
	}
	return false
}
