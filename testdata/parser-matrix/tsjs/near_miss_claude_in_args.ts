// The runtime's name as a later argument is data.
import { spawn } from 'child_process';

spawn('git', ['commit', '-m', 'claude: fix typo']);
spawn('docker', ['run', 'image', '--name', 'claude']);
