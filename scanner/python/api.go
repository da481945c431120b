package python

import (
	"maps"
	"slices"
	"strings"

	"github.com/leasegate/leasegate/scanner/treesitter"
)

// api is one process-starting (or value-finding) function the detector
// knows.
type api uint8

const (
	apiNone          api = iota
	apiSubprocess        // subprocess.run/call/check_call/check_output/Popen(args, shell=?, executable=?)
	apiShell             // shell text: the string runs in a shell
	apiShellOut          // shell text whose output is read (a `which claude` run through it is a look-up)
	apiExecV             // os.execv(path, argv), execve, execvp, execvpe
	apiExecL             // os.execl(path, arg0, ...), execle, execlp, execlpe
	apiSpawnV            // os.spawnv(mode, path, argv), ...
	apiSpawnL            // os.spawnl(mode, path, arg0, ...), ...
	apiPosixSpawn        // os.posix_spawn(path, argv, env), posix_spawnp
	apiExecArgs          // asyncio.create_subprocess_exec(program, *args)
	apiPty               // pty.spawn(argv or program), ptyprocess PtyProcess.spawn(argv)
	apiPexpect           // pexpect.spawn/run(command, args=[])
	apiAnyio             // anyio.open_process/run_process, delegator.run, envoy.run(str → shell, sequence → argv)
	apiTrio              // trio.run_process/open_process(sequence, shell=?)
	apiTmux              // libtmux new_session(window_command=), new_window(window_shell=), split/split_window/new_pane(shell=), send_keys(cmd): shell text (tmuxCommand)
	apiTmuxCmd           // libtmux cmd("new-window", *args): the argv `tmux new-window args...`
	apiSDKQuery          // claude_agent_sdk.query(prompt=..., options=...)
	apiSDKClient         // claude_agent_sdk.ClaudeSDKClient(options=...)
	apiOptions           // ClaudeAgentOptions(...): keyword arguments as an object
	apiDict              // dict(...): keyword arguments as an object
	apiShCommand         // sh.Command("claude"): a command object
	apiPlumbumGet        // plumbum.local.get("claude"): a command object
	apiWhich             // shutil.which("claude"): a run-time look-up
	apiEnvGet            // os.environ.get("X", "claude"), os.getenv
	apiPathJoin          // os.path.join
	apiStr               // str(x), pathlib.Path(x), os.fspath(x)
	apiShlexJoin         // shlex.join(list)
	apiShlexSplit        // shlex.split(str)
	apiRunSync           // anyio.to_thread.run_sync(f), asyncio.to_thread(f): f's result
	apiRemoteShell       // shell text, run here or on a remote host (first positional, or command=); `X()` is an instance
	apiStrFunc           // a function computing a string from its first argument (see strFuncs)
	apiMap               // map(f, xs)
	apiZip               // zip(xs, ys)
	apiChr               // chr(n)
	apiBytes             // bytes(list), bytearray(list)
	apiReversed          // reversed(xs)
	apiDeque             // collections.deque(xs): the list
	apiNamespace         // types.SimpleNamespace(**kw): keyword arguments as attributes
	apiGetattr           // getattr(obj, "name", default?): obj.name
	apiChoice            // random.choice(xs), next(iter(xs)): any element of xs
	apiBasename          // os.path.basename(p): the last part of the path
	apiIter              // iter(xs): xs
	apiCopy              // copy.copy(x), copy.deepcopy(x): x
	apiOptionDefault     // typer.Option("claude"), typer.Argument: the parameter's default, a run-time value
	apiReduce            // functools.reduce(f, xs, init?): xs folded by f, an operator.add or a function adding its two parameters
	apiContainer         // docker SDK containers.run/create(image, command=, entrypoint=): the command a container runs (str → shell, sequence → argv)
	apiShellJob          // a workflow framework's shell task: Airflow BashOperator(bash_command=), SSHOperator(command=), Prefect ShellOperation(commands=[...]): shell text
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
	"os:popen2":                  apiShellOut,
	"os:popen3":                  apiShellOut,
	"os:popen4":                  apiShellOut,
	"platform:popen":             apiShellOut,
	"popen2:popen2":              apiShellOut,
	"popen2:popen3":              apiShellOut,
	"popen2:popen4":              apiShellOut,
	"popen2:Popen3":              apiShellOut,
	"popen2:Popen4":              apiShellOut,

	// invoke and fabric run a command line in a shell, locally or on a
	// remote host; paramiko runs one on the remote host (exec_command)
	// or locally for a proxy (ProxyCommand). A runtime started on
	// another host is still an ungated launch.
	"invoke:run":  apiRemoteShell,
	"invoke:sudo": apiRemoteShell,
	// nox: `@nox.session def review(session): session.run("claude", ...)`,
	// every positional argument an argv element
	"nox:Session().run": apiExecArgs, "nox:Session().run_always": apiExecArgs,
	"nox:Session().run_install":  apiExecArgs,
	"nox:sessions.Session().run": apiExecArgs, "nox:sessions.Session().run_always": apiExecArgs,
	"invoke:Context().run":                     apiRemoteShell,
	"invoke:Context().sudo":                    apiRemoteShell,
	"invoke:context.Context().run":             apiRemoteShell,
	"invoke:context.Context().sudo":            apiRemoteShell,
	"fabric:api.local":                         apiRemoteShell,
	"fabric:api.run":                           apiRemoteShell,
	"fabric:api.sudo":                          apiRemoteShell,
	"fabric:operations.local":                  apiRemoteShell,
	"fabric:operations.run":                    apiRemoteShell,
	"fabric:operations.sudo":                   apiRemoteShell,
	"fabric:Connection().run":                  apiRemoteShell,
	"fabric:Connection().local":                apiRemoteShell,
	"fabric:Connection().sudo":                 apiRemoteShell,
	"fabric:connection.Connection().run":       apiRemoteShell,
	"fabric:connection.Connection().local":     apiRemoteShell,
	"fabric:connection.Connection().sudo":      apiRemoteShell,
	"fabric:SerialGroup().run":                 apiRemoteShell,
	"fabric:SerialGroup().sudo":                apiRemoteShell,
	"fabric:ThreadingGroup().run":              apiRemoteShell,
	"fabric:ThreadingGroup().sudo":             apiRemoteShell,
	"fabric:group.SerialGroup().run":           apiRemoteShell,
	"fabric:group.ThreadingGroup().run":        apiRemoteShell,
	"paramiko:ProxyCommand":                    apiRemoteShell,
	"paramiko:proxy.ProxyCommand":              apiRemoteShell,
	"paramiko:SSHClient().exec_command":        apiRemoteShell,
	"paramiko:client.SSHClient().exec_command": apiRemoteShell,

	"os:execv": apiExecV, "os:execve": apiExecV, "os:execvp": apiExecV, "os:execvpe": apiExecV,
	"os:execl": apiExecL, "os:execle": apiExecL, "os:execlp": apiExecL, "os:execlpe": apiExecL,
	"os:spawnv": apiSpawnV, "os:spawnve": apiSpawnV, "os:spawnvp": apiSpawnV, "os:spawnvpe": apiSpawnV,
	"os:spawnl": apiSpawnL, "os:spawnle": apiSpawnL, "os:spawnlp": apiSpawnL, "os:spawnlpe": apiSpawnL,
	"os:posix_spawn": apiPosixSpawn, "os:posix_spawnp": apiPosixSpawn,

	"asyncio:create_subprocess_exec":  apiExecArgs,
	"asyncio:create_subprocess_shell": apiShell,

	"pty:spawn": apiPty,
	// ptyprocess (pexpect's own base): PtyProcess.spawn(argv, ...)
	"ptyprocess:PtyProcess.spawn": apiPty, "ptyprocess:PtyProcessUnicode.spawn": apiPty,

	"pexpect:spawn": apiPexpect, "pexpect:spawnu": apiPexpect, "pexpect:run": apiPexpect,
	"pexpect:runu": apiPexpect, "pexpect:PopenSpawn": apiPexpect, "pexpect:popen_spawn.PopenSpawn": apiPexpect,

	"anyio:open_process": apiAnyio, "anyio:run_process": apiAnyio,
	"trio:run_process": apiTrio, "trio:open_process": apiTrio, "trio:lowlevel.open_process": apiTrio,
	// delegator.py runs a string in a shell (a list as an argv); envoy
	// splits a line on | and into words (judged as shell text, an
	// over-approximation)
	"delegator:run": apiAnyio, "delegator:chain": apiAnyio,
	"envoy:run": apiAnyio, "envoy:connect": apiAnyio,
	// sarge parses a line as a shell does (`&&`, `|`, redirections) and
	// runs it without one; a list is an argv
	"sarge:run": apiAnyio, "sarge:capture_stdout": apiAnyio, "sarge:capture_stderr": apiAnyio,
	"sarge:capture_both": apiAnyio, "sarge:get_stdout": apiAnyio, "sarge:get_stderr": apiAnyio,
	"sarge:get_both": apiAnyio,
	// psutil.Popen is subprocess.Popen with the process's details
	"psutil:Popen": apiSubprocess,
	// the docker SDK: a container started with a command (the image's
	// own entry point is not read)
	"docker:from_env().containers.run":               apiContainer,
	"docker:from_env().containers.create":            apiContainer,
	"docker:DockerClient().containers.run":           apiContainer,
	"docker:DockerClient().containers.create":        apiContainer,
	"docker:client.from_env().containers.run":        apiContainer,
	"docker:client.from_env().containers.create":     apiContainer,
	"docker:client.DockerClient().containers.run":    apiContainer,
	"docker:client.DockerClient().containers.create": apiContainer,

	// workflow frameworks whose task runs a command line in a shell
	// when the scheduler runs it: the task is judged where it is made
	"airflow:operators.bash.BashOperator":                    apiShellJob,
	"airflow:operators.bash_operator.BashOperator":           apiShellJob,
	"airflow:providers.standard.operators.bash.BashOperator": apiShellJob,
	"airflow:providers.ssh.operators.ssh.SSHOperator":        apiShellJob,
	"airflow:contrib.operators.ssh_operator.SSHOperator":     apiShellJob,
	"prefect_shell:ShellOperation":                           apiShellJob,
	"prefect_shell:commands.ShellOperation":                  apiShellJob,
	"prefect_shell:shell_run_command":                        apiShellJob,
	"prefect_shell:commands.shell_run_command":               apiShellJob,

	// libtmux: a window or pane started with a command, and keys typed
	// into a pane's shell (also on an object not known statically, in a
	// file that imports libtmux: impliedAPI)
	"libtmux:Server().new_session":  apiTmux,
	"libtmux:Session().new_window":  apiTmux,
	"libtmux:Window().split":        apiTmux,
	"libtmux:Window().split_window": apiTmux,
	"libtmux:Window().new_pane":     apiTmux,
	"libtmux:Pane().split":          apiTmux,
	"libtmux:Pane().split_window":   apiTmux,
	"libtmux:Pane().new_pane":       apiTmux,
	"libtmux:Pane().send_keys":      apiTmux,
	"libtmux:Server().cmd":          apiTmuxCmd,
	"libtmux:Session().cmd":         apiTmuxCmd,
	"libtmux:Window().cmd":          apiTmuxCmd,
	"libtmux:Pane().cmd":            apiTmuxCmd,

	"claude_agent_sdk:query":              apiSDKQuery,
	"claude_agent_sdk:ClaudeSDKClient":    apiSDKClient,
	"claude_agent_sdk:ClaudeAgentOptions": apiOptions,
	"claude_agent_sdk:ClaudeCodeOptions":  apiOptions,
	// LangChain chat models that run each request through the Agent SDK
	// (third-party wrappers of it, found in public code by name)
	"langchain_claude_code:ClaudeCodeChatModel":  apiSDKClient,
	"langchain_claude_agent_sdk:ChatClaudeAgent": apiSDKClient,
	"builtins:dict": apiDict,

	"sh:Command":               apiShCommand,
	"plumbum:local.get":        apiPlumbumGet,
	"shutil:which":             apiWhich,
	"sh:which":                 apiWhich,
	"plumbum:local.which":      apiWhich,
	"os:environ.get":           apiEnvGet,
	"os:getenv":                apiEnvGet,
	"typer:Option":             apiOptionDefault,
	"typer:Argument":           apiOptionDefault,
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

	"base64:b64decode":          apiStrFunc,
	"base64:standard_b64decode": apiStrFunc,
	"base64:urlsafe_b64decode":  apiStrFunc,
	"base64:decodebytes":        apiStrFunc,
	"binascii:unhexlify":        apiStrFunc,
	"binascii:a2b_hex":          apiStrFunc,
	"binascii:a2b_base64":       apiStrFunc,
	"codecs:decode":             apiStrFunc,
	"urllib.parse:unquote":      apiStrFunc,
	"builtins:bytes.fromhex":    apiStrFunc,
	"builtins:map":              apiMap,
	"builtins:zip":              apiZip,
	"builtins:chr":              apiChr,
	"builtins:bytes":            apiBytes,
	"builtins:bytearray":        apiBytes,
	"builtins:reversed":         apiReversed,
	"collections:deque":         apiDeque,
	"types:SimpleNamespace":     apiNamespace,
	"builtins:getattr":          apiGetattr,
	"random:choice":             apiChoice,
	"secrets:choice":            apiChoice,
	"builtins:next":             apiChoice,
	"builtins:iter":             apiIter,
	"functools:reduce":          apiReduce,
	"copy:copy":                 apiCopy,
	"copy:deepcopy":             apiCopy,
	"os:path.basename":          apiBasename,
	"os.path:basename":          apiBasename,
	"posixpath:basename":        apiBasename,
	"argparse:Namespace":        apiNamespace,
}

