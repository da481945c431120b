// The primitive split over a template literal.
const word = 'permissions';
module.exports = `--dangerously-skip-${word}`; // want "RED:dangerous-primitive"
