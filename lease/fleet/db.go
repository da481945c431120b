package fleet

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// EnvDB names the environment variable that holds the database URL when
// no --audit-db / --db flag is given.
const EnvDB = "LEASEGATE_AUDIT_DB"

//go:embed migrations/*.sql
var migrationFS embed.FS

// Migration is one embedded schema step.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// Migrations returns the embedded migrations, oldest first.
func Migrations() []Migration {
	ents, err := migrationFS.ReadDir("migrations")
	if err != nil {
		panic(err) // embedded at build time
	}
	var ms []Migration
	for _, e := range ents {
		n := e.Name()
		v, err := strconv.Atoi(strings.SplitN(n, "_", 2)[0])
		if err != nil {
			panic("fleet: migration without a version prefix: " + n)
		}
		b, err := migrationFS.ReadFile("migrations/" + n)
		if err != nil {
			panic(err)
		}
		ms = append(ms, Migration{Version: v, Name: strings.TrimSuffix(n, ".sql"), SQL: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	return ms
}

// SchemaVersion is the newest schema this binary knows.
func SchemaVersion() int {
	ms := Migrations()
	return ms[len(ms)-1].Version
}

// ErrSchemaNewer is returned when the database's schema is newer than the
// binary's: an older broker must not write into a table it does not know.
var ErrSchemaNewer = errors.New("the database schema is newer than this binary")

// ErrSchemaOld is returned when the schema is missing or older than the
// binary's; `lease-broker db migrate` applies it.
var ErrSchemaOld = errors.New("the database schema is missing or older than this binary; run `lease-broker db migrate`")

// ConnConfig parses a database URL (or key=value DSN; empty means the
// standard PG* environment alone) and, when passwordFile is set, takes the
// password from the first line of that file.
func ConnConfig(dsn, passwordFile string) (*pgx.ConnConfig, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		// pgx's message may quote the string; never echo a password.
		return nil, fmt.Errorf("database URL %s: %v", Redact(dsn), scrub(err.Error(), dsn))
	}
	if passwordFile != "" {
		b, err := os.ReadFile(passwordFile)
		if err != nil {
			return nil, fmt.Errorf("password file: %w", err)
		}
		cfg.Password = strings.TrimRight(strings.SplitN(string(b), "\n", 2)[0], "\r")
	}
	return cfg, nil
}

// Connect opens one connection.
func Connect(ctx context.Context, cfg *pgx.ConnConfig) (*pgx.Conn, error) {
	c, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return nil, errors.New(scrub(err.Error(), cfg.Password))
	}
	return c, nil
}

// Redact returns dsn with any password replaced by "xxxxx", for messages.
func Redact(dsn string) string {
	if u, err := url.Parse(dsn); err == nil && u.Scheme != "" {
		return u.Redacted()
	}
	if i := strings.Index(dsn, "://"); i >= 0 {
		// Not a URL Go parses: cut the userinfo's password by hand.
		rest := dsn[i+3:]
		if at := strings.LastIndex(rest, "@"); at >= 0 {
			if c := strings.Index(rest[:at], ":"); c >= 0 {
				return dsn[:i+3] + rest[:c] + ":xxxxx" + rest[at:]
			}
		}
		return dsn
	}
	// key=value form
	var out []string
	for _, f := range strings.Fields(dsn) {
		if k, _, ok := strings.Cut(f, "="); ok && strings.EqualFold(k, "password") {
			f = k + "=xxxxx"
		}
		out = append(out, f)
	}
	return strings.Join(out, " ")
}

// scrub removes secret (a password, or a whole DSN's password) from msg.
func scrub(msg, secret string) string {
	if secret == "" {
		return msg
	}
	if i := strings.Index(secret, "://"); i >= 0 {
		rest := secret[i+3:]
		if at := strings.LastIndex(rest, "@"); at >= 0 {
			if c := strings.Index(rest[:at], ":"); c >= 0 && c+1 < at {
				msg = strings.ReplaceAll(msg, rest[c+1:at], "xxxxx")
			}
		}
	}
	if u, err := url.Parse(secret); err == nil && u.User != nil {
		if p, ok := u.User.Password(); ok && p != "" {
			msg = strings.ReplaceAll(msg, p, "xxxxx")
		}
		return msg
	}
	for _, f := range strings.Fields(secret) {
		if k, v, ok := strings.Cut(f, "="); ok && strings.EqualFold(k, "password") && v != "" {
			msg = strings.ReplaceAll(msg, v, "xxxxx")
		}
	}
	if !strings.Contains(secret, "=") && !strings.Contains(secret, "://") {
		msg = strings.ReplaceAll(msg, secret, "xxxxx")
	}
	return msg
}

const migrationsTable = `CREATE TABLE IF NOT EXISTS leasegate_schema_migrations (
	version    integer     PRIMARY KEY,
	name       text        NOT NULL,
	applied_at timestamptz NOT NULL DEFAULT now()
)`

// lockKey serialises concurrent migrations (many hosts may run `db
// migrate` at once).
const lockKey = 0x6c65617365 // "lease"

// Migrate applies the embedded migrations the database lacks, in one
// transaction, and returns the versions applied. It refuses a database
// whose schema is newer than the binary's.
func Migrate(ctx context.Context, c *pgx.Conn) ([]int, error) {
	tx, err := c.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", lockKey); err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, migrationsTable); err != nil {
		return nil, err
	}
	cur, err := currentVersion(ctx, tx)
	if err != nil {
		return nil, err
	}
	if cur > SchemaVersion() {
		return nil, fmt.Errorf("%w (database %d, binary %d)", ErrSchemaNewer, cur, SchemaVersion())
	}
	var applied []int
	for _, m := range Migrations() {
		if m.Version <= cur {
			continue
		}
		if _, err := tx.Exec(ctx, m.SQL); err != nil {
			return nil, fmt.Errorf("migration %s: %w", m.Name, err)
		}
		if _, err := tx.Exec(ctx, "INSERT INTO leasegate_schema_migrations (version, name) VALUES ($1, $2)", m.Version, m.Name); err != nil {
			return nil, err
		}
		applied = append(applied, m.Version)
	}
	return applied, tx.Commit(ctx)
}

type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

func currentVersion(ctx context.Context, q querier) (int, error) {
	var v *int
	err := q.QueryRow(ctx, "SELECT max(version) FROM leasegate_schema_migrations").Scan(&v)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "42P01" { // undefined_table
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	if v == nil {
		return 0, nil
	}
	return *v, nil
}

// CheckSchema returns nil when the database's schema is exactly the
// binary's, ErrSchemaOld or ErrSchemaNewer (wrapped) otherwise.
func CheckSchema(ctx context.Context, c *pgx.Conn) error {
	// A missing table in a transaction would abort it; run on its own.
	cur, err := currentVersion(ctx, c)
	if err != nil {
		return err
	}
	switch {
	case cur > SchemaVersion():
		return fmt.Errorf("%w (database %d, binary %d)", ErrSchemaNewer, cur, SchemaVersion())
	case cur < SchemaVersion():
		return fmt.Errorf("%w (database %d, binary %d)", ErrSchemaOld, cur, SchemaVersion())
	}
	return nil
}
