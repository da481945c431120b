// dax's $ (Deno's jsr:@david/dax, npm's dax-sh) runs its template as a
// shell line, like zx. Deno's specifiers carry a registry scheme and a
// version. Near miss: near_miss_dax_template.ts.
import $ from "jsr:@david/dax@0.42.0";
import { $ as sh } from "npm:dax-sh@0.42";

const task = "review";
await $`claude -p ${task}`; // want "RED:direct-literal"
await sh.raw`pi --print ${task}`; // want "RED:direct-literal"
await $`git status && claude --continue`.quiet(); // want "RED:direct-literal"
