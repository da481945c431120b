// Package e2e runs leasegate end to end with the real agent runtimes:
// Claude Code and Pi, installed at pinned versions by e2e/setup.sh (npm ci
// from e2e/package-lock.json), driven by MockAPI, a loopback Anthropic
// Messages API scripted to ask for tool calls. The tests build
// launch-runtime, mutator-gate and lease-broker fresh and fail (never skip)
// when the runtimes are not installed.
package e2e
