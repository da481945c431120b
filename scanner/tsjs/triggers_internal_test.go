package tsjs

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leasegate/leasegate/scanner"
)

// TestSDKModulesAreTriggers: a file that only imports the Agent SDK must be
// a seed (scanner.Triggers), or the detector would not parse it.
func TestSDKModulesAreTriggers(t *testing.T) {
	tr := scanner.DefaultConfig().Triggers()
	for key, a := range apis {
		if a != apiSDK {
			continue
		}
		mod, _, _ := strings.Cut(key, ":")
		assert.True(t, tr.Scan([]byte(`import x from "`+mod+`"`)).Seed(), mod)
	}
}
