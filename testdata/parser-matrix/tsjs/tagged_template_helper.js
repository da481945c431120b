// A tag of the file that runs its template through a shell (a zx-like
// helper of the repository's own): the tag's first parameter is a list
// holding the template's text, which its join keeps; a later parameter
// is the substitution at its place.
const { spawnSync } = require("child_process");

const $ = (parts) => spawnSync("sh", ["-c", parts.join(" ")]); // want "RED:eval"
$`claude -p hello`;

function run(parts, bin) {
  return spawnSync(bin, ["-p"]); // want "RED:variable-execution"
}
run`${"claude"}`;
