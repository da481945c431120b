package fleet_test

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/lease/broker"
	"github.com/leasegate/leasegate/lease/fleet"
	"github.com/leasegate/leasegate/lease/fleet/pgtest"
)

func TestMigrationsOrdered(t *testing.T) {
	ms := fleet.Migrations()
	require.NotEmpty(t, ms)
	for i, m := range ms {
		assert.Equal(t, i+1, m.Version, "migrations are numbered 1, 2, … without gaps")
		assert.NotEmpty(t, strings.TrimSpace(m.SQL))
	}
	assert.Equal(t, ms[len(ms)-1].Version, fleet.SchemaVersion())
}

func TestRedact(t *testing.T) {
	for _, c := range []struct{ in, secret string }{
		{"postgres://u:hunter2@db:5432/x", "hunter2"},
		{"host=db user=u password=hunter2 dbname=x", "hunter2"},
	} {
		assert.NotContains(t, fleet.Redact(c.in), c.secret)
	}
	_, err := fleet.ConnConfig("postgres://u:hunter2@db:notaport/x", "")
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "hunter2")
}

// env is a private cluster with the schema applied and a fresh audit log.
type env struct {
	pg    *pgtest.Cluster
	cfg   *pgx.ConnConfig
	audit string
	dir   string
}

func setup(t *testing.T) *env {
	pg := pgtest.Start(t)
	cfg, err := fleet.ConnConfig(pg.URL(), "")
	require.NoError(t, err)
	ctx := context.Background()
	c, err := fleet.Connect(ctx, cfg)
	require.NoError(t, err)
	defer c.Close(ctx)
	applied, err := fleet.Migrate(ctx, c)
	require.NoError(t, err)
	assert.Equal(t, []int{1}, applied)
	again, err := fleet.Migrate(ctx, c)
	require.NoError(t, err)
	assert.Empty(t, again, "a second migrate applies nothing")
	dir := t.TempDir()
	return &env{pg: pg, cfg: cfg, audit: filepath.Join(dir, "audit.jsonl"), dir: dir}
}

func (e *env) conn(t *testing.T) *pgx.Conn {
	c, err := fleet.Connect(context.Background(), e.cfg)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close(context.Background()) })
	return c
}

func (e *env) shipper(host string) *fleet.Shipper {
	return &fleet.Shipper{Audit: e.audit, Keep: 3, Host: host, DB: e.cfg, Poll: 20 * time.Millisecond,
		MaxBackoff: 200 * time.Millisecond, Batch: 50}
}

// logIdentities reads every record of the log and its rotated files.
func logIdentities(t *testing.T, audit string, keep int) []string {
	var ids []string
	for i := keep; i >= 0; i-- {
		p := audit
		if i > 0 {
			p += "." + strconv.Itoa(i)
		}
		f, err := os.Open(p)
		if os.IsNotExist(err) {
			continue
		}
		require.NoError(t, err)
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 4<<20)
		for sc.Scan() {
			var r broker.Record
			require.NoError(t, json.Unmarshal(sc.Bytes(), &r))
			ids = append(ids, r.Boot+"/"+strconv.FormatUint(r.Seq, 10))
		}
		f.Close()
	}
	sort.Strings(ids)
	return ids
}

func tableIdentities(t *testing.T, c *pgx.Conn, host string) []string {
	rows, err := c.Query(context.Background(), "SELECT boot_id || '/' || seq FROM leasegate_events WHERE host = $1", host)
	require.NoError(t, err)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	sort.Strings(ids)
	return ids
}

func writeRecords(t *testing.T, a *broker.Audit, n int, session string) {
	for i := 0; i < n; i++ {
		r := broker.Record{Kind: broker.KindToolCall, Session: session, Tool: "Read", Generation: 1, Event: "PreToolUse"}
		switch i % 4 {
		case 1:
			r = broker.Record{Kind: broker.KindGateDenied, Session: session, Tool: "Bash", Code: "POLICY_DENIED", Rule: "no-rm-rf", Reason: "rm -rf"}
		case 2:
			r = broker.Record{Kind: broker.KindGateWouldDeny, Session: session, Tool: "Bash", Rule: "shadow-curl", Reason: "curl"}
		}
		require.NoError(t, a.Write(r))
	}
}

