// A client of the simulator whose finalize requests (POST .../upload) are watched, and whose
// finalize meets the fate the test sets: answered, its answer lost after the service acted (the
// connection reset), or refused with a 429 before it reaches the service (no file made).
import type { SeatpayClient } from '../../../src/index.js';
import type { MockServer } from '../../../src/mock/index.js';
import { freshUserClient } from './fresh-user-client.js';

export type FinalizeFate = 'answered' | 'lost' | 'refused';

export interface WatchedFinalize {
  client: SeatpayClient;
  /** The filenames of the finalizes that reached the service, in order. */
  finalized: string[];
  /** What the next finalize meets: the test changes it between calls. */
  state: { fate: FinalizeFate };
}

export function finalizeWatcher(server: () => MockServer, fate: FinalizeFate): WatchedFinalize {
  const finalized: string[] = [];
  const state = { fate };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const finalize = request.method === 'POST' && new URL(request.url).pathname.endsWith('/upload');
    if (!finalize) return globalThis.fetch(request);
    if (state.fate === 'refused') {
      return new Response(JSON.stringify({ detail: 'Too many requests' }), {
        status: 429,
        headers: { 'content-type': 'application/json' },
      });
    }
    finalized.push(((await request.clone().json()) as { filename: string }).filename);
    const response = await globalThis.fetch(request);
    if (state.fate === 'answered') return response;
    await response.body?.cancel();
    throw new TypeError('fetch failed: the connection was reset');
  };
  const client = freshUserClient(server(), fetch, { maxRetries: 0 });
  return { client, finalized, state };
}
