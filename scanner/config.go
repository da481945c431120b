package scanner

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"path"
	"slices"
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
	workspaceCLIs                 map[string]string // repository path of a runtime package's CLI → runtime
	runtimeNames                  []string
	effectiveRuntimes             map[string]RuntimeSpec
	warnings                      []ConfigWarning
	triggersState
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

// ConfigError is a configuration problem: the file, and the line and
// column when known (1-based; 0 when unknown). It prints as
// `file:line:col: message`.
type ConfigError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *ConfigError) Error() string { return position(e.File, e.Line, e.Col) + ": " + e.Msg }

// ConfigWarning is a config that is valid but probably not what its author
// meant, such as an override that turns off the detection of a built-in
// runtime. It prints like a ConfigError.
type ConfigWarning struct {
	File      string
	Line, Col int
	Msg       string
}

func (w ConfigWarning) String() string { return position(w.File, w.Line, w.Col) + ": " + w.Msg }

func position(file string, line, col int) string {
	switch {
	case line > 0 && col > 0:
		return fmt.Sprintf("%s:%d:%d", file, line, col)
	case line > 0:
		return fmt.Sprintf("%s:%d", file, line)
	}
	return file
}

// DefaultConfig is the configuration used when the root has no config file.
func DefaultConfig() *Config {
	c := &Config{}
	if err := c.compile("(default)", nil); err != nil {
		panic(err) // the defaults are constants
	}
	return c
}

// ParseConfig parses configuration bytes; name is used in errors. Every
// error is a *ConfigError naming the line and column of the offending key
// or value; an unknown key lists the valid ones.
func ParseConfig(name string, data []byte) (*Config, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil && !errors.Is(err, io.EOF) {
		return nil, yamlConfigError(name, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		line := 0
		if err == nil && len(extra.Content) > 0 {
			line = extra.Content[0].Line
		}
		return nil, &ConfigError{File: name, Line: line, Msg: "more than one YAML document"}
	}
	c := &Config{}
	pos := map[string]nodePos{}
	if len(doc.Content) > 0 {
		r := &configReader{file: name, pos: pos}
		if err := r.read(c, doc.Content[0]); err != nil {
			return nil, err
		}
	}
	if err := c.compile(name, pos); err != nil {
		return nil, err
	}
	return c, nil
}

// yamlConfigError turns a YAML syntax error ("yaml: line 3: ...") into a
// ConfigError with the line.
func yamlConfigError(name string, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if _, e := fmt.Sscanf(msg, "line %d:", &line); e == nil {
		msg = strings.TrimSpace(msg[strings.Index(msg, ":")+1:])
	}
	return &ConfigError{File: name, Line: line, Msg: "not valid YAML: " + msg}
}

// nodePos is where a key or value sits in the config file.
type nodePos struct{ line, col int }

// configKeys are the top-level keys, with what each holds.
var configKeys = []string{"agent_actions", "chokepoints", "exclude", "families", "include", "prose", "runtimes"}

var (
	runtimeKeys = []string{"commands", "packages"}
	familyKeys  = []string{"name", "paths"}
)

// configReader reads the YAML tree into a Config by the schema above, so
// that every error names its place and none names a Go type. pos records
// where each value sits, keyed by its path ("exclude[2]").
type configReader struct {
	file string
	pos  map[string]nodePos
}

func (r *configReader) errAt(n *yaml.Node, format string, a ...any) error {
	return &ConfigError{File: r.file, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, a...)}
}

// maxAliasDepth bounds the alias chain followed for one value.
const maxAliasDepth = 8

func (r *configReader) deref(n *yaml.Node) (*yaml.Node, error) {
	for i := 0; n.Kind == yaml.AliasNode; i++ {
		if i == maxAliasDepth || n.Alias == nil {
			return nil, r.errAt(n, "alias chain longer than %d", maxAliasDepth)
		}
		n = n.Alias
	}
	return n, nil
}

func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.Tag == "!!null" }

