// execa's $ with bound options, then a template.
import { $ } from 'execa';

await $({ stdio: 'inherit' })`claude -p hello`; // want "RED:process-api"
