// A .js file with JSX still parses with the JavaScript grammar.
const { spawn } = require('child_process');

const el = <div className="x">hello</div>;
spawn('claude', ['-p']); // want "RED:process-api"
