// Package driver runs a scanner.Suite over a tree (Scan) or over one
// file's bytes (ScanBytes): it walks the root (skipping what git ignores
// and the default excluded folders), reads files under a size cap, picks
// the first detector that matches, bounds its time (FileBudget), searches
// every file for the raw permission-bypass primitive, applies inert
// markers and deduplicates, and returns a report.Report. It also loads the
// configuration file and asks git which files changed since a revision.
package driver
