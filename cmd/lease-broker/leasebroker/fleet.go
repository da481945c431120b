package leasebroker

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/spf13/cobra"

	"github.com/leasegate/leasegate/lease/broker"
	"github.com/leasegate/leasegate/lease/fleet"
	"github.com/leasegate/leasegate/lease/wire"
)

// dbOptions are the database flags the fleet commands share.
type dbOptions struct {
	URL          string
	PasswordFile string
}

func (d *dbOptions) flags(f interface {
	StringVar(*string, string, string, string)
}, name string) {
	f.StringVar(&d.URL, name, "", "PostgreSQL URL or DSN (default: $"+fleet.EnvDB+"; the standard PG* variables fill what it leaves out)")
	f.StringVar(&d.PasswordFile, name+"-password-file", "", "read the database password from the first line of this file")
}

// set reports whether a database was named by flag or environment.
func (d *dbOptions) set() bool {
	if d.URL == "" {
		d.URL = os.Getenv(fleet.EnvDB)
	}
	return d.URL != ""
}

func (d *dbOptions) config() (*pgx.ConnConfig, error) {
	cfg, err := fleet.ConnConfig(d.URL, d.PasswordFile)
	if err != nil {
		return nil, exitf(ExitUsage, "%v", err)
	}
	return cfg, nil
}

func (d *dbOptions) connect(ctx context.Context, flag string) (*pgx.Conn, error) {
	if !d.set() {
		return nil, exitf(ExitUsage, "no database: give --%s URL or set %s", flag, fleet.EnvDB)
	}
	cfg, err := d.config()
	if err != nil {
		return nil, err
	}
	c, err := fleet.Connect(ctx, cfg)
	if err != nil {
		return nil, exitf(ExitUnavailable, "database %s: %v", fleet.Redact(d.URL), err)
	}
	return c, nil
}

// NewCmdDB builds `db` with its subcommand `migrate`.
func NewCmdDB(ios *IO) *cobra.Command {
	db := &dbOptions{}
	cmd := &cobra.Command{
		Use:   "db migrate [--db URL]",
		Short: "Manage the fleet audit database",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			return exitf(ExitUsage, "missing subcommand: lease-broker db migrate")
		},
	}
	migrate := &cobra.Command{
		Use:   "migrate [--db URL]",
		Short: "Apply the embedded schema migrations the database lacks (refused when the database is newer)",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			c, err := db.connect(ctx, "db")
			if err != nil {
				return err
			}
			defer c.Close(ctx)
			applied, err := fleet.Migrate(ctx, c)
			if errors.Is(err, fleet.ErrSchemaNewer) {
				return exitf(ExitFailed, "%v: upgrade lease-broker before using this database", err)
			}
			if err != nil {
				return exitf(ExitFailed, "migrate: %v", err)
			}
			if len(applied) == 0 {
				fmt.Fprintf(ios.Out, "schema is up to date (version %d)\n", fleet.SchemaVersion())
				return nil
			}
			fmt.Fprintf(ios.Out, "applied migrations %v; schema version %d\n", applied, fleet.SchemaVersion())
			return nil
		},
	}
	db.flags(migrate.Flags(), "db")
	cmd.AddCommand(migrate)
	return cmd
}

// NewCmdShip builds `ship`: the shipper on its own, for a host whose
// broker runs without --audit-db, or to backfill a log once.
func NewCmdShip(ios *IO) *cobra.Command {
	db := &dbOptions{}
	var audit, host string
	var once bool
	cmd := &cobra.Command{
		Use:   "ship --audit FILE [--db URL] [--host NAME] [--once]",
		Short: "Ship an audit log into the fleet database (until stopped, or --once)",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if audit == "" {
				return exitf(ExitUsage, "--audit FILE is required")
			}
			if !db.set() {
				return exitf(ExitUsage, "no database: give --db URL or set %s", fleet.EnvDB)
			}
			cfg, err := db.config()
			if err != nil {
				return err
			}
			s := &fleet.Shipper{Audit: audit, Host: host, DB: cfg,
				Logf: func(f string, a ...any) { fmt.Fprintf(ios.Err, "lease-broker: "+f+"\n", a...) }}
			if once {
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
				defer cancel()
				if err := s.Drain(ctx); err != nil {
					return exitf(ExitFailed, "ship: %v", err)
				}
				st := s.State()
				fmt.Fprintf(ios.Out, "shipped %d records (%d kept raw, %d lines skipped) as host %s\n", st.Shipped, st.Rejected, st.Skipped, st.Host)
				return nil
			}
			ctx, stop := signalContext()
			defer stop()
			if err := s.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
				return exitf(ExitFailed, "ship: %v", err)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&audit, "audit", "", "the audit log to ship")
	f.StringVar(&host, "host", "", "host name in every row (default: this host's name)")
	f.BoolVar(&once, "once", false, "ship what the log holds now, then exit")
	db.flags(f, "db")
	return cmd
}

