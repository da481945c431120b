package tsjs_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leasegate/leasegate/scanner/tsjs"
)

func TestDynamicImports(t *testing.T) {
	for src, want := range map[string]bool{
		`const p = require(path.join(dir, f));`:           true,
		"const m = await import(`./plugins/${name}.js`);": true,
		`const m = await import(url);`:                    true,
		`const fs = require("fs");`:                       false,
		"const m = await import(`./static.js`);":          false,
		`let t: typeof import('x');`:                      false,
		`loader.require(name)`:                            false,
		`myrequire(name)`:                                 false,
	} {
		assert.Equal(t, want, tsjs.Detector{}.DynamicImports([]byte(src)), src)
	}
}
