// --permission-mode and its value on separate lines of an array.
export const args = [
  '--permission-mode', // want "RED:dangerous-primitive"
  'bypassPermissions',
];
