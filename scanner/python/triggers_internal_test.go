package python

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leasegate/leasegate/scanner"
)

// TestSDKModulesAreTriggers: a file that only imports the Agent SDK (or
// its old name) must be a seed (scanner.Triggers), or the detector would
// not parse it.
func TestSDKModulesAreTriggers(t *testing.T) {
	tr := scanner.DefaultConfig().Triggers()
	mods := map[string]bool{"claude_code_sdk": true}
	for key, a := range apis {
		if a == apiSDKQuery || a == apiSDKClient || a == apiOptions {
			mod, _, _ := strings.Cut(key, ":")
			mods[mod] = true
		}
	}
	for mod := range mods {
		assert.True(t, tr.Scan([]byte("import "+mod)).Seed(), mod)
	}
}
