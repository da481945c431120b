// Package scanner is the core of check-launches: the finding model, the
// configuration, the file walk, the shared judgement of an argv (is it a
// runtime launch, is it gated) and the printers.
//
// Language detectors live in sub-packages (scanner/shell, scanner/tsjs,
// scanner/python, scanner/golang, scanner/data). Each implements Detector;
// the explicit list of detectors is assembled by the command, never by
// init-time registration. Detectors keep no state between files: files are
// scanned in parallel.
package scanner
