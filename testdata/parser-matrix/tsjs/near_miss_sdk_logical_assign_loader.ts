// The same memoized loader of another package (simple-git) is clean.
let mod: typeof import('simple-git') | undefined;

async function getGit() {
  return (mod ||= await import('simple-git'));
}

export async function log() {
  const { simpleGit } = await getGit();
  return simpleGit().log();
}
