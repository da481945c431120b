#!/usr/bin/env bash
# Fleet load: HOSTS brokers' audit logs of EVENTS records each (default
# 20 x 10,000), shipped at once by HOSTS `lease-broker ship --once`
# processes (each its own host id) into one private PostgreSQL cluster.
# Prints the time to drain, events/s, and checks the table holds each
# record exactly once. Also runs the gate-latency benchmark with the
# shipper off, against a refused database and against a live one.
# Needs Debian's postgresql (initdb); as root the server runs as postgres.
set -euo pipefail
cd "$(dirname "$0")/../.."
hosts="${HOSTS:-20}" events="${EVENTS:-10000}"
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
work="$(mktemp -d)"; chmod 755 "$work"
trap 'run_pg pg_ctl -D "$work/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
run_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$bin/$1" "${@:2}"; else "$bin/$1" "${@:2}"; fi; }
mkdir "$work/data" "$work/sock"
[ "$(id -u)" = 0 ] && chown postgres "$work/data" "$work/sock"
run_pg initdb -D "$work/data" -U leasegate -A trust -E UTF8 --no-sync --locale=C >/dev/null
port=$(( 20000 + RANDOM % 20000 ))
run_pg pg_ctl -D "$work/data" -o "-p $port -k $work/sock -c listen_addresses=127.0.0.1 -c max_connections=60" -l "$work/data/server.log" -w start >/dev/null
url="postgres://leasegate@127.0.0.1:$port/postgres?sslmode=disable"
go build -o "$work/lease-broker" ./cmd/lease-broker
go run ./bench/fleet/gen -dir "$work" -hosts "$hosts" -events "$events"
"$work/lease-broker" db migrate --db "$url"
start=$(date +%s.%N)
pids=()
for i in $(seq -f %02g 0 $((hosts - 1))); do
	"$work/lease-broker" ship --once --audit "$work/host$i.jsonl" --db "$url" --host "host$i" >/dev/null &
	pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
end=$(date +%s.%N)
rows=$(psql -At "$url" -c 'SELECT count(*) FROM leasegate_events')
dups=$(psql -At "$url" -c 'SELECT count(*) - count(DISTINCT (host, boot_id, seq)) FROM leasegate_events')
secs=$(echo "$end - $start" | bc -l)
printf 'fleet load: %d hosts x %d events = %d rows (want %d, duplicates %d) in %.2f s: %.0f events/s (load average %s)\n' \
	"$hosts" "$events" "$rows" $((hosts * events)) "$dups" "$secs" "$(echo "$rows / $secs" | bc -l)" "$(cut -d' ' -f1-3 /proc/loadavg)"
[ "$rows" = $((hosts * events)) ] && [ "$dups" = 0 ]
go test -run '^$' -bench DecisionWhileShipping -benchtime "${BENCH_N:-5000}x" ./lease/fleet/
