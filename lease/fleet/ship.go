package fleet

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Defaults of a Shipper.
const (
	DefaultBatch       = 500
	DefaultPoll        = 500 * time.Millisecond
	DefaultMaxBackoff  = 30 * time.Second
	defaultMinBackoff  = 250 * time.Millisecond
	maxLine            = 4 << 20 // the broker's reader accepts no longer line
	stateFileSuffix    = ".ship-state"
	defaultAuditKeep   = 3
	rejectedDetailNote = "the database rejected the record as written; raw holds the log line"
)

// StatePath is where a shipper of the log at auditPath keeps its offset.
func StatePath(auditPath string) string { return auditPath + stateFileSuffix }

// State is what a shipper keeps on disk beside the log: where it is, and
// what `lease-broker status` shows of it.
type State struct {
	Host string `json:"host"`
	// Dev and Ino identify the file Offset is in; after a rotation the
	// shipper finds it again among the rotated files by them.
	Dev    uint64 `json:"dev"`
	Ino    uint64 `json:"ino"`
	Offset int64  `json:"offset"`
	// Shipped counts records the database acknowledged (new or already
	// there); Rejected those stored only as raw lines; Skipped the lines
	// that are not records (a torn line of an older writer).
	Shipped       int64     `json:"shipped"`
	Rejected      int64     `json:"rejected"`
	Skipped       int64     `json:"skipped"`
	Lost          int64     `json:"lost_files,omitempty"`
	LastShippedAt time.Time `json:"last_shipped_at,omitzero"`
	LastError     string    `json:"last_error,omitempty"`
	LastErrorAt   time.Time `json:"last_error_at,omitzero"`
	// Backlog is the number of log bytes not yet shipped, as of UpdatedAt.
	Backlog   int64     `json:"backlog_bytes"`
	UpdatedAt time.Time `json:"updated_at"`
}

