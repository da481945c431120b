package shell

import (
	"path"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/leasegate/leasegate/cmdline"
	"github.com/leasegate/leasegate/scanner"
)

// Scripts the text writes from a here-document and then runs
// (docs/shell.md): `cat > /tmp/job.sh <<'EOF' ... EOF` (also `>>`,
// `tee FILE <<EOF`), then `sh /tmp/job.sh` or `/tmp/job.sh`. The
// here-document is the script's text: it is scanned where it is run,
// its launches reported at the run. A script written but never run is
// data.

// maxWritten bounds the files one text is read to write from
// here-documents.
const maxWritten = 64

// collectWritten records, in text that holds a here-document, the files
// its commands write from one: the path as written (a literal) to the
// here-document's redirection.
func (s *scan) collectWritten(f *syntax.File) {
	if !strings.Contains(s.src, "<<") {
		return
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok || len(s.written) >= maxWritten {
			return len(s.written) < maxWritten
		}
		c, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(c.Args) == 0 {
			return true
		}
		var hdoc *syntax.Redirect
		for _, r := range st.Redirs {
			if (r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc) && r.Hdoc != nil {
				hdoc = r
			}
		}
		if hdoc == nil {
			return true
		}
		var files []string
		switch path.Base(c.Args[0].Lit()) {
		case "cat":
			for _, r := range st.Redirs {
				if r.Op == syntax.RdrOut || r.Op == syntax.AppOut || r.Op == syntax.RdrClob {
					files = append(files, litWord(r.Word))
				}
			}
		case "tee":
			for _, w := range c.Args[1:] {
				if l := litWord(w); !strings.HasPrefix(l, "-") {
					files = append(files, l)
				}
			}
		}
		for _, f := range files {
			if f == "" {
				continue
			}
			if s.written == nil {
				s.written = map[string]*syntax.Redirect{}
			}
			s.written[path.Clean(f)] = hdoc
		}
		return true
	})
}

// litWord is the text of a word written as one literal, quoted or not
// ("" when it expands anything).
func litWord(w *syntax.Word) string {
	if w == nil || len(w.Parts) != 1 {
		return ""
	}
	switch p := w.Parts[0].(type) {
	case *syntax.Lit:
		return p.Value
	case *syntax.SglQuoted:
		return p.Value
	case *syntax.DblQuoted:
		if len(p.Parts) == 1 {
			if l, ok := p.Parts[0].(*syntax.Lit); ok {
				return l.Value
			}
		}
	}
	return ""
}

// writtenRuns scans the scripts argv runs by path that the text wrote
// from a here-document (collectWritten): the here-document's text as the
// script, its launches reported at the run.
func (s *scan) writtenRuns(argv []scanner.Arg) {
	if len(s.written) == 0 {
		return
	}
	if k, ok := cmdline.CrontabFile(scanner.Words(argv)); ok && argv[k].Known {
		// crontab FILE: the file written is a crontab whose commands
		// cron's shell runs
		if hdoc, ok := s.written[path.Clean(argv[k].Value)]; ok {
			for _, t := range s.hdocTexts(hdoc) {
				s.p.ScanShellAt(cmdline.CrontabCommands(t), s.synPos(hdoc.Hdoc.Pos()), argv[0].Pos, scanner.ClassEval, "the crontab written at line "+strconv.Itoa(s.synPos(hdoc.Hdoc.Pos()).Line))
			}
		}
	}
	for _, r := range scriptRuns(argv) {
		hdoc, ok := s.written[path.Clean(r.Spec)]
		if !ok {
			continue
		}
		for _, t := range s.hdocTexts(hdoc) {
			s.p.ScanShellAt(t, s.synPos(hdoc.Hdoc.Pos()), r.At, scanner.ClassEval, "the script written at line "+strconv.Itoa(s.synPos(hdoc.Hdoc.Pos()).Line))
		}
	}
}
