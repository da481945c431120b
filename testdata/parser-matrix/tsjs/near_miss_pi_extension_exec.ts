// Near miss of pi_extension_exec.ts: Pi's exec running another program;
// exec methods of other objects: a regular expression, an object literal,
// a parameter typed by an interface of the file, a type of the same name
// from another package, and an untyped parameter outside Pi's extension
// folders.
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import type { ExtensionAPI as OtherAPI } from "some-editor";

export default function (pi: ExtensionAPI) {
  pi.exec("git", ["status"]);
  pi.exec("git", ["commit", "-m", "claude -p"]);
  const re = /claude/;
  re.exec("claude -p hi");
}

const db = { exec(sql: string, args: string[]) { return sql + args.join(","); } };
db.exec("claude", ["-p"]);

interface Shell { exec(cmd: string, args: string[]): void }
function viaShell(s: Shell) { s.exec("claude", ["-p"]); }

function viaOther(o: OtherAPI) { o.exec("claude", ["-p"]); }

export function untyped(api) { api.exec("claude", ["-p"]); }
