// A launch inside an exported function.
module.exports = function run() {
  return require('child_process').execSync('claude -p x'); // want "RED:direct-literal"
};
