#!/usr/bin/env bash
# Real-code benchmark: check-launches beside ast-grep and `rg -l` on the
# tree of bench/real/build-tree.sh (Go's src, Python's standard library,
# pinned npm packages; some 26,000 files, 300 MB). The three tools run
# interleaved (round 1: A B C, round 2: A B C, ...) so that a change in the
# machine's load hits all of them; the table gives each one's median wall
# time over the rounds and its largest peak RSS, then the ratios.
#
#   bench/real/run.sh [ROUNDS] [TREE]
#
# ROUNDS defaults to 3. TREE defaults to .cache/realtree (as for `make
# test-real`), built (or
# reused when up to date) by build-tree.sh. ast-grep is pinned in
# astgrep/package-lock.json (`npm ci`) and runs the rules of sgconfig.yml:
# the process-API and SDK calls check-launches looks for in TS/JS and
# Python, and a Go rule. Needs go, python3, node/npm, GNU time and ripgrep
# (both installed from Debian when missing).
set -euo pipefail
rounds=${1:-3}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
tree=${2:-$repo/.cache/realtree}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

apt_install() {
	apt-get install -y -qq "$@" >/dev/null 2>&1 || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq "$@" >/dev/null; }
}
[ -x /usr/bin/time ] || { echo "installing GNU time" >&2; apt_install time; }
command -v rg >/dev/null || { echo "installing ripgrep" >&2; apt_install ripgrep; }
if [ ! -x "$here/astgrep/node_modules/.bin/ast-grep" ]; then
	echo "installing the pinned ast-grep (npm ci)" >&2
	(cd "$here/astgrep" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi
sg=$here/astgrep/node_modules/.bin/ast-grep
if [ -z "${2:-}" ]; then
	"$here/build-tree.sh" "$tree"
fi
bin=$work/check-launches
echo "building check-launches" >&2
(cd "$repo" && go build -o "$bin" ./cmd/check-launches)

# The read floor: every file read once for the names a launch needs.
rg_pattern='child_process|subprocess|os/exec|claude|dangerously|bypassPermissions'

measure() { # name, command... → appends "name wall_s rss_kib exit cpu_s" to $work/results
	local name=$1 out rc=0
	shift
	out=$work/time
	/usr/bin/time -v "$@" >/dev/null 2>"$out" || rc=$?
	local wall rss cpu
	cpu=$(awk -F': ' '/User time/ {u = $2} /System time/ {s = $2} END {print u + s}' "$out")
	wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$out" | awk -F: '{ if (NF == 3) print $1*3600 + $2*60 + $3; else print $1*60 + $2 }')
	rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$out")
	rc=$(awk -F': ' '/Exit status/ {print $2}' "$out")
	echo "$name $wall $rss $rc $cpu" >>"$work/results"
}

count=$(find "$tree" -type f | wc -l)
echo "machine: $(nproc) CPUs, $(uname -sr); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "tree: $count files, $(du -sh "$tree" | cut -f1) ($(cat "$tree/.stamp" 2>/dev/null || echo "no stamp"))"
echo "ast-grep: $("$sg" --version); $(rg --version 2>/dev/null | head -1)"
for r in $(seq "$rounds"); do
	measure check-launches "$bin" --root "$tree" --json
	measure ast-grep "$sg" scan -c "$here/sgconfig.yml" --json=stream "$tree"
	measure rg-l rg -l -uu -e "$rg_pattern" "$tree"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| tool | median wall s | runs (s) | median CPU s (user+sys) | peak RSS MiB | exit |"
echo "| --- | --- | --- | --- | --- | --- |"
for t in check-launches ast-grep rg-l; do
	awk -v t="$t" '$1 == t { k = n++; w[k] = $2; c[k] = $5; if ($3 > m) m = $3; e = e (e == "" ? "" : ",") $4 }
		END {
			for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) {
				if (w[j] < w[i]) { x = w[i]; w[i] = w[j]; w[j] = x }
				if (c[j] < c[i]) { x = c[i]; c[i] = c[j]; c[j] = x }
			}
			med = (n % 2) ? w[int(n / 2)] : (w[n / 2 - 1] + w[n / 2]) / 2
			cmed = (n % 2) ? c[int(n / 2)] : (c[n / 2 - 1] + c[n / 2]) / 2
			runs = ""; for (i = 0; i < n; i++) runs = runs (i ? " " : "") w[i]
			printf "| %s | %.2f | %s | %.2f | %d | %s |\n", t, med, runs, cmed, m / 1024, e
		}' "$work/results"
done | tee "$work/table"
col() { grep "^| $1 " "$work/table" | awk -F'|' -v k="$2" '{print $k}'; }
awk -v a="$(col check-launches 3)" -v b="$(col ast-grep 3)" -v c="$(col rg-l 3)" \
	-v ca="$(col check-launches 5)" -v cb="$(col ast-grep 5)" -v cc="$(col rg-l 5)" 'BEGIN {
	printf "\nwall: ast-grep / check-launches %.2fx, check-launches / rg -l %.1fx\n", b / a, a / c
	printf "CPU:  ast-grep / check-launches %.2fx, check-launches / rg -l %.1fx\n", cb / ca, ca / cc }'
