package tsjs

import (
	"slices"
	"strings"

	"github.com/leasegate/leasegate/scanner/treesitter"
)

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
	apiPromisify         // util.promisify(f), promisifyAll(module), bind: the API (or module) it wraps
	apiPathJoin          // path.join/resolve
	apiArgvOrShell       // exec (npm "exec"): an array is an argv, a string shell text
	apiSpawnOrArgv       // foreground-child, opener: (program, args?) or ([argv])
	apiArgs              // shelljs.cmd(program, ...args): every argument is an argv element
	apiShellAt1          // remote-exec(hosts, command), ssh2-streams exec(channel, command): shell text at index 1
	apiActionsExec       // @actions/exec exec/getExecOutput(commandLine, args?): split, no shell
	apiBasename          // path.basename(p): the last part of the path
	apiTerminal          // vscode.window.createTerminal({shellPath, shellArgs}) or (name, shellPath, shellArgs): argv
	// a member of a module of the table read by a key not known
	// statically (`cp[k](...)`): any of its APIs, so the command and its
	// arguments are judged as a line a shell runs (anyAPIMember)
	apiAnyMember
)

// anyAPIMember ends the path of a module's member read by a key not known
// statically (anyEntry) when the module, or the member of it the path
// reads, holds a process API (apiAnyMember).
const anyAPIMember = "\x00any"

