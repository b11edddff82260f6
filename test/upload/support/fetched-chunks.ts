import { vi } from 'vitest';

// Apart from upload-kit.ts: this spies on the global fetch, so a file that imports it keeps a
// module graph of its own (test/setup/shared-graph.ts), and upload-kit's other users need not.

/** URLs of the chunk requests that went through the global fetch (restored by `vi.restoreAllMocks`). */
export function fetchedChunks(): string[] {
  const realFetch = globalThis.fetch;
  const urls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (/\/chunk$/.test(url)) urls.push(url);
    return realFetch(input, init);
  });
  return urls;
}
