package tsjs

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMayNameAPI: every way the detector binds a process API passes the
// prefilter; a module's or global's name that can bind nothing (inside a
// longer string, a word of prose) does not.
func TestMayNameAPI(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{`const cp = require('child_process')`, true},
		{`const cp = require ("node:child_process")`, true},
		{"const cp = require(`child_process`)", true},
		{`import { spawn } from "child_process/promises"`, true},
		{"import\n'child_process'", true},
		{`export * from 'node:child_process'`, true},
		{`const m = ok ? 'fs' : 'child_process'; require(m)`, true},
		{`const mods = ['os', "child_process"]`, true},
		{`import x = require("execa")`, true},
		{`import {exec} from 'async-shelljs'`, true},
		{`import {spawn} from 'cross-spawn-async'`, true},
		{`const cp = require('child-process-promise')`, true},
		{`import { query } from "@anthropic-ai/claude-agent-sdk"`, true},
		{`await import('@anthropic-ai/claude-next')`, true},
		{`const { $ } = await import('zx/core')`, true},
		{"#!/usr/bin/env node\nfrom\n'bun'", true},
		{`Bun.spawn(['x'])`, true},
		{`const { spawn } = Bun`, true},
		{`globalThis.Deno.run({cmd: ['x']})`, true},
		{`(Bun as any).spawn(['x'])`, true},
		{`Bun?.spawn(['x'])`, true},
		{`const b = Bun ?? null`, true},
		{"const b =\n  Bun\n", true},
		{`globalThis["Bun"].spawn(['x'])`, true},
		{`const k = 'Deno'; globalThis[k].run({cmd: ['x']})`, true},
		{`window ['Bun']`, true},
		{`Deno.Command`, true},
		{`globalThis.Deno?.run({cmd})`, true},
		{`Deno.env.get('X'); Deno.Command`, true},
		{`Deno.env.get('X'); const d = Deno`, true},
		{`Deno["Command"]`, true},
		{`Bun.$`, true},
		{`Bun.which('x') && Bun.spawn(['x'])`, true},
		{`typeof Deno.Command`, false},
		{`typeof Deno.Command === "function" && new Deno.Command("x")`, true},
		{`if (typeof globalThis.Deno !== 'undefined') { x = globalThis.Deno.env.get('HOME') }`, false},
		{`const v = Bun.version; const e = Bun?.env.HOME; const t = typeof Bun`, false},
		{`x.typeof Bun`, true},
		// cannot bind anything
		{`msg("Cannot find name 'Bun'. Do you need to install type definitions for Bun? Try ` + "`npm i --save-dev @types/bun`" + ` and then add 'bun' to the types field.")`, false},
		{`switch (name) { case "Bun": return 1 }`, false},
		{`const n = "see child_process docs"`, false},
		{`SyntaxKind["Bundle"] = 308; ModuleResolutionKind.Bundler`, false},
		{`function getChildListThatStartsWithOpenerToken(openerToken) {}`, false},
		{`re.exec(s); const execution = 1`, false},
		{`const o = { child_process: 1, Bundle: 2 }`, false},
		{`log("the word 'execa' in prose")`, false},
	} {
		assert.Equal(t, c.want, mayNameAPI([]byte(c.src)), c.src)
	}
}

// TestAPIModulesPassThePrefilter: every module of the API table that runs
// something passes the prefilter when imported and its member named, so a
// new entry in the table cannot be forgotten here; vscode alone does not
// (TypeScript's bundles name it as an editor).
func TestAPIModulesPassThePrefilter(t *testing.T) {
	for key, k := range apis {
		mod, member, _ := strings.Cut(key, ":")
		// with the member it calls (vscode's terminal members are
		// required beside the module: vscodeHint)
		src := []byte(`import x from "` + mod + `"; x.` + member)
		switch k {
		case apiWhich, apiPromisify, apiPathJoin, apiBasename:
			continue
		}
		assert.True(t, mayNameAPI(src), key)
	}
	for mod := range wrapperModules {
		assert.True(t, mayNameAPI([]byte(`require('`+mod+`')`)), mod)
	}
}

// TestMayLoadComputed: a load by a name computed at run time, require
// handed on as a value among them, beside a process method's name passes
// the prefilter; a literal load, a file with no process method, and a
// longer name ending in require do not.
func TestMayLoadComputed(t *testing.T) {
	for _, src := range []string{
		`const m = require(name); m.spawn("x")`,
		`const [fs, cp] = MODS.map(require); cp.spawn("x")`,
		`Array.from(names, require)[1].spawnSync("x")`,
		`require.call(null, n).execSync("x")`,
		`Reflect.apply(require, null, [n]).execFile("x")`,
		`const { exec } = require(process.env.M)`,
		`const cp = require(m); cp.exec("x")`,
		`load(process.argv[2]).exec("x"); require(n)`,
		`let m; m = await import(spec); m.fork("x")`,
		`const cp = process.getBuiltinModule(n); cp.exec("x")`,
		`const cp=require( n ); cp.exec("x")`,
		"const cp =\n  require(n)\ncp.exec('x')",
		`require("child_" + "process").spawn("x")`,
		"require(`child_${p}`).spawn('x')",
		`const cp = require('child_' + p); cp.exec("x")`,
	} {
		assert.True(t, mayLoadComputed([]byte(src)), src)
	}
	for _, src := range []string{
		`const cp = require("child_process"); cp.spawn("x")`,
		`const m = require(name); m.readFile("x")`,
		`const r = /a/; r.exec(s); myrequire(name)`,
		`names.map(norequire); spawn("x")`,
		`const p = require(name); const re = /a/; re.exec(s)`,
		`a === require(n); a.exec(s)`,
		`const cp = x.require(n); cp.exec(s)`,
		`const cp = require("child_" + "x"); re.exec(s)`,
		`require("fs").spawn("x"); require('path' ); import("os", {}).spawn`,
		"require(`child_process`).spawn('x')",
	} {
		assert.False(t, mayLoadComputed([]byte(src)), src)
	}
}

// TestVSCodeNeedsAMember: "vscode" as a string alone is no process API.
func TestVSCodeNeedsAMember(t *testing.T) {
	assert.False(t, mayNameAPI([]byte(`const editors = ["vscode", "vim"]; import * as v from "vscode"`)))
	assert.True(t, mayNameAPI([]byte(`import * as vscode from "vscode"; vscode.window.createTerminal({})`)))
}
