// execa's $ template splits into an argv (no shell): process-api.
import { $ } from 'execa';

const prompt = process.argv[2];
await $`claude -p ${prompt}`; // want "RED:process-api"
