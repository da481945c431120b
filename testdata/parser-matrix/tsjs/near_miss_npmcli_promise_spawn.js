// Near miss: @npmcli/promise-spawn running git, and opening a web page.
const promiseSpawn = require('@npmcli/promise-spawn');

promiseSpawn('git', ['log', '--grep', 'claude'], { stdioString: true });
promiseSpawn.open('https://example.com/docs');
