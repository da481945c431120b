#!/usr/bin/env bash
# Mixed-language benchmark of check-launches beside ast-grep: generates a
# tree of at least 20,000 TS/JS/Python/shell/JSON/YAML files (default
# 24,000; bench/mixed/gen.py), builds check-launches, installs the pinned
# @ast-grep/cli (package-lock.json, `npm ci`) and scans the same tree with
# both in the same run, with ast-grep given rules for the same process-API
# calls (sgconfig.yml, rules/). Prints files/s and peak RSS of each.
#
#   bench/mixed/run.sh [FILES] [WORK_DIR]
#
# Needs go, node/npm, python3 and GNU time (/usr/bin/time -v).
set -euo pipefail

files=${1:-24000}
work=${2:-$(mktemp -d)}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

if [ ! -x /usr/bin/time ]; then
	echo "installing GNU time" >&2
	apt-get install -y time >/dev/null 2>&1 || { apt-get update >/dev/null 2>&1 && apt-get install -y time >/dev/null; }
fi
if [ ! -x "$here/node_modules/.bin/ast-grep" ]; then
	echo "installing the pinned ast-grep (npm ci)" >&2
	(cd "$here" && npm ci --no-audit --no-fund >/dev/null)
fi
sg=$here/node_modules/.bin/ast-grep

tree=$work/tree
bin=$work/check-launches
rm -rf "$tree"
echo "building check-launches" >&2
(cd "$repo" && go build -o "$bin" ./cmd/check-launches)
echo "generating $files files in $tree" >&2
python3 "$here/gen.py" "$tree" "$files"
count=$(find "$tree" -type f | wc -l)
bytes=$(du -sb "$tree" | cut -f1)

measure() { # label, command...
	local label=$1
	shift
	local out
	out=$(mktemp)
	/usr/bin/time -v "$@" >/dev/null 2>"$out" || true
	local wall rss secs fps
	wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$out")
	rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$out")
	secs=$(echo "$wall" | awk -F: '{ if (NF == 3) print $1*3600 + $2*60 + $3; else print $1*60 + $2 }')
	fps=$(awk -v c="$count" -v s="$secs" 'BEGIN { if (s > 0) printf "%.0f", c / s; else print "inf" }')
	printf '| %s | %s | %s | %d |\n' "$label" "$secs" "$fps" "$((rss / 1024))"
	rm -f "$out"
}

echo "machine: $(nproc) CPUs, $(uname -sr); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "tree: $count files, $bytes bytes ($(find "$tree" -name '*.ts' -o -name '*.tsx' | wc -l) ts/tsx, $(find "$tree" -name '*.js' -o -name '*.mjs' -o -name '*.cjs' | wc -l) js, $(find "$tree" -name '*.py' | wc -l) py, $(find "$tree" -name '*.sh' | wc -l) sh, $(find "$tree" -name '*.json' | wc -l) json, $(find "$tree" -name '*.yaml' | wc -l) yaml)"
echo "ast-grep: $("$sg" --version)"
echo
echo "| tool | wall s | files/s | peak RSS MiB |"
echo "| --- | --- | --- | --- |"
# Alternate the two so that a change in machine load hits both.
for round in 1 2; do
	measure "check-launches (round $round)" "$bin" --root "$tree"
	measure "ast-grep scan (round $round)" "$sg" scan -c "$here/sgconfig.yml" --json=stream "$tree"
done
echo
echo "check-launches launches found: $("$bin" --root "$tree" --json | grep -c '"runtime": "claude"' || true)"
echo "ast-grep matches: $("$sg" scan -c "$here/sgconfig.yml" --json=stream "$tree" | wc -l)"
