#!/usr/bin/env bash
# scripts/compare-output.sh OLD [NEW]: builds check-launches at two git
# revisions (NEW defaults to the work tree) and compares their JSON, SARIF,
# text and GitHub output on testdata/parser-matrix and on this repository
# (the NEW tree's files, scanned by both binaries). A refactor must print
# "identical"; a change of verdicts shows as a diff. Exit 0 identical, 1
# different, 2 on errors.
set -euo pipefail
old="${1:?usage: scripts/compare-output.sh OLD-REV [NEW-REV]}"; new="${2:-}"
top="$(git rev-parse --show-toplevel)"
work="$(mktemp -d)"
trap 'git -C "$top" worktree remove --force "$work/old" >/dev/null 2>&1 || true; [ -n "$new" ] && git -C "$top" worktree remove --force "$work/new" >/dev/null 2>&1; rm -rf "$work"' EXIT
git -C "$top" worktree add -q --detach "$work/old" "$old" || exit 2
(cd "$work/old" && go build -o "$work/cl-old" ./cmd/check-launches) || exit 2
tree="$top"
if [ -n "$new" ]; then
	git -C "$top" worktree add -q --detach "$work/new" "$new" || exit 2
	tree="$work/new"
fi
(cd "$tree" && go build -o "$work/cl-new" ./cmd/check-launches) || exit 2
rc=0
for target in "$tree/testdata/parser-matrix" "$tree"; do
	for fmt in --json --sarif "--format text" "--format github"; do
		for side in old new; do
			out="$work/$side.out" st=0
			# shellcheck disable=SC2086 # fmt is one or two words on purpose
			(cd "$target" && "$work/cl-$side" --root . $fmt) >"$out" 2>&1 || st=$?
			echo "exit $st" >>"$out"
		done
		mv "$work/old.out" "$work/a"; mv "$work/new.out" "$work/b"
		sed -i -E 's/"version": *"[^"]*"/"version":"X"/' "$work/a" "$work/b"
		if ! cmp -s "$work/a" "$work/b"; then
			echo "different: ${target#"$tree"/} $fmt"
			diff "$work/a" "$work/b" | head -40
			rc=1
		fi
	done
done
[ "$rc" = 0 ] && echo "identical: JSON, SARIF, text and GitHub output on testdata/parser-matrix and the repository"
exit "$rc"
