package leasebroker

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/leasegate/leasegate/lease/broker"
	"github.com/leasegate/leasegate/lease/fleet"
	"github.com/leasegate/leasegate/lease/wire"
)

// StatusOptions are the flags of `status`.
type StatusOptions struct {
	IO     *IO
	Global *globalOptions
	JSON   bool
}

// NewCmdStatus builds `status`.
func NewCmdStatus(ios *IO, g *globalOptions, runF func(*StatusOptions) error) *cobra.Command {
	o := &StatusOptions{IO: ios, Global: g}
	cmd := &cobra.Command{
		Use:   "status [--json]",
		Short: "Show whether a broker answers, and its counters",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if runF != nil {
				return runF(o)
			}
			rep, err := g.call(wire.Request{Op: wire.OpStatus})
			if err != nil {
				return err
			}
			var st broker.Status
			if err := json.Unmarshal(rep.Data, &st); err != nil {
				return exitf(ExitFailed, "malformed status reply: %v", err)
			}
			if o.JSON {
				_, ship := shipperStatus(st.Audit)
				return writeJSON(ios.Out, struct {
					broker.Status
					Fleet *fleet.State `json:"fleet,omitempty"`
				}{st, ship})
			}
			fmt.Fprintf(ios.Out, "broker pid %d on %s, up %s\n", st.PID, st.Socket, time.Duration(st.UptimeSeconds*float64(time.Second)).Round(time.Second))
			fmt.Fprintf(ios.Out, "sessions %d, authorizations %d (allowed %d, denied %d)\n", st.Sessions, st.Authorizations, st.Allowed, st.Denied)
			fmt.Fprintf(ios.Out, "audit %s\n", st.Audit)
			if st.AuditError != "" {
				fmt.Fprintf(ios.Out, "AUDIT FAILING (every call is denied): %s\n", st.AuditError)
			}
			if st.VerifierUID != nil {
				fmt.Fprintf(ios.Out, "verifier uid %d\n", *st.VerifierUID)
			}
			if line, _ := shipperStatus(st.Audit); line != "" {
				fmt.Fprintln(ios.Out, line)
			}
			if st.OperatorSocket != "" {
				fmt.Fprintf(ios.Out, "operator socket %s\n", st.OperatorSocket)
			} else {
				fmt.Fprintf(ios.Out, "NO OPERATOR SOCKET (confined sessions cannot be verified): %s\n", st.OperatorSocketError)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	return cmd
}

// SessionsOptions are the flags of `sessions`.
type SessionsOptions struct {
	IO     *IO
	Global *globalOptions
	JSON   bool
}

// NewCmdSessions builds `sessions`.
func NewCmdSessions(ios *IO, g *globalOptions, runF func(*SessionsOptions) error) *cobra.Command {
	o := &SessionsOptions{IO: ios, Global: g}
	cmd := &cobra.Command{
		Use:   "sessions [--json]",
		Short: "List the sessions the broker holds",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if runF != nil {
				return runF(o)
			}
			rep, err := g.call(wire.Request{Op: wire.OpSessions})
			if err != nil {
				return err
			}
			var list []broker.SessionInfo
			if err := json.Unmarshal(rep.Data, &list); err != nil {
				return exitf(ExitFailed, "malformed sessions reply: %v", err)
			}
			if o.JSON {
				return writeJSON(ios.Out, list)
			}
			tw := tabwriter.NewWriter(ios.Out, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "SESSION\tRUNTIME\tGEN\tSTATE\tEXPIRES\tGATE\tPID\tTOOL CALLS\tCONFINEMENT")
			for _, s := range list {
				exp := "-"
				if s.ExpiresIn > 0 {
					exp = time.Duration(s.ExpiresIn * float64(time.Second)).Round(time.Second).String()
				}
				gate := "never"
				if s.GateSeen {
					gate = "seen"
				}
				calls := strconv.Itoa(s.ToolCalls)
				if s.DroppedToolCalls > 0 {
					calls += fmt.Sprintf(" (+%d dropped)", s.DroppedToolCalls)
				}
				fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\t%d\t%s\t%s\n", s.Session, s.Runtime, s.Generation, s.State, exp, gate, s.PID, calls, s.Confinement)
			}
			return tw.Flush()
		},
	}
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	return cmd
}

// VerifyOptions are the flags of `begin-verification` and `promote`.
type VerifyOptions struct {
	IO         *IO
	Global     *globalOptions
	Session    string
	Generation uint64
	Binding    string
	Token      string
	TTL        time.Duration
	JSON       bool
}

func (o *VerifyOptions) generation() (uint64, error) {
	if o.Generation != 0 {
		return o.Generation, nil
	}
	return o.Global.currentGeneration(o.Session)
}

// NewCmdBeginVerification builds `begin-verification`.
func NewCmdBeginVerification(ios *IO, g *globalOptions, runF func(*VerifyOptions) error) *cobra.Command {
	o := &VerifyOptions{IO: ios, Global: g}
	cmd := &cobra.Command{
		Use:   "begin-verification SESSION [--generation N] [--binding B] [--json]",
		Short: "Revoke the session's authority and mint its single-use promotion token (printed on stdout)",
		Args:  cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			o.Session = args[0]
			if runF != nil {
				return runF(o)
			}
			gen, err := o.generation()
			if err != nil {
				return err
			}
			rep, err := g.callOperator(wire.Request{Op: wire.OpBeginVerification, Session: o.Session, Generation: gen, Binding: o.Binding})
			if err != nil {
				return err
			}
			if o.JSON {
				return writeJSON(ios.Out, map[string]any{"session": rep.Session, "generation": rep.Generation, "state": rep.State, "token": rep.Token, "binding": o.Binding})
			}
			fmt.Fprintln(ios.Out, rep.Token)
			return nil
		},
	}
	cmd.Flags().Uint64Var(&o.Generation, "generation", 0, "the generation being verified (default: the session's current one)")
	cmd.Flags().StringVar(&o.Binding, "binding", "", "what the verification is bound to (a receipt digest, a change ID); promote must repeat it")
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	return cmd
}

