// ssh2 runs a command line on the remote host: a runtime started there is
// still a launch (issue 22).
import { Client } from 'ssh2';
const { SSH2Stream } = require('ssh2-streams');

const conn = new Client();
conn.on('ready', () => {
  conn.exec('claude -p hi', () => {}); // want "RED:direct-literal"
});
new Client().exec('claude -p hi', () => {}); // want "RED:direct-literal"

const stream = new SSH2Stream();
stream.exec(0, 'claude -p hi', {}, () => {}); // want "RED:direct-literal"
