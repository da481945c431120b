package data

import (
	"fmt"
	"slices"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// packageJSON scans package.json scripts. Every script is a shell command
// line run by npm, yarn, pnpm or bun, including the pre/post scripts that
// run around another (prebuild, postinstall, prepare): each is scanned
// where it is written. A script that runs another script (`npm run x`,
// npm-run-all, run-s, run-p with script names) needs nothing more, since
// the named scripts are scanned themselves; commands given as strings to
// concurrently are judged by the core's argv judge as shell strings.
// npm gives each script the package's `config` entries as environment
// variables (`"config": {"agent": "claude"}` is
// `$npm_package_config_agent`; nested objects join their keys with `_`),
// so a script reading one is scanned with it set.
func (s *scan) packageJSON(root *node) {
	s.lintStaged(root.get("lint-staged"))
	scripts := root.get("scripts")
	if scripts == nil || scripts.kind != kindObject {
		return
	}
	env := npmConfigEnv(root.get("config"), "npm_package_config", 0, nil)
	for _, e := range env {
		// the processes the scripts start inherit them, whatever their
		// language (`node scripts/ai.mjs` reading
		// process.env.npm_package_config_agent)
		s.offerEnvVar(e.name, e.val.s, e.val.fileOff(0))
	}
	for _, v := range scripts.vals {
		if v.kind == kindScalar && v.isString {
			s.shell(withEnv(v.text(), env), "", nil)
			s.runScriptArgs(scripts, v.str, v.text().fileOff, env, nil)
		}
	}
}

// runScriptArgs judges the scripts a script line runs by name with
// arguments (`npm run agent -- claude -p`, `yarn agent claude`, `pnpm
// run agent claude`, `bun run agent claude`): the package manager runs
// the named script's line with the arguments appended, so that line is
// scanned with them, reported at off (where the calling script is
// written; fileOff maps the line's offsets to the file's) with a step
// into the named script. Only arguments naming a
// runtime are followed (the named script is scanned where it is
// written); a script reached through more than MaxLinkDepth such calls,
// or through a cycle of them, is dynamic at off.
func (s *scan) runScriptArgs(scripts *node, line string, fileOff func(int) int, env []envVar, chain []string) {
	for _, c := range scriptRunsByName(line) {
		off := fileOff(c.at)
		if !s.p.Config.MentionsRuntime([]byte(c.args)) && !slices.ContainsFunc(c.env, func(e [2]string) bool { return s.p.Config.MentionsRuntime([]byte(e[1])) }) {
			continue
		}
		target := scripts.get(c.name)
		if target == nil || target.kind != kindScalar || !target.isString {
			continue
		}
		if len(chain) >= scanner.MaxLinkDepth || slices.Contains(chain, c.name) {
			at := s.pos(off)
			s.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: "unknown", Class: scanner.ClassDynamic,
				Message: fmt.Sprintf("arguments naming a runtime are handed to the script `%s` through more than %d scripts run by name, or through a cycle of them; not followed", c.name, scanner.MaxLinkDepth)})
			continue
		}
		full := target.str
		if c.args != "" {
			full += " " + c.args
		}
		// the variables the call sets (`AGENT=claude npm run agent`)
		// are the named script's environment
		cenv := env
		for _, e := range c.env {
			cenv = append(cenv[:len(cenv):len(cenv)], envVar{name: e[0], val: text{s: e[1], m: constMap(len(e[1]), off)}})
		}
		mark := s.p.Mark()
		s.shell(withEnv(text{s: full, m: constMap(len(full), off)}, cenv), "", nil)
		s.runScriptArgs(scripts, full, func(int) int { return off }, cenv, append(chain[:len(chain):len(chain)], c.name))
		tp := s.pos(target.off)
		note := fmt.Sprintf("the script `%s` runs with the arguments appended", c.name)
		if c.args == "" {
			note = fmt.Sprintf("the script `%s` runs with the variables set", c.name)
		}
		step := scanner.Step{File: s.p.Path, Line: tp.Line, Column: tp.Column, Note: note}
		fs := s.p.Findings()
		for i := mark; i < len(fs); i++ {
			f := &fs[i]
			if !f.IsLaunch() {
				continue
			}
			steps := []scanner.Step{step}
			if f.Chain != nil {
				f.Message = strings.TrimSuffix(f.Message, " ("+scanner.ChainText(*f.Chain)+")")
				steps = append(steps, *f.Chain...)
			}
			f.Chain = &steps
			f.Message += " (" + scanner.ChainText(steps) + ")"
		}
	}
}

// scriptRun is a script run by name with arguments: its name, the
// arguments as written, the variables the command sets for it (NAME,
// value), and where the command starts in the line.
type scriptRun struct {
	name, args string
	env        [][2]string
	at         int
}

