// Package shell is the shell detector of check-launches. It parses POSIX
// sh, bash and mksh (zsh on a best-effort basis, as bash) with
// mvdan.cc/sh/v3/syntax and reports every command that would start an
// agent runtime: in command position behind any wrapper the core judge
// knows, behind prefix assignments, inside command and process
// substitution, inside strings run by eval, `bash -c` and friends, inside
// heredocs and pipes fed to a shell, and through variables and arrays the
// file itself sets. It is also the one shell parser other detectors use for
// shell text they find (Detector.ScanText, the scanner.Shell of the suite).
//
// Variables are tracked flow-insensitively: every value a name is given
// anywhere in the text is a possible value wherever the name is expanded.
// Values the file cannot know (the environment, positional parameters,
// command output) are unknown, and an unknown command word is not a launch;
// see docs/shell.md for what this detector does not see.
package shell
