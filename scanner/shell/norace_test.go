//go:build !race

package shell_test

const raceEnabled = false
