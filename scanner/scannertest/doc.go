// Package scannertest runs the parser matrix: a folder of case files whose
// expected findings are written in the files themselves, in the style of
// golang.org/x/tools/go/analysis/analysistest.
//
// A plain case file carries its expectations as comments read as plain text
// (never through the parser under test): `# want "RED:eval"` on the line of
// the finding, `# want +1 "GATED"` for the next line, several tags in one
// comment for several findings. Comment leaders `#`, `//`, `--` and `;` are
// understood. A case with no want must be clean.
//
// A .txtar case holds several files; its `-- want --` section lists
// `path:line:col [TAG]` lines (col 0 matches any column; a trailing `via
// file:line,file:line` requires the finding's chain, docs/repository.md)
// and an optional
// `.check-launches.yaml` file in the archive is used as the configuration
// (it is not scanned itself).
//
// The harness fails on a missing and on an extra finding, rejects two cases
// with identical content, requires each case to open with a comment saying
// what it covers, and runs `bash -n` on every shell case that is meant to
// parse (any case whose name does not start with "unparseable_").
package scannertest
