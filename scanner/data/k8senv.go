package data

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"regexp"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// A Kubernetes container's environment comes from its `env:` list
// (literal `value`s; `valueFrom.configMapKeyRef` and `secretKeyRef`) and
// from `envFrom` (`configMapRef`, `secretRef`, with an optional
// `prefix`). A ConfigMap or Secret manifest of the repository (any YAML
// file, any document) offers each of its `data:` (a Secret's decoded
// from base64) and `stringData:` values that names a runtime under its
// kind, name and key (Summary.Keys, k8sKey); a container file that
// reads one is read again in phase two with them (Imports.Key). A
// reference to a ConfigMap or Secret the repository does not hold is an
// unknown value, as a value from a field is: the shell that reads it
// sees it unset, never a runtime.

// k8sRefSpec is the need of a file whose containers read ConfigMaps or
// Secrets (Pass.Needs): Resolve gives the file itself, so that it is
// read again in phase two with the repository's keys.
const k8sRefSpec = "k8s-env-from:"

// maxK8sNames bounds the variable names of one container looked up
// among the repository's ConfigMaps and Secrets; past it the rest are
// not, and the scan reports that bound.
const maxK8sNames = 64

// k8sRefWords are the fields that read a ConfigMap or Secret, and those
// that make one whose values the file may not spell.
var k8sRefWords = [][]byte{[]byte("configMapRef"), []byte("configMapKeyRef"), []byte("secretRef"), []byte("secretKeyRef"),
	[]byte("kind: Secret"), []byte("configMapGenerator"), []byte("secretGenerator")}

// readsK8sRefs reports whether src may hold a container that reads a
// ConfigMap or Secret, a Secret (its values are base64) or a
// kustomization's generator (its envs: files).
func readsK8sRefs(src []byte) bool {
	for _, w := range k8sRefWords {
		if bytes.Contains(src, w) {
			return true
		}
	}
	return false
}

// k8sKey is the key a ConfigMap's or Secret's value is offered under.
func k8sKey(kind, name, key string) string {
	return "k8s/" + strings.ToLower(kind) + "/" + name + "/" + key
}

// offerK8s offers the values of a ConfigMap or Secret document that name
// a runtime (k8sKey), and those a kustomization's configMapGenerator or
// secretGenerator makes (`literals: [K=V]`, `envs: [x.env]`).
func (s *scan) offerK8s(d *node) {
	sum := s.p.Summary
	if sum == nil {
		sum = &scanner.Summary{}
	}
	defer func() {
		if len(sum.Keys) > 0 || sum.Truncated {
			s.p.Summary = sum
			s.p.Module = sum
		}
	}()
	offer := func(kind, name, key, val string, off, keyOff int) {
		if !s.p.Config.MentionsRuntime([]byte(val)) || sum.Truncated {
			return
		}
		if !sum.AddKey(k8sKey(kind, name, key), scanner.Const{Vals: []string{val}, At: s.pos(off)}) {
			// a bound reached is reported, never silent
			sum.Truncated = true
			at := s.pos(keyOff)
			s.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Class: scanner.ClassUnparseable,
				Message: fmt.Sprintf("more than %d keys of this file hold a runtime: the rest are not offered to the containers that read them, so their launches cannot be checked", scanner.MaxSummaryEntries)})
		}
	}
	for _, gen := range []struct{ field, kind string }{{"configMapGenerator", "ConfigMap"}, {"secretGenerator", "Secret"}} {
		for _, g := range d.get(gen.field).items() {
			name := g.get("name")
			if name == nil || name.kind != kindScalar {
				continue
			}
			for _, l := range g.get("literals").items() {
				if k, v, ok := strings.Cut(l.str, "="); ok && l.kind == kindScalar {
					offer(gen.kind, name.str, k, v, l.off, l.off)
				}
			}
			for _, f := range g.get("envs").items() {
				if f.kind == kindScalar {
					for _, e := range s.envFile(f.str, f.off) {
						offer(gen.kind, name.str, e.name, e.val.s, f.off, f.off)
					}
				}
			}
		}
	}
	kind := d.get("kind")
	name := d.get("metadata").get("name")
	if kind == nil || name == nil || kind.kind != kindScalar || name.kind != kindScalar || (kind.str != "ConfigMap" && kind.str != "Secret") {
		return
	}
	for _, field := range []string{"data", "stringData"} {
		m := d.get(field)
		if m == nil || m.kind != kindObject {
			continue
		}
		for i, k := range m.keys {
			v := m.vals[i]
			if v.kind != kindScalar {
				continue
			}
			val := v.str
			if kind.str == "Secret" && field == "data" {
				b, err := base64.StdEncoding.DecodeString(strings.TrimSpace(val))
				if err != nil {
					continue
				}
				val = string(b)
			}
			offer(kind.str, name.str, k.str, val, v.off, k.off)
		}
	}
}

