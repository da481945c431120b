package python

import "strings"

// api is one process-starting (or value-finding) function the detector
// knows.
type api uint8

const (
	apiNone       api = iota
	apiSubprocess     // subprocess.run/call/check_call/check_output/Popen(args, shell=?, executable=?)
	apiShell          // os.system, os.popen, subprocess.getoutput: the string runs in a shell
	apiShellOut       // a shell-running function whose result is read (getoutput)
	apiExecV          // os.execv(path, argv), execve, execvp, execvpe
	apiExecL          // os.execl(path, arg0, ...), execle, execlp, execlpe
	apiSpawnV         // os.spawnv(mode, path, argv), ...
	apiSpawnL         // os.spawnl(mode, path, arg0, ...), ...
	apiPosixSpawn     // os.posix_spawn(path, argv, env), posix_spawnp
	apiExecArgs       // asyncio.create_subprocess_exec(program, *args)
	apiPty            // pty.spawn(argv or program)
	apiPexpect        // pexpect.spawn/run(command, args=[])
	apiAnyio          // anyio.open_process/run_process(str → shell, sequence → argv)
	apiTrio           // trio.run_process/open_process(sequence, shell=?)
	apiSDKQuery       // claude_agent_sdk.query(prompt=..., options=...)
	apiSDKClient      // claude_agent_sdk.ClaudeSDKClient(options=...)
	apiOptions        // ClaudeAgentOptions(...): keyword arguments as an object
	apiDict           // dict(...): keyword arguments as an object
	apiShCommand      // sh.Command("claude"): a command object
	apiPlumbumGet     // plumbum.local.get("claude"): a command object
	apiWhich          // shutil.which("claude"): a run-time look-up
	apiEnvGet         // os.environ.get("X", "claude"), os.getenv
	apiPathJoin       // os.path.join
	apiStr            // str(x), pathlib.Path(x), os.fspath(x)
	apiShlexJoin      // shlex.join(list)
	apiShlexSplit     // shlex.split(str)
	apiRunSync        // anyio.to_thread.run_sync(f), asyncio.to_thread(f): f's result
)

var apis = map[string]api{
	"subprocess:run":             apiSubprocess,
	"subprocess:call":            apiSubprocess,
	"subprocess:check_call":      apiSubprocess,
	"subprocess:check_output":    apiSubprocess,
	"subprocess:Popen":           apiSubprocess,
	"subprocess:getoutput":       apiShellOut,
	"subprocess:getstatusoutput": apiShellOut,
	"commands:getoutput":         apiShellOut,
	"commands:getstatusoutput":   apiShellOut,
	"os:system":                  apiShell,
	"os:popen":                   apiShellOut,

	"os:execv": apiExecV, "os:execve": apiExecV, "os:execvp": apiExecV, "os:execvpe": apiExecV,
	"os:execl": apiExecL, "os:execle": apiExecL, "os:execlp": apiExecL, "os:execlpe": apiExecL,
	"os:spawnv": apiSpawnV, "os:spawnve": apiSpawnV, "os:spawnvp": apiSpawnV, "os:spawnvpe": apiSpawnV,
	"os:spawnl": apiSpawnL, "os:spawnle": apiSpawnL, "os:spawnlp": apiSpawnL, "os:spawnlpe": apiSpawnL,
	"os:posix_spawn": apiPosixSpawn, "os:posix_spawnp": apiPosixSpawn,

	"asyncio:create_subprocess_exec":  apiExecArgs,
	"asyncio:create_subprocess_shell": apiShell,

	"pty:spawn": apiPty,

	"pexpect:spawn": apiPexpect, "pexpect:spawnu": apiPexpect, "pexpect:run": apiPexpect,
	"pexpect:runu": apiPexpect, "pexpect:PopenSpawn": apiPexpect, "pexpect:popen_spawn.PopenSpawn": apiPexpect,

	"anyio:open_process": apiAnyio, "anyio:run_process": apiAnyio,
	"trio:run_process": apiTrio, "trio:open_process": apiTrio, "trio:lowlevel.open_process": apiTrio,

	"claude_agent_sdk:query":              apiSDKQuery,
	"claude_agent_sdk:ClaudeSDKClient":    apiSDKClient,
	"claude_agent_sdk:ClaudeAgentOptions": apiOptions,
	"claude_agent_sdk:ClaudeCodeOptions":  apiOptions,
	"builtins:dict":                       apiDict,

	"sh:Command":               apiShCommand,
	"plumbum:local.get":        apiPlumbumGet,
	"shutil:which":             apiWhich,
	"sh:which":                 apiWhich,
	"plumbum:local.which":      apiWhich,
	"os:environ.get":           apiEnvGet,
	"os:getenv":                apiEnvGet,
	"os:path.join":             apiPathJoin,
	"os.path:join":             apiPathJoin,
	"posixpath:join":           apiPathJoin,
	"os:fspath":                apiStr,
	"pathlib:Path":             apiStr,
	"pathlib:PurePath":         apiStr,
	"pathlib:PosixPath":        apiStr,
	"builtins:str":             apiStr,
	"shlex:join":               apiShlexJoin,
	"shlex:split":              apiShlexSplit,
	"anyio:to_thread.run_sync": apiRunSync,
	"asyncio:to_thread":        apiRunSync,
}

// apiOf returns the API a reference names.
func apiOf(v value) api {
	if v.K != vRef {
		return apiNone
	}
	return apis[v.Mod+":"+strings.Join(v.Path, ".")]
}

// builtins are the names Python provides without an import.
var builtins = map[string]bool{"str": true, "dict": true}

// interestingNames are the attribute names a callee must end in (or a bound
// name it must be) before the detector evaluates it.
var interestingNames = func() map[string]bool {
	m := map[string]bool{}
	for k := range apis {
		p := k[strings.IndexByte(k, ':')+1:]
		if i := strings.LastIndexByte(p, '.'); i >= 0 {
			p = p[i+1:]
		}
		m[p] = true
	}
	for k := range invokeMethods {
		m[k] = true
	}
	m["subprocess_exec"] = true
	m["subprocess_shell"] = true
	return m
}()
