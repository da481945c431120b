// A TSX file parses with the tsx grammar; its server-side spawn is found.
import { spawn } from 'child_process';

export function Button({ label }: { label: string }) {
  return <button onClick={() => console.log(label)}>{label}</button>;
}

export async function action() {
  spawn('claude', ['-p', 'x']); // want "RED:process-api"
}
