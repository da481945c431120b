#!/usr/bin/env bash
# Go detector over Go's own source tree: check-launches as it is against
# check-launches at BASE (default 349185e, the last commit that checked each
# Go file alone, without the helpers of its folder). Both binaries scan
# the same copy of $(go env GOROOT)/src, twice each, alternating; the
# findings must be identical. Prints wall, user CPU and peak RSS.
#
#   bench/golang/run.sh [BASE]
set -euo pipefail
base="${1:-349185e}"
cd "$(dirname "$0")/../.."
work="$(mktemp -d)"
trap 'git worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git worktree add -q "$work/base" "$base"
(cd "$work/base" && go build -o "$work/cl-base" ./cmd/check-launches)
go build -o "$work/cl-head" ./cmd/check-launches
cp -r "$(go env GOROOT)/src" "$work/tree"
echo "tree: $(find "$work/tree" -name '*.go' | wc -l) .go files; base $base"
for round in 1 2; do
	for b in base head; do
		/usr/bin/time -f "$b: %e s wall, %U s user, %M KB peak RSS" \
			"$work/cl-$b" --root "$work/tree" --json >"$work/$b.json" 2>"$work/$b.err" || true
		tail -1 "$work/$b.err"
	done
done
if cmp -s "$work/base.json" "$work/head.json"; then
	echo "findings: identical"
else
	echo "findings: DIFFER"
	exit 1
fi