// hasAPIUnder reports whether the API table holds a member of module mod
// under path (the module itself when path is empty).
func hasAPIUnder(mod string, path []string) bool {
	prefix := mod + ":"
	if len(path) > 0 {
		prefix += strings.Join(path, ".") + "."
	}
	for k, x := range apis {
		if strings.HasPrefix(k, prefix) && x != apiWhich && x != apiPathJoin && x != apiBasename && x != apiPromisify {
			return true
		}
	}
	return false
}

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

	"cross-spawn:":     apiSpawn,
	"cross-spawn:sync": apiSpawn,
	// node-pty and its prebuilt forks: spawn(file, args, options) in a
	// pseudo-terminal
	"node-pty:spawn":                                apiSpawn,
	"node-pty-prebuilt-multiarch:spawn":             apiSpawn,
	"@homebridge/node-pty-prebuilt-multiarch:spawn": apiSpawn,
	"@lydell/node-pty:spawn":                        apiSpawn,
	"cross-spawn:spawn":                             apiSpawn,
	"cross-spawn:spawn.sync":                        apiSpawn,

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
	// dax (jsr:@david/dax, npm dax-sh): its $ (the default export too)
	// runs the template in its own shell, each interpolation one word;
	// $.raw leaves them unquoted
	"@david/dax:":      apiZx,
	"@david/dax:$":     apiZx,
	"@david/dax:raw":   apiZx,
	"@david/dax:$.raw": apiZx,
	"dax-sh:":          apiZx,
	"dax-sh:$":         apiZx,
	"dax-sh:raw":       apiZx,
	"dax-sh:$.raw":     apiZx,

	"shelljs:exec": apiShell,
	"shelljs:cmd":  apiArgs,

	// wrapper packages of the process APIs
	"async-execute:":                   apiShell,
	"cross-spawn-async:":               apiSpawn,
	"cross-spawn-async:spawn":          apiSpawn,
	"cross-spawn-async:sync":           apiSpawn,
	"exec:":                            apiArgvOrShell,
	"exec-async:":                      apiSpawn,
	"execa:shell":                      apiShell,
	"execa:shellSync":                  apiShell,
	"execa:stdout":                     apiExeca,
	"execa:stderr":                     apiExeca,
	"remote-exec:":                     apiShellAt1,
	"ssh2:Client().exec":               apiShell,
	"ssh2-streams:SSH2Stream().exec":   apiShellAt1,
	"foreground-child:":                apiSpawnOrArgv,
	"foreground-child:foregroundChild": apiSpawnOrArgv,
	"opener:":                          apiSpawnOrArgv,
	"async-shelljs:exec":               apiShell,
	"async-shelljs:asyncExec":          apiShell,
	"@actions/exec:exec":               apiActionsExec,
	"@actions/exec:getExecOutput":      apiActionsExec,

	// small spawn libraries: spawn(cmd, args?, opts?), their options
	// those of child_process.spawn (tinyexec's under nodeOptions)
	"tinyexec:x":                 apiSpawn,
	"tinyexec:exec":              apiSpawn,
	"tinyexec:xSync":             apiSpawn,
	"tinyexec:execSync":          apiSpawn,
	"tinyexec:x().pipe":          apiSpawn,
	"nano-spawn:":                apiSpawn,
	"nano-spawn:().pipe":         apiSpawn,
	"@npmcli/promise-spawn:":     apiSpawn,
	"@npmcli/promise-spawn:open": apiSpawnOrArgv,
	"spawndamnit:":               apiSpawn,
	"cross-spawn-promise:":       apiSpawn,
	"@expo/spawn-async:":         apiSpawn,

	// promisify wrappers: the result is the function (or module) wrapped
	"es6-promisify:":                       apiPromisify,
	"es6-promisify:promisify":              apiPromisify,
	"thenify:":                             apiPromisify,
	"thenify-all:":                         apiPromisify,
	"thenify-all:withCallback":             apiPromisify,
	"@gar/promisify:":                      apiPromisify,
	"@gar/promisify:promisify":             apiPromisify,
	"@google-cloud/promisify:promisify":    apiPromisify,
	"@google-cloud/promisify:promisifyAll": apiPromisify,
	"util-promisify:":                      apiPromisify,
	"util.promisify:":                      apiPromisify,
	"pify:":                                apiPromisify,
	"bluebird:promisify":                   apiPromisify,
	"bluebird:promisifyAll":                apiPromisify,
	"bluebird:fromCallback":                apiPromisify,

	"bun:spawn":     apiBunSpawn,
	"bun:spawnSync": apiBunSpawn,
	"bun:$":         apiBunShell,

	"deno:Command": apiDenoCommand,
	"deno:run":     apiDenoRun,

	// the Pi coding agent's extension API: pi.exec(command, args,
	// options?) spawns command with args, no shell (apiTypes)
	"@mariozechner/pi-coding-agent:ExtensionAPI().exec": apiSpawn,

	"@anthropic-ai/claude-agent-sdk:query":                     apiSDK,
	"@anthropic-ai/claude-agent-sdk:unstable_v2_prompt":        apiSDK,
	"@anthropic-ai/claude-agent-sdk:unstable_v2_createSession": apiSDK,
	"@anthropic-ai/claude-agent-sdk:unstable_v2_resumeSession": apiSDK,
	"@anthropic-ai/claude-code:query":                          apiSDK,
	// third-party packages that wrap the Agent SDK (sdkWrappers): their
	// entry points, so the file filters and re-exports know them; any
	// other value of theirs is one too (apiOf)
	"ai-sdk-provider-claude-code:createClaudeCode":         apiSDK,
	"ai-sdk-provider-claude-code:claudeCode":               apiSDK,
	"ai-sdk-provider-claude-code:ClaudeCodeLanguageModel":  apiSDK,
	"ai-sdk-provider-claude-code:claudeCode.languageModel": apiSDK,
	"ai-sdk-provider-claude-code:claudeCode.chat":          apiSDK,
	"claude-code-ai-provider:createClaudeCode":             apiSDK,
	// the Pi coding agent's SDK: the session it creates runs Pi's agent
	// loop with its coding tools in this process; main runs its CLI
	"@mariozechner/pi-coding-agent:createAgentSession":        apiSDK,
	"@mariozechner/pi-coding-agent:createAgentSessionRuntime": apiSDK,
	"@mariozechner/pi-coding-agent:main":                      apiSDK,

	// VS Code's extension API: a terminal runs its shellPath with
	// shellArgs, and the text sendText types into it is a shell line
	// (also through the active terminal, or a parameter typed Terminal);
	// a task's ShellExecution runs a line, a ProcessExecution an argv
	"vscode:window.createTerminal":          apiTerminal,
	"vscode:Terminal().sendText":            apiShell,
	"vscode:window.activeTerminal.sendText": apiShell,
	"vscode:ShellExecution":                 apiShell,
	"vscode:ProcessExecution":               apiSpawn,

	"which:":          apiWhich,
	"which:sync":      apiWhich,
	"util:promisify":  apiPromisify,
	"path:join":       apiPathJoin,
	"path:resolve":    apiPathJoin,
	"path:posix.join": apiPathJoin,
	// a file URL and its path name the same file
	"url:fileURLToPath": apiPathJoin,
	"url:pathToFileURL": apiPathJoin,
	"path:basename":     apiBasename,
}