// connections are the constructors whose instances run commands: a call
// of one is the reference "module:Path()", so the methods of its
// instance are keys of apis ("fabric:Connection().run").
var connections = map[string]bool{
	"invoke:Context": true, "invoke:context.Context": true,
	"fabric:Connection": true, "fabric:connection.Connection": true,
	"fabric:SerialGroup": true, "fabric:ThreadingGroup": true,
	"fabric:group.SerialGroup": true, "fabric:group.ThreadingGroup": true,
	"paramiko:SSHClient": true, "paramiko:client.SSHClient": true,
	"nox:Session": true, "nox:sessions.Session": true,
	"libtmux:Server": true, "libtmux:Session": true, "libtmux:Window": true, "libtmux:Pane": true,
	"docker:from_env": true, "docker:DockerClient": true,
	"docker:client.from_env": true, "docker:client.DockerClient": true,
}

// tmuxCommand is, for each libtmux method of apiTmux, the keyword and the
// position (counted without self) of its shell text, and a class that has
// the method (its key in apis).
var tmuxCommand = map[string]struct {
	kw    string
	pos   int
	class string
}{
	"new_session": {"window_command", 5, "Server"}, "new_window": {"window_shell", 4, "Session"},
	"split": {"shell", 6, "Pane"}, "split_window": {"shell", 4, "Pane"}, "new_pane": {"shell", 3, "Pane"},
	"send_keys": {"cmd", 0, "Pane"},
}

