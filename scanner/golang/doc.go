// Package golang finds launches of agent runtimes in Go source: calls of
// the process APIs of one table (apis.go: os/exec, os.StartProcess,
// syscall's Exec/ForkExec/StartProcess/CreateProcess, x/sys/unix and
// x/sys/windows, go-sh, x/crypto/ssh sessions, and libraries given a
// command to run: mage's sh, go-cmd, bitfield/script, ...), exec.Cmd literals and
// assignments to a Cmd's Path or Args (cmdfields.go) whose argv resolves to
// a runtime, with constants folded through the type
// checker, string and []string variables the code assigns once, argv
// spreads (exec.Command(args[0], args[1:]...)), exec.LookPath results
// executed later (class dynamic), string flags' defaults (flags.go, also
// dynamic), //go:embed files' text (embed.go) and shell strings handed to a shell
// (exec.Command("bash", "-c", "claude -p"), scanned by the shell detector).
//
// The same analysis comes in two forms:
//
//   - the analyzer "launches" in scanner/driver/vet, a
//     golang.org/x/tools/go/analysis Analyzer for go vet -vettool (see
//     cmd/launchvet) and analysistest, over Typed (a file of a package
//     go vet has already type-checked).
//     The analyzer is named after what it reports rather than after this
//     folder ("golang" would say nothing in go vet's -launches.* flags and
//     diagnostics). Each diagnostic message starts with the matrix tag
//     (`RED:process-api: ...`, `GATED: ...`), so one `// want "RED:eval"`
//     comment serves both analysistest and the check-launches matrix.
//   - Detector, the check-launches detector for .go files. It type-checks
//     a package at a time with the module packages it imports (program.go),
//     only where a runtime can be started, without building the repository
//     or downloading its dependencies: the standard-library packages the
//     analysis needs are small built-in stubs, every other import is an
//     empty package, and type errors are ignored.
//
// Both run one core over a scanner.Pass, so they agree finding for finding.
package golang
