package driver

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/leasegate/leasegate/scanner"
)

// MaxOversizeSearch bounds the bytes of a file over scanner.MaxFileSize
// that are searched for a trigger (oversized): 8 times the cap.
const MaxOversizeSearch = 8 * scanner.MaxFileSize

// oversizeChunk is how much of an oversized file is read at a time.
const oversizeChunk = 1 << 20

// oversized judges a file the scan does not read for its size (over
// scanner.MaxFileSize): it is listed as skipped, and when its bytes hold a
// trigger (scanner.Triggers: a runtime's name, the wrapper, the
// primitive or its pieces, defaultMode), a launch may hide in what was
// not read, so it is also RED `unparseable`, at the first trigger, naming
// the bound (SPEC.md: a bound reached is reported, never silent). The
// search streams the bytes through the trigger automaton, at most
// MaxOversizeSearch of them; a file of text larger than that is RED too
// (its rest may hold one). Binary data (a NUL byte in the first 8 KiB, no
// shebang) and prose (it runs nothing) stay a listed skip.
func oversized(c candidate, cfg *scanner.Config, suite scanner.Suite) []scanner.Finding {
	fd, err := scanner.OpenRaw(c.abs)
	if err != nil {
		return nil
	}
	defer fd.Close()
	if _, regular, err := fd.Stat(); err != nil || !regular {
		return nil
	}
	return unread(c, fd, fmt.Sprintf("larger than %d MiB", scanner.MaxFileSize>>20), cfg, suite)
}

// unread judges, as oversized does, a file the scan does not parse: why
// says why (its size, its tokens), and r holds its bytes.
func unread(c candidate, r io.Reader, why string, cfg *scanner.Config, suite scanner.Suite) []scanner.Finding {
	at, found, whole, head, err := searchTriggers(r, cfg.Triggers(), MaxOversizeSearch)
	if err != nil || len(head) == 0 {
		return nil
	}
	file := scanner.NewFile(c.rel, head[:min(len(head), 1024)], c.mode&0o111 != 0)
	if looksBinary(head) && file.Interpreter() == "" || scanner.IsProse(file) {
		return nil
	}
	lang := "text"
	for _, d := range suite.Detectors {
		if d.Match(file) {
			lang = d.Name()
			break
		}
	}
	var msg string
	switch {
	case found != "":
		msg = fmt.Sprintf("%s, so not scanned, and it holds `%s`: a launch there is not checked (exclude the file in the config, or split it)", why, found)
	case !whole:
		msg = fmt.Sprintf("%s, so not scanned, and its first %d MiB hold no trigger but the rest was not searched (exclude the file in the config, or split it)", why, MaxOversizeSearch>>20)
	default:
		return nil
	}
	p := scanner.NewPass(c.rel, nil, cfg, lang, suite)
	p.ReportUnparseable(at, msg)
	return p.Findings()
}

// searchTriggers streams r through the trigger automaton, at most limit
// bytes, and returns the first trigger found (its text and position),
// whether r was read to its end, and the first 8 KiB (to tell binary data
// and the file's kind). Windows overlap by more than the longest trigger
// and the bytes a word's boundary looks at, so a trigger across two reads
// is found with its boundaries, once.
func searchTriggers(r io.Reader, tr *scanner.Triggers, limit int64) (at scanner.Pos, found string, whole bool, head []byte, err error) {
	const overlap = 256
	buf := make([]byte, overlap+oversizeChunk)
	keep := 0 // bytes of the last window carried into this one
	pos := scanner.Pos{Line: 1, Column: 1}
	var read int64
	for read < limit {
		n, rerr := io.ReadFull(r, buf[keep:keep+int(min(oversizeChunk, limit-read))])
		read += int64(n)
		last := rerr != nil
		if rerr != nil && !errors.Is(rerr, io.EOF) && !errors.Is(rerr, io.ErrUnexpectedEOF) {
			return at, "", false, head, rerr
		}
		win := buf[:keep+n]
		if head == nil {
			head = bytes.Clone(win[:min(len(win), 8192)])
		}
		for _, s := range tr.Spans(win) {
			// judged in the last window (one that ended there was
			// left to this one), or at this one's end without the byte
			// after it (the next window judges it)
			if s.End < keep || !last && read < limit && s.End == len(win) {
				continue
			}
			return advanceBytes(win[:s.Start], pos), string(win[s.Start:s.End]), false, head, nil
		}
		if last {
			return at, "", true, head, nil
		}
		// pos is where the window starts: the next starts at what it carries
		carry := min(overlap, len(win))
		pos = advanceBytes(win[:len(win)-carry], pos)
		copy(buf, win[len(win)-carry:])
		keep = carry
	}
	// the limit reached: the file may end there
	var one [1]byte
	if n, _ := r.Read(one[:]); n == 0 {
		return at, "", true, head, nil
	}
	return at, "", false, head, nil
}

// advanceBytes is advance over bytes, without copying them to a string.
func advanceBytes(b []byte, pos scanner.Pos) scanner.Pos {
	if n := bytes.Count(b, []byte{'\n'}); n > 0 {
		return scanner.Pos{Line: pos.Line + n, Column: len(b) - bytes.LastIndexByte(b, '\n')}
	}
	return scanner.Pos{Line: pos.Line, Column: pos.Column + len(b)}
}
