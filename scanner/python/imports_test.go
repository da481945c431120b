package python_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/python"
)

func TestImportSpecs(t *testing.T) {
	src := []byte(`import os, agentd.runner as r
from . import backends
from ..util import (helpers,
    other)
from pkg.sub import name as alias, *
# import commented
x = "import this"
mod = importlib.import_module(f"agentd.backends.{name}")
old = __import__("legacy.mod")
other = import_module("plugins." + kind)
bad = import_module(name)
`)
	assert.Equal(t, []string{"os", "agentd.runner", ".backends", "..util", "..util.helpers", "pkg.sub", "pkg.sub.name",
		"agentd.backends" + scanner.ImportAnyIn, "legacy.mod", "plugins" + scanner.ImportAnyIn}, python.Detector{}.ImportSpecs(src))
}

func TestImportSpecsBound(t *testing.T) {
	var src []byte
	for i := range 2 * scanner.MaxImportSpecs {
		src = append(src, []byte("import m"+string(rune('a'+i%26))+string(rune('a'+i/26))+"\n")...)
	}
	assert.Len(t, python.Detector{}.ImportSpecs(src), scanner.MaxImportSpecs)
}

func TestDynamicImports(t *testing.T) {
	for src, want := range map[string]bool{
		`mod = importlib.import_module(name)`:                   true,
		`m = __import__(spec, fromlist=["x"])`:                  true,
		`mod = importlib.import_module("agentd.runner")`:        false,
		`mod = importlib.import_module(f"agentd.backends.{x}")`: false,
		`import os`: false,
	} {
		assert.Equal(t, want, python.Detector{}.DynamicImports([]byte(src)), src)
	}
}
