#!/usr/bin/env bash
# Benchmark of check-launches on shell: generates a tree of realistic shell
# scripts (default 10000), scans it with a freshly built check-launches and
# with shellcheck in the same run, and prints files/s and peak RSS of both.
#
#   bench/shell/run.sh [FILES] [OUT_DIR]
#
# Needs go, /usr/bin/time (GNU, for -v) and shellcheck; installs the last two
# with apt-get when missing (as root).
set -euo pipefail

files=${1:-10000}
work=${2:-$(mktemp -d)}
repo=$(cd "$(dirname "$0")/../.." && pwd)

need() {
	if ! command -v "$1" >/dev/null 2>&1 && [ ! -x "$2" ]; then
		echo "installing $3" >&2
		apt-get install -y "$3" >/dev/null 2>&1 || { apt-get update >/dev/null 2>&1 && apt-get install -y "$3" >/dev/null; }
	fi
}
need shellcheck /usr/bin/shellcheck shellcheck
need gnu-time /usr/bin/time time

tree=$work/tree
bin=$work/check-launches
rm -rf "$tree"
mkdir -p "$tree"
echo "building check-launches" >&2
(cd "$repo" && go build -o "$bin" ./cmd/check-launches)

# Snippets realistic scripts are made of; a few launch a runtime.
snippets=(
'set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"'
'log() { printf "[%s] %s\n" "$(date +%H:%M:%S)" "$*" >&2; }
log "starting ${0##*/}"'
'for f in src/*.ts; do
  [ -f "$f" ] || continue
  npx prettier --check "$f" || fail=1
done'
'if [[ -n "${CI:-}" ]]; then
  export NODE_ENV=production
else
  export NODE_ENV=development
fi'
'case "${1:-}" in
  build) npm run build ;;
  test) npm test -- --coverage ;;
  *) echo "usage: $0 build|test" >&2; exit 2 ;;
esac'
'while read -r line; do
  name=${line%%=*}
  value=${line#*=}
  echo "$name -> $value"
done < .env.example'
'docker build -t app:"$(git rev-parse --short HEAD)" .
docker run --rm -e TOKEN="$TOKEN" app:latest ./healthcheck.sh'
'cat > config.json <<EOF
{"name": "$NAME", "version": "$(jq -r .version package.json)"}
EOF'
'retry() {
  local n=0
  until "$@"; do n=$((n + 1)); [ "$n" -ge 3 ] && return 1; sleep "$n"; done
}
retry curl -fsS https://example.com/health'
'files=( $(git ls-files "*.sh") )
shellcheck "${files[@]}" | tee lint.log'
'launch-runtime --runtime claude -- -p "review $(git diff --stat)" > review.md'
'claude -p "summarise the changes" --output-format json > summary.json'
'AGENT=${AGENT:-pi}
"$AGENT" --print "triage the failing test"'
'bash -c "cd packages/app && npm ci && npm test"'
'trap '"'"'rm -rf "$tmp"'"'"' EXIT
tmp=$(mktemp -d)
tar -C "$tmp" -xzf dist.tgz'
'echo "run claude -p to ask questions" # documentation only
grep -rn "pi " docs/ || true'
)
n=${#snippets[@]}
echo "generating $files files in $tree" >&2
RANDOM=42
for ((i = 0; i < files; i++)); do
	dir=$tree/pkg$((i % 100))/scripts
	[ -d "$dir" ] || mkdir -p "$dir"
	# mix of sizes: mostly small, some medium, a few large
	r=$((RANDOM % 100))
	if ((r < 70)); then k=3; elif ((r < 95)); then k=15; else k=120; fi
	{
		echo '#!/usr/bin/env bash'
		echo "# generated script $i"
		for ((j = 0; j < k; j++)); do
			s=$(((i * 7 + j * 13 + RANDOM) % n))
			# launches are rarer than the rest
			if ((s >= 10 && s <= 13 && RANDOM % 4 != 0)); then s=$((s - 10)); fi
			printf '%s\n\n' "${snippets[s]}"
		done
	} >"$dir/script$i.sh"
done
bytes=$(du -sb "$tree" | cut -f1)
count=$(find "$tree" -name '*.sh' | wc -l)
echo "tree: $count files, $bytes bytes" >&2

measure() { # label, command...
	local label=$1
	shift
	local out
	out=$(mktemp)
	/usr/bin/time -v "$@" >/dev/null 2>"$out" || true
	local wall rss
	wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$out")
	rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$out")
	local secs
	secs=$(echo "$wall" | awk -F: '{ if (NF == 3) print $1*3600 + $2*60 + $3; else print $1*60 + $2 }')
	local fps
	fps=$(awk -v c="$count" -v s="$secs" 'BEGIN { if (s > 0) printf "%.0f", c / s; else print "inf" }')
	printf '%-16s %8ss wall  %8s files/s  peak RSS %6d MiB\n' "$label" "$secs" "$fps" "$((rss / 1024))"
	rm -f "$out"
}

cpus=$(nproc)
echo "machine: $cpus CPUs, $(uname -sr)"
echo "files: $count ($bytes bytes)"
measure "check-launches" "$bin" --root "$tree"
# ShellCheck runs one file set per process: give it two processes on
# batches of 200 files, as a CI job would.
measure "shellcheck -P2" sh -c "cd '$tree' && find . -name '*.sh' -print0 | xargs -0 -n 200 -P 2 shellcheck -S error -f gcc"
measure "check-launches" "$bin" --root "$tree"
echo "check-launches findings: $("$bin" --root "$tree" --json | grep -c '"class"' || true)"
