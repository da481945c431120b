package driver

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
)

// failingDetector claims every file and fails to read it.
type failingDetector struct{}

func (failingDetector) Name() string               { return "shell" }
func (failingDetector) Match(*scanner.File) bool   { return true }
func (failingDetector) Scan(p *scanner.Pass) error { return errors.New("cannot read") }

// TestLinkLaunchesError: a link whose target names a runtime and whose
// judgement fails is a dynamic launch at the link, never silence; a link
// to another program stays clean.
func TestLinkLaunchesError(t *testing.T) {
	cfg := scanner.DefaultConfig()
	opt := Options{Suite: scanner.Suite{Detectors: []scanner.Detector{failingDetector{}}}}
	out := linkLaunches(context.Background(), []symlink{
		{rel: "bin/ai", target: "/usr/local/lib/node_modules/@anthropic-ai/claude-code/cli.js"},
		{rel: "bin/fmt", target: "/usr/bin/prettier"},
	}, cfg, opt)
	require.Len(t, out, 1)
	f := out[0]
	assert.Equal(t, "bin/ai", f.File)
	assert.Equal(t, scanner.ClassDynamic, f.Class)
	assert.Equal(t, scanner.VerdictRed, f.Verdict)
	assert.Equal(t, "claude", f.Runtime)
	assert.Contains(t, f.Message, "cannot read")
}