// constructors are the classes whose instances run commands: `new
// Client()` is the reference "ssh2:Client()", so the methods of its
// instance are keys of apis ("ssh2:Client().exec").
var constructors = map[string]bool{"ssh2:Client": true, "ssh2-streams:SSH2Stream": true}

// apiTypes are the types whose values carry a method that runs a
// command: a parameter of such a type (`pi: ExtensionAPI`, the object Pi
// hands an extension's default export) is the reference "module:Type()",
// so its methods are keys of apis
// ("@mariozechner/pi-coding-agent:ExtensionAPI().exec"). Only the type
// says so: another object's exec method is not one (typeValue).
var apiTypes = map[string]bool{"@mariozechner/pi-coding-agent:ExtensionAPI": true, "vscode:Terminal": true}

// results are the calls whose result has a method that runs a command
// (tinyexec's and nano-spawn's `x('a').pipe('b', args)`): the reference
// the result is, so its methods are keys of apis ("tinyexec:x().pipe").
var results = map[string][]string{
	"tinyexec:x": {"x()"}, "tinyexec:exec": {"x()"}, "tinyexec:x().pipe": {"x()"},
	"nano-spawn:": {"()"}, "nano-spawn:().pipe": {"()"},
	"vscode:window.createTerminal": {"Terminal()"},
}

// wrapperModules re-export child_process under another name (promise
// flavours).
var wrapperModules = map[string]string{
	"mz/child_process": "child_process", "child-process-promise": "child_process",
	"child-process-async": "child_process", "promisify-child-process": "child_process",
}

// strMethods are the string methods the evaluator computes. Any other
// method called on a string keeps the string's text (treesitter.StrMethod).
var strMethods = map[string]treesitter.StrOp{
	"toString": treesitter.StrIdentity, "valueOf": treesitter.StrIdentity, "normalize": treesitter.StrIdentity,
	"trim": treesitter.StrTrim, "trimStart": treesitter.StrTrimLeft, "trimLeft": treesitter.StrTrimLeft,
	"trimEnd": treesitter.StrTrimRight, "trimRight": treesitter.StrTrimRight,
	"toLowerCase": treesitter.StrLower, "toLocaleLowerCase": treesitter.StrLower,
	"toUpperCase": treesitter.StrUpper, "toLocaleUpperCase": treesitter.StrUpper,
	"replace": treesitter.StrReplaceFirst, "replaceAll": treesitter.StrReplaceAll,
	"concat": treesitter.StrConcat, "slice": treesitter.StrSliceJS, "substring": treesitter.StrSubstring,
	"substr": treesitter.StrSubstr, "charAt": treesitter.StrCharAt, "at": treesitter.StrCharAt,
}

// strFuncs are global functions computing a string from their argument.
var strFuncs = map[string]treesitter.StrOp{
	"atob": treesitter.StrBase64, "decodeURIComponent": treesitter.StrURLDecode,
	"decodeURI": treesitter.StrURLDecode, "unescape": treesitter.StrURLDecode, "String": treesitter.StrIdentity,
}

