// Package tsjs is the TypeScript/JavaScript launch detector of
// check-launches.
//
// It parses .ts/.mts/.cts/.tsx/.js/.mjs/.cjs/.jsx files (and node, bun,
// deno, tsx, ts-node and zx scripts found by their shebang) with
// tree-sitter, copies each tree into Go memory with one cursor walk, and
// finds the calls of process APIs (child_process, execa, zx, shelljs,
// cross-spawn, Bun, Deno) and of the Agent SDK under every import form.
// Arguments are resolved within the file; an argv is judged by the core
// (class process-api), a string a shell runs goes to the shell detector.
// docs/tsjs.md lists what is recognised and the known residuals.
package tsjs
