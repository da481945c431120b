#!/usr/bin/env bash
# Broker figures for bench/results/broker.md:
#  * authorize decisions/s in process (lease.Table alone, and the broker's
#    request handler with and without the default gate policy);
#  * authorize over the real socket at 1, 8 and 64 concurrent clients, with
#    p50/p99 latency;
#  * the full-size load test: 200 sessions x 1000 authorizations over the
#    socket with verifications, expiries, revocations and compactions mixed
#    in, zero wrong decisions, p50/p99 and the broker process's RSS.
# The test suite runs the load test at 200 x 100 (it must stay fast under
# -race); this script runs the full size without the race detector.
set -euo pipefail
cd "$(dirname "$0")/../.."
benchtime="${BENCHTIME:-2s}"
go test -run '^$' -bench 'Authorize' -benchmem -benchtime "$benchtime" ./lease/ ./lease/broker/
go test -count=1 -run '^TestLoad$' -v ./lease/broker/ \
	-args -load.sessions="${LOAD_SESSIONS:-200}" -load.calls="${LOAD_CALLS:-1000}" | grep -E 'load_test|^(ok|FAIL|---)'
