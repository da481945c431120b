// The gated form inside a zx template.
import { $ } from 'zx';

const prompt = process.argv[3];
await $`launch-runtime --runtime claude -- -p ${prompt}`; // want "GATED"