// taskDecorators mark a function whose first parameter is an invoke
// Context (or a fabric Connection, a nox Session): `@task def build(c):
// c.run(...)`.
var taskDecorators = map[string]string{
	"invoke:task": "invoke:Context", "fabric:task": "fabric:Connection",
	"nox:session": "nox:Session",
}

// strFuncs are the functions that compute a string from their first
// argument.
var strFuncs = map[string]treesitter.StrOp{
	"base64:b64decode": treesitter.StrBase64, "base64:standard_b64decode": treesitter.StrBase64,
	"base64:urlsafe_b64decode": treesitter.StrBase64, "base64:decodebytes": treesitter.StrBase64,
	"binascii:a2b_base64": treesitter.StrBase64,
	"binascii:unhexlify":  treesitter.StrHex, "binascii:a2b_hex": treesitter.StrHex, "builtins:bytes.fromhex": treesitter.StrHex,
	"urllib.parse:unquote": treesitter.StrURLDecode,
}

// codecs names codecs.decode's second argument to an operation.
var codecs = map[string]treesitter.StrOp{
	"rot13": treesitter.StrRot13, "rot_13": treesitter.StrRot13, "hex": treesitter.StrHex,
	"base64": treesitter.StrBase64, "base_64": treesitter.StrBase64,
}

