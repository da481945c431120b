package tsjs

import "strings"

// api is one process-starting (or value-finding) function the detector
// knows.
type api uint8

const (
	apiNone          api = iota
	apiSpawn             // spawn(cmd, args?, opts?): argv, or shell text with {shell}
	apiShell             // exec(cmd): the string runs in a shell
	apiFork              // fork(module, args?): node runs the module
	apiExeca             // execa(file, args?, opts?)
	apiExecaTemplate     // execa's $`...` and execa`...`: argv split on spaces
	apiZx                // zx's $`...`: the template runs in a shell
	apiBunShell          // Bun.$`...`: the template runs in Bun's shell
	apiBunSpawn          // Bun.spawn(argv | {cmd})
	apiDenoCommand       // new Deno.Command(cmd, {args})
	apiDenoRun           // Deno.run({cmd})
	apiSDK               // Agent SDK query()
	apiWhich             // which('claude'): a run-time look-up
	apiPromisify         // util.promisify(f): f's API
	apiPathJoin          // path.join/resolve
)

// apis maps "module:member.path" to the API. Paths that end in a
// modifier (`.sync`, `$.sync`) are normalised by apiOf.
var apis = map[string]api{
	"child_process:spawn":        apiSpawn,
	"child_process:spawnSync":    apiSpawn,
	"child_process:execFile":     apiSpawn,
	"child_process:execFileSync": apiSpawn,
	"child_process:exec":         apiShell,
	"child_process:execSync":     apiShell,
	"child_process:fork":         apiFork,

	"cross-spawn:":           apiSpawn,
	"cross-spawn:sync":       apiSpawn,
	"cross-spawn:spawn":      apiSpawn,
	"cross-spawn:spawn.sync": apiSpawn,

	"execa:":                 apiExeca,
	"execa:sync":             apiExeca,
	"execa:execa":            apiExeca,
	"execa:execaSync":        apiExeca,
	"execa:command":          apiShell,
	"execa:commandSync":      apiShell,
	"execa:execaCommand":     apiShell,
	"execa:execaCommandSync": apiShell,
	"execa:node":             apiFork,
	"execa:execaNode":        apiFork,
	"execa:$":                apiExecaTemplate,

	"zx:$": apiZx,

	"shelljs:exec": apiShell,

	"bun:spawn":     apiBunSpawn,
	"bun:spawnSync": apiBunSpawn,
	"bun:$":         apiBunShell,

	"deno:Command": apiDenoCommand,
	"deno:run":     apiDenoRun,

	"@anthropic-ai/claude-agent-sdk:query":                     apiSDK,
	"@anthropic-ai/claude-agent-sdk:unstable_v2_prompt":        apiSDK,
	"@anthropic-ai/claude-agent-sdk:unstable_v2_createSession": apiSDK,
	"@anthropic-ai/claude-agent-sdk:unstable_v2_resumeSession": apiSDK,
	"@anthropic-ai/claude-code:query":                          apiSDK,

	"which:":          apiWhich,
	"which:sync":      apiWhich,
	"util:promisify":  apiPromisify,
	"path:join":       apiPathJoin,
	"path:resolve":    apiPathJoin,
	"path:posix.join": apiPathJoin,
}

// tagModifiers are members of a template tag that return the same tag
// (zx's $.sync, execa's $.sync and $.s, Bun's $.nothrow()).
var tagModifiers = map[string]bool{"sync": true, "s": true, "nothrow": true, "quiet": true, "verbose": true}

// apiOf returns the API a reference names.
func apiOf(v value) api {
	if v.K != vRef {
		return apiNone
	}
	path := v.Path
	for len(path) > 1 && tagModifiers[path[len(path)-1]] {
		switch path[0] {
		case "$", "execa":
			path = path[:len(path)-1]
			continue
		}
		break
	}
	if x, ok := apis[v.Mod+":"+strings.Join(path, ".")]; ok {
		return x
	}
	if v.Mod == "execa" && len(path) == 1 && tagModifiers[path[0]] {
		return apiExeca
	}
	return apiNone
}

// interestingMembers are the member names a callee must end in (or a
// bound name it must be) before the detector evaluates it: a cheap filter
// for minified bundles full of calls.
var interestingMembers = func() map[string]bool {
	m := map[string]bool{}
	for k := range apis {
		p := k[strings.IndexByte(k, ':')+1:]
		if i := strings.LastIndexByte(p, '.'); i >= 0 {
			p = p[i+1:]
		}
		if p != "" {
			m[p] = true
		}
	}
	for k := range tagModifiers {
		m[k] = true
	}
	m["default"] = true
	return m
}()
