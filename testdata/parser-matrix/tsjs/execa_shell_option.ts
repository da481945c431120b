// execa with {{ shell: true }} runs a shell line.
import { execa } from 'execa';

await execa('claude -p hi', { shell: true }); // want "RED:direct-literal"
