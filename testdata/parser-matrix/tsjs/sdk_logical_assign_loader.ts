// A memoized loader of the Agent SDK (`mod ??= await import(...)`): the
// logical assignment's value is the name's value or the import, so the
// `query` read off it is the SDK's.
let mod: typeof import('@anthropic-ai/claude-agent-sdk') | undefined;

async function getSdk() {
  return (mod ??= await import('@anthropic-ai/claude-agent-sdk'));
}

export async function review(prompt: string) {
  const { query } = await getSdk();
  for await (const msg of query({ prompt })) { // want "RED:sdk"
    console.log(msg);
  }
}
