// ssh2 running other commands; exec of an unrelated object.
import { Client } from 'ssh2';

const conn = new Client();
conn.exec('uptime', () => {});
const re = /claude/;
re.exec('claude -p hi');
