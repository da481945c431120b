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
// only where Hits.Has(scanner.HitPrimitive)). A file that is not a seed
// reports nothing by itself; the data detector does not parse a generic
// data file that is not one. The TS/JS and Python detectors still parse
// a non-seed file that calls a process API: its helpers (a function that
// spawns its parameter) and the imports feeding its calls (a spawn of a
// constant another module exports) are what the repository phase
// (repo.go) follows. Skipping them cost 15% of the CPU on bench/real and
// would hide launches made through them.
package driver
