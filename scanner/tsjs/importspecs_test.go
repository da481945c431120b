package tsjs

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leasegate/leasegate/scanner"
)

// importSpecRE is the expression ImportSpecs replaced for speed; it is
// the oracle the keyword search must agree with.
var importSpecRE = regexp.MustCompile(`(?:\bfrom|\bimport|\brequire\s*\(|\bimport\s*\()\s*['"]([^'"\n]{1,300})['"]`)

func importSpecsOracle(src []byte) []string {
	var out []string
	for _, m := range importSpecRE.FindAllSubmatch(src, 4*scanner.MaxImportSpecs) {
		if spec := string(m[1]); !slices.Contains(out, spec) {
			out = append(out, spec)
			if len(out) == scanner.MaxImportSpecs {
				break
			}
		}
	}
	return out
}

var importSpecsSeeds = []string{
	`import x from "./a"; const y = require('./b'); import("./c"); import './d'`,
	"import {\n a,\n} from\n'./e'\nrequire ( \"f\" )\nimport\t(\t'g')",
	`reimport "x"; _from 'y'; $import 'z'; fromage 'w'; require "no-paren"; import(x)`,
	`from "import 'x'" from 'ok'`,
	`from "" import '` + "\n" + `' require('a"b')`,
	`from "` + string(make([]byte, 301)) + `"`,
	`from "` + strings.Repeat("é", 200) + `"; from "` + strings.Repeat("é", 301) + `"`,
	"from \"\xff\xfe" + strings.Repeat("a", 298) + "\"",
	`import a from 'a'; import b from 'a'; import c from 'c'`,
}

func TestImportSpecsAgreesWithTheExpression(t *testing.T) {
	for _, s := range importSpecsSeeds {
		assert.Equal(t, importSpecsOracle([]byte(s)), Detector{}.ImportSpecs([]byte(s)), "%q", s)
	}
	// past the bounds: more than MaxImportSpecs distinct, more than
	// 4×MaxImportSpecs matches
	var many []byte
	for i := range 3 * scanner.MaxImportSpecs {
		many = append(many, []byte("import a from './m"+string(rune('a'+i%26))+string(rune('a'+i/26))+"'\n")...)
	}
	assert.Equal(t, importSpecsOracle(many), Detector{}.ImportSpecs(many))
	same := []byte{}
	for range 5 * scanner.MaxImportSpecs {
		same = append(same, "require('x');"...)
	}
	same = append(same, "require('last')"...)
	assert.Equal(t, importSpecsOracle(same), Detector{}.ImportSpecs(same))
}

func FuzzImportSpecs(f *testing.F) {
	for _, s := range importSpecsSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		want, got := importSpecsOracle(src), Detector{}.ImportSpecs(src)
		if !slices.Equal(want, got) {
			t.Fatalf("ImportSpecs(%q) = %q, the expression gives %q", src, got, want)
		}
	})
}
