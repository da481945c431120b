package gate

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// The policy file is decoded by walking the yaml.Node tree by hand rather
// than with Decoder.KnownFields: every refusal (unknown key, duplicate key,
// wrong type, bad pattern, dangling reference) then names the line and
// column of the node at fault, and no Go type names leak into messages.

// placeholders are the ${NAME}s a path pattern may use (see Env).
var placeholders = []string{
	"LEASEGATE_HOOK", "LEASEGATE_BINARIES", "LEASEGATE_SETTINGS", "LEASEGATE_PI_EXTENSION",
	"LEASEGATE_SOCKET_DIR", "LEASEGATE_POLICY", "LEASEGATE_AUDIT", "CLAUDE_CONFIG_DIR", "HOME",
}

var (
	placeholderRE = regexp.MustCompile(`\$\{([^}]*)\}`)
	idRE          = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)
	yamlLineRE    = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)
)

// reservedRules are rule ids the evaluator itself uses.
var reservedRules = []string{RuleAllowList, RuleToolInput}

// LoadPolicy reads and validates a policy file and binds it to the default
// Env (home folder only; see WithEnv). Unknown keys, duplicate keys, bad
// patterns and unknown placeholders are errors (*PolicyError, matching
// ErrInvalidPolicy) that name the line and the reason.
func LoadPolicy(file string) (*Policy, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return ParsePolicy(file, data)
}

// ParsePolicy is LoadPolicy on bytes; name is used in error messages.
func ParsePolicy(name string, data []byte) (*Policy, error) {
	d := &decoder{file: name}
	p, err := d.policy(data)
	if err != nil {
		return nil, err
	}
	return p.WithEnv(defaultEnv())
}

type decoder struct {
	file string
}

func (d *decoder) errf(n *yaml.Node, format string, args ...any) error {
	e := &PolicyError{File: d.file, Reason: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Column = n.Line, n.Column
	}
	return e
}

// fields walks a mapping, refusing unknown and duplicate keys; handlers
// decode the values.
func (d *decoder) fields(n *yaml.Node, what string, handlers map[string]func(v *yaml.Node) error) error {
	if n.Kind != yaml.MappingNode {
		return d.errf(n, "%s must be a mapping", what)
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return d.errf(k, "%s: keys must be plain words", what)
		}
		h, ok := handlers[k.Value]
		if !ok {
			keys := make([]string, 0, len(handlers))
			for key := range handlers {
				keys = append(keys, key)
			}
			slices.Sort(keys)
			return d.errf(k, "%s: unknown key %q (known: %s)", what, k.Value, strings.Join(keys, ", "))
		}
		if seen[k.Value] {
			return d.errf(k, "%s: duplicate key %q", what, k.Value)
		}
		seen[k.Value] = true
		if err := h(v); err != nil {
			return err
		}
	}
	return nil
}

func (d *decoder) str(n *yaml.Node, what string) (string, error) {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!str" {
		return "", d.errf(n, "%s must be a string", what)
	}
	return n.Value, nil
}

func (d *decoder) boolean(n *yaml.Node, what string) (bool, error) {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" {
		return false, d.errf(n, "%s must be true or false", what)
	}
	return strconv.ParseBool(n.Value)
}

// strs decodes a non-empty sequence of non-empty strings; check, if set,
// validates each element.
func (d *decoder) strs(n *yaml.Node, what string, check func(string) error) ([]string, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, d.errf(n, "%s must be a list", what)
	}
	if len(n.Content) == 0 {
		return nil, d.errf(n, "%s must not be empty", what)
	}
	out := make([]string, 0, len(n.Content))
	for _, el := range n.Content {
		s, err := d.str(el, what+" entries")
		if err != nil {
			return nil, err
		}
		if s == "" {
			return nil, d.errf(el, "%s: empty entry", what)
		}
		if check != nil {
			if err := check(s); err != nil {
				return nil, d.errf(el, "%s: %q: %v", what, s, err)
			}
		}
		out = append(out, s)
	}
	return out, nil
}

