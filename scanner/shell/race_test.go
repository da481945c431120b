//go:build race

package shell_test

// raceEnabled shrinks the large-input test (to 256 KiB) under the race detector, which
// slows the scan tenfold; the 10 MB figure is checked without it.
const raceEnabled = true