// scriptRunsByName finds, in a script line, the package manager calls
// that run a script by name with arguments: `npm run NAME [--] ARGS`
// (also run-script), `yarn [run] NAME ARGS`, `pnpm [run] NAME ARGS`, `bun
// run NAME ARGS`, each a command of the line (split at unquoted `;`,
// `&`, `|` and newlines). Options before NAME are skipped, a `--` before
// the arguments dropped. A word that is not a script of the package is
// left to the caller (scripts.get).
func scriptRunsByName(line string) []scriptRun {
	var out []scriptRun
	for _, cmd := range splitCommands(line) {
		words := strings.Fields(line[cmd[0]:cmd[1]])
		words, env := envPrefix(words)
		if len(words) < 2 || len(words) < 3 && len(env) == 0 {
			continue
		}
		i := 1
		switch words[0] {
		case "npm":
			if !slices.Contains([]string{"run", "run-script", "rum", "urn"}, words[1]) {
				continue
			}
			i = 2
		case "bun":
			if words[1] != "run" {
				continue
			}
			i = 2
		case "yarn", "pnpm":
			if words[1] == "run" || words[1] == "run-script" {
				i = 2
			}
		default:
			continue
		}
		if words[0] == "npm" {
			// npm run x --agent=claude: npm takes a --name=value flag
			// before `--` as its config, handed to the script as
			// npm_config_name
			env = append(env, npmFlagEnv(words[2:])...)
		}
		for i < len(words) && strings.HasPrefix(words[i], "-") && words[i] != "--" {
			i++
		}
		if i >= len(words) || i+1 >= len(words) && len(env) == 0 {
			continue
		}
		rest := words[i+1:]
		if len(rest) > 0 && rest[0] == "--" {
			rest = rest[1:]
		}
		if len(rest) > 0 || len(env) > 0 {
			at := cmd[0] + len(line[cmd[0]:cmd[1]]) - len(strings.TrimLeft(line[cmd[0]:cmd[1]], " \t"))
			out = append(out, scriptRun{name: words[i], args: strings.Join(rest, " "), env: env, at: at})
		}
	}
	return out
}

// npmFlagEnv is the environment npm gives a script for the `--name=value`
// flags of `npm run` before `--` (npm_config_name, `-` as `_`).
func npmFlagEnv(words []string) [][2]string {
	var env [][2]string
	for _, w := range words {
		if w == "--" {
			break
		}
		name, val, ok := strings.Cut(strings.TrimPrefix(w, "--"), "=")
		if !ok || !strings.HasPrefix(w, "--") || name == "" {
			continue
		}
		name = "npm_config_" + strings.ReplaceAll(name, "-", "_")
		if isEnvName(name) {
			env = append(env, [2]string{name, strings.Trim(val, `"'`)})
		}
	}
	return env
}

// envPrefix splits the variables a command sets before the program it
// runs (`AGENT=claude npm run x`, `env -u CI AGENT=claude npm run x`,
// `cross-env AGENT=claude npm run x`) off its words: the program's words
// and each NAME, value (quotes around the value dropped).
func envPrefix(words []string) ([]string, [][2]string) {
	var env [][2]string
	for len(words) > 0 {
		w := words[0]
		switch {
		case w == "env" || w == "cross-env" || w == "cross-env-shell":
			words = words[1:]
			for len(words) > 0 && strings.HasPrefix(words[0], "-") {
				if words[0] == "-u" || words[0] == "--unset" || words[0] == "-C" || words[0] == "--chdir" {
					words = words[min(2, len(words)):]
					continue
				}
				words = words[1:]
			}
			continue
		}
		name, v, ok := strings.Cut(w, "=")
		if !ok || !isEnvName(name) {
			break
		}
		env = append(env, [2]string{name, strings.Trim(v, `'"`)})
		words = words[1:]
	}
	return words, env
}

// splitCommands splits a shell line at the unquoted `;`, `&`, `|` and
// newlines: the commands of a list or pipeline, as offset ranges.
func splitCommands(line string) [][2]int {
	var out [][2]int
	start := 0
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' {
				i++
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '\\':
			i++
		case c == ';' || c == '&' || c == '|' || c == '\n':
			out = append(out, [2]int{start, i})
			start = i + 1
		}
	}
	return append(out, [2]int{start, len(line)})
}

// maxConfigDepth bounds how deep npmConfigEnv reads nested config
// objects; deeper entries set no variable the scan knows (a script
// reading one expands an unknown value).
const maxConfigDepth = 4

// npmConfigEnv lists the variables npm sets from a package.json `config`
// object: a scalar under each key, named prefix_key.
func npmConfigEnv(n *node, prefix string, depth int, out []envVar) []envVar {
	if n == nil || n.kind != kindObject || depth >= maxConfigDepth {
		return out
	}
	for i, k := range n.keys {
		name := prefix + "_" + k.str
		if !isEnvName(name) {
			continue
		}
		switch v := n.vals[i]; v.kind {
		case kindScalar:
			out = append(out, envVar{name: name, val: v.text()})
		case kindObject:
			out = npmConfigEnv(v, name, depth+1, out)
		}
	}
	return out
}

// scriptTable scans a table of named command lines: deno.json tasks
// (strings, or objects whose command the generic walk reads) and
// composer.json scripts (strings or lists of strings; entries naming
// another script with @ or a PHP callback run no shell command).
func (s *scan) scriptTable(t *node) {
	if t == nil || t.kind != kindObject {
		return
	}
	for _, v := range t.vals {
		switch v.kind {
		case kindScalar:
			if v.isString && !strings.HasPrefix(v.str, "@") && !strings.Contains(v.str, "::") {
				s.shell(v.text(), "", nil)
			}
		case kindArray:
			for _, e := range v.elems {
				if e.kind == kindScalar && e.isString && !strings.HasPrefix(e.str, "@") && !strings.Contains(e.str, "::") {
					s.shell(e.text(), "", nil)
				}
			}
		}
	}
}
