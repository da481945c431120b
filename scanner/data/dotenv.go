package data

import (
	"bytes"
	"fmt"
	"path"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// KindDotenv is a dotenv file (`.env`, `.env.local`, `prod.env`): the
// environment a process of any language loads (dotenv, python-dotenv,
// godotenv, `docker run --env-file`, `env $(cat .env)`).
const KindDotenv Kind = "dotenv"

// isDotenv reports whether base (a file's base name) names a dotenv file.
func isDotenv(base string) bool {
	lower := strings.ToLower(base)
	return lower == ".env" || strings.HasPrefix(lower, ".env.") || path.Ext(lower) == ".env"
}

// dotenv reads a dotenv file line by line. It launches nothing itself: a
// variable whose value names a runtime (`AGENT_BIN=claude`), or spells
// the primitive or a part of it (`PERMISSION_MODE=bypassPermissions`:
// scanner.PrimitivePart), is offered to
// the files of every language that read it (Summary.Env,
// EnvAnyLanguage), where the value is a possibility of the read, as a
// variable another module sets is. A line that is not `NAME=value` (with
// an optional `export `) is skipped, as dotenv loaders skip it.
func (s *scan) dotenv() {
	p := s.p
	if !p.Config.MentionsRuntime(p.Src) && !scanner.PrimitivePart(string(p.Src)) {
		return
	}
	sum := &scanner.Summary{EnvAnyLanguage: true}
	off := 0
	for _, line := range bytes.SplitAfter(p.Src, []byte("\n")) {
		start := off
		off += len(line)
		name, val, at, ok := dotenvLine(line)
		if !ok || !p.Config.MentionsRuntime([]byte(val)) && !scanner.PrimitivePart(val) {
			continue
		}
		if !sum.AddEnv(name, scanner.Const{Vals: []string{val}, At: s.pos(start + at)}) {
			// a bound reached is reported, never silent
			sum.Truncated = true
			pos := s.pos(start)
			p.Report(scanner.Finding{Line: pos.Line, Column: pos.Column, Class: scanner.ClassUnparseable,
				Message: fmt.Sprintf("more than %d variables of this file hold a runtime: the rest are not offered to the code that reads them, so its launches cannot be checked", scanner.MaxSummaryEntries)})
			break
		}
	}
	if len(sum.Env) > 0 || sum.Truncated {
		p.Summary = sum
		p.Module = sum
	}
}

// dotenvLine splits one dotenv line into its name and value, and the
// value's offset in the line: `NAME=value`, `export NAME="value"`,
// `NAME='value' # note`.
func dotenvLine(line []byte) (name, val string, at int, ok bool) {
	l := string(bytes.TrimRight(line, "\r\n"))
	i := len(l) - len(strings.TrimLeft(l, " \t"))
	if rest, found := strings.CutPrefix(l[i:], "export "); found {
		i = len(l) - len(strings.TrimLeft(rest, " \t"))
	}
	eq := strings.IndexByte(l[i:], '=')
	if eq <= 0 {
		return "", "", 0, false
	}
	name = strings.TrimSpace(l[i : i+eq])
	for k, c := range name {
		if !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || k > 0 && (c >= '0' && c <= '9' || c == '.')) {
			return "", "", 0, false
		}
	}
	at = i + eq + 1
	v := l[at:]
	trimmed := strings.TrimLeft(v, " \t")
	at += len(v) - len(trimmed)
	v = trimmed
	switch {
	case strings.HasPrefix(v, `"`) || strings.HasPrefix(v, "'"):
		if end := strings.IndexByte(v[1:], v[0]); end >= 0 {
			return name, v[1 : 1+end], at + 1, true
		}
		return name, v[1:], at + 1, true
	default:
		if k := strings.Index(v, " #"); k >= 0 {
			v = v[:k]
		}
		return name, strings.TrimRight(v, " \t"), at, true
	}
}

// maxEnvFileVars bounds the variables read from one environment file
// another file names (envFile): past it the rest are not set, and the
// scan reports that bound.
const maxEnvFileVars = 256

// envFile reads the dotenv file of the scan that this file names by
// spec (compose's `env_file:`, a justfile's `dotenv-load`), relative to
// this file's folder, and returns the literal values it sets (a value
// holding `$` or a backquote is interpolated and stays unknown), each
// placed at off, where this file names the file. A file that is not one
// of the scan (missing, outside the root, excluded) sets nothing known.
func (s *scan) envFile(spec string, off int) []envVar {
	if s.p.Shared == nil || s.p.Shared.Read == nil || spec == "" || path.IsAbs(spec) {
		return nil
	}
	rel := path.Clean(path.Join(path.Dir(s.p.Path), spec))
	if rel == ".." || strings.HasPrefix(rel, "../") || rel == s.p.Path {
		return nil
	}
	src, ok := s.p.Shared.Read(rel)
	if !ok {
		return nil
	}
	var env []envVar
	for _, line := range bytes.SplitAfter(src, []byte("\n")) {
		name, val, _, ok := dotenvLine(line)
		if !ok || !isEnvName(name) || strings.ContainsAny(val, "$`") {
			continue
		}
		if len(env) == maxEnvFileVars {
			s.hitLimit(off, fmt.Sprintf("%s sets more than %d variables; the rest are not known", rel, maxEnvFileVars))
			break
		}
		env = overrideEnv(env, []envVar{{name: name, val: text{s: val, m: constMap(len(val), off)}}})
	}
	return env
}
