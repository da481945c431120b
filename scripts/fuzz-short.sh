#!/usr/bin/env bash
# Runs every native Go fuzz target (func FuzzX in a _test.go file) for a
# short, fixed time. Used by CI; the seed corpora and committed crashers
# under testdata/fuzz run as plain tests in `make test` as well.
set -euo pipefail
fuzztime="${1:-10s}"
cd "$(dirname "$0")/.."
status=0
while IFS= read -r line; do
	file="${line%%:*}"
	name="$(sed -E 's/^.*func (Fuzz[A-Za-z0-9_]*)\(.*/\1/' <<<"$line")"
	pkg="./$(dirname "$file")"
	echo "== $pkg $name ($fuzztime)"
	if ! go test -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" "$pkg"; then
		status=1
	fi
done < <(grep -rEn --include='*_test.go' '^func Fuzz[A-Za-z0-9_]*\([a-z]+ \*testing\.F\) \{$' . | grep -v '/node_modules/' | sort)
exit $status
