// The runtime's name through a method chain of forty links: every link is
// computed, once (near_miss_long_method_chain.tsx).
import { spawn } from 'child_process';

spawn('  claude  '.trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim(), ['-p']); // want "RED:process-api"
