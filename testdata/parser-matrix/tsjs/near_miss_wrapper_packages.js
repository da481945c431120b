// The wrapper packages running other programs.
const mz = require('mz/child_process');
const execute = require('async-execute');
const exec = require('exec');
const foregroundChild = require('foreground-child');
const shell = require('shelljs');
const actionsExec = require('@actions/exec');

mz.exec('git status');
execute('npm test');
exec(['git', 'log'], () => {});
foregroundChild('node', ['server.js']);
shell.cmd('git', 'status');
actionsExec.exec('npm', ['ci']);
actionsExec.getExecOutput('git', ['rev-parse', 'HEAD']);
