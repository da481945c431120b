// Package treesitter is the tree-sitter front end shared by the TS/JS and
// Python launch detectors.
//
// A Grammar wraps one tree-sitter language with the tables that map its
// node kind and field ids onto a detector's own small enumerations, and
// keeps a free list of parsers. Grammar.Parse copies the parsed tree with
// one cursor walk into a flat Tree in Go memory, so the analysis never
// crosses cgo; Tree has the walking helpers both detectors use.
//
// The package knows no language: each detector passes its kind and field
// names, and the few kinds the copy treats specially, to NewGrammar.
package treesitter
