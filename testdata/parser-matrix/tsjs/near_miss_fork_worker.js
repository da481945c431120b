// fork of a project worker is not a launch.
const { fork } = require('child_process');

fork('./worker.js', ['--mode', 'claude']);
