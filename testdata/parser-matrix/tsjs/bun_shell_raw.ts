// Bun's shell inserts an object's `raw` text unescaped (blind review 24,
// case 082): `${{ raw: "claude -p review" }}` is a command line of its
// own, not one quoted word. Near miss: near_miss_bun_shell_raw.ts.
import { $ } from "bun";
const cmd = { raw: "claude -p review" };
await $`${cmd}`; // want "RED:direct-literal"
await $`echo start; ${{ raw: "pi --print hi" }}`; // want "RED:direct-literal"
