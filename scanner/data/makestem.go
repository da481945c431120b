package data

import (
	"fmt"
	"slices"
	"strings"
)

// maxAutoBindings bounds the bindings of the automatic variables one
// recipe is expanded with (autoBindings); past it the rest are not
// judged, which is reported.
const maxAutoBindings = 16

// ruleHead reads the targets and prerequisites of a rule line (`ask-%:
// x`, `review: ask-claude`, `$(OBJS): %.o: %.c`, made as make reads it:
// with the variables set so far) into r and the file's rule words.
func (m *makeState) ruleHead(r *recipe, lt text) {
	end := len(lt.s)
	if semi := ruleSemicolon(lt.s); semi >= 0 {
		end = semi
	} else if h := strings.IndexByte(lt.s, '#'); h >= 0 {
		end = h
	}
	head := lt.s[:end]
	if strings.Contains(head, "$") {
		head = m.expandText(text{s: head, m: lt.m[:end+1]}).s
	}
	i := strings.IndexByte(head, ':')
	if i < 0 {
		return
	}
	targets, rest := head[:i], strings.TrimPrefix(head[i+1:], ":")
	if j := strings.IndexByte(rest, ':'); j >= 0 {
		// a static pattern rule: explicit targets, then the pattern
		m.ruleWords = append(m.ruleWords, strings.Fields(targets)...)
		targets, rest = rest[:j], rest[j+1:]
	}
	for _, w := range strings.Fields(targets) {
		r.targets = append(r.targets, w)
		m.ruleWords = append(m.ruleWords, w)
	}
	for _, w := range strings.Fields(rest) {
		if w != "|" {
			r.prereqs = append(r.prereqs, w)
			m.ruleWords = append(m.ruleWords, w)
		}
	}
}

// autoBindings are the values of the automatic variables a recipe may be
// run with that name a runtime: for a pattern rule (`ask-%:`), each word
// of the file's rules (targets and prerequisites) the pattern matches
// gives a stem ($*), a target ($@) and prerequisites ($<, $^, $+) with
// the stem put in; for an explicit rule, each target. Only bindings that
// mention a runtime are kept: the others name none, and the recipe's
// plain expansion (the automatic variables as neutral words) judges
// them. At most maxAutoBindings; past it the bound is reported.
func (m *makeState) autoBindings(r *recipe) []map[string]string {
	if !m.names || len(r.targets) == 0 || !slices.ContainsFunc(r.lines, func(l text) bool { return usesAuto(l.s) }) {
		return nil
	}
	var out []map[string]string
	seen := map[string]bool{}
	add := func(stem, target string, pattern bool) bool {
		prereqs := make([]string, len(r.prereqs))
		for i, p := range r.prereqs {
			if pattern {
				p = strings.Replace(p, "%", stem, 1)
			}
			prereqs[i] = p
		}
		bind := map[string]string{"@": target, "^": strings.Join(prereqs, " "), "+": strings.Join(prereqs, " ")}
		if pattern {
			bind["*"] = stem
		}
		if len(prereqs) > 0 {
			bind["<"] = prereqs[0]
		}
		key := stem + "\x00" + target
		if seen[key] || !m.s.p.Config.MentionsRuntime([]byte(target+" "+bind["^"])) {
			return true
		}
		seen[key] = true
		if len(out) == maxAutoBindings {
			if len(r.lines) > 0 {
				m.s.hitLimit(r.lines[0].fileOff(0), fmt.Sprintf("a Makefile rule's automatic variables ($*, $@) may take more than %d values naming a runtime; the rest are not judged", maxAutoBindings))
			}
			return false
		}
		out = append(out, bind)
		return true
	}
	for _, t := range r.targets {
		pre, suf, pattern := strings.Cut(t, "%")
		if !pattern {
			if !add("", t, false) {
				return out
			}
			continue
		}
		for _, w := range m.ruleWords {
			if len(w) > len(pre)+len(suf) && strings.HasPrefix(w, pre) && strings.HasSuffix(w, suf) && !strings.Contains(w, "%") {
				if !add(w[len(pre):len(w)-len(suf)], w, true) {
					return out
				}
			}
		}
	}
	return out
}

// usesAuto reports whether a recipe line reads an automatic variable
// ($*, $@, $<, $^, $+, also in parentheses or braces).
func usesAuto(s string) bool {
	for i := strings.IndexByte(s, '$'); i >= 0 && i+1 < len(s); {
		c := s[i+1]
		if (c == '(' || c == '{') && i+2 < len(s) {
			c = s[i+2]
		}
		if strings.IndexByte("*@<^+", c) >= 0 {
			return true
		}
		j := strings.IndexByte(s[i+1:], '$')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return false
}

// substRef reads a substitution reference `NAME:FROM=TO` as the patsubst
// it stands for: FROM and TO with a `%`, or, without one, a suffix
// (`$(SRCS:.c=.o)` is `$(patsubst %.c,%.o,$(SRCS))`).
func substRef(inner string) (name, from, to string, ok bool) {
	name, rest, ok := strings.Cut(inner, ":")
	if !ok || !isMakeName(name) || strings.ContainsAny(rest, ",$") {
		return "", "", "", false
	}
	from, to, ok = strings.Cut(rest, "=")
	if !ok {
		return "", "", "", false
	}
	if !strings.Contains(from, "%") {
		from, to = "%"+from, "%"+to
	}
	return name, from, to, true
}
