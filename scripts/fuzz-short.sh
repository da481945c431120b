#!/usr/bin/env bash
# Runs every native Go fuzz target (func FuzzX in a _test.go file) for a
# short, fixed budget. Used by CI; the seed corpora and committed crashers
# under testdata/fuzz run as plain tests in `make test` as well.
#
# The budget is a count of executions by default (`50000x` in CI), not a duration:
# with a duration, Go 1.26's fuzz coordinator can end a clean run with a
# bare "context deadline exceeded" and no failing input (golang/go#75804,
# fixed in Go 1.27), which would make CI fail on nothing. A count has no
# deadline to race. A duration (`10s`) still works for local runs.
#
# Minimization is off (-fuzzminimizetime 0). When a worker dies while it
# minimizes a new *interesting* input, Go records that input, not the one
# that killed the worker (golang/go#48731, #52569: "fuzzing process hung or
# terminated unexpectedly while minimizing: EOF"), so the committed
# "crasher" would not reproduce; it also spends up to a minute per new
# input not fuzzing. Without it a crash is recorded as the input that
# caused it, unminimized.
# Only the repository's own files count (git ls-files): the real-code tree
# in .cache/ (make test-real) holds Go's own fuzz targets.
set -euo pipefail
budget="${1:-50000x}"
cd "$(dirname "$0")/.."
status=0
while IFS= read -r line; do
	file="${line%%:*}"
	name="$(sed -E 's/^.*func (Fuzz[A-Za-z0-9_]*)\(.*/\1/' <<<"$line")"
	pkg="./$(dirname "$file")"
	echo "== $pkg $name ($budget)"
	if ! go test -run '^$' -fuzz "^${name}\$" -fuzztime "$budget" -fuzzminimizetime 0 "$pkg"; then
		status=1
	fi
done < <(git ls-files -z -- '*_test.go' | xargs -0 grep -EnH '^func Fuzz[A-Za-z0-9_]*\([a-z]+ \*testing\.F\) \{$' | sort)
exit $status
