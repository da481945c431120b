// Near miss of bun_shell_raw.ts: the raw text runs git, and a string
// naming claude is one escaped word that echo prints. Clean.
import { $ } from "bun";
const cmd = { raw: "git log -1" };
await $`${cmd}`;
const word = "claude -p review";
await $`echo ${word}`;
