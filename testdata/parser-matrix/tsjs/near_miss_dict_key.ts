// Object keys named claude and pi are data.
import { spawn } from 'child_process';

const models = { claude: 'opus', pi: 3.14 };
spawn('echo', [models.claude]);