func TestShipExactlyOnce(t *testing.T) {
	e := setup(t)
	a, err := broker.OpenAudit(e.audit, 0, 3)
	require.NoError(t, err)
	defer a.Close()
	writeRecords(t, a, 237, "s1")
	ctx := context.Background()
	require.NoError(t, e.shipper("h1").Drain(ctx))
	c := e.conn(t)
	want := logIdentities(t, e.audit, 3)
	require.Len(t, want, 237)
	assert.Equal(t, want, tableIdentities(t, c, "h1"))

	// A crash after the commit and before the offset was saved: the state
	// file goes back to the start; shipping again adds no duplicate.
	st, err := fleet.ReadState(fleet.StatePath(e.audit))
	require.NoError(t, err)
	assert.Equal(t, int64(237), st.Shipped)
	assert.Zero(t, st.Backlog)
	require.NoError(t, os.Remove(fleet.StatePath(e.audit)))
	require.NoError(t, e.shipper("h1").Drain(ctx))
	assert.Equal(t, want, tableIdentities(t, c, "h1"))

	// The columns carry what the record says.
	evs, err := fleet.Events(ctx, c, fleet.Filter{Kind: broker.KindGateDenied, Host: "h1", Limit: 5})
	require.NoError(t, err)
	require.Len(t, evs, 5)
	for _, ev := range evs {
		assert.Equal(t, "POLICY_DENIED", ev.Code)
		assert.Equal(t, "no-rm-rf", ev.Rule)
		assert.False(t, ev.Shadow)
		var r broker.Record
		require.NoError(t, json.Unmarshal(ev.Detail, &r))
		assert.Equal(t, "rm -rf", r.Reason)
	}
	wd, err := fleet.Events(ctx, c, fleet.Filter{Kind: broker.KindGateWouldDeny})
	require.NoError(t, err)
	require.NotEmpty(t, wd)
	assert.True(t, wd[0].Shadow)
}

func TestShipThroughRotationAndRestart(t *testing.T) {
	e := setup(t)
	// 4 KiB files: the log rotates every ~20 records, under the shipper.
	a, err := broker.OpenAudit(e.audit, 4096, 3)
	require.NoError(t, err)
	defer a.Close()
	ctx, cancel := context.WithCancel(context.Background())
	s := e.shipper("h2")
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	for i := 0; i < 10; i++ {
		writeRecords(t, a, 6, "s2")
		time.Sleep(15 * time.Millisecond)
	}
	// The broker (and its shipper) killed mid-shipment, then started again.
	cancel()
	<-done
	writeRecords(t, a, 6, "s2")
	ctx2, cancel2 := context.WithCancel(context.Background())
	defer cancel2()
	s2 := e.shipper("h2")
	go func() { done <- s2.Run(ctx2) }()
	c := e.conn(t)
	want := logIdentities(t, e.audit, 3)
	require.Eventually(t, func() bool {
		return len(tableIdentities(t, c, "h2")) >= len(want)
	}, 20*time.Second, 50*time.Millisecond)
	cancel2()
	<-done
	assert.Equal(t, want, tableIdentities(t, c, "h2"), "the table equals the log, no duplicates, no loss")
	assert.Zero(t, s2.State().Lost)
}

func TestDatabaseDownThenBack(t *testing.T) {
	e := setup(t)
	a, err := broker.OpenAudit(e.audit, 0, 3)
	require.NoError(t, err)
	defer a.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := e.shipper("h3")
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	writeRecords(t, a, 40, "s3")
	c := e.conn(t)
	require.Eventually(t, func() bool { return len(tableIdentities(t, c, "h3")) == 40 }, 20*time.Second, 50*time.Millisecond)
	c.Close(context.Background())

	e.pg.Stop()
	// Writes go on while the database is down: the log never waits.
	start := time.Now()
	writeRecords(t, a, 60, "s3")
	assert.Less(t, time.Since(start), 2*time.Second, "the audit write path does not touch the database")
	require.Eventually(t, func() bool {
		st, err := fleet.ReadState(fleet.StatePath(e.audit))
		return err == nil && st.LastError != "" && st.Backlog > 0
	}, 20*time.Second, 50*time.Millisecond, "status shows the backlog and the last error while the database is down")
	st, _ := fleet.ReadState(fleet.StatePath(e.audit))
	assert.NotContains(t, st.LastError, e.pg.Password)

	e.pg.Restart()
	c2 := e.conn(t)
	require.Eventually(t, func() bool { return len(tableIdentities(t, c2, "h3")) == 100 }, 40*time.Second, 100*time.Millisecond)
	cancel()
	<-done
	assert.Equal(t, logIdentities(t, e.audit, 3), tableIdentities(t, c2, "h3"))
	st = s.State()
	assert.Empty(t, st.LastError, "the error clears once shipping resumes")
}

