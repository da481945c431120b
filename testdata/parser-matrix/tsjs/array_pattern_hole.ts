// An array pattern with a hole (`[, c]`, `[a, , c]`) skips a position:
// the name is the element after it.
import { spawn } from 'node:child_process';

const PAIRS = [['review', 'claude'], ['test', 'npm']];
PAIRS.forEach(([, c]) => spawn(c, [])); // want "RED:variable-execution"
const [, , third] = ['npm', 'git', 'pi'];
spawn(third, []); // want "RED:variable-execution"