func (d *decoder) policy(data []byte) (*Policy, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		e := &PolicyError{File: d.file, Reason: strings.TrimPrefix(err.Error(), "yaml: ")}
		if m := yamlLineRE.FindStringSubmatch(err.Error()); m != nil {
			e.Line, _ = strconv.Atoi(m[1])
			e.Reason = m[2]
		}
		return nil, e
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil, &PolicyError{File: d.file, Reason: "empty policy file"}
	}
	root := doc.Content[0]
	p := &Policy{src: &source{paths: map[string][]string{}}, profiles: map[string][]string{}}
	version := 0
	var setsNode *yaml.Node
	err := d.fields(root, "policy", map[string]func(*yaml.Node) error{
		"version": func(v *yaml.Node) error {
			if v.Kind != yaml.ScalarNode || v.Tag != "!!int" || v.Value != "1" {
				return d.errf(v, "version must be 1")
			}
			version = 1
			return nil
		},
		"paths": func(v *yaml.Node) error {
			if v.Kind != yaml.MappingNode {
				return d.errf(v, "paths must be a mapping of path set names to lists")
			}
			for i := 0; i+1 < len(v.Content); i += 2 {
				k, pats := v.Content[i], v.Content[i+1]
				if !idRE.MatchString(k.Value) {
					return d.errf(k, "path set name %q: use lowercase letters, digits, '-', '_', '.'", k.Value)
				}
				if _, dup := p.src.paths[k.Value]; dup {
					return d.errf(k, "duplicate path set %q", k.Value)
				}
				list, err := d.strs(pats, "path set "+k.Value, checkPathPattern)
				if err != nil {
					return err
				}
				p.src.paths[k.Value] = list
				p.src.pathOrder = append(p.src.pathOrder, k.Value)
			}
			return nil
		},
		"profiles": func(v *yaml.Node) error {
			if v.Kind != yaml.MappingNode {
				return d.errf(v, "profiles must be a mapping of names to tool lists")
			}
			for i := 0; i+1 < len(v.Content); i += 2 {
				k, tools := v.Content[i], v.Content[i+1]
				if !idRE.MatchString(k.Value) {
					return d.errf(k, "profile name %q: use lowercase letters, digits, '-', '_', '.'", k.Value)
				}
				if _, dup := p.profiles[k.Value]; dup {
					return d.errf(k, "duplicate profile %q", k.Value)
				}
				list, err := d.strs(tools, "profile "+k.Value, checkToolName)
				if err != nil {
					return err
				}
				p.profiles[k.Value] = list
			}
			return nil
		},
		"rule_sets": func(v *yaml.Node) error {
			setsNode = v
			return nil
		},
	})
	if err != nil {
		return nil, err
	}
	if version == 0 {
		return nil, d.errf(root, "missing version: 1")
	}
	if setsNode != nil {
		if err := d.ruleSets(p, setsNode); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func (d *decoder) ruleSets(p *Policy, n *yaml.Node) error {
	if n.Kind != yaml.SequenceNode {
		return d.errf(n, "rule_sets must be a list")
	}
	ids := map[string]bool{}
	names := map[string]bool{}
	for _, sn := range n.Content {
		var rs ruleSet
		var rulesNode *yaml.Node
		mode := ""
		err := d.fields(sn, "rule set", map[string]func(*yaml.Node) error{
			"name": func(v *yaml.Node) (err error) {
				rs.name, err = d.str(v, "name")
				if err == nil && !idRE.MatchString(rs.name) {
					err = d.errf(v, "rule set name %q: use lowercase letters, digits, '-', '_', '.'", rs.name)
				}
				if err == nil && names[rs.name] {
					err = d.errf(v, "duplicate rule set name %q", rs.name)
				}
				names[rs.name] = true
				return err
			},
			"mode": func(v *yaml.Node) (err error) {
				mode, err = d.str(v, "mode")
				if err == nil && mode != "enforce" && mode != "shadow" {
					err = d.errf(v, "mode must be enforce or shadow, not %q", mode)
				}
				return err
			},
			"rules": func(v *yaml.Node) error { rulesNode = v; return nil },
		})
		if err != nil {
			return err
		}
		if rs.name == "" {
			return d.errf(sn, "rule set without a name")
		}
		if mode == "" {
			return d.errf(sn, "rule set %q: missing mode (enforce or shadow)", rs.name)
		}
		rs.shadow = mode == "shadow"
		if rulesNode == nil || rulesNode.Kind != yaml.SequenceNode || len(rulesNode.Content) == 0 {
			at := sn
			if rulesNode != nil {
				at = rulesNode
			}
			return d.errf(at, "rule set %q: rules must be a non-empty list", rs.name)
		}
		for _, rn := range rulesNode.Content {
			r, err := d.rule(p, rn)
			if err != nil {
				return err
			}
			if ids[r.id] {
				return d.errf(rn, "duplicate rule id %q", r.id)
			}
			ids[r.id] = true
			rs.rules = append(rs.rules, r)
		}
		p.sets = append(p.sets, rs)
	}
	return nil
}

func (d *decoder) rule(p *Policy, n *yaml.Node) (*rule, error) {
	r := &rule{}
	c := &cmdRule{}
	var hasCommand, hasUnparseable, hasRuntimeLaunch bool
	var allNode, cmdNode *yaml.Node
	set := map[string]*yaml.Node{}
	mark := func(k string, v *yaml.Node) { set[k] = v }
	err := d.fields(n, "rule", map[string]func(*yaml.Node) error{
		"id": func(v *yaml.Node) (err error) {
			r.id, err = d.str(v, "id")
			if err == nil && !idRE.MatchString(r.id) {
				err = d.errf(v, "rule id %q: use lowercase letters, digits, '-', '_', '.'", r.id)
			}
			if err == nil && slices.Contains(reservedRules, r.id) {
				err = d.errf(v, "rule id %q is reserved", r.id)
			}
			return err
		},
		"reason": func(v *yaml.Node) (err error) { r.reason, err = d.str(v, "reason"); return err },
		"roles": func(v *yaml.Node) (err error) {
			mark("roles", v)
			r.roles, err = d.strs(v, "roles", nil)
			return err
		},
		"tools": func(v *yaml.Node) (err error) {
			mark("tools", v)
			r.tools, err = d.strs(v, "tools", checkToolName)
			return err
		},
		"paths": func(v *yaml.Node) (err error) {
			mark("paths", v)
			r.paths, err = d.strs(v, "paths", p.src.checkSetRef)
			return err
		},
		"input_field": func(v *yaml.Node) (err error) {
			mark("input_field", v)
			r.inputField, err = d.str(v, "input_field")
			if err == nil && (r.inputField == "" || strings.ContainsAny(r.inputField, " \t\n")) {
				err = d.errf(v, "input_field must name one tool_input field")
			}
			return err
		},
		"unparseable": func(v *yaml.Node) (err error) {
			mark("unparseable", v)
			hasUnparseable, err = d.boolean(v, "unparseable")
			if err == nil && !hasUnparseable {
				err = d.errf(v, "unparseable: false is the same as leaving it out; remove it")
			}
			return err
		},
		"runtime_launch": func(v *yaml.Node) (err error) {
			mark("runtime_launch", v)
			hasRuntimeLaunch, err = d.boolean(v, "runtime_launch")
			if err == nil && !hasRuntimeLaunch {
				err = d.errf(v, "runtime_launch: false is the same as leaving it out; remove it")
			}
			return err
		},
		"command": func(v *yaml.Node) (err error) {
			hasCommand, cmdNode = true, v
			c.names, err = d.strs(v, "command", checkCommandName)
			return err
		},
		"subcommand": func(v *yaml.Node) (err error) {
			mark("subcommand", v)
			c.subcommand, err = d.strs(v, "subcommand", nil)
			return err
		},
		"global_value_flags": func(v *yaml.Node) (err error) {
			mark("global_value_flags", v)
			c.globalValueFlags, err = d.strs(v, "global_value_flags", checkFlag)
			return err
		},
		"value_flags": func(v *yaml.Node) (err error) {
			mark("value_flags", v)
			c.valueFlags, err = d.strs(v, "value_flags", checkFlag)
			return err
		},
		"abbrev": func(v *yaml.Node) (err error) {
			mark("abbrev", v)
			c.abbrev, err = d.boolean(v, "abbrev")
			return err
		},
		"dynamic": func(v *yaml.Node) (err error) {
			mark("dynamic", v)
			c.dynamic, err = d.boolean(v, "dynamic")
			return err
		},
		"ignore_case": func(v *yaml.Node) (err error) {
			mark("ignore_case", v)
			c.ignoreCase, err = d.boolean(v, "ignore_case")
			return err
		},
		"all": func(v *yaml.Node) error { mark("all", v); allNode = v; return nil },
	})
	if err != nil {
		return nil, err
	}
	if r.id == "" {
		return nil, d.errf(n, "rule without an id")
	}
	if r.reason == "" {
		r.reason = "denied by rule " + r.id
	}
	only := func(kind string, allowed ...string) error {
		for k, v := range set {
			if !slices.Contains(allowed, k) {
				return d.errf(v, "rule %q: key %q does not belong in a %s rule", r.id, k, kind)
			}
		}
		return nil
	}
	cmdKeys := []string{"subcommand", "global_value_flags", "value_flags", "abbrev", "dynamic", "ignore_case", "all"}
	switch {
	case hasRuntimeLaunch:
		r.kind = kindRuntimeLaunch
		if hasCommand || hasUnparseable {
			return nil, d.errf(n, "rule %q: a runtime_launch rule takes no command and no unparseable", r.id)
		}
		return r, only("runtime_launch", "runtime_launch")
	case hasUnparseable:
		r.kind = kindUnparseable
		if hasCommand {
			return nil, d.errf(cmdNode, "rule %q: an unparseable rule takes no command", r.id)
		}
		return r, only("unparseable", "unparseable")
	case hasCommand:
		r.kind = kindCommand
		if err := only("command", cmdKeys...); err != nil {
			return nil, err
		}
		if slices.Contains(c.names, "*") && len(c.names) > 1 {
			return nil, d.errf(cmdNode, "rule %q: \"*\" stands for every command and must be alone", r.id)
		}
		if c.names[0] == "*" && c.subcommand != nil {
			return nil, d.errf(set["subcommand"], "rule %q: a subcommand needs named commands", r.id)
		}
		if allNode == nil {
			return nil, d.errf(n, "rule %q: a command rule needs all: (its conditions)", r.id)
		}
		if err := d.conditions(p, r.id, c, allNode); err != nil {
			return nil, err
		}
		c.compile()
		r.cmd = c
		return r, nil
	case set["roles"] != nil:
		r.kind = kindRole
		if err := only("role", "roles", "tools"); err != nil {
			return nil, err
		}
		if r.tools == nil {
			return nil, d.errf(n, "rule %q: a role rule needs tools:", r.id)
		}
		return r, nil
	case set["paths"] != nil:
		r.kind = kindPath
		if err := only("path", "paths", "tools", "input_field"); err != nil {
			return nil, err
		}
		if r.tools == nil {
			return nil, d.errf(n, "rule %q: a path rule needs tools:", r.id)
		}
		if r.inputField != "" {
			for _, t := range r.tools {
				if _, ok := writeTools[t]; ok || shellTools[t] {
					return nil, d.errf(set["tools"], "rule %q: %s has a known input; input_field is for other tools (write a separate rule)", r.id, t)
				}
			}
			return r, nil
		}
		for _, t := range r.tools {
			if shellTools[t] {
				return nil, d.errf(set["tools"], "rule %q: %s is judged by command rules (names_path, writes_path), not path rules", r.id, t)
			}
			if _, ok := writeTools[t]; !ok {
				return nil, d.errf(set["tools"], "rule %q: tool %q has no known path input (path rules cover %s; for other tools name the field with input_field)", r.id, t, strings.Join(writeToolNames(), ", "))
			}
		}
		return r, nil
	}
	return nil, d.errf(n, "rule %q: say what it matches: roles+tools, paths+tools, command+all, unparseable: true or runtime_launch: true", r.id)
}

func (d *decoder) conditions(p *Policy, id string, c *cmdRule, n *yaml.Node) error {
	if n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
		return d.errf(n, "rule %q: all must be a non-empty list of conditions", id)
	}
	for _, cn := range n.Content {
		var cd cond
		var ancestorsNode *yaml.Node
		err := d.fields(cn, "condition", map[string]func(*yaml.Node) error{
			"flag": func(v *yaml.Node) (err error) { cd.flags, err = d.strs(v, "flag", checkFlag); return err },
			"flag_value": func(v *yaml.Node) error {
				if v.Kind != yaml.SequenceNode || len(v.Content) == 0 {
					return d.errf(v, "flag_value must be a non-empty list of {flag, value}")
				}
				for _, fvn := range v.Content {
					var fv flagValue
					err := d.fields(fvn, "flag_value", map[string]func(*yaml.Node) error{
						"flag":  func(v *yaml.Node) (err error) { fv.flags, err = d.strs(v, "flag", checkFlag); return err },
						"value": func(v *yaml.Node) (err error) { fv.values, err = d.strs(v, "value", nil); return err },
					})
					if err != nil {
						return err
					}
					if fv.flags == nil || fv.values == nil {
						return d.errf(fvn, "flag_value needs both flag and value")
					}
					cd.flagValues = append(cd.flagValues, fv)
				}
				return nil
			},
			"arg": func(v *yaml.Node) (err error) {
				cd.args, err = d.strs(v, "arg", func(s string) error {
					_, err := globRE(s, false)
					return err
				})
				return err
			},
			"contains": func(v *yaml.Node) (err error) { cd.contains, err = d.strs(v, "contains", nil); return err },
			"names_path": func(v *yaml.Node) (err error) {
				cd.namesPath, err = d.strs(v, "names_path", p.src.checkSetRef)
				return err
			},
			"writes_path": func(v *yaml.Node) (err error) {
				cd.writesPath, err = d.strs(v, "writes_path", p.src.checkSetRef)
				return err
			},
			"min_args": func(v *yaml.Node) error {
				n, err := strconv.Atoi(v.Value)
				if v.Kind != yaml.ScalarNode || v.Tag != "!!int" || err != nil || n < 1 {
					return d.errf(v, "min_args must be a whole number of at least 1")
				}
				cd.minArgs = n
				return nil
			},
			"ancestors": func(v *yaml.Node) (err error) {
				ancestorsNode = v
				cd.ancestors, err = d.boolean(v, "ancestors")
				return err
			},
		})
		if err != nil {
			return err
		}
		if cd.empty() {
			return d.errf(cn, "rule %q: empty condition", id)
		}
		if ancestorsNode != nil && cd.namesPath == nil {
			return d.errf(ancestorsNode, "rule %q: ancestors applies to names_path only", id)
		}
		if c.names[0] == "*" && (cd.flags != nil || cd.flagValues != nil || cd.args != nil || cd.minArgs > 0) {
			return d.errf(cn, "rule %q: flag, flag_value, arg and min_args need named commands, not \"*\"", id)
		}
		c.all = append(c.all, cd)
	}
	return nil
}

