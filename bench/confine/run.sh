#!/bin/sh
# Launch overhead of confinement: launch-runtime (Pi path, /bin/true as the
# runtime) with --confine=off and --confine=require, N launches each,
# interleaved, against one broker. Prints the median wall time per launch.
set -eu
N=${1:-200}
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'kill $bpid 2>/dev/null; rm -rf "$tmp"' EXIT
go build -o "$tmp/bin/" ./cmd/launch-runtime ./cmd/mutator-gate ./cmd/lease-broker
export LEASEGATE_SOCKET="$tmp/s/b.sock" HOME="$tmp/home"
mkdir -p "$HOME" "$tmp/work"
"$tmp/bin/lease-broker" serve --foreground --socket "$LEASEGATE_SOCKET" --audit "$tmp/audit.jsonl" &
bpid=$!
sleep 0.5
cd "$tmp/work"
for mode in off require; do : > "$tmp/$mode"; done
i=0
while [ $i -lt "$N" ]; do
	for mode in off require; do
		s=$(date +%s%N)
		"$tmp/bin/launch-runtime" --runtime pi --bin /bin/true --confine=$mode 2>/dev/null
		e=$(date +%s%N)
		echo $(( (e - s) / 1000 )) >> "$tmp/$mode"
	done
	i=$((i + 1))
done
for mode in off require; do
	sort -n "$tmp/$mode" | awk -v m=$mode '{a[NR]=$1} END {printf "%-8s n=%d p50=%.2f ms p90=%.2f ms\n", m, NR, a[int(NR*0.5)]/1000, a[int(NR*0.9)]/1000}'
done
