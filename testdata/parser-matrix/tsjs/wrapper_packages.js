// Packages that wrap the process APIs (issue 22).
const mz = require('mz/child_process');
const execute = require('async-execute');
const crossSpawnAsync = require('cross-spawn-async');
const exec = require('exec');
const execAsync = require('exec-async');
const execa = require('execa');
const remoteExec = require('remote-exec');
const foregroundChild = require('foreground-child');
const opener = require('opener');
const shell = require('shelljs');
const asyncShell = require('async-shelljs');
const actionsExec = require('@actions/exec');

mz.exec('claude -p hi'); // want "RED:direct-literal"
execute('claude -p hi'); // want "RED:direct-literal"
crossSpawnAsync('claude', ['-p']); // want "RED:process-api"
exec(['claude', '-p'], () => {}); // want "RED:process-api"
exec('claude -p hi', () => {}); // want "RED:direct-literal"
execAsync('claude', ['-p']); // want "RED:process-api"
execa.shell('claude -p hi'); // want "RED:direct-literal"
execa.shellSync('claude -p hi'); // want "RED:direct-literal"
execa.stdout('claude', ['-p']); // want "RED:process-api"
execa.stderr('claude', ['-p']); // want "RED:process-api"
remoteExec(['build-host'], 'claude -p hi', {}, () => {}); // want "RED:direct-literal"
foregroundChild('claude', ['-p']); // want "RED:process-api"
foregroundChild(['claude', '-p']); // want "RED:process-api"
opener(['claude', '-p']); // want "RED:process-api"
shell.cmd('claude', '-p', 'hi'); // want "RED:process-api"
asyncShell.exec('claude -p hi'); // want "RED:direct-literal"
asyncShell.asyncExec('claude -p hi'); // want "RED:direct-literal"
actionsExec.exec('claude', ['-p']); // want "RED:process-api"
actionsExec.exec('claude -p hi'); // want "RED:process-api"
actionsExec.getExecOutput('claude', ['-p']); // want "RED:process-api"
