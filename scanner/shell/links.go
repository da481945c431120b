package shell

import (
	"fmt"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/leasegate/leasegate/cmdline"
	"github.com/leasegate/leasegate/scanner"
)

// A file the script makes a link or copy of a runtime under another name
// (`ln -sf "$(npm root -g)/@anthropic-ai/claude-code/cli.js"
// /usr/local/bin/reviewer`, `cp "$(command -v claude)" bin/ask`): a
// command run by that name, or by that path, is the runtime, found at
// run time (dynamic).

// linkCommands make a file under another name from their operands.
var linkCommands = map[string]bool{"ln": true, "cp": true, "install": true, "mv": true, "update-alternatives": true}

// maxLinkNames bounds the names a file's links and copies of runtimes
// give (a name and a path each; past it the rest are reported).
const maxLinkNames = 2 * maxAlts

// noteLink records a command that may make a link or copy (collect).
// A wrapper may run it (`sudo ln -sf ...`): any literal word of the
// call that is a link command counts here, and linkNames reads the
// commands the call runs (cmdline.Unwrap).
func (s *scan) noteLink(c *syntax.CallExpr) {
	// every such call: one that names no runtime may link a link (`ln
	// -s ./tool ./tool2`, after `ln -s "$(command -v claude)" ./tool`)
	if len(c.Args) < 3 {
		return
	}
	for _, w := range c.Args {
		if linkCommands[path.Base(w.Lit())] {
			s.linkCalls = append(s.linkCalls, c)
			return
		}
	}
}

// nodeText is the source text of n in the scanned text.
func (s *scan) nodeText(n syntax.Node) string {
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if start < 0 || start > end || end > len(s.src) {
		return ""
	}
	return s.src[start:end]
}

// linkNames maps each name (and path) a link or copy of a runtime is
// made under to the runtime's word, computed once.
func (s *scan) linkNames() map[string]scanner.Arg {
	if s.links != nil || len(s.linkCalls) == 0 {
		return s.links
	}
	s.links = map[string]scanner.Arg{}
	// A link of a link is one too, found in a later round (at most
	// maxLinkRounds: the chain's length), in whatever order the calls
	// are written.
	for round := 0; round < maxLinkRounds; round++ {
		n := len(s.links)
		s.linkRound()
		if len(s.links) == n {
			break
		}
	}
	return s.links
}

// maxLinkRounds bounds the rounds linkNames reads the link calls in: a
// chain of links of links this long.
const maxLinkRounds = 4

// linkRound reads every link call once, adding the names it links a
// runtime, or a link of one, under.
func (s *scan) linkRound() {
	for _, c := range s.linkCalls {
		if len(s.links) == 0 && !s.p.Config.MentionsRuntime([]byte(s.nodeText(c))) {
			continue
		}
		for _, whole := range s.argv(c.Args) {
			argv := linkArgv(whole)
			if argv == nil {
				continue
			}
			var ops []scanner.Arg
			for _, a := range argv[1:] {
				if a.Known && strings.HasPrefix(a.Value, "-") {
					continue
				}
				ops = append(ops, a)
			}
			if len(ops) < 2 {
				continue
			}
			// the operands linked to, and the names the last one gives
			targets, links := ops[:len(ops)-1], ops[len(ops)-1:]
			if path.Base(argv[0].Value) == "update-alternatives" {
				// --install LINK NAME PATH PRIORITY: PATH under LINK,
				// and under NAME through /etc/alternatives
				if len(ops) < 3 {
					continue
				}
				targets, links = ops[2:3], ops[:2]
			}
			for _, link := range links {
				if !link.Known || strings.HasSuffix(link.Value, "/") {
					continue
				}
				s.linkTo(c, link, targets)
			}
		}
	}
}

// linkTo adds the names link gives each of targets that is a runtime, or
// a link of one, made by call c.
func (s *scan) linkTo(c *syntax.CallExpr, link scanner.Arg, targets []scanner.Arg) {
	for _, t := range targets {
		if linked, ok := s.links[path.Clean(t.Value)]; ok && t.Known {
			t = linked // a link of a link
		} else if l, _ := s.p.Config.JudgeArgv([]scanner.Arg{t}); l == nil || l.Gated() {
			continue
		}
		t.Via = scanner.ClassDynamic
		for _, name := range []string{path.Clean(link.Value), path.Base(link.Value)} {
			if _, ok := s.links[name]; ok {
				continue
			}
			if len(s.links) >= maxLinkNames || !s.p.AddLink(name, t) {
				if s.linkCut[name] {
					continue // reported in an earlier round
				}
				if s.linkCut == nil {
					s.linkCut = map[string]bool{}
				}
				s.linkCut[name] = true
				s.p.ReportUnparseable(s.synPos(c.Pos()), fmt.Sprintf("more than %d names of links and copies of runtimes; `%s` is not followed", maxLinkNames, name))
				continue
			}
			// ... and by the file's other texts (Pass.AddLink)
			s.links[name] = t
		}
	}
}

// linkArgv is the link command that argv runs, itself or through
// wrappers (`sudo ln -sf a b`, `env X=1 cp a b`): its words from the
// command's name; nil when it runs none.
func linkArgv(argv []scanner.Arg) []scanner.Arg {
	res := cmdline.UnwrapDepth(scanner.Words(argv), cmdline.MaxDepth)
	for _, in := range res.Inners {
		if in.Kind != cmdline.KindArgv || in.Start < 0 || in.End > len(argv) || in.Start >= in.End {
			continue
		}
		if a := argv[in.Start]; a.Known && linkCommands[path.Base(a.Value)] {
			return argv[in.Start:in.End]
		}
	}
	return nil
}

// throughLinks is argv with each word that names a link or copy of a
// runtime the text makes (or, when it makes none, another text of the
// file: Pass.ThroughLinks) replaced by the runtime's word, and whether
// one was.
func (s *scan) throughLinks(argv []scanner.Arg) ([]scanner.Arg, bool) {
	names := s.linkNames()
	if len(names) == 0 {
		// the links another text of the file makes (a Dockerfile's
		// earlier RUN, a workflow's earlier step)
		return s.p.ThroughLinks(argv)
	}
	return scanner.ThroughNames(argv, names)
}
