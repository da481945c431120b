// zx's $ runs the template in a shell; interpolations are quoted words.
import { $ } from 'zx';

const prompt = 'summarise';
await $`claude -p ${prompt}`; // want "RED:direct-literal"
