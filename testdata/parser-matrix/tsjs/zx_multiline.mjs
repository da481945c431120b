// A launch on the second line of a multi-line zx template.
import { $ } from 'zx';

// want +2 "RED:direct-literal"
await $`
  claude -p hi
`;