func TestRejectedRecordKeptRaw(t *testing.T) {
	e := setup(t)
	a, err := broker.OpenAudit(e.audit, 0, 3)
	require.NoError(t, err)
	writeRecords(t, a, 3, "s4")
	// PostgreSQL's jsonb and text refuse NUL: the record is kept raw.
	require.NoError(t, a.Write(broker.Record{Kind: broker.KindGateDenied, Session: "s4", Tool: "Bash\x00x", Reason: "nul\x00byte", Code: "POLICY_DENIED"}))
	writeRecords(t, a, 3, "s4")
	a.Close()
	// and a torn line, which is not a record at all
	f, err := os.OpenFile(e.audit, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString("{\"time\":\"2026-\n")
	require.NoError(t, err)
	f.Close()

	s := e.shipper("h4")
	require.NoError(t, s.Drain(context.Background()))
	c := e.conn(t)
	var n, raw int
	require.NoError(t, c.QueryRow(context.Background(), "SELECT count(*), count(raw) FROM leasegate_events WHERE host='h4'").Scan(&n, &raw))
	assert.Equal(t, 7, n)
	assert.Equal(t, 1, raw)
	st := s.State()
	assert.Equal(t, int64(1), st.Rejected)
	assert.Equal(t, int64(1), st.Skipped)
	var line []byte
	require.NoError(t, c.QueryRow(context.Background(), "SELECT raw FROM leasegate_events WHERE raw IS NOT NULL").Scan(&line))
	assert.Contains(t, string(line), `nul\u0000byte`)
}

func TestSchemaNewerRefused(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	c := e.conn(t)
	_, err := c.Exec(ctx, "INSERT INTO leasegate_schema_migrations (version, name) VALUES (999, 'future')")
	require.NoError(t, err)
	_, err = fleet.Migrate(ctx, c)
	require.ErrorIs(t, err, fleet.ErrSchemaNewer)
	a, err := broker.OpenAudit(e.audit, 0, 3)
	require.NoError(t, err)
	writeRecords(t, a, 2, "s5")
	a.Close()
	err = e.shipper("h5").Drain(ctx)
	require.ErrorIs(t, err, fleet.ErrSchemaNewer, "a binary never writes into a schema it does not know")
}

func TestCredentials(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	pw := filepath.Join(e.dir, "pw")
	require.NoError(t, os.WriteFile(pw, []byte(e.pg.Password+"\n"), 0o600))
	cfg, err := fleet.ConnConfig(e.pg.URLNoPassword(), pw)
	require.NoError(t, err)
	c, err := fleet.Connect(ctx, cfg)
	require.NoError(t, err, "password from a file")
	c.Close(ctx)

	t.Setenv("PGPASSWORD", e.pg.Password)
	cfg, err = fleet.ConnConfig(e.pg.URLNoPassword(), "")
	require.NoError(t, err)
	c, err = fleet.Connect(ctx, cfg)
	require.NoError(t, err, "password from PGPASSWORD")
	c.Close(ctx)

	bad := strings.Replace(e.pg.URL(), e.pg.Password, "wrong-pass-123", 1)
	cfg, err = fleet.ConnConfig(bad, "")
	require.NoError(t, err)
	_, err = fleet.Connect(ctx, cfg)
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "wrong-pass-123")
}