// listMethods are the array methods whose change the evaluator applies;
// readOnly ones change nothing. A method on an array name in neither
// table is an unmodelled change (treesitter.MutateList).
var listMethods = map[string]treesitter.ListOp{
	"push": treesitter.ListAppend, "unshift": treesitter.ListPrepend, "splice": treesitter.ListSplice,
	"fill": treesitter.ListFill, "set": treesitter.ListMapSet,
	"pop": treesitter.ListPop, "shift": treesitter.ListShift, "reverse": treesitter.ListReverse,
	"join": treesitter.ListReadOnly, "slice": treesitter.ListReadOnly, "concat": treesitter.ListReadOnly,
	"map": treesitter.ListReadOnly, "filter": treesitter.ListReadOnly, "forEach": treesitter.ListReadOnly,
	"some": treesitter.ListReadOnly, "every": treesitter.ListReadOnly, "find": treesitter.ListReadOnly,
	"findIndex": treesitter.ListReadOnly, "indexOf": treesitter.ListReadOnly, "includes": treesitter.ListReadOnly,
	"at": treesitter.ListReadOnly, "get": treesitter.ListReadOnly, "has": treesitter.ListReadOnly,
	"keys": treesitter.ListReadOnly, "values": treesitter.ListReadOnly, "entries": treesitter.ListReadOnly,
	"toString": treesitter.ListReadOnly, "reduce": treesitter.ListReadOnly, "flat": treesitter.ListReadOnly,
	"flatMap": treesitter.ListReadOnly, "lastIndexOf": treesitter.ListReadOnly, "toSorted": treesitter.ListReadOnly,
	"toReversed": treesitter.ListReadOnly, "with": treesitter.ListReadOnly, "then": treesitter.ListReadOnly,
	"on": treesitter.ListReadOnly, "once": treesitter.ListReadOnly, "emit": treesitter.ListReadOnly,
	"log": treesitter.ListReadOnly, "write": treesitter.ListReadOnly, "error": treesitter.ListReadOnly,
}

// tagModifiers are members of a template tag that return the same tag
// (zx's $.sync, execa's $.sync and $.s, Bun's $.nothrow()).
var tagModifiers = map[string]bool{"sync": true, "s": true, "nothrow": true, "quiet": true, "verbose": true}

// APIKeys is the API table as data for the docs test that keeps the
// page's list true: each "module:member" key and its kind.
func APIKeys() map[string]int {
	out := map[string]int{}
	for k, v := range apis {
		out[k] = int(v)
	}
	return out
}

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
	if n := len(path); n > 0 && path[n-1] == anyAPIMember {
		return apiAnyMember
	}
	if v.Mod == piSDK && len(path) == 1 && !piInert[path[0]] && !strings.ContainsAny(path[0], "().") {
		// any other value of Pi's SDK called or constructed (`new
		// AgentSession(...)`, a factory added later): deny by default
		return apiSDK
	}
	if sdkWrappers[v.Mod] && (len(path) == 0 || !sdkWrapperInert[path[0]]) && !slices.ContainsFunc(path, func(p string) bool { return strings.ContainsAny(p, "()") }) {
		// any value of a wrapper of the Agent SDK called or constructed
		// (`claudeCode.languageModel("opus")`, the module itself): deny
		// by default; a call of what such a call returned is the same
		// launch, reported once where it was made
		return apiSDK
	}
	if v.Mod == "execa" && len(path) == 1 && tagModifiers[path[0]] {
		return apiExeca
	}
	if n := len(path); n > 0 && strings.HasSuffix(path[n-1], "Async") {
		// bluebird's promisifyAll adds execAsync beside exec
		p := append(append([]string{}, path[:n-1]...), strings.TrimSuffix(path[n-1], "Async"))
		if x, ok := apis[v.Mod+":"+strings.Join(p, ".")]; ok && x != apiPromisify {
			return x
		}
	}
	return apiNone
}

// piSDK is the Pi coding agent's package: a call or construction of any
// of its values but the inert ones (piInert) is an SDK use (apiOf).
const piSDK = "@mariozechner/pi-coding-agent"

// sdkWrappers are third-party npm packages that wrap the Claude Agent SDK
// (they depend on @anthropic-ai/claude-agent-sdk and call its query()):
// a model or provider they make starts Claude Code when asked for text,
// so calling or constructing any of their values but the inert ones
// (sdkWrapperInert) is an SDK use of runtime claude (apiOf, sdk).
// ai-sdk-provider-claude-code is the Vercel AI SDK's Claude Code provider
// (`createClaudeCode()`, `claudeCode("sonnet")`; field trial,
// eyaltoledano/claude-task-master).
// Others of the kind, found in public code: claude-code-ai-provider
// (coji) and claude-agent-ai-provider (mherod), AI SDK providers over
// the Agent SDK or the old @anthropic-ai/claude-code SDK. A wrapper's
// name must hold a runtime's as a word, or a file importing only it is
// not parsed (scanner.Triggers): ai-sdk-cc-provider is not listed.
var sdkWrappers = map[string]bool{
	"ai-sdk-provider-claude-code": true, "claude-code-ai-provider": true,
	"claude-agent-ai-provider": true,
}