// mapping walks a mapping node, rejecting unknown and duplicate keys.
func (r *configReader) mapping(n *yaml.Node, what string, valid []string, each func(key string, k, v *yaml.Node) error) error {
	n, err := r.deref(n)
	if err != nil {
		return err
	}
	if isNull(n) {
		return nil
	}
	if n.Kind != yaml.MappingNode && valid == nil {
		return r.errAt(n, "%s must be a mapping of names to `{commands: [...], packages: [...]}`", what)
	}
	if n.Kind != yaml.MappingNode {
		return r.errAt(n, "%s must be a mapping with the keys %s", what, keyList(valid))
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return r.errAt(k, "%s: a key must be a plain name", what)
		}
		if valid != nil && !slices.Contains(valid, k.Value) {
			msg := fmt.Sprintf("unknown key `%s` in %s", k.Value, what)
			if s := closest(k.Value, valid); s != "" {
				msg += fmt.Sprintf("; did you mean `%s`?", s)
			}
			return r.errAt(k, "%s (valid keys: %s)", msg, keyList(valid))
		}
		if seen[k.Value] {
			return r.errAt(k, "key `%s` appears twice in %s", k.Value, what)
		}
		seen[k.Value] = true
		if err := each(k.Value, k, v); err != nil {
			return err
		}
	}
	return nil
}

// str reads a scalar.
func (r *configReader) str(n *yaml.Node, what string) (string, error) {
	n, err := r.deref(n)
	if err != nil {
		return "", err
	}
	if isNull(n) {
		return "", nil // as if absent
	}
	if n.Kind != yaml.ScalarNode {
		return "", r.errAt(n, "%s must be a string", what)
	}
	return n.Value, nil
}

// strings reads a list of scalars (a single scalar is not a list: it is an
// error, so that `exclude: docs/**` is not taken for something else).
func (r *configReader) strings(n *yaml.Node, path string) ([]string, error) {
	n, err := r.deref(n)
	if err != nil {
		return nil, err
	}
	if isNull(n) {
		return nil, nil
	}
	if n.Kind != yaml.SequenceNode {
		return nil, r.errAt(n, "%s must be a list of strings, like `%s: [\"a\", \"b\"]`", path, path[strings.LastIndexByte(path, '.')+1:])
	}
	var out []string
	for i, item := range n.Content {
		key := fmt.Sprintf("%s[%d]", path, i)
		s, err := r.str(item, key)
		if err != nil {
			return nil, err
		}
		r.pos[key] = nodePos{item.Line, item.Column}
		out = append(out, s)
	}
	return out, nil
}

func (r *configReader) read(c *Config, root *yaml.Node) error {
	return r.mapping(root, "the config", configKeys, func(key string, k, v *yaml.Node) error {
		r.pos[key] = nodePos{k.Line, k.Column}
		var err error
		switch key {
		case "include":
			c.Include, err = r.strings(v, key)
		case "exclude":
			c.Exclude, err = r.strings(v, key)
		case "chokepoints":
			c.Chokepoints, err = r.strings(v, key)
		case "agent_actions":
			c.AgentActions, err = r.strings(v, key)
		case "prose":
			r.pos[key] = nodePos{v.Line, v.Column}
			c.Prose, err = r.str(v, key)
		case "runtimes":
			c.Runtimes = map[string]RuntimeSpec{}
			err = r.mapping(v, "runtimes", nil, func(name string, k, v *yaml.Node) error {
				r.pos["runtimes."+name] = nodePos{k.Line, k.Column}
				var spec RuntimeSpec
				err := r.mapping(v, "runtimes."+name, runtimeKeys, func(key string, _, v *yaml.Node) error {
					var err error
					if key == "commands" {
						spec.Commands, err = r.strings(v, "runtimes."+name+".commands")
					} else {
						spec.Packages, err = r.strings(v, "runtimes."+name+".packages")
					}
					return err
				})
				c.Runtimes[name] = spec
				return err
			})
		case "families":
			err = r.families(c, v)
		}
		return err
	})
}

func (r *configReader) families(c *Config, n *yaml.Node) error {
	n, err := r.deref(n)
	if err != nil {
		return err
	}
	if isNull(n) {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		return r.errAt(n, "families must be a list of `{name: ..., paths: [...]}`")
	}
	for i, item := range n.Content {
		path := fmt.Sprintf("families[%d]", i)
		r.pos[path] = nodePos{item.Line, item.Column}
		var f FamilySpec
		err := r.mapping(item, path, familyKeys, func(key string, _, v *yaml.Node) error {
			var err error
			if key == "name" {
				f.Name, err = r.str(v, path+".name")
			} else {
				f.Paths, err = r.strings(v, path+".paths")
			}
			return err
		})
		if err != nil {
			return err
		}
		c.Families = append(c.Families, f)
	}
	return nil
}

