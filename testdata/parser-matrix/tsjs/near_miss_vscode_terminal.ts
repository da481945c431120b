// VS Code terminals and tasks running other programs, and a terminal
// named after an agent running the user's own shell: clean.
import * as vscode from "vscode";

export function activate() {
  const term = vscode.window.createTerminal({ name: "claude" });
  term.sendText("npm test");
  vscode.window.createTerminal("pi", "/bin/zsh", ["-l"]);
  new vscode.ShellExecution("make build");
  new vscode.ProcessExecution("git", ["status"]);
  vscode.window.showInformationMessage("claude is ready");
}