// NewCmdReport builds `report --db`.
func NewCmdReport(ios *IO) *cobra.Command {
	db := &dbOptions{}
	var since, until string
	var grace time.Duration
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "report [--db URL] [--since 24h|RFC3339] [--until RFC3339] [--json]",
		Short: "Across every host in the fleet database: denials by rule and host, shadow rules' would-deny counts, sessions that never called in",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			now := time.Now()
			from, err := parseSince(since, now)
			if err != nil {
				return exitf(ExitUsage, "%v", err)
			}
			to, err := parseSince(until, now)
			if err != nil {
				return exitf(ExitUsage, "%v", strings.Replace(err.Error(), "--since", "--until", 1))
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			c, err := db.connect(ctx, "db")
			if err != nil {
				return err
			}
			defer c.Close(ctx)
			if err := fleet.CheckSchema(ctx, c); err != nil {
				return exitf(ExitFailed, "%v", err)
			}
			r, err := fleet.MakeReport(ctx, c, from, to, grace)
			if err != nil {
				return exitf(ExitFailed, "report: %v", err)
			}
			if asJSON {
				return writeJSON(ios.Out, r)
			}
			printReport(ios, r)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&since, "since", "24h", "window start: a duration ago (24h) or an RFC 3339 time; empty for all")
	f.StringVar(&until, "until", "", "window end: a duration ago or an RFC 3339 time (default: now)")
	f.DurationVar(&grace, "grace", 5*time.Minute, "a session younger than this is not yet called silent")
	f.BoolVar(&asJSON, "json", false, "print JSON")
	db.flags(f, "db")
	return cmd
}

func printReport(ios *IO, r fleet.Report) {
	fmt.Fprintf(ios.Out, "%d events from %d hosts\n", r.Events, r.Hosts)
	w := tabwriter.NewWriter(ios.Out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "\nDENIALS BY RULE\tCODE\tCOUNT")
	for _, k := range r.DenialsByRule {
		rule := k.Rule
		if rule == "" {
			rule = "(lease)"
		}
		fmt.Fprintf(w, "%s\t%s\t%d\n", rule, k.Code, k.Count)
	}
	fmt.Fprintln(w, "\nDENIALS BY HOST\t\tCOUNT")
	for _, k := range r.DenialsByHost {
		fmt.Fprintf(w, "%s\t\t%d\n", k.Host, k.Count)
	}
	fmt.Fprintln(w, "\nSHADOW RULE (would deny if enforced)\t\tCOUNT")
	for _, k := range r.WouldDeny {
		fmt.Fprintf(w, "%s\t\t%d\n", k.Rule, k.Count)
	}
	fmt.Fprintln(w, "\nRECORDS DROPPED BY THE PER-SESSION CAP, BY HOST\t\tCOUNT")
	for _, k := range r.Dropped {
		fmt.Fprintf(w, "%s\t\t%d\n", k.Host, k.Count)
	}
	w.Flush()
	fmt.Fprintf(ios.Out, "\nSESSIONS THAT NEVER CALLED IN (the gate was absent): %d\n", len(r.SilentSessions))
	for _, s := range r.SilentSessions {
		fmt.Fprintf(ios.Out, "  %s %s %s registered %s\n", s.Host, s.Session, s.Runtime, s.RegisteredAt.Format(time.RFC3339))
	}
}

// eventsFromDB serves `events --db`.
func eventsFromDB(ctx context.Context, db *dbOptions, f fleet.Filter) ([]fleet.Event, error) {
	c, err := db.connect(ctx, "db")
	if err != nil {
		return nil, err
	}
	defer c.Close(ctx)
	if err := fleet.CheckSchema(ctx, c); err != nil {
		return nil, exitf(ExitFailed, "%v", err)
	}
	evs, err := fleet.Events(ctx, c, f)
	if err != nil {
		return nil, exitf(ExitFailed, "events: %v", err)
	}
	return evs, nil
}

func formatEvent(e fleet.Event) string {
	r := broker.Record{Time: e.Time, Kind: e.Kind, Session: e.Session, Generation: uint64(e.Generation), Runtime: e.Runtime,
		Tool: e.Tool, Code: wire.Code(e.Code), Rule: e.Rule, AgentID: e.AgentID, AgentType: e.AgentType, Path: e.Path}
	line := formatRecord(r)
	if i := strings.IndexByte(line, ' '); i >= 0 {
		return line[:i] + " host=" + e.Host + line[i:]
	}
	return line
}

// shipperStatus describes the shipper of the log at audit for `status`,
// from its state file; "" when the log is not shipped.
func shipperStatus(audit string) (string, *fleet.State) {
	st, err := fleet.ReadState(fleet.StatePath(audit))
	if err != nil {
		return "", nil
	}
	s := fmt.Sprintf("fleet shipping as host %s: %d shipped, backlog %d bytes", st.Host, st.Shipped, st.Backlog)
	if !st.LastShippedAt.IsZero() {
		s += ", last shipped " + st.LastShippedAt.Format(time.RFC3339)
	}
	if st.LastError != "" {
		s += "\nFLEET SHIPPING PAUSED (the gate is unaffected): " + st.LastError
	}
	return s, &st
}
