package broker

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/leasegate/leasegate/lease/wire"
)

// Audit record kinds.
const (
	KindToolCall         = "tool.call"
	KindFileTouch        = "file.touch"
	KindGateDenied       = "gate.denied"
	KindGateWouldDeny    = "gate.would_deny"
	KindLeaseRegistered  = "lease.registered"
	KindLeasePending     = "lease.pending"
	KindLeaseVerified    = "lease.verified"
	KindLeaseRevoked     = "lease.revoked"
	KindLeaseExpired     = "lease.expired"
	KindGenerationBumped = "generation.bumped"
	// KindSessionStartup is one MCP server, plugin or hook a session will
	// start, as launch-runtime found it at launch (Reason holds it).
	KindSessionStartup = "session.startup"
	// KindBrokerStopped is a `lease-broker stop`: the broker closes and
	// forgets every lease (UID says who, Reason how many sessions).
	KindBrokerStopped = "broker.stopped"
)

// Kinds lists every audit record kind.
var Kinds = []string{KindToolCall, KindFileTouch, KindGateDenied, KindGateWouldDeny,
	KindLeaseRegistered, KindLeasePending, KindLeaseVerified, KindLeaseRevoked,
	KindLeaseExpired, KindGenerationBumped, KindSessionStartup, KindBrokerStopped}

// Record is one audit log line.
type Record struct {
	Time       time.Time `json:"time"`
	Kind       string    `json:"kind"`
	Session    string    `json:"session,omitempty"`
	Generation uint64    `json:"generation,omitempty"`
	Runtime    string    `json:"runtime,omitempty"`
	Tool       string    `json:"tool,omitempty"`
	Code       wire.Code `json:"code,omitempty"`
	Reason     string    `json:"reason,omitempty"`
	Rule       string    `json:"rule,omitempty"`
	Event      string    `json:"event,omitempty"`
	AgentID    string    `json:"agent_id,omitempty"`
	AgentType  string    `json:"agent_type,omitempty"`
	Path       string    `json:"path,omitempty"`
	PID        int       `json:"pid,omitempty"`
	UID        *int      `json:"uid,omitempty"`
	Cycle      uint64    `json:"cycle,omitempty"`
	// DroppedToolCalls and DroppedFileTouches, on the lease.revoked record
	// that ends a session, count the tool.call and file.touch records the
	// per-session cap left out of the log.
	DroppedToolCalls   int `json:"dropped_tool_calls,omitempty"`
	DroppedFileTouches int `json:"dropped_file_touches,omitempty"`
	// Boot and Seq identify the record: Boot is random per opening of the
	// log by a broker, Seq counts that broker's records from 1. Together
	// with the host they make the identity the fleet shipper delivers at
	// least once and the database stores exactly once.
	Boot string `json:"boot,omitempty"`
	Seq  uint64 `json:"seq,omitempty"`
	// Confinement is on lease.registered: how the runtime was confined.
	Confinement string `json:"confinement,omitempty"`
}

// Default rotation settings.
const (
	DefaultAuditMaxBytes = 64 << 20
	DefaultAuditKeep     = 3
)

// Audit is the append-only JSON-lines audit log. Each record is written
// with a single write(2) on a file opened with O_APPEND, so a crash of the
// broker loses at most the record being written and never leaves half a
// line behind another. When the file passes MaxBytes it is rotated to
// PATH.1 (PATH.1 to PATH.2, ...), keeping Keep old files.
type Audit struct {
	mu      sync.Mutex
	path    string
	f       *os.File
	size    int64
	regular bool
	max     int64
	keep    int
	err     error
	failing atomic.Bool // err != nil, readable without the lock
	buf     []byte
	now     func() time.Time
	boot    string
	seq     uint64
}

// OpenAudit opens (creating with mode 0600) the audit log at path.
// maxBytes <= 0 and keep <= 0 take the defaults.
func OpenAudit(path string, maxBytes int64, keep int) (*Audit, error) {
	if maxBytes <= 0 {
		maxBytes = DefaultAuditMaxBytes
	}
	if keep <= 0 {
		keep = DefaultAuditKeep
	}
	a := &Audit{path: path, max: maxBytes, keep: keep, now: time.Now, boot: newBootID()}
	if err := a.open(); err != nil {
		return nil, err
	}
	return a, nil
}

