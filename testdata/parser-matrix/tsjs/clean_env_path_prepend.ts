// Near miss of env_set_self_reference.ts (as in claude-code-action's
// src/entrypoints/run.ts): prepending to PATH reads the variable inside its
// own assignment; the value is the text with the previous value as a part,
// not a nest of itself, and the tool run is git.
import { spawn } from 'child_process';

const claudeDir = `${process.env.HOME}/.local/bin`;
process.env.PATH = `${claudeDir}:${process.env.PATH}`;
const homeBin = `${process.env.HOME}/bin`;
process.env.PATH = `${homeBin}:${process.env.PATH}`;
spawn('git', ['status'], { env: process.env });
