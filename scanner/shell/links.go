package shell

import (
	"fmt"
	"path"
	"regexp"
	"slices"
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
var linkCommands = map[string]bool{"ln": true, "cp": true, "install": true, "mv": true, "update-alternatives": true, "rsync": true, "tar": true, "bsdtar": true, "link": true, "hash": true}

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

// notePiped records, for a link command whose input a pipe gives
// (`command -v claude | xargs -I{} ln -sf {} DEST`), the command the
// pipe reads: a target found at run time from its output is what it
// names (linkRound).
func (s *scan) notePiped(b *syntax.BinaryCmd) {
	if b.Op != syntax.Pipe && b.Op != syntax.PipeAll {
		return
	}
	x, ok := b.X.Cmd.(*syntax.CallExpr)
	if !ok {
		return
	}
	y, ok := b.Y.Cmd.(*syntax.CallExpr)
	if !ok || len(y.Args) < 3 {
		return
	}
	for _, w := range y.Args {
		if linkCommands[path.Base(w.Lit())] {
			if s.piped == nil {
				s.piped = map[*syntax.CallExpr]*syntax.CallExpr{}
			}
			s.piped[y] = x
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
	if s.links != nil || len(s.linkCalls) == 0 && len(s.derived) == 0 && len(s.wrappers) == 0 {
		return s.links
	}
	s.links = map[string]scanner.Arg{}
	// A link of a link is one too, found in a later round (at most
	// maxLinkRounds: the chain's length), in whatever order the calls
	// are written.
	for round := 0; round < maxLinkRounds; round++ {
		n := len(s.links)
		s.linkRound()
		s.derivedRound()
		s.wrapperRound()
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
		for _, whole := range s.argv(c.Args) {
			argv := linkArgv(whole)
			if argv == nil {
				continue
			}
			// `find / -name claude -exec ln -s {} /usr/local/bin/x \;`:
			// a target the scan cannot read is what the call names
			named := runtimeWord(s.p.Config, whole)
			if x := s.piped[c]; named == nil && x != nil {
				// `command -v claude | xargs -I{} ln -sf {} DEST`: or
				// what the command it reads from names
				for _, in := range s.argv(x.Args) {
					if named = runtimeWord(s.p.Config, in); named != nil {
						break
					}
				}
			}
			if tars[path.Base(argv[0].Value)] {
				s.untar(c, argv[1:])
				continue
			}
			if path.Base(argv[0].Value) == "hash" && !slices.ContainsFunc(argv, func(a scanner.Arg) bool { return a.Value == "-p" }) {
				continue // `hash -p PATH NAME` gives NAME; `hash NAME...` looks names up
			}
			rsync := path.Base(argv[0].Value) == "rsync"
			ops, dir := linkOperands(argv[1:], rsync)
			if dir != nil {
				// `ln -s -t DIR TARGET...`: each target under its own
				// name in DIR
				for _, t := range ops {
					s.linkTo(c, intoDir(*dir, t), []scanner.Arg{t}, named)
				}
				continue
			}
			if len(ops) < 2 {
				continue
			}
			// the operands linked to, and the names the last one gives
			targets, links := ops[:len(ops)-1], ops[len(ops)-1:]
			if t := targets[0]; len(targets) == 1 && t.Known && (strings.HasSuffix(t.Value, "/.") || rsync && strings.HasSuffix(t.Value, "/")) {
				// `cp -r PKG/. DIR/`, `rsync -a PKG/ DIR/`: the folder's
				// contents, DIR a copy of the folder
				t.Value = strings.TrimSuffix(strings.TrimRight(t.Value, "/"), "/.")
				link := links[0]
				link.Value = strings.TrimRight(link.Value, "/")
				s.linkTo(c, link, []scanner.Arg{t}, named)
				continue
			}
			alternatives := path.Base(argv[0].Value) == "update-alternatives"
			if last := links[0]; !alternatives && (last.Known && strings.HasSuffix(last.Value, "/") || len(targets) > 1) {
				// `cp -a "$(npm root -g)/@anthropic-ai/claude-code"
				// /opt/`: into a folder, under each target's name
				for _, t := range targets {
					s.linkTo(c, intoDir(last, t), []scanner.Arg{t}, named)
				}
				continue
			}
			if alternatives {
				// --install LINK NAME PATH PRIORITY: PATH under LINK,
				// and under NAME through /etc/alternatives
				if len(ops) < 3 {
					continue
				}
				targets, links = ops[2:3], ops[:2]
			}
			for _, link := range links {
				s.linkTo(c, link, targets, named)
			}
		}
	}
}

// linked is the runtime word a link target names when it is a link
// or copy of one, or a file under one, the text made (or, past those,
// another text of the file: a Dockerfile's earlier RUN).
func (s *scan) linked(t scanner.Arg) (scanner.Arg, bool) {
	if !t.Known {
		return scanner.Arg{}, false
	}
	if f, ok := s.links[path.Clean(t.Value)+"/"]; ok {
		return f, true // a link of a link of a package folder
	}
	if f, ok := s.p.LinkOf(t.Value); ok {
		return f, true // one the file's other texts made (a RUN's bind mount)
	}
	for _, through := range []func([]scanner.Arg) ([]scanner.Arg, bool){
		func(a []scanner.Arg) ([]scanner.Arg, bool) { return scanner.ThroughNames(a, s.links) },
		s.p.ThroughLinks,
	} {
		if out, ok := through([]scanner.Arg{t}); ok {
			return out[0], true
		}
	}
	return scanner.Arg{}, false
}

// runtimeWord is the first known word of argv that is a runtime's
// command or a path into its package (nil: none), for a link target the
// scan cannot read.
func runtimeWord(cfg *scanner.Config, argv []scanner.Arg) *scanner.Arg {
	for _, a := range argv {
		if !a.Known {
			continue
		}
		if l, _ := cfg.JudgeArgv([]scanner.Arg{a}); l != nil && !l.Gated() || cfg.RuntimeFolder(a.Value) {
			w := a
			return &w
		}
		if g, ok := globRuntime(cfg, a.Value); ok {
			// `find / -path '*claude-code/cli.js' -exec cp {} ...`
			g.Pos = a.Pos
			return &g
		}
	}
	return nil
}

// linkOperands are the operands of a link command's words past its
// name (options dropped), and the folder a `-t DIR` or
// `--target-directory=DIR` option names (nil: none).
func linkOperands(words []scanner.Arg, rsync bool) (ops []scanner.Arg, dir *scanner.Arg) {
	for i := 0; i < len(words); i++ {
		a := words[i]
		if !a.Known || !strings.HasPrefix(a.Value, "-") {
			ops = append(ops, a)
			continue
		}
		if v, ok := strings.CutPrefix(a.Value, "--target-directory="); ok {
			d := a
			d.Value = v
			dir = &d
		} else if (a.Value == "-t" || a.Value == "--target-directory") && i+1 < len(words) {
			d := words[i+1]
			dir = &d
			i++
		} else if valueOptions[a.Value] && !rsync || rsync && rsyncValueOptions[a.Value] {
			i++ // `install -m 0755 SRC DST`: the mode is no operand
		}
	}
	return ops, dir
}

// valueOptions are the options of ln, cp, mv and install whose value is
// the next word: a mode, an owner, a group, a backup suffix.
var valueOptions = map[string]bool{"-m": true, "--mode": true, "-o": true, "--owner": true, "-g": true, "--group": true, "-S": true, "--suffix": true}

// rsyncValueOptions are rsync's options whose value is the next word.
var rsyncValueOptions = map[string]bool{"-e": true, "--rsh": true, "--exclude": true, "--include": true, "-f": true, "--filter": true,
	"--exclude-from": true, "--include-from": true, "--files-from": true, "--rsync-path": true, "-T": true, "--temp-dir": true, "--chmod": true, "--chown": true}

// untar records the copy of a runtime's package folder that extracting
// its packed archive makes: `npm pack @anthropic-ai/claude-code`, then
// `tar -xzf anthropic-ai-claude-code-*.tgz -C /opt/agent` gives
// /opt/agent/package (npm's archives hold one folder, package). words
// are tar's past its name. An archive is known by the name npm gives it.
func (s *scan) untar(c *syntax.CallExpr, words []scanner.Arg) {
	extract, strip := false, false
	var archive, dir *scanner.Arg
	for i := 0; i < len(words); i++ {
		a := words[i]
		if !a.Known {
			continue
		}
		v := a.Value
		next := func() *scanner.Arg {
			if i+1 < len(words) {
				i++
				w := words[i]
				return &w
			}
			return nil
		}
		switch {
		case v == "--extract" || v == "--get":
			extract = true
		case v == "--file" || v == "-f":
			archive = next()
		case v == "--directory" || v == "-C":
			dir = next()
		case strings.HasPrefix(v, "--strip-components=") && v != "--strip-components=0" || v == "--strip-components" || v == "--strip":
			strip = true
		case strings.HasPrefix(v, "--file="):
			w := a
			w.Value = v[len("--file="):]
			archive = &w
		case strings.HasPrefix(v, "--directory="):
			w := a
			w.Value = v[len("--directory="):]
			dir = &w
		case strings.HasPrefix(v, "--"):
		case i == 0 && !strings.HasPrefix(v, "-") || strings.HasPrefix(v, "-") && len(v) > 1:
			// bundled letters (`xzf A`, `-xzf A`): f takes the next word
			// after the bundle, C too
			letters := strings.TrimPrefix(v, "-")
			extract = extract || strings.Contains(letters, "x")
			for _, r := range letters {
				switch r {
				case 'f':
					archive = next()
				case 'C':
					dir = next()
				}
			}
		}
	}
	if !extract {
		return
	}
	pkg, ok := "", false
	if archive != nil && archive.Known {
		pkg, ok = s.p.Config.PackedRuntime(path.Base(archive.Value))
	}
	if !ok && (archive == nil || !archive.Known || archive.Value == "-" || strings.ContainsAny(path.Base(archive.Value), "*?[")) {
		// an archive the scan cannot name (`tar xf "$tgz"` of `tgz=$(npm
		// pack ...)`, `./*.tgz`, `curl "$url" | tar -xz` of `npm view PKG
		// dist.tarball`) in a text that fetches a runtime's tarball: that
		// tarball, found at run time
		pkg, ok = s.fetchedTarball()
	}
	if !ok {
		return
	}
	// a folder the scan cannot read, or --strip-components into the
	// current one, is a copy under a name found at run time: linkTo
	// reports it (unknownLink), never drops it
	var link scanner.Arg
	switch {
	case dir != nil && !dir.Known:
	case strip && dir != nil:
		// --strip-components: the package's files straight in DIR
		link = scanner.Lit(strings.TrimRight(dir.Value, "/"))
	case strip:
	case dir != nil:
		link = scanner.Lit(path.Join(dir.Value, "package"))
	default:
		link = scanner.Lit("package")
	}
	s.linkTo(c, link, []scanner.Arg{{Value: "node_modules/" + pkg, Known: true, Via: scanner.ClassDynamic}}, nil)
}

// intoDir is the name a link or copy of target made into the folder dir
// gets: dir/base(target). Unknown when either is (linkTo skips it).
func intoDir(dir, target scanner.Arg) scanner.Arg {
	base := path.Base(strings.TrimRight(target.Value, "/"))
	if !dir.Known || base == "." || base == "/" || strings.Contains(base, cmdline.Placeholder) || target.Value == "" {
		return scanner.Arg{}
	}
	return scanner.Lit(path.Join(dir.Value, base))
}

// linkTo adds the names link gives each of targets that is a runtime, or
// a link of one, made by call c.
func (s *scan) linkTo(c syntax.Node, link scanner.Arg, targets []scanner.Arg, named *scanner.Arg) {
	// a value is the set of what it may be (`while read -r src dst; do
	// ln -sf "$src" "$dst"; done < links.txt`): each name, each target
	if len(link.Alts) > 0 {
		for _, a := range link.Alts {
			a.Alts = nil
			s.linkTo(c, a, targets, named)
		}
		link.Alts = nil
	}
	var ts []scanner.Arg
	for _, t := range targets {
		alts := t.Alts
		t.Alts = nil
		ts = append(ts, t)
		for _, a := range alts {
			a.Alts = nil
			ts = append(ts, a)
		}
	}
	targets = ts
	if !link.Known || link.Value == "" {
		s.unknownLink(c, targets, named)
		return
	}
	if strings.HasSuffix(link.Value, "/") {
		return
	}
	for _, t := range targets {
		if linked, ok := s.linked(t); ok {
			t = linked // a link of a link
		} else if (!t.Known || t.Value == "{}") && named != nil {
			t = *named // a target found at run time, by a runtime's name
		} else if l, _ := s.p.Config.JudgeArgv([]scanner.Arg{t}); (l == nil || l.Gated()) && !s.p.Config.RuntimeFolder(t.Value) {
			// `cd "$(npm root -g)/@anthropic-ai/claude-code" && cp
			// --parents cli.js /opt/tool/`: a relative file of a folder
			// of the runtime's files the command runs in
			in, ok := s.p.UnderDirs(t)
			if !ok {
				// the folder may be changed into later in the text than
				// the links were first read (linkNames): read again after
				s.relPending = s.relPending || t.Known && !strings.HasPrefix(t.Value, "/")
				continue
			}
			t = in
		}
		t.Via = scanner.ClassDynamic
		// a package folder's names end in '/': only a file under one
		// runs (ThroughNames)
		dir := ""
		if s.p.Config.RuntimeFolder(t.Value) {
			dir = "/"
		}
		for _, name := range []string{path.Clean(link.Value) + dir, path.Base(link.Value) + dir} {
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
			// ... and by the file's other texts (Pass.AddLink), and the
			// repository's other shell and data files (Pass.OfferLink)
			s.links[name] = t
			if name == path.Base(link.Value)+dir {
				s.p.OfferLink(path.Base(link.Value), t, s.synPos(c.Pos()))
			}
		}
	}
}

// unknownLink reports a link or copy of a runtime among targets made
// under a name the scan cannot read (`ln -sf "$(command -v claude)"
// "$1"`): what runs it cannot be found, so it is a launch found at run
// time (dynamic) at the call, never dropped.
func (s *scan) unknownLink(c syntax.Node, targets []scanner.Arg, named *scanner.Arg) {
	for _, t := range targets {
		if t.Known && t.Via == "" && !strings.Contains(t.Value, "/") {
			// a bare file name written literally is the folder's file
			// (`mv pi "$platform"` renames a build's folder): followed
			// under a known name only
			continue
		}
		if linked, ok := s.linked(t); ok {
			t = linked
		} else if (!t.Known || t.Value == "{}") && named != nil {
			t = *named
		}
		if !t.Known {
			continue
		}
		rt := ""
		if l, _ := s.p.Config.JudgeArgv([]scanner.Arg{t}); l != nil && !l.Gated() {
			rt = l.Runtime
		} else {
			rt, _ = s.p.Config.FolderRuntime(t.Value)
		}
		if rt == "" {
			continue
		}
		at := s.synPos(c.Pos())
		s.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: rt, Class: scanner.ClassDynamic,
			Message: rt + " linked or copied under a name found at run time; what runs it cannot be followed, so the link counts as a launch"})
		return
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

// fetchRE finds a command that fetches a package's tarball: `npm pack
// SPEC` writes it, `npm view SPEC dist.tarball` prints its URL.
var fetchRE = regexp.MustCompile(`\b(?:npm|pnpm|yarn)\s+(?:pack|view|v|info|show)\s+(?:--?[\w-]+(?:=\S+)?\s+)*['"]?((?:@[\w.-]+/)?[\w.-]+(?:@[^\s'"]*)?)`)

// fetchedTarball is the first runtime package whose tarball the text
// fetches (fetchRE), read once.
func (s *scan) fetchedTarball() (string, bool) {
	if s.fetched == nil {
		s.fetched = new(string)
		for _, m := range fetchRE.FindAllStringSubmatch(s.src, maxTokens) {
			if _, ok := s.p.Config.RuntimeForPackage(m[1]); ok {
				spec := m[1]
				if i := strings.LastIndexByte(spec, '@'); i > 0 {
					spec = spec[:i]
				}
				*s.fetched = spec
				break
			}
		}
	}
	return *s.fetched, *s.fetched != ""
}
