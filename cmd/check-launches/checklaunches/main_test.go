package checklaunches

import (
	"os"
	"testing"
)

// TestMain lets the test binary stand in for the check-launches binary
// (the action script test runs it through a wrapper), so the tests do not
// compile the command a second time.
func TestMain(m *testing.M) {
	if os.Getenv("CHECK_LAUNCHES_TEST_MAIN") == "1" {
		os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}
