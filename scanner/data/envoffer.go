package data

import (
	"fmt"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// envBlockKeys name the blocks of a document that set the environment of
// the processes it starts: a workflow's, job's or step's `env:`, a
// container's `env:` (Kubernetes) or `environment:` (compose), GitLab's
// and Azure's `variables:`, a devcontainer's `containerEnv` and
// `remoteEnv` (the environment of its lifecycle commands' scripts).
var envBlockKeys = map[string]bool{"env": true, "environment": true, "variables": true, "containerEnv": true, "remoteEnv": true}

// offerEnv records in the file's summary each variable the document sets
// to a value that names a runtime in one of its environment blocks
// (envBlockKeys): a mapping `NAME: value`, a list of `name:`/`value:`
// entries, or a list of `NAME=value` strings. The processes it starts
// (a script of the repository, a service's code) inherit it, whatever
// their language, so each is offered to the files of every language
// that read the variable (offerEnvVar).
func (s *scan) offerEnv(d *node) {
	if !s.p.Config.MentionsRuntime(s.p.Src) {
		return
	}
	type item struct {
		n     *node
		depth int
	}
	stack := []item{{d, 0}}
	seen := map[*node]bool{}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.n
		if n == nil || seen[n] || it.depth > maxKeyDepth {
			continue // offerKeys reports a document that nests past the bound
		}
		seen[n] = true
		switch n.kind {
		case kindArray:
			for _, e := range n.elems {
				stack = append(stack, item{e, it.depth + 1})
			}
		case kindObject:
			for i, k := range n.keys {
				v := n.vals[i]
				if envBlockKeys[k.str] {
					s.envBlock(v)
				}
				stack = append(stack, item{v, it.depth + 1})
			}
		}
	}
}

// envBlock offers the variables of one environment block (offerEnv).
func (s *scan) envBlock(v *node) {
	switch {
	case v == nil:
	case v.kind == kindObject:
		for i, k := range v.keys {
			if val := v.vals[i]; val != nil && val.kind == kindScalar {
				s.offerEnvVar(k.str, val.str, val.off)
			}
		}
	case v.kind == kindArray:
		for _, e := range v.elems {
			switch {
			case e == nil:
			case e.kind == kindObject:
				name, val := e.get("name"), e.get("value")
				if name != nil && val != nil && name.kind == kindScalar && val.kind == kindScalar {
					s.offerEnvVar(name.str, val.str, val.off)
				}
			case e.kind == kindScalar:
				if k, val, ok := strings.Cut(e.str, "="); ok {
					s.offerEnvVar(k, val, e.off+len(k)+1)
				}
			}
		}
	}
}

// offerEnvVar records that the file sets environment variable name to
// val for the processes it starts (a block of offerEnv, a Dockerfile's
// ENV, a systemd unit's Environment=), when val names a runtime: the
// files of every language that read the variable see it (Summary.Env,
// EnvAnyLanguage), as they see a dotenv file's. off is val's offset.
func (s *scan) offerEnvVar(name, val string, off int) {
	p := s.p
	if !isEnvName(name) || !p.Config.MentionsRuntime([]byte(val)) {
		return
	}
	sum := p.Summary
	if sum == nil {
		sum = &scanner.Summary{}
	}
	if sum.Truncated {
		return
	}
	sum.EnvAnyLanguage = true
	if !sum.AddEnv(name, scanner.Const{Vals: []string{val}, At: s.pos(off)}) {
		// a bound reached is reported, never silent
		sum.Truncated = true
		pos := s.pos(off)
		p.Report(scanner.Finding{Line: pos.Line, Column: pos.Column, Class: scanner.ClassUnparseable,
			Message: fmt.Sprintf("more than %d variables of this file hold a runtime: the rest are not offered to the code that reads them, so its launches cannot be checked", scanner.MaxSummaryEntries)})
	}
	p.Summary = sum
	p.Module = sum
}