// strMethods are the str methods the evaluator computes. Any other method
// called on a string keeps the string's text (treesitter.StrMethod).
var strMethods = map[string]treesitter.StrOp{
	"strip": treesitter.StrTrim, "lstrip": treesitter.StrTrimLeft, "rstrip": treesitter.StrTrimRight,
	"decode": treesitter.StrIdentity, "encode": treesitter.StrIdentity, "__str__": treesitter.StrIdentity,
	"lower": treesitter.StrLower, "casefold": treesitter.StrLower, "upper": treesitter.StrUpper,
	"capitalize": treesitter.StrCapitalize, "title": treesitter.StrCapitalize, "swapcase": treesitter.StrSwapCase,
	"replace": treesitter.StrReplaceAll, "removeprefix": treesitter.StrRemovePrefix, "removesuffix": treesitter.StrRemoveSuffix,
	"format": treesitter.StrFormat,
}

// listMethods are the list (and deque) methods whose change the
// evaluator applies; readOnly ones change nothing. A method on a list
// name in neither table is an unmodelled change (treesitter.MutateList).
var listMethods = map[string]treesitter.ListOp{
	"append": treesitter.ListAppend, "extend": treesitter.ListExtend, "__iadd__": treesitter.ListExtend,
	"insert": treesitter.ListInsert, "__setitem__": treesitter.ListSetItem,
	"appendleft": treesitter.ListPrepend, "extendleft": treesitter.ListExtendLeft,
	"pop": treesitter.ListPop, "popleft": treesitter.ListShift, "reverse": treesitter.ListReverse,
	"remove": treesitter.ListRemove, "clear": treesitter.ListClear,
	"index": treesitter.ListReadOnly, "count": treesitter.ListReadOnly, "copy": treesitter.ListReadOnly,
	"__len__": treesitter.ListReadOnly, "__getitem__": treesitter.ListReadOnly, "__contains__": treesitter.ListReadOnly,
	"get": treesitter.ListReadOnly, "keys": treesitter.ListReadOnly, "values": treesitter.ListReadOnly, "items": treesitter.ListReadOnly,
	"join": treesitter.ListReadOnly, "split": treesitter.ListReadOnly, "startswith": treesitter.ListReadOnly,
	"endswith": treesitter.ListReadOnly, "format": treesitter.ListReadOnly, "strip": treesitter.ListReadOnly,
	"lower": treesitter.ListReadOnly, "upper": treesitter.ListReadOnly, "encode": treesitter.ListReadOnly,
	"decode": treesitter.ListReadOnly, "replace": treesitter.ListReadOnly, "find": treesitter.ListReadOnly,
}

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
	if v.Mod == anyProcMember {
		return apiAnyio
	}
	for _, k := range refKeys(v) {
		if x, ok := apis[k]; ok {
			return x
		}
	}
	return apiNone
}

