// Near miss of reduce_concat_lists.js: the same folds building another
// tool's argv, and one that leaves the runtime's name as an argument.
const { spawn } = require("child_process");

const argv = [["git"], ["status"]].reduce((acc, x) => acc.concat(x), []);
spawn(argv[0], argv.slice(1));

const echo = [["echo"], ["claude"]].reduce((acc, x) => acc.concat(x), []);
spawn(echo[0], echo.slice(1));
