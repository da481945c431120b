// dax's $ running other programs, and a word "claude" given to one as
// data: clean.
import $ from "jsr:@david/dax";

const who = "claude";
await $`git log --author ${who}`;
await $`echo claude is busy`.quiet();
await $.raw`deno fmt --check`;