func (a *Audit) open() error {
	f, err := os.OpenFile(a.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return fmt.Errorf("audit log: %w", err)
	}
	a.f, a.size, a.regular = f, st.Size(), st.Mode().IsRegular()
	return nil
}

// newBootID returns 16 random hex digits; a failing random source falls
// back to the time and pid, which are unique enough per host.
func newBootID() string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return strconv.FormatInt(time.Now().UnixNano(), 16) + "-" + strconv.Itoa(os.Getpid())
	}
	return hex.EncodeToString(b[:])
}

// Boot returns the log's boot id (see Record.Boot).
func (a *Audit) Boot() string { return a.boot }

// Path returns the log's path.
func (a *Audit) Path() string { return a.path }

// Err returns the error of the last failed write, or nil when the last write
// succeeded. The broker refuses to allow anything while it is set.
func (a *Audit) Err() error {
	if !a.failing.Load() {
		return nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.err
}

// Write appends one record, filling Time when it is zero.
func (a *Audit) Write(r Record) error {
	if r.Time.IsZero() {
		r.Time = a.now().UTC()
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.f == nil {
		return a.setErr(errors.New("audit log: closed"))
	}
	a.seq++
	r.Boot, r.Seq = a.boot, a.seq
	line, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if a.regular && a.size > 0 && a.size+int64(len(line))+1 > a.max {
		if err := a.rotate(); err != nil {
			return a.setErr(err)
		}
	}
	a.buf = append(append(a.buf[:0], line...), '\n')
	n, err := a.f.Write(a.buf)
	a.size += int64(n)
	if err != nil {
		return a.setErr(fmt.Errorf("audit log: %w", err))
	}
	return a.setErr(nil)
}

// setErr records the outcome of the last write; the caller holds a.mu.
func (a *Audit) setErr(err error) error {
	a.err = err
	a.failing.Store(err != nil)
	return err
}

func (a *Audit) rotate() error {
	if err := a.f.Close(); err != nil {
		return fmt.Errorf("audit log: rotate: %w", err)
	}
	a.f = nil
	for i := a.keep - 1; i >= 1; i-- {
		_ = os.Rename(a.path+"."+strconv.Itoa(i), a.path+"."+strconv.Itoa(i+1))
	}
	if err := os.Rename(a.path, a.path+".1"); err != nil {
		return fmt.Errorf("audit log: rotate: %w", err)
	}
	return a.open()
}

// Close closes the log.
func (a *Audit) Close() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.f == nil {
		return nil
	}
	err := a.f.Close()
	a.f = nil
	return err
}

// Filter selects audit records; zero fields match everything.
type Filter struct {
	Session string
	Kind    string
	Since   time.Time
	// Limit keeps only the last Limit matches (0: all).
	Limit int
}

func (f Filter) match(r *Record) bool {
	return (f.Session == "" || r.Session == f.Session) &&
		(f.Kind == "" || r.Kind == f.Kind) &&
		(f.Since.IsZero() || !r.Time.Before(f.Since))
}

// ReadEvents reads the log at path and its rotated files, oldest first, and
// returns the records that match. Lines that do not parse (a torn last line
// after a crash of an older writer) are skipped and counted.
func ReadEvents(path string, keep int, f Filter) (recs []Record, skipped int, err error) {
	if keep <= 0 {
		keep = DefaultAuditKeep
	}
	for i := keep; i >= 0; i-- {
		p := path
		if i > 0 {
			p = path + "." + strconv.Itoa(i)
		}
		fh, err := os.Open(p)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) && i > 0 {
				continue
			}
			return nil, 0, err
		}
		s, err := scanRecords(fh, f, &recs)
		fh.Close()
		skipped += s
		if err != nil {
			return nil, skipped, err
		}
	}
	if f.Limit > 0 && len(recs) > f.Limit {
		recs = recs[len(recs)-f.Limit:]
	}
	return recs, skipped, nil
}

func scanRecords(r io.Reader, f Filter, out *[]Record) (skipped int, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	for sc.Scan() {
		var rec Record
		if json.Unmarshal(sc.Bytes(), &rec) != nil || rec.Kind == "" {
			skipped++
			continue
		}
		if f.match(&rec) {
			*out = append(*out, rec)
		}
	}
	return skipped, sc.Err()
}
