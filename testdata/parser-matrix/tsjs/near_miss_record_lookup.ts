// A Record whose values are all other programs is clean by any key.
import { spawn } from 'child_process';

const FORMATTERS: Record<string, string> = { ts: "prettier", go: "gofmt" };

export function fmt(lang: string, file: string) {
  spawn(FORMATTERS[lang], [file]);
}
