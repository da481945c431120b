// defaultMode bypassPermissions in a settings object literal.
const settings = { permissions: { defaultMode: 'bypassPermissions' } }; // want "RED:dangerous-primitive"
module.exports = settings;
