// Package treesitter is the front end and the value model shared by the
// two tree-sitter launch detectors, scanner/tsjs and scanner/python.
//
// A Grammar wraps one tree-sitter language with the tables that map its
// node kind and field ids onto a detector's own small enumerations, and
// keeps a free list of parsers. Grammar.ParseFile copies the parsed tree
// with one cursor walk into a flat, pooled Tree in Go memory, so the
// analysis never crosses cgo; Tree has the walking helpers (children by
// field or kind, positions, call sites by callee name).
//
// Scopes records where a file binds each name, by the innermost function
// around the binding. Value is a detector's static view of an expression
// (a string with known and unknown parts, a list, a reference into a
// module), with the helpers that combine values (Concat, JoinValues,
// Agree). Judge, ReportComposite and BrokenAt report what both detectors
// find: an argv that launches a runtime, a permission-bypass primitive, a
// syntax error around a process API.
//
// Evaluator is the one static evaluator both detectors use: it follows
// names through their bindings (Memo, Scopes), parameters through the call
// sites of their function, instance attributes (this.x, self.x) through
// their assignments, calls of file-local functions through their returns
// (values that disagree are combined by Agree), and keys through object
// literals and their spreads. Every step is charged to one Budget per
// file (depth and work); a bound reached is the file's parse error, never
// silent, and a value that contains itself is a cycle (unknown).
//
// The package knows no language: each detector implements Lang (its
// expressions, bindings and object entries in its own node kinds), passes
// its kinds, fields and needles in, and keeps its API tables to itself.
package treesitter
