// Package e2e runs leasegate end to end with the real agent runtimes:
// Claude Code and Pi, installed at pinned versions by e2e/setup.sh (npm ci
// from e2e/package-lock.json), driven by MockAPI, a loopback Anthropic
// Messages API scripted to ask for tool calls. The tests build
// launch-runtime, mutator-gate and lease-broker fresh. They skip, saying
// why, under -short or when the runtimes are not installed, except with
// CI=true, where a missing runtime fails the run.
package e2e
