// Package report is the result of a scan and its printing: the Report in
// SPEC.md's JSON shape, text, GitHub annotations and Markdown output
// (SARIF is scanner/report/sarif), fingerprints, baselines and the
// waivers a baseline or a diff base grants.
package report