// keyList prints valid keys for a message.
func keyList(keys []string) string {
	q := make([]string, len(keys))
	for i, k := range keys {
		q[i] = "`" + k + "`"
	}
	return strings.Join(q, ", ")
}

// closest returns the valid key nearest to s by edit distance, if it is
// near enough to be a typo (at most 2 edits, and fewer than half of s).
func closest(s string, valid []string) string {
	best, bestD := "", 3
	for _, v := range valid {
		if d := editDistance(strings.ToLower(s), v); d < bestD && d*2 < max(len(s), 2) {
			best, bestD = v, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of a and b (bytes).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// errAt returns a ConfigError at the recorded place of key, or without a
// place when it is not recorded.
func errAt(file string, pos map[string]nodePos, key, format string, a ...any) error {
	p := pos[key]
	return &ConfigError{File: file, Line: p.line, Col: p.col, Msg: fmt.Sprintf(format, a...)}
}

func (c *Config) compile(name string, pos map[string]nodePos) error {
	var err error
	if c.include, err = compileGlobs(name, pos, "include", c.Include); err != nil {
		return err
	}
	if c.exclude, err = compileGlobs(name, pos, "exclude", c.Exclude); err != nil {
		return err
	}
	if c.chokepoints, err = compileGlobs(name, pos, "chokepoints", c.Chokepoints); err != nil {
		return err
	}
	for i, f := range c.Families {
		key := fmt.Sprintf("families[%d]", i)
		if strings.TrimSpace(f.Name) == "" {
			return errAt(name, pos, key, "%s: name is empty", key)
		}
		gs, err := compileGlobs(name, pos, key+".paths", f.Paths)
		if err != nil {
			return err
		}
		if len(gs) == 0 {
			return errAt(name, pos, key, "family %q has no paths", f.Name)
		}
		c.families = append(c.families, family{name: f.Name, paths: gs})
	}
	rts := defaultRuntimes()
	builtin := defaultRuntimes()
	for _, n := range sortedKeys(c.Runtimes) {
		spec := c.Runtimes[n]
		key := "runtimes." + n
		if n == "" || strings.ContainsAny(n, " /\t") {
			return errAt(name, pos, key, "runtimes: bad runtime name %q", n)
		}
		if len(spec.Commands) == 0 && len(spec.Packages) == 0 {
			return errAt(name, pos, key, "%s: needs commands or packages", key)
		}
		for i, cmd := range spec.Commands {
			if cmd == "" || strings.ContainsAny(cmd, "/ \t") {
				return errAt(name, pos, fmt.Sprintf("%s.commands[%d]", key, i), "%s: bad command %q (a command name, without a path)", key, cmd)
			}
		}
		if def, ok := builtin[n]; ok {
			var dropped []string
			for _, x := range def.Commands {
				if !slices.Contains(spec.Commands, x) {
					dropped = append(dropped, "command `"+x+"`")
				}
			}
			for _, x := range def.Packages {
				if !slices.Contains(spec.Packages, x) {
					dropped = append(dropped, "package `"+x+"`")
				}
			}
			if len(dropped) > 0 {
				p := pos[key]
				c.warnings = append(c.warnings, ConfigWarning{File: name, Line: p.line, Col: p.col,
					Msg: fmt.Sprintf("%s leaves out the built-in %s: kept, since a config cannot drop what the built-in runtime is detected by; list them to silence this", key, strings.Join(dropped, " and "))})
			}
			// A config adds to a built-in runtime, never takes from it:
			// the repository's own config is in the reach of the code it
			// guards, and dropping `claude` would switch the guard off.
			spec.Commands = union(def.Commands, spec.Commands)
			spec.Packages = union(def.Packages, spec.Packages)
		}
		rts[n] = spec
	}
	c.commands = map[string]string{}
	c.packages = map[string]string{}
	for _, n := range sortedKeys(rts) {
		spec := rts[n]
		c.runtimeNames = append(c.runtimeNames, n)
		for _, cmd := range spec.Commands {
			if other, ok := c.commands[cmd]; ok && other != n {
				return errAt(name, pos, "runtimes."+n, "runtimes: command `%s` is claimed by both %s and %s", cmd, other, n)
			}
			c.commands[cmd] = n
		}
		for _, p := range spec.Packages {
			if other, ok := c.packages[p]; ok && other != n {
				return errAt(name, pos, "runtimes."+n, "runtimes: package `%s` is claimed by both %s and %s", p, other, n)
			}
			c.packages[p] = n
		}
	}
	c.effectiveRuntimes = rts
	switch c.Prose {
	case "", ProseNote, ProseRed:
	default:
		return errAt(name, pos, "prose", "prose: %q is neither %q nor %q", c.Prose, ProseNote, ProseRed)
	}
	for i, a := range c.AgentActions {
		if !strings.Contains(a, "/") {
			return errAt(name, pos, fmt.Sprintf("agent_actions[%d]", i), "agent_actions: %q is not owner/name", a)
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Warnings returns what the config does that is valid but probably not
// meant (see ConfigWarning), in file order.
func (c *Config) Warnings() []ConfigWarning { return c.warnings }

// EffectiveConfig is a config with the defaults filled in: what a scan
// uses.
type EffectiveConfig struct {
	Include      []string               `yaml:"include" json:"include"`
	Exclude      []string               `yaml:"exclude" json:"exclude"`
	Chokepoints  []string               `yaml:"chokepoints" json:"chokepoints"`
	Runtimes     map[string]RuntimeSpec `yaml:"runtimes" json:"runtimes"`
	Families     []FamilySpec           `yaml:"families" json:"families"`
	AgentActions []string               `yaml:"agent_actions" json:"agent_actions"`
	Prose        string                 `yaml:"prose" json:"prose"`
}

// Effective returns the config with the defaults filled in: the built-in
// runtimes and agent actions beside the configured ones, and the prose
// verdict.
func (c *Config) Effective() EffectiveConfig {
	e := EffectiveConfig{
		Include:      c.Include,
		Exclude:      c.Exclude,
		Chokepoints:  c.Chokepoints,
		Runtimes:     c.effectiveRuntimes,
		Families:     c.Families,
		AgentActions: append([]string{}, defaultAgentActions...),
		Prose:        c.Prose,
	}
	for _, a := range c.AgentActions {
		if !slices.Contains(e.AgentActions, a) {
			e.AgentActions = append(e.AgentActions, a)
		}
	}
	if e.Prose == "" {
		e.Prose = ProseNote
	}
	return e
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

// Packages lists the npm packages that start a runtime, sorted.
func (c *Config) Packages() []string { return sortedKeys(c.packages) }

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

// NamesRuntime reports whether s, the text of code, names a runtime: a
// runtime command as one word of a name, in any case, where a name's
// words end at any byte but an ASCII letter or digit and at each
// camelCase boundary (`run('pi')`, `opts.claude`, `run_claude`,
// `claudeBin`, `pathToClaude`, `CLAUDE_BIN`, `ClaudeBin`), or a package
// name anywhere. A command inside a longer word is not named: `apiKey`,
// `spinner` and `pipe` hold `pi`, as `api_key` does; MentionsRuntime,
// which matches substrings, would say they name it. A command holding
// other bytes (`my-agent`) is named where it stands as a word, as is one
// right after an escape sequence (`"echo\npi"`). It judges
// the text of a call of a helper past a bound, beside the values of its
// arguments (an unknown value is judged by its value, not by the letters
// of its name).
func (c *Config) NamesRuntime(s []byte) bool {
	for p := range c.packages {
		if bytes.Contains(s, []byte(p)) {
			return true
		}
	}
	named := false
	nameWords(s, func(w []byte) bool {
		for cmd := range c.commands {
			if len(w) == len(cmd) && bytes.EqualFold(w, []byte(cmd)) {
				named = true
				return false
			}
		}
		return true
	})
	if named {
		return true
	}
	for cmd := range c.commands {
		// as a word the trigger pass would see: after an escape
		// (`"echo\npi"`), or holding other bytes (`my-agent`)
		if containsWord(s, []byte(cmd)) {
			return true
		}
	}
	return false
}

// nameWords calls yield with each word of the names in s (NamesRuntime)
// until it returns false: runs of ASCII letters and digits, split where a
// lower-case letter or a digit meets an upper-case one (`pathTo|Claude`)
// and before the last capital of a run of capitals that a lower-case
// letter follows (`XML|Parser`).
func nameWords(s []byte, yield func([]byte) bool) {
	isUpper := func(b byte) bool { return 'A' <= b && b <= 'Z' }
	isLowerOrDigit := func(b byte) bool { return 'a' <= b && b <= 'z' || '0' <= b && b <= '9' }
	for i := 0; i < len(s); {
		for i < len(s) && !isAlnum(s[i]) {
			i++
		}
		start := i
		for i < len(s) && isAlnum(s[i]) {
			if i > start && (isLowerOrDigit(s[i-1]) && isUpper(s[i]) ||
				isUpper(s[i-1]) && isUpper(s[i]) && i+1 < len(s) && 'a' <= s[i+1] && s[i+1] <= 'z') {
				if !yield(s[start:i]) {
					return
				}
				start = i
			}
			i++
		}
		if i > start && !yield(s[start:i]) {
			return
		}
	}
}

// containsWord reports whether w occurs in s as a word (isWord).
func containsWord(s, w []byte) bool {
	for i := 0; i < len(s); {
		j := bytes.Index(s[i:], w)
		if j < 0 {
			return false
		}
		if isWord(s, i+j, i+j+len(w)) {
			return true
		}
		i += j + 1
	}
	return false
}

// MentionsRuntime reports whether s contains any runtime command or package
// name as a substring (not as a word, unlike Triggers and NamesRuntime):
// `apiKey` mentions `pi`. A wide test, for what to read or keep; for
// whether the text of code names a runtime, see NamesRuntime.
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
	// A fork or mirror of a known agent action under another owner
	// (`acme-corp/claude-code-action@v1`), or any other action whose
	// repository is named for Claude Code or Pi's agent package: what it
	// runs is not known here, and its name says an agent. Not a local
	// action (`./...`, read where it is defined) or a container.
	if strings.HasPrefix(name, ".") || strings.Contains(name, "://") {
		return false
	}
	owner, repo, ok := strings.Cut(strings.ToLower(name), "/")
	if !ok || owner == "" {
		return false
	}
	repo, _, _ = strings.Cut(repo, "/")
	for _, a := range defaultAgentActions {
		if _, known, _ := strings.Cut(a, "/"); repo == known {
			return true
		}
	}
	return strings.Contains(repo, "claude-code") || strings.Contains(repo, "pi-coding-agent")
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

func compileGlobs(file string, pos map[string]nodePos, key string, pats []string) ([]glob, error) {
	var out []glob
	for i, p := range pats {
		g, err := compileGlob(p)
		if err != nil {
			return nil, errAt(file, pos, fmt.Sprintf("%s[%d]", key, i), "%s: bad glob %q: %v", key, p, err)
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

// WithPackageAliases returns a copy of c in which each npm alias names
// the runtime its target package starts: a dependency written
// `"reviewer": "npm:@anthropic-ai/claude-code@^2"` installs the runtime
// as node_modules/reviewer, which `node node_modules/reviewer/cli.js` and
// `require("reviewer")` then start under a name of the repository's
// choosing. aliases maps an alias to the package spec it stands for;
// entries whose spec starts no runtime are ignored, and c is returned
// when none is left.
func (c *Config) WithPackageAliases(aliases map[string]string) *Config {
	add := map[string][]string{} // runtime → aliases
	for _, a := range sortedKeys(aliases) {
		rt, ok := c.RuntimeForPackage(aliases[a])
		if !ok || a == "" || strings.ContainsAny(a, " \t") {
			continue
		}
		if _, taken := c.packages[a]; taken {
			continue
		}
		if _, taken := c.commands[a]; taken {
			continue
		}
		add[rt] = append(add[rt], a)
	}
	if len(add) == 0 {
		return c
	}
	n := c.recompiled("(package aliases)", add)
	if n == nil {
		return c
	}
	n.workspaceCLIs = c.workspaceCLIs
	return n
}

// recompiled is a copy of c compiled again with the packages add gives
// each runtime besides its own (nil: none), or nil when it does not
// compile (a config that compiled once compiles again: not reached).
func (c *Config) recompiled(label string, add map[string][]string) *Config {
	return c.recompiledWith(label, add, nil)
}

// recompiledWith is recompiled, also adding commands (runtime → names).
func (c *Config) recompiledWith(label string, add, cmds map[string][]string) *Config {
	n := &Config{Include: c.Include, Exclude: c.Exclude, Chokepoints: c.Chokepoints, Families: c.Families, AgentActions: c.AgentActions, Prose: c.Prose}
	n.Runtimes = map[string]RuntimeSpec{}
	for name, spec := range c.effectiveRuntimes {
		spec.Commands = append(slices.Clone(spec.Commands), cmds[name]...)
		spec.Packages = append(slices.Clone(spec.Packages), add[name]...)
		n.Runtimes[name] = spec
	}
	if err := n.compile(label, nil); err != nil {
		return nil
	}
	n.warnings = c.warnings
	return n
}

// WithBinCommands returns a copy of c for which each name of bins (a
// package's bin, name → runtime) is a command of that runtime: a
// workspace package whose bin points at a runtime's file (`"bin": {"rv":
// "../../node_modules/@anthropic-ai/claude-code/cli.js"}`) puts the
// runtime on PATH under that name. A name already a command or package
// is left as it is; c is returned when bins adds nothing.
func (c *Config) WithBinCommands(bins map[string]string) *Config {
	add := map[string][]string{}
	for _, name := range sortedKeys(bins) {
		if name == "" || strings.ContainsAny(name, " \t/") {
			continue
		}
		if _, taken := c.commands[name]; taken {
			continue
		}
		if _, taken := c.packages[name]; taken {
			continue
		}
		add[bins[name]] = append(add[bins[name]], name)
	}
	if len(add) == 0 {
		return c
	}
	n := c.recompiledWith("(package bins)", nil, add)
	if n == nil {
		return c
	}
	n.workspaceCLIs = c.workspaceCLIs
	return n
}

// WithWorkspaceCLIs returns a copy of c that knows the CLI files of
// runtime packages whose source is in the repository (pi-mono's
// packages/coding-agent, whose package.json is named
// @mariozechner/pi-coding-agent): clis maps such a file's path from the
// root (`packages/coding-agent/dist/cli.js`, its source
// `packages/coding-agent/src/cli.ts`) to the runtime. A script run by
// that path (`npx tsx "$DIR/packages/coding-agent/src/cli.ts"`) is the
// runtime run from its workspace (runtimeInPath). c is returned when
// clis is empty.
func (c *Config) WithWorkspaceCLIs(clis map[string]string) *Config {
	if len(clis) == 0 {
		return c
	}
	n := c.recompiled("(workspace packages)", nil)
	if n == nil {
		return c
	}
	n.workspaceCLIs = maps.Clone(c.workspaceCLIs)
	if n.workspaceCLIs == nil {
		n.workspaceCLIs = map[string]string{}
	}
	for p, rt := range clis {
		n.workspaceCLIs[p] = rt
	}
	return n
}

// workspaceCLI returns the runtime whose workspace CLI file
// (WithWorkspaceCLIs) the path p names: p is that file's path from the
// root, or ends with it after a folder (`$DIR/packages/coding-agent/src/cli.ts`,
// `../packages/coding-agent/dist/cli.js`), or is a tail of it that still
// holds the package's folder (`coding-agent/src/cli.ts`). A bare
// `src/cli.ts` names every package's CLI of a monorepo and none of them.
func (c *Config) workspaceCLI(p string) (string, bool) {
	if len(c.workspaceCLIs) == 0 {
		return "", false
	}
	p = strings.TrimPrefix(path.Clean(p), "./")
	for w, rt := range c.workspaceCLIs {
		if p == w || strings.HasSuffix(p, "/"+w) {
			return rt, true
		}
		pkgDir := path.Dir(w)
		for k := 0; k < 4 && slices.Contains([]string{"src", "dist", "bin", "lib"}, path.Base(pkgDir)); k++ {
			pkgDir = path.Dir(pkgDir)
		}
		if pkgDir != "." && strings.HasSuffix(w, "/"+p) && strings.Contains("/"+p, "/"+path.Base(pkgDir)+"/") {
			return rt, true
		}
	}
	return "", false
}

// union returns a's elements, then b's not in a.
func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, x := range b {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}
