// An old execa default export and its .sync.
const execa = require('execa');

execa.sync('claude', ['-p']); // want "RED:process-api"
