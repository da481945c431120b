// Package realcorpus holds the real-code corpus test: check-launches over
// a tree of real code that a fresh machine assembles from pinned versions
// (bench/real/build-tree.sh: Go's src, Python's standard library, pinned
// npm packages). It must finish with exit 0 or 1, report no file as
// unparseable or skipped, and report exactly the RED findings recorded in
// testdata/red.golden. The test builds only with the realcorpus tag; run
// it with `make test-real` (part of `make test`).
package realcorpus
