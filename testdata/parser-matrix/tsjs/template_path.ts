// A template path whose constant tail ends in the runtime.
import { spawn } from 'child_process';

spawn(`${process.env.HOME}/.local/bin/claude`, ['-p']); // want "RED:process-api"