// ReadState reads a shipper's state file.
func ReadState(path string) (State, error) {
	var s State
	b, err := os.ReadFile(path)
	if err != nil {
		return s, err
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return s, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

func writeState(path string, s State) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// Shipper tails one audit log (and its rotated files) into the database.
type Shipper struct {
	// Audit is the log's path; Keep how many rotated files (PATH.1 …
	// PATH.Keep) the broker keeps.
	Audit string
	Keep  int
	// Host names this host in every row (default: os.Hostname).
	Host string
	// DB is the connection configuration.
	DB *pgx.ConnConfig
	// StatePath defaults to StatePath(Audit).
	StatePath string
	// Batch, Poll and MaxBackoff default to DefaultBatch, DefaultPoll and
	// DefaultMaxBackoff.
	Batch      int
	Poll       time.Duration
	MaxBackoff time.Duration
	// Logf, when set, receives one line per state change worth telling
	// (an error after a success, a recovery).
	Logf func(format string, args ...any)

	mu    sync.Mutex
	state State
	conn  *pgx.Conn
}

func (s *Shipper) defaults() error {
	if s.Keep <= 0 {
		s.Keep = defaultAuditKeep
	}
	if s.Host == "" {
		h, err := os.Hostname()
		if err != nil {
			return fmt.Errorf("host name: %w", err)
		}
		s.Host = h
	}
	if s.StatePath == "" {
		s.StatePath = StatePath(s.Audit)
	}
	if s.Batch <= 0 {
		s.Batch = DefaultBatch
	}
	if s.Poll <= 0 {
		s.Poll = DefaultPoll
	}
	if s.MaxBackoff <= 0 {
		s.MaxBackoff = DefaultMaxBackoff
	}
	if s.DB == nil {
		return errors.New("no database configured")
	}
	st, err := ReadState(s.StatePath)
	switch {
	case errors.Is(err, os.ErrNotExist):
		st = State{Host: s.Host}
	case err != nil:
		// A damaged state file costs re-sending, never a record: start
		// over from the oldest file; the database drops the duplicates.
		s.logf("fleet: %v; shipping the whole log again", err)
		st = State{Host: s.Host}
	}
	if st.Host != s.Host {
		// The identity includes the host: a renamed host ships again
		// under its new name rather than mixing identities.
		st = State{Host: s.Host}
	}
	s.state = st
	return nil
}

func (s *Shipper) logf(format string, args ...any) {
	if s.Logf != nil {
		s.Logf(format, args...)
	}
}

// State returns a copy of the shipper's current state.
func (s *Shipper) State() State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state
}

// Run ships until ctx ends, backing off while the database is down. It
// returns ctx's error, or a configuration error at once.
func (s *Shipper) Run(ctx context.Context) error {
	if err := s.defaults(); err != nil {
		return err
	}
	defer s.closeConn()
	backoff := time.Duration(0)
	for {
		n, err := s.step(ctx)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var wait time.Duration
		switch {
		case err != nil:
			if backoff == 0 {
				backoff = defaultMinBackoff
			} else if backoff *= 2; backoff > s.MaxBackoff {
				backoff = s.MaxBackoff
			}
			wait = backoff
		case n > 0:
			backoff = 0
			continue // more may be waiting
		default:
			backoff = 0
			wait = s.Poll
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

// Drain ships everything the log holds now and returns; it is the
// one-shot form (`lease-broker ship --once`) and what tests use.
func (s *Shipper) Drain(ctx context.Context) error {
	if err := s.defaults(); err != nil {
		return err
	}
	defer s.closeConn()
	for {
		n, err := s.step(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
	}
}

func (s *Shipper) closeConn() {
	if s.conn != nil {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		_ = s.conn.Close(ctx)
		cancel()
		s.conn = nil
	}
}

// step ships at most one batch and returns how many lines it consumed.
func (s *Shipper) step(ctx context.Context) (int, error) {
	n, err := s.shipBatch(ctx)
	s.mu.Lock()
	now := time.Now().UTC()
	if err != nil {
		msg := scrub(err.Error(), s.DB.Password)
		if s.state.LastError != msg {
			s.logf("fleet: shipping paused: %s", msg)
		}
		s.state.LastError, s.state.LastErrorAt = msg, now
	} else if s.state.LastError != "" && n > 0 {
		s.logf("fleet: shipping resumed")
		s.state.LastError = ""
	}
	s.state.Backlog = s.backlog()
	s.state.UpdatedAt = now
	st := s.state
	s.mu.Unlock()
	if werr := writeState(s.StatePath, st); werr != nil && err == nil {
		err = fmt.Errorf("state file: %w", werr)
	}
	return n, err
}

type logFile struct {
	path     string
	dev, ino uint64
	size     int64
}

// files lists the log's files oldest first: PATH.Keep … PATH.1, PATH.
func (s *Shipper) files() []logFile {
	var fs []logFile
	for i := s.Keep; i >= 0; i-- {
		p := s.Audit
		if i > 0 {
			p += "." + strconv.Itoa(i)
		}
		fi, err := os.Stat(p)
		if err != nil {
			continue
		}
		st, ok := fi.Sys().(*syscall.Stat_t)
		if !ok {
			continue
		}
		fs = append(fs, logFile{path: p, dev: uint64(st.Dev), ino: st.Ino, size: fi.Size()})
	}
	return fs
}

// position returns the file the state points into and its index, moving
// the state to the oldest file when its file is gone (first run, or the
// file rotated out of reach: then its unread rest is lost, and counted).
func (s *Shipper) position(fs []logFile) int {
	for i, f := range fs {
		if f.dev == s.state.Dev && f.ino == s.state.Ino {
			if f.size < s.state.Offset { // truncated in place
				s.state.Offset = 0
			}
			return i
		}
	}
	if s.state.Ino != 0 {
		s.state.Lost++
	}
	s.state.Offset = 0
	if len(fs) > 0 {
		s.state.Dev, s.state.Ino = fs[0].dev, fs[0].ino
	}
	return 0
}

// backlog is the number of bytes after the state's position; the caller
// holds s.mu.
func (s *Shipper) backlog() int64 {
	fs := s.files()
	var b int64
	found := false
	for _, f := range fs {
		if found {
			b += f.size
		} else if f.dev == s.state.Dev && f.ino == s.state.Ino {
			found = true
			b += f.size - s.state.Offset
		}
	}
	if !found {
		for _, f := range fs {
			b += f.size
		}
	}
	return b
}

func (s *Shipper) shipBatch(ctx context.Context) (int, error) {
	fs := s.files()
	if len(fs) == 0 {
		return 0, nil // no log yet
	}
	s.mu.Lock()
	i := s.position(fs)
	off := s.state.Offset
	s.mu.Unlock()
	f := fs[i]
	lines, consumed, err := readLines(f, off, s.Batch)
	if err != nil {
		return 0, err
	}
	if len(lines) == 0 {
		if consumed == 0 && i+1 < len(fs) {
			// This file is finished and a newer one exists: move on.
			s.mu.Lock()
			s.state.Dev, s.state.Ino, s.state.Offset = fs[i+1].dev, fs[i+1].ino, 0
			s.mu.Unlock()
			return 1, nil
		}
		if consumed == 0 {
			return 0, nil
		}
	}
	rows, skipped := s.rows(lines)
	rejected := 0
	if len(rows) > 0 {
		if rejected, err = s.insert(ctx, rows); err != nil {
			return 0, err
		}
	}
	s.mu.Lock()
	s.state.Offset = off + consumed
	s.state.Shipped += int64(len(rows))
	s.state.Rejected += int64(rejected)
	s.state.Skipped += int64(skipped)
	if len(rows) > 0 {
		s.state.LastShippedAt = time.Now().UTC()
	}
	s.mu.Unlock()
	return len(lines) + skipped + 1, nil
}

// readLines reads up to max complete lines of path from off; a partial
// last line (the broker is writing it) is left for the next call. A line
// longer than maxLine is consumed and returned as is (it will not parse
// and is counted as skipped).
func readLines(f logFile, off int64, max int) (lines [][]byte, consumed int64, err error) {
	fh, err := os.Open(f.path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, 0, nil // rotated away between stat and open: next poll
		}
		return nil, 0, err
	}
	defer fh.Close()
	if fi, err := fh.Stat(); err != nil {
		return nil, 0, err
	} else if st, ok := fi.Sys().(*syscall.Stat_t); !ok || uint64(st.Dev) != f.dev || st.Ino != f.ino {
		return nil, 0, nil // rotated between stat and open: next poll
	}
	if _, err := fh.Seek(off, io.SeekStart); err != nil {
		return nil, 0, err
	}
	r := bufio.NewReaderSize(fh, 64<<10)
	for len(lines) < max {
		line, err := r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			// Too long for the buffer: read on to the newline.
			buf := append([]byte(nil), line...)
			for errors.Is(err, bufio.ErrBufferFull) {
				line, err = r.ReadSlice('\n')
				if len(buf) < maxLine {
					buf = append(buf, line...)
				}
			}
			if err != nil {
				break // partial: wait for the rest
			}
			consumed += int64(len(buf))
			if len(buf) >= maxLine {
				// counted as skipped by rows
				lines = append(lines, []byte("{}"))
				continue
			}
			lines = append(lines, bytes.TrimRight(buf, "\n"))
			continue
		}
		if err != nil {
			break // EOF or a partial line
		}
		consumed += int64(len(line))
		lines = append(lines, append([]byte(nil), bytes.TrimRight(line, "\n")...))
	}
	return lines, consumed, nil
}

// record is the part of a broker audit record the table has columns for.
type record struct {
	Time       time.Time `json:"time"`
	Kind       string    `json:"kind"`
	Session    string    `json:"session"`
	Generation uint64    `json:"generation"`
	Runtime    string    `json:"runtime"`
	Tool       string    `json:"tool"`
	Code       string    `json:"code"`
	Rule       string    `json:"rule"`
	AgentID    string    `json:"agent_id"`
	AgentType  string    `json:"agent_type"`
	Path       string    `json:"path"`
	Boot       string    `json:"boot"`
	Seq        uint64    `json:"seq"`
}

type row struct {
	rec  record
	boot string
	seq  int64
	line []byte
}

// rows parses lines into rows; lines that are not records are skipped and
// counted. A record written before records carried an identity gets one
// from its place in the log (file identity and byte offset are not
// known here, so its line's content hash stands in, stable across
// re-reads).
func (s *Shipper) rows(lines [][]byte) ([]row, int) {
	var out []row
	skipped := 0
	for _, l := range lines {
		var r record
		if len(bytes.TrimSpace(l)) == 0 || json.Unmarshal(l, &r) != nil || r.Kind == "" || r.Time.IsZero() {
			skipped++
			continue
		}
		boot, seq := r.Boot, int64(r.Seq)
		if boot == "" || r.Seq == 0 || r.Seq > 1<<62 {
			boot, seq = "legacy", legacySeq(l)
		}
		out = append(out, row{rec: r, boot: boot, seq: seq, line: l})
	}
	return out, skipped
}

// legacySeq is a 62-bit FNV-1a hash of the line: records of the same
// broker differ at least in their nanosecond timestamps.
func legacySeq(l []byte) int64 {
	h := uint64(14695981039346656037)
	for _, c := range l {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return int64(h >> 2)
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

const insertSQL = `INSERT INTO leasegate_events
	(host, boot_id, seq, time, kind, session, generation, runtime, agent_id, agent_type, tool, path, code, rule, shadow, detail, raw)
SELECT $1, b, q, t, k, s, g, rt, ai, at, tl, p, c, ru, sh, d::jsonb, NULL
FROM unnest($2::text[], $3::bigint[], $4::timestamptz[], $5::text[], $6::text[], $7::bigint[], $8::text[],
	$9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::boolean[], $16::text[])
	AS u(b, q, t, k, s, g, rt, ai, at, tl, p, c, ru, sh, d)
ON CONFLICT (host, boot_id, seq) DO NOTHING`

const insertRawSQL = `INSERT INTO leasegate_events
	(host, boot_id, seq, time, kind, shadow, detail, raw)
VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
ON CONFLICT (host, boot_id, seq) DO NOTHING`

func (s *Shipper) connect(ctx context.Context) (*pgx.Conn, error) {
	if s.conn != nil && !s.conn.IsClosed() {
		return s.conn, nil
	}
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	c, err := Connect(cctx, s.DB)
	if err != nil {
		return nil, err
	}
	if err := CheckSchema(cctx, c); err != nil {
		_ = c.Close(ctx)
		return nil, err
	}
	s.conn = c
	return c, nil
}

// insert writes rows in one statement; when the database rejects the
// batch's data it retries them one by one and stores each rejected record
// as its raw line. It returns how many were stored raw.
func (s *Shipper) insert(ctx context.Context, rows []row) (int, error) {
	c, err := s.connect(ctx)
	if err != nil {
		return 0, err
	}
	qctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	err = s.insertMany(qctx, c, rows)
	if err == nil {
		return 0, nil
	}
	if !isDataError(err) {
		s.dropConn(c)
		return 0, err
	}
	rejected := 0
	for _, r := range rows {
		err := s.insertMany(qctx, c, []row{r})
		if err == nil {
			continue
		}
		if !isDataError(err) {
			s.dropConn(c)
			return 0, err
		}
		detail, _ := json.Marshal(map[string]string{"rejected": rejectedDetailNote, "error": err.Error()})
		if _, err := c.Exec(qctx, insertRawSQL, s.Host, r.boot, r.seq, r.rec.Time, clean(r.rec.Kind),
			r.rec.Kind == "gate.would_deny", string(detail), r.line); err != nil {
			if !isDataError(err) {
				s.dropConn(c)
			}
			return 0, fmt.Errorf("record %s/%d rejected even as a raw line: %w", r.boot, r.seq, err)
		}
		rejected++
	}
	return rejected, nil
}

func (s *Shipper) dropConn(c *pgx.Conn) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	_ = c.Close(ctx)
	cancel()
	s.conn = nil
}

func (s *Shipper) insertMany(ctx context.Context, c *pgx.Conn, rows []row) error {
	n := len(rows)
	boots := make([]string, n)
	seqs := make([]int64, n)
	times := make([]time.Time, n)
	kinds := make([]string, n)
	sess, rts, ais, ats, tools, paths, codes, rules := make([]*string, n), make([]*string, n), make([]*string, n),
		make([]*string, n), make([]*string, n), make([]*string, n), make([]*string, n), make([]*string, n)
	gens := make([]*int64, n)
	shadow := make([]bool, n)
	details := make([]string, n)
	for i, r := range rows {
		boots[i], seqs[i], times[i], kinds[i] = r.boot, r.seq, r.rec.Time, r.rec.Kind
		sess[i], rts[i], ais[i], ats[i] = nullable(r.rec.Session), nullable(r.rec.Runtime), nullable(r.rec.AgentID), nullable(r.rec.AgentType)
		tools[i], paths[i], codes[i], rules[i] = nullable(r.rec.Tool), nullable(r.rec.Path), nullable(r.rec.Code), nullable(r.rec.Rule)
		if r.rec.Generation > 0 && r.rec.Generation < 1<<63 {
			g := int64(r.rec.Generation)
			gens[i] = &g
		}
		shadow[i] = r.rec.Kind == "gate.would_deny"
		details[i] = string(r.line)
	}
	_, err := c.Exec(ctx, insertSQL, s.Host, boots, seqs, times, kinds, sess, gens, rts, ais, ats, tools, paths, codes, rules, shadow, details)
	return err
}

// isDataError reports whether err is the database refusing the data
// (SQLSTATE class 22, data exception, e.g. a NUL byte in text or jsonb;
// class 23 but for the unique key ON CONFLICT handles).
func isDataError(err error) bool {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return false
	}
	return len(pe.Code) == 5 && (pe.Code[:2] == "22" || pe.Code[:2] == "23")
}

// clean drops NUL bytes, which PostgreSQL text cannot hold.
func clean(s string) string { return string(bytes.ReplaceAll([]byte(s), []byte{0}, nil)) }