// NewCmdPromote builds `promote`.
func NewCmdPromote(ios *IO, g *globalOptions, runF func(*VerifyOptions) error) *cobra.Command {
	o := &VerifyOptions{IO: ios, Global: g}
	cmd := &cobra.Command{
		Use:   "promote SESSION --token TOKEN [--generation N] [--binding B] [--ttl 300s] [--json]",
		Short: "Consume the promotion token and make the lease VERIFIED for the TTL (at most 300s)",
		Args:  cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			o.Session = args[0]
			if runF != nil {
				return runF(o)
			}
			if o.Token == "" {
				return exitf(ExitUsage, "promote: --token is required")
			}
			if o.TTL <= 0 || o.TTL%time.Second != 0 {
				return exitf(ExitUsage, "promote: --ttl must be a positive whole number of seconds")
			}
			gen, err := o.generation()
			if err != nil {
				return err
			}
			rep, err := g.callOperator(wire.Request{Op: wire.OpPromote, Session: o.Session, Generation: gen,
				Binding: o.Binding, Token: o.Token, TTL: int(o.TTL / time.Second)})
			if err != nil {
				return err
			}
			if o.JSON {
				return writeJSON(ios.Out, map[string]any{"session": rep.Session, "generation": rep.Generation, "state": rep.State, "expires_in_seconds": rep.ExpiresIn})
			}
			fmt.Fprintf(ios.Out, "%s %s generation %d, expires in %s\n", rep.Session, rep.State, rep.Generation,
				time.Duration(rep.ExpiresIn*float64(time.Second)).Round(time.Second))
			return nil
		},
	}
	cmd.Flags().StringVar(&o.Token, "token", "", "the token begin-verification printed")
	cmd.Flags().Uint64Var(&o.Generation, "generation", 0, "the generation being verified (default: the session's current one)")
	cmd.Flags().StringVar(&o.Binding, "binding", "", "the binding given to begin-verification")
	cmd.Flags().DurationVar(&o.TTL, "ttl", 300*time.Second, "lease length, capped at 300s")
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	return cmd
}

// RevokeOptions are the flags of `revoke`.
type RevokeOptions struct {
	IO      *IO
	Global  *globalOptions
	Session string
	Reason  string
}

// NewCmdRevoke builds `revoke`.
func NewCmdRevoke(ios *IO, g *globalOptions, runF func(*RevokeOptions) error) *cobra.Command {
	o := &RevokeOptions{IO: ios, Global: g}
	cmd := &cobra.Command{
		Use:   "revoke SESSION [--reason TEXT]",
		Short: "Remove the session's mutator authority at once",
		Args:  cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			o.Session = args[0]
			if runF != nil {
				return runF(o)
			}
			rep, err := g.call(wire.Request{Op: wire.OpRevoke, Session: o.Session, Reason: o.Reason})
			if err != nil {
				return err
			}
			fmt.Fprintf(ios.Out, "%s %s generation %d\n", rep.Session, rep.State, rep.Generation)
			return nil
		},
	}
	cmd.Flags().StringVar(&o.Reason, "reason", "operator", "why, for the audit log")
	return cmd
}

// EventsOptions are the flags of `events`.
type EventsOptions struct {
	IO      *IO
	Global  *globalOptions
	Session string
	Kind    string
	Since   string
	Limit   int
	Audit   string
	JSON    bool
	DB      dbOptions
	Host    string
	now     func() time.Time
}

func parseSince(s string, now time.Time) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if d, err := time.ParseDuration(s); err == nil {
		if d < 0 {
			return time.Time{}, fmt.Errorf("--since %s: a duration must be positive", s)
		}
		return now.Add(-d), nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("--since %q: want a duration (10m) or an RFC 3339 time", s)
	}
	return t, nil
}

