// The hole is a position: the name after it is not the element before.
import { spawn } from 'node:child_process';

const PAIRS = [['claude', 'git'], ['pi', 'npm']];
PAIRS.forEach(([, c]) => spawn(c, []));
const [, , third] = ['claude', 'pi', 'git'];
spawn(third, []);
