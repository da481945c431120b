package data

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// maxLostReports bounds the lost programs one file reports.
const maxLostReports = 8

// maxLostKeys bounds the keys valueKeys records.
const maxLostKeys = 256

// judgeLost reports, deny by default, the shell texts of a data file
// that run a program whose name they cannot read, through a variable or
// a template expression the file sets to a runtime's name somewhere the
// scan's reading of its format does not follow: GitLab's `rules:`
// variables and `parallel: matrix:` values (`$AGENT -p x`), Azure's
// `$(tool)` and `${{ variables.tool }}` of `variables:`, a `$[[
// inputs.agent ]]` whose `default:` names one. Any assignment of the
// name in the file may be the one in effect, so each counts. A name the
// file sets only to other values, or never, is not read this way; a
// place that already holds a launch is not reported again.
func judgeLost(p *scanner.Pass) {
	lost := p.LostPrograms()
	if len(lost) == 0 || !p.Hits.Has(scanner.HitRuntime) {
		return
	}
	keys, full := valueKeys(p)
	if len(keys) == 0 {
		return
	}
	had := map[int]bool{}
	for _, f := range p.Findings() {
		if f.IsLaunch() && f.Class != scanner.ClassGated {
			had[f.Line] = true
		}
	}
	lines := bytes.Split(p.Src, []byte("\n"))
	n := 0
	for _, at := range lost {
		if had[at.Line] || n >= maxLostReports || at.Line > len(lines) {
			continue
		}
		name := expansionName(lines[at.Line-1], at.Column-1)
		k, ok := keys[name]
		if !ok && full.line > 0 && name != "" {
			// past maxLostKeys the name may be one not recorded: the
			// first runtime value stands for it
			k, ok = full, true
		}
		if !ok {
			continue
		}
		had[at.Line] = true
		n++
		p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: k.rt, Class: scanner.ClassDynamic,
			Message: fmt.Sprintf("runs `%s`, which this file sets to `%s` at line %d in a place the scan does not follow: it may start %s this way, bypassing launch-runtime", name, k.text, k.line, k.rt)})
	}
}

// valueKey is where a file sets a name to a runtime's name.
type valueKey struct {
	rt, text string
	line     int
}

// nameRE finds the last name of an expansion (`AGENT` of `$AGENT`,
// `tool` of `${{ variables.tool }}`).
var nameRE = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_-]*`)

// expansionName is the name the expansion at line[col:] reads: `$NAME`,
// `${NAME}`, `$(NAME)`, `${{ a.b.NAME }}`, `$[[ inputs.NAME ]]`, `{{
// a.NAME }}`, quoted or not.
func expansionName(line []byte, col int) string {
	if col < 0 || col >= len(line) {
		return ""
	}
	s := strings.TrimLeft(string(line[col:]), `"'`)
	end := len(s)
	for _, pair := range [][2]string{{"${{", "}}"}, {"$[[", "]]"}, {"{{", "}}"}, {"$(", ")"}, {"${", "}"}} {
		if strings.HasPrefix(s, pair[0]) {
			if i := strings.Index(s, pair[1]); i > 0 {
				end = i
			}
			s = s[len(pair[0]):end]
			names := nameRE.FindAllString(s, -1)
			if len(names) == 0 {
				return ""
			}
			return names[len(names)-1]
		}
	}
	if !strings.HasPrefix(s, "$") {
		return ""
	}
	return nameRE.FindString(s[1:])
}

// valueKeys are the names p's file sets to a runtime's command as a
// whole value, a flow list's element included: the key of the line
// (`AGENT: claude`, `- AGENT: [claude, pi]`, `AGENT=pi`), the keys it
// sits under by indentation (`agent:` above `default: claude`), and the
// `name:` of its mapping (Azure's `- name: tool` before `value: pi`). A
// key that holds prose or a name (inertKeys) sets nothing.
// Past maxLostKeys names it stops, and full is the first value it
// recorded (else zero): any name may then be set to a runtime.
func valueKeys(p *scanner.Pass) (keys map[string]valueKey, full valueKey) {
	type open struct {
		indent int
		key    string
	}
	var stack []open
	keys = map[string]valueKey{}
	var first valueKey
	lines := bytes.Split(p.Src, []byte("\n"))
	for ln, raw := range lines {
		line := string(raw)
		text := strings.TrimSpace(line)
		if text == "" || text[0] == '#' {
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " \t"))
		item := strings.HasPrefix(text, "- ")
		if item {
			text = strings.TrimSpace(text[2:])
			indent += 2
		}
		for len(stack) > 0 && stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		k, v, ok := cutKey(text)
		if !ok {
			v = text
		}
		k = strings.Trim(strings.TrimSpace(k), `"'`)
		if ok && strings.TrimSpace(v) == "" {
			stack = append(stack, open{indent, k})
			continue
		}
		if ok && inertKeys[strings.ToLower(k)] {
			continue
		}
		if i := strings.Index(v, " #"); i >= 0 {
			v = v[:i]
		}
		v = strings.TrimSpace(v)
		v = strings.TrimSuffix(strings.TrimPrefix(v, "["), "]")
		rt := ""
		for _, el := range strings.Split(v, ",") {
			el = strings.Trim(strings.TrimSpace(el), `"'`)
			if r, ok := p.Config.RuntimeForCommand(el); ok && !strings.Contains(el, "/") {
				rt, v = r, el
				break
			}
		}
		if rt == "" {
			continue
		}
		kv := valueKey{rt: rt, text: v, line: ln + 1}
		if first.line == 0 {
			first = kv
		}
		if len(keys) >= maxLostKeys {
			return keys, first
		}
		if ok {
			keys[k] = kv
		}
		for _, o := range stack {
			keys[o.key] = kv
		}
		if name := siblingName(lines, ln, indent); name != "" {
			keys[name] = kv
		}
	}
	return keys, valueKey{}
}

// siblingName is the value of the `name:` key of the mapping line ln
// belongs to (at indent), looked for a few lines up and down.
func siblingName(lines [][]byte, ln, indent int) string {
	for _, d := range []int{-1, 1, -2, 2, -3, 3} {
		i := ln + d
		if i < 0 || i >= len(lines) {
			continue
		}
		line := string(lines[i])
		text := strings.TrimSpace(line)
		in := len(line) - len(strings.TrimLeft(line, " \t"))
		if strings.HasPrefix(text, "- ") {
			text, in = strings.TrimSpace(text[2:]), in+2
		}
		if in != indent {
			continue
		}
		if k, v, ok := cutKey(text); ok && strings.TrimSpace(k) == "name" {
			return strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return ""
}

// cutKey splits `KEY: value` or `KEY=value` at its first separator,
// when what comes before it is a key (no blank inside it).
func cutKey(text string) (string, string, bool) {
	i := strings.IndexAny(text, ":=")
	if i <= 0 || strings.ContainsAny(strings.Trim(text[:i], `"'`), " \t") {
		return "", "", false
	}
	return text[:i], text[i+1:], true
}
