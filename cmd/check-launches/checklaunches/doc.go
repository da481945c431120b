// Package checklaunches is the check-launches command: flags bound into
// options structs (NewCmdRoot, NewCmdInit, NewCmdExplain, each with a runF
// hook so tests parse argv without side effects), the explicit detector
// list, output selection (text, JSON, SARIF, GitHub annotations, Markdown),
// the adoption gate (--write-baseline, --baseline, --diff-base), the
// class documentation behind `explain` and the SARIF rules, and the exit
// statuses.
package checklaunches
