// The Pi coding agent hands an extension's default export its API object
// (ExtensionAPI); pi.exec(command, args, options?) spawns command with
// args, no shell. A receiver typed ExtensionAPI (also through Pick, a
// union, an indexed access type or a class field) runs a process.
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.exec("claude", ["-p", "hi"]); // want "RED:process-api"
  pi.on("session_start", async () => {
    await pi.exec("pi", ["-p", "hello"], { timeout: 5000 }); // want "RED:process-api"
  });
}

async function probe(pi: Pick<ExtensionAPI, "exec"> | { exec?: ExtensionAPI["exec"] }, x: string) {
  await pi.exec("claude", ["-p", x]); // want "RED:process-api"
}

const call = (api: { exec: ExtensionAPI["exec"] }) => api.exec("pi", ["-p", "x"]); // want "RED:process-api"

class Runner {
  private pi!: ExtensionAPI;
  run(x: string) {
    return this.pi.exec("claude", ["--print", x]); // want "RED:process-api"
  }
}
