package fleet

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Filter selects events; zero fields match everything.
type Filter struct {
	Session string
	Kind    string
	Host    string
	Since   time.Time
	Until   time.Time
	// Limit keeps only the last Limit matches (0: all).
	Limit int
}

// Event is one stored record.
type Event struct {
	Host       string          `json:"host"`
	Boot       string          `json:"boot"`
	Seq        int64           `json:"seq"`
	Time       time.Time       `json:"time"`
	Kind       string          `json:"kind"`
	Session    string          `json:"session,omitempty"`
	Generation int64           `json:"generation,omitempty"`
	Runtime    string          `json:"runtime,omitempty"`
	AgentID    string          `json:"agent_id,omitempty"`
	AgentType  string          `json:"agent_type,omitempty"`
	Tool       string          `json:"tool,omitempty"`
	Path       string          `json:"path,omitempty"`
	Code       string          `json:"code,omitempty"`
	Rule       string          `json:"rule,omitempty"`
	Shadow     bool            `json:"shadow,omitempty"`
	Detail     json.RawMessage `json:"detail"`
	Raw        []byte          `json:"raw,omitempty"`
}

func (f Filter) where() (string, []any) {
	var conds []string
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		conds = append(conds, fmt.Sprintf(cond, len(args)))
	}
	if f.Session != "" {
		add("session = $%d", f.Session)
	}
	if f.Kind != "" {
		add("kind = $%d", f.Kind)
	}
	if f.Host != "" {
		add("host = $%d", f.Host)
	}
	if !f.Since.IsZero() {
		add("time >= $%d", f.Since)
	}
	if !f.Until.IsZero() {
		add("time < $%d", f.Until)
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

// Events returns the matching events, oldest first.
func Events(ctx context.Context, c *pgx.Conn, f Filter) ([]Event, error) {
	w, args := f.where()
	q := `SELECT host, boot_id, seq, time, kind, coalesce(session,''), coalesce(generation,0), coalesce(runtime,''),
		coalesce(agent_id,''), coalesce(agent_type,''), coalesce(tool,''), coalesce(path,''), coalesce(code,''),
		coalesce(rule,''), shadow, detail, raw FROM leasegate_events` + w +
		` ORDER BY time DESC, host DESC, boot_id DESC, seq DESC`
	if f.Limit > 0 {
		args = append(args, f.Limit)
		q += fmt.Sprintf(" LIMIT $%d", len(args))
	}
	rows, err := c.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var e Event
		var detail []byte
		if err := rows.Scan(&e.Host, &e.Boot, &e.Seq, &e.Time, &e.Kind, &e.Session, &e.Generation, &e.Runtime,
			&e.AgentID, &e.AgentType, &e.Tool, &e.Path, &e.Code, &e.Rule, &e.Shadow, &detail, &e.Raw); err != nil {
			return nil, err
		}
		e.Detail = detail
		e.Time = e.Time.UTC()
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}

// Count is one group of a report.
type Count struct {
	Rule  string `json:"rule,omitempty"`
	Code  string `json:"code,omitempty"`
	Host  string `json:"host,omitempty"`
	Count int64  `json:"count"`
}

// SilentSession is a session that registered and never called in: its
// runtime ran without the gate asking the broker anything.
type SilentSession struct {
	Host         string    `json:"host"`
	Session      string    `json:"session"`
	Runtime      string    `json:"runtime,omitempty"`
	RegisteredAt time.Time `json:"registered_at"`
}

// Report answers the fleet questions over a time window.
type Report struct {
	Since time.Time `json:"since,omitzero"`
	Until time.Time `json:"until,omitzero"`
	// Denials by rule (policy denials) or by code (lease denials, no rule).
	DenialsByRule []Count `json:"denials_by_rule"`
	DenialsByHost []Count `json:"denials_by_host"`
	// WouldDeny counts, per shadow rule, what enforcing it would have
	// blocked.
	WouldDeny []Count `json:"would_deny_by_rule"`
	// Dropped counts, per host, the tool.call and file.touch records the
	// per-session cap left out (from the record that ends each session).
	Dropped        []Count         `json:"dropped_by_host"`
	SilentSessions []SilentSession `json:"silent_sessions"`
	Events         int64           `json:"events"`
	Hosts          int64           `json:"hosts"`
}

// MakeReport computes the report for [since, until) (zero: unbounded).
// A session counts as silent when it registered in the window, is older
// than grace, and no tool.call, file.touch, gate.denied or gate.would_deny
// record of it exists.
func MakeReport(ctx context.Context, c *pgx.Conn, since, until time.Time, grace time.Duration) (Report, error) {
	r := Report{Since: since, Until: until, DenialsByRule: []Count{}, DenialsByHost: []Count{}, WouldDeny: []Count{}, Dropped: []Count{}, SilentSessions: []SilentSession{}}
	win := Filter{Since: since, Until: until}
	w, args := win.where()
	and := func(cond string) string {
		if w == "" {
			return " WHERE " + cond
		}
		return w + " AND " + cond
	}
	if err := c.QueryRow(ctx, "SELECT count(*), count(DISTINCT host) FROM leasegate_events"+w, args...).Scan(&r.Events, &r.Hosts); err != nil {
		return r, err
	}
	scanCounts := func(q string, dst *[]Count, scan func(pgx.Rows, *Count) error) error {
		rows, err := c.Query(ctx, q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var k Count
			if err := scan(rows, &k); err != nil {
				return err
			}
			*dst = append(*dst, k)
		}
		return rows.Err()
	}
	if err := scanCounts("SELECT coalesce(rule,''), coalesce(code,''), count(*) FROM leasegate_events"+and("kind = 'gate.denied'")+
		" GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2", &r.DenialsByRule,
		func(rs pgx.Rows, k *Count) error { return rs.Scan(&k.Rule, &k.Code, &k.Count) }); err != nil {
		return r, err
	}
	if err := scanCounts("SELECT host, count(*) FROM leasegate_events"+and("kind = 'gate.denied'")+
		" GROUP BY 1 ORDER BY 2 DESC, 1", &r.DenialsByHost,
		func(rs pgx.Rows, k *Count) error { return rs.Scan(&k.Host, &k.Count) }); err != nil {
		return r, err
	}
	if err := scanCounts("SELECT coalesce(rule,''), count(*) FROM leasegate_events"+and("kind = 'gate.would_deny'")+
		" GROUP BY 1 ORDER BY 2 DESC, 1", &r.WouldDeny,
		func(rs pgx.Rows, k *Count) error { return rs.Scan(&k.Rule, &k.Count) }); err != nil {
		return r, err
	}
	if err := scanCounts("SELECT host, sum(coalesce((detail->>'dropped_tool_calls')::bigint, 0) + coalesce((detail->>'dropped_file_touches')::bigint, 0))::bigint FROM leasegate_events"+
		and("kind = 'lease.revoked' AND (detail ? 'dropped_tool_calls' OR detail ? 'dropped_file_touches')")+
		" GROUP BY 1 ORDER BY 2 DESC, 1", &r.Dropped,
		func(rs pgx.Rows, k *Count) error { return rs.Scan(&k.Host, &k.Count) }); err != nil {
		return r, err
	}
	args = append(args, time.Now().Add(-grace))
	q := fmt.Sprintf(`SELECT e.host, e.session, coalesce(e.runtime,''), min(e.time) FROM leasegate_events e`+
		and("e.kind = 'lease.registered' AND e.session IS NOT NULL")+` AND e.time < $%d
		AND NOT EXISTS (SELECT 1 FROM leasegate_events x WHERE x.host = e.host AND x.session = e.session
			AND x.kind IN ('tool.call','file.touch','gate.denied','gate.would_deny'))
		GROUP BY 1, 2, 3 ORDER BY 4, 1, 2`, len(args))
	rows, err := c.Query(ctx, q, args...)
	if err != nil {
		return r, err
	}
	defer rows.Close()
	for rows.Next() {
		var s SilentSession
		if err := rows.Scan(&s.Host, &s.Session, &s.Runtime, &s.RegisteredAt); err != nil {
			return r, err
		}
		s.RegisteredAt = s.RegisteredAt.UTC()
		r.SilentSessions = append(r.SilentSessions, s)
	}
	return r, rows.Err()
}