func checkPathPattern(s string) error {
	for _, m := range placeholderRE.FindAllStringSubmatch(s, -1) {
		if !slices.Contains(placeholders, m[1]) {
			return fmt.Errorf("unknown placeholder ${%s} (known: %s)", m[1], strings.Join(placeholders, ", "))
		}
	}
	rest := placeholderRE.ReplaceAllString(s, "x")
	if strings.Contains(rest, "$") {
		return fmt.Errorf("write placeholders as ${NAME}")
	}
	if strings.HasPrefix(rest, "~") && rest != "~" && !strings.HasPrefix(rest, "~/") {
		return fmt.Errorf("only ~ and ~/ name the home folder")
	}
	return validPatternElems(rest)
}

func (s *source) checkSetRef(name string) error {
	if _, ok := s.paths[name]; !ok {
		return fmt.Errorf("no such path set (define it under paths:)")
	}
	return nil
}

func checkToolName(s string) error {
	if strings.TrimSpace(s) != s || strings.ContainsAny(s, " \t\n") {
		return fmt.Errorf("tool names have no spaces")
	}
	return nil
}

func checkCommandName(s string) error {
	if s == "*" {
		return nil
	}
	if strings.ContainsAny(s, "/ \t\n*?[") {
		return fmt.Errorf("a command is a plain name (matched on the last path element)")
	}
	return nil
}

func checkFlag(s string) error {
	switch {
	case s == "-" || s == "--":
		return fmt.Errorf("not a flag")
	case strings.HasPrefix(s, "--"):
		if strings.ContainsAny(s, "= \t") {
			return fmt.Errorf("write long flags without =value")
		}
		return nil
	case strings.HasPrefix(s, "-"):
		if len(s) != 2 {
			return fmt.Errorf("a short flag is one dash and one character (long flags take two dashes)")
		}
		return nil
	}
	return fmt.Errorf("a flag starts with -")
}
