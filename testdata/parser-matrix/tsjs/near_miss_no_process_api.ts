// A file without any process API that talks about the runtime.
export const RUNTIMES = ['claude', 'pi'];
export function describe(r: string): string {
  return `runtime ${r} is started by launch-runtime`;
}
