// No binding at all: require('child_process').spawn(...).
require('child_process').spawn('claude', ['-p']); // want "RED:process-api"