func TestRefusedConnectionBacksOff(t *testing.T) {
	dir := t.TempDir()
	audit := filepath.Join(dir, "audit.jsonl")
	a, err := broker.OpenAudit(audit, 0, 3)
	require.NoError(t, err)
	writeRecords(t, a, 3, "s6")
	a.Close()
	cfg, err := fleet.ConnConfig("postgres://u:pw@127.0.0.1:1/x?connect_timeout=2", "")
	require.NoError(t, err)
	s := &fleet.Shipper{Audit: audit, Host: "h6", DB: cfg, Poll: 10 * time.Millisecond, MaxBackoff: 50 * time.Millisecond}
	ctx, cancel := context.WithTimeout(context.Background(), 700*time.Millisecond)
	defer cancel()
	require.ErrorIs(t, s.Run(ctx), context.DeadlineExceeded)
	st, err := fleet.ReadState(fleet.StatePath(audit))
	require.NoError(t, err)
	assert.NotEmpty(t, st.LastError)
	assert.Zero(t, st.Offset, "nothing is marked shipped that was not")
	assert.Positive(t, st.Backlog)
}

func TestReport(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	a, err := broker.OpenAudit(e.audit, 0, 3)
	require.NoError(t, err)
	require.NoError(t, a.Write(broker.Record{Kind: broker.KindLeaseRegistered, Session: "busy", Runtime: "claude"}))
	require.NoError(t, a.Write(broker.Record{Kind: broker.KindLeaseRegistered, Session: "silent", Runtime: "pi"}))
	writeRecords(t, a, 8, "busy") // 2 denied, 2 would-deny
	require.NoError(t, a.Write(broker.Record{Kind: broker.KindGateDenied, Session: "busy", Tool: "Bash", Code: "LEASE_NOT_VERIFIED"}))
	require.NoError(t, a.Write(broker.Record{Kind: broker.KindLeaseRevoked, Session: "busy", Reason: "runtime exited", DroppedToolCalls: 5, DroppedFileTouches: 2}))
	a.Close()
	require.NoError(t, e.shipper("hA").Drain(ctx))
	c := e.conn(t)
	r, err := fleet.MakeReport(ctx, c, time.Time{}, time.Time{}, 0)
	require.NoError(t, err)
	assert.Equal(t, []fleet.Count{{Rule: "no-rm-rf", Code: "POLICY_DENIED", Count: 2}, {Code: "LEASE_NOT_VERIFIED", Count: 1}}, r.DenialsByRule)
	assert.Equal(t, []fleet.Count{{Host: "hA", Count: 3}}, r.DenialsByHost)
	assert.Equal(t, []fleet.Count{{Rule: "shadow-curl", Count: 2}}, r.WouldDeny)
	assert.Equal(t, []fleet.Count{{Host: "hA", Count: 7}}, r.Dropped, "drops past the per-session cap are counted")
	require.Len(t, r.SilentSessions, 1)
	assert.Equal(t, "silent", r.SilentSessions[0].Session)
	assert.Equal(t, int64(1), r.Hosts)
}

// TestSlowDatabase: a database that holds the shipper's insert (a lock
// taken by another client for two seconds) slows shipping, never the log,
// and the table catches up afterwards.
func TestSlowDatabase(t *testing.T) {
	e := setup(t)
	a, err := broker.OpenAudit(e.audit, 0, 3)
	require.NoError(t, err)
	defer a.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	locker := e.conn(t)
	tx, err := locker.Begin(ctx)
	require.NoError(t, err)
	_, err = tx.Exec(ctx, "LOCK TABLE leasegate_events IN ACCESS EXCLUSIVE MODE")
	require.NoError(t, err)
	s := e.shipper("h7")
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	start := time.Now()
	for i := 0; i < 20; i++ {
		writeRecords(t, a, 5, "s7")
		time.Sleep(50 * time.Millisecond)
	}
	assert.Less(t, time.Since(start), 4*time.Second, "writes went on at their own pace")
	st, _ := fleet.ReadState(fleet.StatePath(e.audit))
	assert.Zero(t, st.Shipped, "nothing was shipped while the table was locked")
	require.NoError(t, tx.Rollback(ctx))
	c := e.conn(t)
	require.Eventually(t, func() bool { return len(tableIdentities(t, c, "h7")) == 100 }, 60*time.Second, 100*time.Millisecond)
	cancel()
	<-done
	assert.Equal(t, logIdentities(t, e.audit, 3), tableIdentities(t, c, "h7"))
}
