// Package python is the Python launch detector of check-launches.
//
// It parses .py/.pyi/.pyw files and Python scripts found by their shebang
// with tree-sitter, copies each tree into Go memory with one cursor walk,
// and finds the calls of process APIs (subprocess, os.system/popen/exec*/
// spawn*/posix_spawn, asyncio, pty, pexpect, sh, plumbum, anyio, trio)
// and of the Agent SDK (claude_agent_sdk query and ClaudeSDKClient) under
// every import form. Arguments are resolved within the file; an argv is
// judged by the core (class process-api), a string a shell runs goes to
// the shell detector. docs/python.md lists what is recognised and the
// known residuals.
package python
