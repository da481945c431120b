// A destructured default that names another program is clean.
import { spawn } from 'child_process';

const { EDITOR = "vim" } = process.env;
spawn(EDITOR, ["notes.md"]);
