// Near miss of mutation_helper_many_call_sites.ts: the same helper
// called from forty-one sites, every one giving git: clean.
import { spawn } from 'child_process';

function setProgram(argv, prog) {
  argv.unshift(prog);
}

const a0 = ['status']; setProgram(a0, 'git');
const a1 = ['status']; setProgram(a1, 'git');
const a2 = ['status']; setProgram(a2, 'git');
const a3 = ['status']; setProgram(a3, 'git');
const a4 = ['status']; setProgram(a4, 'git');
const a5 = ['status']; setProgram(a5, 'git');
const a6 = ['status']; setProgram(a6, 'git');
const a7 = ['status']; setProgram(a7, 'git');
const a8 = ['status']; setProgram(a8, 'git');
const a9 = ['status']; setProgram(a9, 'git');
const a10 = ['status']; setProgram(a10, 'git');
const a11 = ['status']; setProgram(a11, 'git');
const a12 = ['status']; setProgram(a12, 'git');
const a13 = ['status']; setProgram(a13, 'git');
const a14 = ['status']; setProgram(a14, 'git');
const a15 = ['status']; setProgram(a15, 'git');
const a16 = ['status']; setProgram(a16, 'git');
const a17 = ['status']; setProgram(a17, 'git');
const a18 = ['status']; setProgram(a18, 'git');
const a19 = ['status']; setProgram(a19, 'git');
const a20 = ['status']; setProgram(a20, 'git');
const a21 = ['status']; setProgram(a21, 'git');
const a22 = ['status']; setProgram(a22, 'git');
const a23 = ['status']; setProgram(a23, 'git');
const a24 = ['status']; setProgram(a24, 'git');
const a25 = ['status']; setProgram(a25, 'git');
const a26 = ['status']; setProgram(a26, 'git');
const a27 = ['status']; setProgram(a27, 'git');
const a28 = ['status']; setProgram(a28, 'git');
const a29 = ['status']; setProgram(a29, 'git');
const a30 = ['status']; setProgram(a30, 'git');
const a31 = ['status']; setProgram(a31, 'git');
const a32 = ['status']; setProgram(a32, 'git');
const a33 = ['status']; setProgram(a33, 'git');
const a34 = ['status']; setProgram(a34, 'git');
const a35 = ['status']; setProgram(a35, 'git');
const a36 = ['status']; setProgram(a36, 'git');
const a37 = ['status']; setProgram(a37, 'git');
const a38 = ['status']; setProgram(a38, 'git');
const a39 = ['status']; setProgram(a39, 'git');
const cmd = ['-p', 'hi']; setProgram(cmd, 'git');
spawn(cmd[0], cmd.slice(1));
