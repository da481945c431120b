// Package scanner is the API a check-launches detector is written against,
// as golang.org/x/tools/go/analysis is for analyzers: the finding model
// (Finding, Class, Verdict, Pos), the Detector interface and the Pass it
// reports through, with the one judge sequence of an argv (Pass.Judge),
// the Suite of detectors and the Shell that scans embedded shell text, and
// the configuration the judge reads. The argv judge itself (JudgeArgv)
// lives here until the shared command-line package takes it.
//
// Language detectors live in sub-packages (scanner/shell, scanner/tsjs,
// scanner/python, scanner/golang, scanner/data) and import only this
// package (and scanner/treesitter). scanner/driver walks a tree and runs
// them; scanner/report prints what they found. The explicit list of
// detectors is assembled by the command, never by init-time registration.
// Detectors keep no state between files: files are scanned in parallel.
package scanner
