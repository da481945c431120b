// Package fix rewrites ungated launches into gated ones: for each RED
// launch a scan reported, it re-parses the file around the finding (shell
// with mvdan.cc/sh, TS/JS and Python with tree-sitter, Go with go/ast,
// argv lists and the shell held in data strings with the same shell
// parser), finds the launch at that position through package cmdline's
// model of wrappers, and computes the smallest byte-range edit that turns
// it into `launch-runtime --runtime NAME -- ARGS`, keeping the wrappers,
// the quoting, the comments and the layout around it.
//
// Every edit is checked before it is kept: the caller's re-scan of the
// rewritten file must report strictly fewer RED findings and no RED
// finding the file did not have. An edit that fails the check is dropped
// and its finding is left, with the reason. Fix on fixed code changes
// nothing.
//
// The package knows no detector: it takes findings and a re-scan function,
// so detectors can change without it.
package fix