// k8sNameRE finds the variable names a container's command and args may
// read: `$X`, `${X...}` (its shell) and `$(X)` (the kubelet).
var k8sNameRE = regexp.MustCompile(`\$[({]?([A-Za-z_][A-Za-z0-9_]*)`)

// k8sEnv is the environment of a Kubernetes container (an object with an
// image): its env: list's literal values, and the values of the
// repository's ConfigMaps and Secrets it reads, for the names its
// command and args refer to. Each is placed where the container names
// it.
func (s *scan) k8sEnv(obj *node) []envVar {
	if obj.get("image") == nil {
		return nil
	}
	env, from := obj.get("env"), obj.get("envFrom")
	if env == nil && from == nil {
		return nil
	}
	var out []envVar
	reads := false
	for _, e := range env.items() {
		name, v := e.get("name"), e.get("value")
		if name == nil || name.kind != kindScalar {
			continue
		}
		if v != nil && v.kind == kindScalar && v.isString {
			out = overrideEnv(out, []envVar{{name: name.str, val: v.text()}})
			continue
		}
		vf := e.get("valueFrom")
		for _, ref := range []struct{ field, kind string }{{"configMapKeyRef", "ConfigMap"}, {"secretKeyRef", "Secret"}} {
			r := vf.get(ref.field)
			cm, key := r.get("name"), r.get("key")
			if cm == nil || key == nil || cm.kind != kindScalar || key.kind != kindScalar {
				continue
			}
			reads = true
			if val, ok := s.k8sValue(ref.kind, cm.str, key.str, cm.off); ok {
				out = overrideEnv(out, []envVar{{name: name.str, val: val}})
			}
		}
	}
	var names []string
	if from != nil {
		seen := map[string]bool{}
		for _, key := range []string{"command", "args"} {
			for _, n := range obj.get(key).items() {
				if n.kind != kindScalar {
					continue
				}
				for _, m := range k8sNameRE.FindAllStringSubmatch(n.str, -1) {
					if !seen[m[1]] {
						seen[m[1]] = true
						names = append(names, m[1])
					}
				}
			}
		}
		if len(names) > maxK8sNames {
			s.hitLimit(from.off, fmt.Sprintf("the container reads more than %d variables; the rest are not looked up in the repository's ConfigMaps and Secrets", maxK8sNames))
			names = names[:maxK8sNames]
		}
	}
	for _, src := range from.items() {
		prefix := ""
		if p := src.get("prefix"); p != nil && p.kind == kindScalar {
			prefix = p.str
		}
		for _, ref := range []struct{ field, kind string }{{"configMapRef", "ConfigMap"}, {"secretRef", "Secret"}} {
			cm := src.get(ref.field).get("name")
			if cm == nil || cm.kind != kindScalar {
				continue
			}
			reads = true
			for _, name := range names {
				key, ok := strings.CutPrefix(name, prefix)
				if !ok {
					continue
				}
				if val, ok := s.k8sValue(ref.kind, cm.str, key, cm.off); ok {
					// env: comes after envFrom and wins
					if !hasEnv(out, name) {
						out = append(out, envVar{name: name, val: val})
					}
				}
			}
		}
	}
	if reads && !containsString(s.p.Needs, k8sRefSpec) {
		s.p.Needs = append(s.p.Needs, k8sRefSpec)
	}
	return out
}

// k8sValue is the value a ConfigMap or Secret of the repository holds
// under key, placed at off, lent by the repository phase.
func (s *scan) k8sValue(kind, name, key string, off int) (text, bool) {
	if s.p.Imports == nil {
		return text{}, false
	}
	e, ok := s.p.Imports.Key(k8sKey(kind, name, key))
	if !ok || e.Dynamic || len(e.Consts) == 0 {
		return text{}, false
	}
	// the first value naming a runtime (the union's possibility that
	// matters)
	v := e.Consts[0]
	return text{s: v, m: constMap(len(v), off)}, true
}

func hasEnv(env []envVar, name string) bool {
	for _, e := range env {
		if e.name == name {
			return true
		}
	}
	return false
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
