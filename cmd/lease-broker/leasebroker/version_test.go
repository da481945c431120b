package leasebroker

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leasegate/leasegate/version"
)

// TestVersion: --version prints the version and commit the release
// stamped, without a broker.
func TestVersion(t *testing.T) {
	code, out, errs := run(t, "--version")
	assert.Equal(t, ExitOK, code, errs)
	assert.Equal(t, "lease-broker "+version.String()+"\n", out)
	assert.Empty(t, errs)
}