// sdkWrapperInert are the values of the SDK wrappers that start nothing:
// their error constructors and tests.
var sdkWrapperInert = map[string]bool{
	"isAuthenticationError": true, "isTimeoutError": true, "getErrorMetadata": true,
	"createAPICallError": true, "createAuthenticationError": true, "createTimeoutError": true,
}

// piInert are the values of Pi's SDK that run no agent session: its
// helpers, constants, type guards, terminal components, stores and
// registries, the services a session is made from and an empty extension
// runtime (no session yet), the tools an extension wraps (each runs one
// command, not Pi), and compaction's summaries (one model request, no
// agent loop).
// The session and its runtime, the modes, the CLI's main and the RPC
// client (which spawns Pi) are not listed, nor anything unknown.
var piInert = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`
		VERSION CURRENT_SESSION_VERSION DEFAULT_COMPACTION_SETTINGS DEFAULT_MAX_BYTES DEFAULT_MAX_LINES
		getAgentDir parseSkillBlock AuthStorage FileAuthStorageBackend InMemoryAuthStorageBackend
		calculateContextTokens collectEntriesForBranchSummary compact estimateTokens findCutPoint findTurnStartIndex
		generateBranchSummary generateSummary getLastAssistantUsage prepareBranchEntries serializeConversation shouldCompact
		createEventBus isToolCallEventType isBashToolResult isEditToolResult isFindToolResult isGrepToolResult isLsToolResult
		isReadToolResult isWriteToolResult wrapRegisteredTool wrapRegisteredTools defineTool withFileMutationQueue
		createSyntheticSourceInfo createExtensionRuntime createAgentSessionServices ModelRegistry DefaultPackageManager DefaultResourceLoader SessionManager SettingsManager
		buildSessionContext getLatestCompactionEntry migrateSessionEntries parseSessionEntries loadProjectContextFiles
		loadSkills loadSkillsFromDir formatSkillsForPrompt parseFrontmatter stripFrontmatter
		createBashTool createBashToolDefinition createEditTool createEditToolDefinition createFindTool createFindToolDefinition
		createGrepTool createGrepToolDefinition createLsTool createLsToolDefinition createReadTool createReadToolDefinition
		createWriteTool createWriteToolDefinition createCodingTools createReadOnlyTools createLocalBashOperations
		bashTool editTool findTool grepTool lsTool readTool writeTool codingTools readOnlyTools allTools
		truncateHead truncateLine truncateTail truncateToVisualLines formatSize getLanguageFromPath getShellConfig
		copyToClipboard convertToLlm highlightCode initTheme getMarkdownTheme getSelectListTheme getSettingsListTheme
		keyHint keyText rawKeyHint renderDiff Theme ArminComponent AssistantMessageComponent BashExecutionComponent
		BorderedLoader BranchSummaryMessageComponent CompactionSummaryMessageComponent CustomEditor CustomMessageComponent
		DynamicBorder ExtensionEditorComponent ExtensionInputComponent ExtensionSelectorComponent FooterComponent
		LoginDialogComponent ModelSelectorComponent OAuthSelectorComponent SessionSelectorComponent SettingsSelectorComponent
		ShowImagesSelectorComponent SkillInvocationMessageComponent ThemeSelectorComponent ThinkingSelectorComponent
		ToolExecutionComponent TreeSelectorComponent UserMessageComponent UserMessageSelectorComponent`) {
		m[n] = true
	}
	return m
}()

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
			m[p+"Async"] = true
		}
	}
	for k := range tagModifiers {
		m[k] = true
	}
	m["default"] = true
	return m
}()
