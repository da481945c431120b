package driver

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestKeyedRead is the prefilter of a member read by a key not known
// statically: a bracket at a module's mention, or a computed key
// destructured on its line; a specifier's part counts only inside a
// require, an import or after from.
func TestKeyedRead(t *testing.T) {
	mods := [][]byte{[]byte("lib"), []byte(`"./lib"`), []byte(`"."`)}
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{`lib[k]("claude")`, true},
		{`(lib as any)[k]("claude")`, true},
		{`require("./lib")[k]("claude")`, true},
		{`const { [k]: run } = require("./lib");`, true},
		{`const { [k] : run } = lib;`, true},
		{`import * as x from "./lib"; x.run("claude")`, false},
		{`lib.run("claude")`, false},
		{`libs[k]("claude")`, false},
		{`const v = s.split(".")[1];`, false},
		{`const [a]: string[] = ["."]; require("./lib");`, false},
	} {
		assert.Equal(t, tc.want, keyedRead([]byte(tc.src), mods), tc.src)
	}
}

// TestKeyedReadBoundName: the name an import binds on the specifier's
// line, indexed by a bracket elsewhere in the file.
func TestKeyedReadBoundName(t *testing.T) {
	mods := [][]byte{[]byte("/runners")}
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"import { runners } from \"./runners\";\nrunners[process.env.K]('claude');", true},
		{"import * as r from './runners';\n(r as any)[k]('claude');", true},
		{"const lib = require('./runners');\nlib[k]('claude');", true},
		{"import { runners } from \"./runners\";\nrunners.a('claude');", false},
		{"import { runners } from \"./other\";\nrunners[k]('claude');", false},
	} {
		assert.Equal(t, tc.want, keyedRead([]byte(tc.src), mods), tc.src)
	}
}