// NewCmdEvents builds `events`.
func NewCmdEvents(ios *IO, g *globalOptions, runF func(*EventsOptions) error) *cobra.Command {
	o := &EventsOptions{IO: ios, Global: g, now: time.Now}
	cmd := &cobra.Command{
		Use:   "events [--session S] [--kind K] [--since 10m|RFC3339] [--limit N] [--audit FILE | --db URL [--host H]] [--json]",
		Short: "Print audit records (through the broker, straight from --audit FILE, or from the fleet database with --db)",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if runF != nil {
				return runF(o)
			}
			if o.Kind != "" && !knownKind(o.Kind) {
				return exitf(ExitUsage, "--kind %q: want one of %s", o.Kind, strings.Join(broker.Kinds, ", "))
			}
			since, err := parseSince(o.Since, o.now())
			if err != nil {
				return exitf(ExitUsage, "%v", err)
			}
			if o.Limit < 0 {
				return exitf(ExitUsage, "--limit must not be negative")
			}
			if o.Host != "" && o.DB.URL == "" {
				return exitf(ExitUsage, "--host needs --db (the local log holds one host)")
			}
			if o.DB.URL != "" {
				if o.Audit != "" {
					return exitf(ExitUsage, "--audit and --db exclude each other")
				}
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
				defer cancel()
				evs, err := eventsFromDB(ctx, &o.DB, fleet.Filter{Session: o.Session, Kind: o.Kind, Host: o.Host, Since: since, Limit: o.Limit})
				if err != nil {
					return err
				}
				enc := json.NewEncoder(ios.Out)
				for _, e := range evs {
					if o.JSON {
						if err := enc.Encode(e); err != nil {
							return err
						}
						continue
					}
					fmt.Fprintln(ios.Out, formatEvent(e))
				}
				return nil
			}
			var recs []broker.Record
			if o.Audit != "" {
				recs, _, err = broker.ReadEvents(o.Audit, 0, broker.Filter{Session: o.Session, Kind: o.Kind, Since: since, Limit: o.Limit})
				if err != nil {
					return exitf(ExitFailed, "%v", err)
				}
			} else {
				args := map[string]string{}
				if o.Kind != "" {
					args[wire.ArgKind] = o.Kind
				}
				if !since.IsZero() {
					args[wire.ArgSince] = since.UTC().Format(time.RFC3339Nano)
				}
				if o.Limit > 0 {
					args[wire.ArgLimit] = strconv.Itoa(o.Limit)
				}
				rep, err := g.call(wire.Request{Op: wire.OpEvents, Session: o.Session, Args: args})
				if err != nil {
					return err
				}
				var p broker.EventsPayload
				if err := json.Unmarshal(rep.Data, &p); err != nil {
					return exitf(ExitFailed, "malformed events reply: %v", err)
				}
				recs = p.Events
			}
			if o.JSON {
				enc := json.NewEncoder(ios.Out)
				for _, r := range recs {
					if err := enc.Encode(r); err != nil {
						return err
					}
				}
				return nil
			}
			for _, r := range recs {
				fmt.Fprintln(ios.Out, formatRecord(r))
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Session, "session", "", "only this session")
	f.StringVar(&o.Kind, "kind", "", "only this kind ("+strings.Join(broker.Kinds, ", ")+")")
	f.StringVar(&o.Since, "since", "", "only records since a duration ago (10m) or an RFC 3339 time")
	f.IntVar(&o.Limit, "limit", 0, "only the newest N records")
	f.StringVar(&o.Audit, "audit", "", "read this audit log file directly instead of asking the broker")
	f.StringVar(&o.DB.URL, "db", "", "read the fleet database at this PostgreSQL URL instead (docs/fleet.md)")
	f.StringVar(&o.DB.PasswordFile, "db-password-file", "", "read the database password from the first line of this file")
	f.StringVar(&o.Host, "host", "", "only this host (with --db)")
	f.BoolVar(&o.JSON, "json", false, "print JSON lines")
	return cmd
}

func knownKind(k string) bool {
	for _, x := range broker.Kinds {
		if x == k {
			return true
		}
	}
	return false
}

func formatRecord(r broker.Record) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", r.Time.UTC().Format(time.RFC3339Nano), r.Kind)
	if r.Session != "" {
		fmt.Fprintf(&b, " session=%s gen=%d", r.Session, r.Generation)
	}
	for _, kv := range [][2]string{{"runtime", r.Runtime}, {"tool", r.Tool}, {"code", string(r.Code)}, {"rule", r.Rule},
		{"agent_type", r.AgentType}, {"agent_id", r.AgentID}, {"path", r.Path}} {
		if kv[1] != "" {
			fmt.Fprintf(&b, " %s=%s", kv[0], kv[1])
		}
	}
	if r.Reason != "" {
		fmt.Fprintf(&b, " reason=%q", r.Reason)
	}
	return b.String()
}
