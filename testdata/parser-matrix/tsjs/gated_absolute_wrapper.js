// An absolute path to launch-runtime is still the wrapper.
const { spawn } = require('child_process');

spawn('/opt/leasegate/bin/launch-runtime', ['--runtime', 'claude']); // want "GATED"
