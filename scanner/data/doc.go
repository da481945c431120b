// Package data finds launches of agent runtimes in data files that define
// commands: package.json scripts, GitHub Actions workflows and composite
// actions, Makefiles, Dockerfiles, compose files, JSON/YAML/TOML objects
// with command-like fields (MCP server configs, editor tasks,
// devcontainer lifecycle commands, Kubernetes containers), systemd units,
// Procfiles and crontabs.
//
// Shell command lines found in them go to the shell detector through
// scanner.Pass.ScanShell and argv lists to the one judge, Pass.Judge; this package
// never parses shell. Findings carry the file's Kind as their language and
// point at the line and column in the data file where the launch is
// written: every embedded string keeps a map from its decoded bytes to the
// file, through JSON escapes, YAML indentation and folding, Dockerfile and
// Makefile line continuations and Makefile variable expansion.
//
// See docs/data.md for every kind, the decisions taken and their reasons.
package data
