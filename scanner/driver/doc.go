// Package driver runs a scanner.Suite over a tree (Scan) or over one
// file's bytes (ScanBytes): it walks the root (skipping what git ignores
// and the default excluded folders), reads files under a size cap, picks
// the first detector that matches, bounds its time (FileBudget), searches
// every file for the raw permission-bypass primitive, applies inert
// markers and deduplicates, and returns a report.Report. It also loads the
// configuration file and asks git which files changed since a revision.
//
// # Seeds
//
// Every file's bytes are read once for the configuration's trigger set
// (scanner.Config.Triggers: the runtime table's commands as words and
// packages, the wrapper, the primitive and its pieces, defaultMode), in
// scanner.NewPass. The result is Pass.Hits; a file is a seed when
// Hits.Seed() is true. That is the whole API: a detector reads p.Hits, and
// the driver reads it on the pass it built (the raw primitive is searched
// only where Hits.Has(scanner.HitPrimitive)). The TS/JS and Python
// detectors do not parse a file that is not a seed; the shell, data-file
// (generic files only) and Go detectors keep their own rules. A
// whole-repository phase starts from the seeds and loads other files on
// demand: a file that is not a seed names no runtime, so what it can add
// is a helper a seed calls.
package driver
