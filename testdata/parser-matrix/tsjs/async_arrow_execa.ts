// A launch inside an async arrow function with a const argv.
import { execa } from 'execa';

const ARGV = ['claude', '-p'];
export const go = async () => execa(ARGV[0], ARGV.slice(1)); // want "RED:variable-execution"
