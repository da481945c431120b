package data

import (
	"path"
	"regexp"
	"strings"
)

// CircleCI (`.circleci/*.yml`) puts in place, before a step runs, each
// `<< parameters.X >>` of a reusable command or job: the value its
// invocation passes (`- review: {agent: pi}` in a job's steps or a
// workflow's jobs, a value of a job's `matrix.parameters`), else the
// parameter's `default:`. Every such value in the file is a possibility
// of the parameter, and so is `<< pipeline.parameters.X >>`'s top-level
// `parameters:` default (a pipeline may be triggered with another). A
// value naming a runtime makes a launch through it dynamic (substitute);
// any other `<< ... >>` is an unknown part, the neutral word
// makePlaceholder.

// circleRE is a CircleCI pipeline value or parameter reference.
var circleRE = regexp.MustCompile(`<<\s*([A-Za-z0-9_.-]+)\s*>>`)

// maxCircleRounds bounds the rounds that hand a parameter's values on to
// the parameter of a command it invokes (`agent: << parameters.agent >>`).
const maxCircleRounds = 8

// isCircleCI reports whether rel is a CircleCI configuration file.
func isCircleCI(rel string) bool {
	ext := path.Ext(rel)
	return (ext == ".yml" || ext == ".yaml") && (strings.HasPrefix(rel, ".circleci/") || strings.Contains(rel, "/.circleci/"))
}

// circleDef is one reusable command or job.
type circleDef struct {
	n      *node
	values *valueSet
}

// circleLink hands the values of parameter from of the invoking
// definition to parameter to of the invoked one.
type circleLink struct {
	from     *circleDef
	fromName string
	to       *circleDef
	toName   string
}

func circleName(expr string) string {
	m := circleRE.FindStringSubmatch(expr)
	if m == nil {
		return ""
	}
	return m[1]
}

// circleci scans the run steps of a CircleCI configuration's commands and
// jobs with their parameters in place.
func (s *scan) circleci(root *node) {
	pipeline := newValueSet(nil)
	if ps := root.get("parameters"); ps != nil && ps.kind == kindObject {
		for i, k := range ps.keys {
			if d := ps.vals[i].get("default"); d != nil && d.kind == kindScalar {
				pipeline.add("pipeline.parameters."+k.str, d.text())
			}
		}
	}
	defs := map[string]map[string]*circleDef{}
	var order []*circleDef // in the order of the file
	for _, section := range []string{"commands", "jobs"} {
		defs[section] = map[string]*circleDef{}
		sec := root.get(section)
		if sec == nil || sec.kind != kindObject {
			continue
		}
		for i, k := range sec.keys {
			d := &circleDef{n: sec.vals[i], values: newValueSet(pipeline)}
			if ps := d.n.get("parameters"); ps != nil && ps.kind == kindObject {
				for j, pk := range ps.keys {
					if v := ps.vals[j].get("default"); v != nil && v.kind == kindScalar {
						d.values.add("parameters."+pk.str, v.text())
					}
				}
			}
			defs[section][k.str] = d
			order = append(order, d)
		}
	}
	var links []circleLink
	// invoke records the values an invocation passes to def.
	invoke := func(caller *circleDef, def *circleDef, args *node) {
		if def == nil || args == nil || args.kind != kindObject {
			return
		}
		for i, k := range args.keys {
			v := args.vals[i]
			vals := []*node{v}
			if k.str == "matrix" {
				// matrix.parameters: each value of each list
				vals = nil
				if mp := v.get("parameters"); mp != nil && mp.kind == kindObject {
					for j, mk := range mp.keys {
						for _, e := range mp.vals[j].items() {
							if e.kind == kindScalar {
								def.values.add("parameters."+mk.str, e.text())
							}
						}
					}
				}
			}
			for _, e := range vals {
				if e.kind != kindScalar {
					continue
				}
				if name := circleName(e.str); caller != nil && strings.HasPrefix(name, "parameters.") && strings.TrimSpace(e.str) == circleRE.FindString(e.str) {
					links = append(links, circleLink{from: caller, fromName: name, to: def, toName: "parameters." + k.str})
					continue
				}
				if name := circleName(e.str); strings.HasPrefix(name, "pipeline.parameters.") {
					// a pipeline parameter handed on: its default
					for _, t := range pipeline.all[name] {
						def.values.add("parameters."+k.str, t)
					}
					continue
				}
				def.values.add("parameters."+k.str, e.text())
			}
		}
	}
	var steps func(caller *circleDef, list *node, depth int)
	steps = func(caller *circleDef, list *node, depth int) {
		if list == nil || list.kind != kindArray || depth > maxKeyDepth {
			return
		}
		for _, st := range list.elems {
			if st.kind != kindObject || len(st.keys) != 1 {
				continue
			}
			name, args := st.keys[0].str, st.vals[0]
			switch name {
			case "when", "unless":
				steps(caller, args.get("steps"), depth+1)
			default:
				invoke(caller, defs["commands"][name], args)
			}
		}
	}
	for _, d := range order {
		steps(d, d.n.get("steps"), 0)
	}
	if wfs := root.get("workflows"); wfs != nil && wfs.kind == kindObject {
		for _, wf := range wfs.vals {
			for _, j := range wf.get("jobs").items() {
				if j.kind == kindObject && len(j.keys) == 1 {
					invoke(nil, defs["jobs"][j.keys[0].str], j.vals[0])
				}
			}
		}
	}
	// a parameter handed on to an invoked command's parameter: its
	// values are that parameter's too
	for round := 0; round < maxCircleRounds; round++ {
		grew := false
		for _, l := range links {
			for _, t := range l.from.values.all[l.fromName] {
				if !containsText(l.to.values.all[l.toName], t) {
					l.to.values.add(l.toName, t)
					grew = true
				}
			}
		}
		if !grew {
			break
		}
	}
	for _, d := range order {
		s.circleSteps(d.n.get("steps"), circleEnv(siblingEnv(d.n), d.values, s), d.values, 0)
	}
}