// refKeys are the keys a reference may have in the tables: "mod:path",
// and for a dotted module also "first:rest.path" (`from fabric.api import
// run` is fabric:api.run).
func refKeys(v value) []string {
	p := strings.Join(v.Path, ".")
	keys := []string{v.Mod + ":" + p}
	if i := strings.IndexByte(v.Mod, '.'); i > 0 {
		rest := v.Mod[i+1:]
		if p != "" {
			rest += "." + p
		}
		keys = append(keys, v.Mod[:i]+":"+rest)
	}
	return keys
}

// keyOf is the first of v's keys that a table m holds.
func keyOf[T any](v value, m map[string]T) (string, bool) {
	for _, k := range refKeys(v) {
		if _, ok := m[k]; ok {
			return k, true
		}
	}
	return "", false
}

// builtins are the names Python provides without an import.
var builtins = map[string]bool{"str": true, "dict": true, "map": true, "zip": true, "chr": true,
	"bytes": true, "bytearray": true, "reversed": true, "getattr": true, "next": true, "iter": true,
	"__import__": true}

// interestingNames are the attribute names a callee must end in (or a bound
// name it must be) before the detector evaluates it.
var interestingNames = func() map[string]bool {
	m := map[string]bool{}
	for k, kind := range apis {
		if kind == apiTmux || kind == apiTmuxCmd {
			continue // `split` is everywhere: only in a libtmux file (worthEvaluating)
		}
		if kind == apiReduce {
			continue // a value, never a launch: read where an argument is
		}
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

// apiKeys are the keys of apis, sorted (a wildcard import of a module
// binds each of its members in this order).
var apiKeys = slices.Sorted(maps.Keys(apis))

// anyModule is the module an import by a name not known statically
// gives (`importlib.import_module(os.environ["M"])`, `__import__(name)`),
// and anyProcMember a member of a process module read by a name not
// known statically (`getattr(subprocess, name)`) or a member of
// anyModule that some process module has (`m.run`, `m.system`): any of
// those APIs, so a string is the line a shell runs and a sequence an argv
// (apiAnyio's judgement).
const (
	anyModule     = "#anymodule"
	anyProcMember = "#anyproc"
)

// processKinds are the API kinds that run something: a member of a module
// that has one, read by an unknown name, may be it.
func processKind(x api) bool {
	switch x {
	case apiSubprocess, apiShell, apiShellOut, apiExecV, apiExecL, apiSpawnV, apiSpawnL, apiPosixSpawn,
		apiExecArgs, apiPty, apiPexpect, apiAnyio, apiTrio, apiRemoteShell, apiContainer, apiShellJob:
		return true
	}
	return false
}

// processMembers are the last names of the process APIs (`run`, `system`,
// `Popen`, `check_output`): the members of anyModule that may be one.
var processMembers = func() map[string]bool {
	m := map[string]bool{}
	for k, x := range apis {
		if !processKind(x) {
			continue
		}
		p := k[strings.IndexByte(k, ':')+1:]
		if i := strings.LastIndexByte(p, '.'); i >= 0 {
			p = p[i+1:]
		}
		m[p] = true
	}
	return m
}()

// hasProcessAPI reports whether module v (a reference) holds a process API
// among its members.
func hasProcessAPI(v value) bool {
	if v.K != vRef || v.Mod == anyModule {
		return v.K == vRef
	}
	for _, prefix := range refKeys(v) {
		if !strings.HasSuffix(prefix, ":") {
			prefix += "."
		}
		for k, x := range apis {
			if processKind(x) && strings.HasPrefix(k, prefix) {
				return true
			}
		}
	}
	return false
}
