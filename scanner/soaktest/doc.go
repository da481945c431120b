// Package soaktest builds the scanner soak: a generated tree of ordinary
// files (shell, TypeScript/JavaScript, Python, Go, JSON/YAML, Markdown,
// binaries) with pathological members (a huge minified bundle, 100,000
// nested parentheses, a 50,000-line heredoc, binaries with shebangs,
// symbolic link loops, unreadable files and folders, a FIFO, files over and
// at the size cap, 200 nested folders, invalid UTF-8, a huge single-line
// JSON, CRLF files, the primitive repeated on one line), and a manifest that
// says, for every file, what an honest scan reports: a finding, a clear skip
// reason, or nothing because the file is legitimately clean.
//
// Check compares a check-launches JSON report with the manifest. The soak
// runner (bench/soak/run.sh) uses it at full size; the package's own test
// runs a scaled-down soak through the real detector list on every
// `go test`.
package soaktest
