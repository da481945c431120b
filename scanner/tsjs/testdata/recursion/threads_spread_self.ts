// Written by hand after the shape of openai@6.26.0
// src/resources/beta/chatkit/threads.ts (Apache-2.0), which overflowed the
// stack: a method passes its options parameter on, spread, to a call of a
// method of the same name on another object, so the parameter's only call
// site is an object that spreads the parameter itself. The word
// "permissions" makes the detector evaluate the array below.
export class Threads {
  delete(threadID: string, options?: RequestOptions) {
    return this._client.delete(`/chatkit/threads/${threadID}`, {
      ...options,
      headers: buildHeaders([{ 'OpenAI-Beta': 'chatkit_beta=v1' }, options?.headers]),
    });
  }
}
