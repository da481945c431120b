// Package fleet ships the broker's JSON-lines audit log into PostgreSQL
// and answers questions across hosts.
//
// The local log stays the record of truth and the fail-closed point: the
// broker writes it and decides as before; a Shipper only reads it, from an
// offset kept on disk, and never makes a gate decision wait on the
// network. Each record carries a stable identity (host, the broker's boot
// id, its sequence number), so delivery is at least once and the table
// holds each record exactly once (INSERT ... ON CONFLICT DO NOTHING).
//
// The schema is applied by Migrate from migrations embedded in the binary;
// a database whose schema is newer than the binary is refused. Events and
// Report are the queries behind `lease-broker events --db` and
// `lease-broker report --db`. docs/fleet.md is the operator's guide.
package fleet