// circleEnv puts in place the environment values that are one reference
// (`AGENT: << parameters.agent >>`), as defaults: a run can replace them.
func circleEnv(env []envVar, values *valueSet, s *scan) []envVar {
	out := make([]envVar, 0, len(env))
	for _, e := range env {
		if name := circleName(e.val.s); name != "" && strings.TrimSpace(e.val.s) == circleRE.FindString(e.val.s) {
			v, ok := values.get(s, name)
			if !ok {
				continue // unknown: left unset
			}
			e = envVar{name: e.name, val: v, dflt: true}
		}
		out = append(out, e)
	}
	return out
}

func containsText(ts []text, t text) bool {
	for _, x := range ts {
		if x.s == t.s {
			return true
		}
	}
	return false
}

// circleSteps scans the run steps of a list with values in place of the
// references.
func (s *scan) circleSteps(list *node, env []envVar, values *valueSet, depth int) {
	if list == nil || list.kind != kindArray || depth > maxKeyDepth {
		return
	}
	for _, st := range list.elems {
		if st.kind != kindObject || len(st.keys) != 1 {
			continue
		}
		name, v := st.keys[0].str, st.vals[0]
		switch name {
		case "when", "unless":
			s.circleSteps(v.get("steps"), env, values, depth+1)
		case "run":
			cmd, stepEnv := v, env
			if v.kind == kindObject {
				cmd = v.get("command")
				stepEnv = overrideEnv(env, circleEnv(siblingEnv(v), values, s))
			}
			if cmd == nil || cmd.kind != kindScalar || !cmd.isString || !strings.Contains(cmd.str, "<<") && len(stepEnv) == 0 {
				continue
			}
			s.done[cmd] = true
			t, sub := s.substitute(cmd.text(), circleRE, circleName, values)
			s.shell(withEnv(t, append(append([]envVar(nil), stepEnv...), sub...)), "", nil)
		}
	}
}
