// VS Code's extension API starts processes: a terminal runs its
// shellPath with its shellArgs, the text sendText types into a terminal
// is a shell line, and a task's ShellExecution / ProcessExecution run a
// line / an argv. Near miss: near_miss_vscode_terminal.ts.
import * as vscode from "vscode";
import { window, Terminal } from "vscode";

export function activate(context: vscode.ExtensionContext) {
  vscode.window.createTerminal({ name: "agent", shellPath: "claude", shellArgs: ["-p", "hi"] }); // want "RED:process-api"
  window.createTerminal("agent", "/bin/bash", ["-c", "pi --print x"]); // want "RED:eval"
  const term = vscode.window.createTerminal("work");
  term.sendText("claude --continue"); // want "RED:direct-literal"
  vscode.window.activeTerminal?.sendText("pi"); // want "RED:direct-literal"
  new vscode.ShellExecution("claude -p review"); // want "RED:direct-literal"
  new vscode.ProcessExecution("claude", ["-p"]); // want "RED:process-api"
  context.subscriptions.push(term);
}

export function typeInto(t: Terminal, bin = "claude") {
  t.sendText(`${bin} -p go`); // want "RED:direct-literal"
}
