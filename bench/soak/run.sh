#!/usr/bin/env bash
# The scanner soak (issue 9, item 4): check-launches over a generated tree of
# 100,000+ files with pathological members (scanner/soaktest). It must end
# in bounded time and memory, report every pathological file honestly (a
# finding, a clear skip reason, or legitimately clean, as the manifest
# says) and print byte-identical JSON across runs and GOMAXPROCS values.
#
#   bench/soak/run.sh            full size
#   SOAK_SCALE=small bench/soak/run.sh   the test suite's scaled-down tree
#   SOAK_DIR=/path  KEEP=1       where to work; keep the tree afterwards
#
# As root (CI) the scans run as user nobody, because root reads a mode-000
# file; a last scan as root checks the privileged view too.
set -euo pipefail
cd "$(dirname "$0")/../.."

limit=${SOAK_TIMEOUT:-1800} # seconds per scan: the bound on time
work=${SOAK_DIR:-/tmp/leasegate-soak}
scale=${SOAK_SCALE:-full}

if [ ! -x /usr/bin/time ]; then
	apt-get install -y -qq time >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq time; }
fi

if [ -d "$work/tree" ]; then
	"$work/soak" restore "$work/tree" 2>/dev/null || true
fi
rm -rf "$work"
mkdir -p "$work"
chmod 755 "$work"
# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
	if [ "${KEEP:-}" != 1 ]; then
		"$work/soak" restore "$work/tree" 2>/dev/null || true
		rm -rf "$work"
	fi
}
trap cleanup EXIT

go build -o "$work/check-launches" ./cmd/check-launches
go build -o "$work/soak" ./bench/soak
chmod 755 "$work/check-launches"

flag=()
[ "$scale" = small ] && flag=(-small)
mkdir "$work/tree"
start=$(date +%s%N)
"$work/soak" gen "${flag[@]}" "$work/tree"
gen_ms=$((($(date +%s%N) - start) / 1000000))
files=$(find "$work/tree" -type f | wc -l)
bytes=$(du -sb --apparent-size "$work/tree" | cut -f1)
printf 'tree: %s regular files, %s bytes apparent, generated in %s ms\n' "$files" "$bytes" "$gen_ms"

as_user=()
unpriv=-unprivileged
if [ "$(id -u)" = 0 ]; then
	as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
fi

# scan NAME GOMAXPROCS [privileged]: one timed scan, its JSON in $work/NAME.json
scan() {
	local name=$1 procs=$2 who=("${as_user[@]}")
	[ "${3:-}" = privileged ] && who=()
	set +e
	GOMAXPROCS=$procs timeout "$limit" /usr/bin/time -v -o "$work/$name.time" \
		"${who[@]}" "$work/check-launches" --root "$work/tree" --json >"$work/$name.json" 2>"$work/$name.err"
	local code=$?
	set -e
	local wall rss
	wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/$name.time")
	rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/$name.time")
	printf '%-12s GOMAXPROCS=%-2s exit %s  wall %s  peak RSS %s MiB  user %ss  sys %ss\n' "$name" "$procs" "$code" "$wall" "$((rss / 1024))" \
		"$(sed -n 's/.*User time (seconds): //p' "$work/$name.time")" "$(sed -n 's/.*System time (seconds): //p' "$work/$name.time")"
	if [ "$code" = 124 ]; then
		echo "FAIL: $name did not finish within $limit s" >&2
		exit 1
	fi
	echo "$code" >"$work/$name.code"
}

nproc=$(nproc)
scan run1 1
scan run2 "$nproc"
scan run3 "$nproc"

status=0
for r in run1 run2 run3; do
	want=2 # the unreadable members are I/O errors
	if [ "$(cat "$work/$r.code")" != "$want" ]; then
		echo "FAIL: $r exited $(cat "$work/$r.code"), want $want; stderr:" >&2
		cat "$work/$r.err" >&2
		status=1
	fi
done
for r in run2 run3; do
	if cmp -s "$work/run1.json" "$work/$r.json"; then
		echo "deterministic: $r JSON byte-identical to run1 ($(wc -c <"$work/run1.json") bytes)"
	else
		echo "FAIL: $r JSON differs from run1" >&2
		status=1
	fi
done
echo "stderr of run1:"
sed 's/^/  /' "$work/run1.err"

echo "== honesty check (unprivileged view)"
"$work/soak" check "$unpriv" "$work/tree" "$work/run1.json" || status=1

if [ "$(id -u)" = 0 ]; then
	scan root "$nproc" privileged
	echo "== honesty check (root's view: the mode-000 members are readable)"
	"$work/soak" check "$work/tree" "$work/root.json" | grep -v '^|' || status=1
fi

if [ "$status" = 0 ]; then echo "soak: PASS"; else echo "soak: FAIL"; fi
exit "$status"
