import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  createClient,
  SeatpayError,
  TimeoutError,
  type UploadStore,
} from '../../src/index.js';
import { startChunkSink, type ChunkSink } from '../upload/support/chunk-sink.js';
import { bytesOf, sinkClient } from '../upload/support/upload-kit.js';
import { outcomeOf } from '../support/outcome.js';

// Issue 26, items 7 to 11: every wait a call makes on code that is not seatpay's (a token
// provider, a custom fetch and its body, an upload's resume store, a source that fails oddly)
// ends with the call's signal or timeout, and an abort reason's text is scrubbed. Run alone:
//   npx vitest run test/reliability/hostile-waits.test.ts

const TOKEN = 'tok_live_HOSTILE_0a1b2c3d4e5f6789';
const BASE = 'https://api.hostile.test';
const never = <T>() => new Promise<T>(() => undefined);
const plan = { id: 1, slug: 'team', title: 'Team' };
const answer = () => Response.json(plan);

describe('the per-attempt timeout covers the token provider (item 7)', () => {
  it('a provider that never settles, no signal, no totalTimeout: TimeoutError, nothing sent', async () => {
    let sent = 0;
    const client = createClient({
      baseUrl: BASE,
      token: never<string>,
      fetch: async () => (++sent, answer()),
      timeout: 30,
      maxRetries: 0,
    });
    const { error } = await outcomeOf(client.plans.get('team'));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: false });
    expect((error as Error).message).toMatch(/token provider/);
    expect(sent).toBe(0);
  });
});

describe("the caller's signal is raced with a custom fetch, not only handed to it (item 8)", () => {
  it('a fetch that ignores the signal: the call rejects at the abort, and its late answer is dropped', async () => {
    let release!: (response: Response) => void;
    const late = new Promise<Response>((resolve) => (release = resolve));
    const client = createClient({ baseUrl: BASE, token: TOKEN, fetch: () => late });
    const controller = new AbortController();
    const call = outcomeOf(client.plans.get('team', { signal: controller.signal }));
    controller.abort();
    release(answer());
    const { value, error } = await call;
    expect(value).toBeUndefined();
    expect(error).toBeInstanceOf(AbortError);
  });

  it('a body that ignores the signal: the call rejects at the abort', async () => {
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start: (stream) => {
        stream.enqueue(new TextEncoder().encode('{"id":1,'));
        queueMicrotask(() => controller.abort());
      },
      cancel: () => undefined, // and never another byte
    });
    const client = createClient({
      baseUrl: BASE,
      token: TOKEN,
      fetch: async () => new Response(body, { headers: { 'content-type': 'application/json' } }),
    });
    const { error } = await outcomeOf(client.plans.get('team', { signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortError);
  });

  it('a money call aborted while such a fetch is out: AbortError, maybe processed', async () => {
    let fetched!: () => void;
    const out = new Promise<void>((resolve) => (fetched = resolve));
    const fetch = () => (fetched(), never<Response>());
    const client = createClient({ baseUrl: BASE, token: TOKEN, fetch });
    const controller = new AbortController();
    const call = outcomeOf(
      client.consumables.checkout(
        { service: 'ai-credits', how_many: 1, subscription: 7 },
        { signal: controller.signal },
      ),
    );
    await out; // aborted once the fetch is out, not on a timer that may beat it
    controller.abort();
    const { error } = await call;
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: true });
  });
});

describe('an abort reason is foreign text (item 11)', () => {
  it('a DOMException named TimeoutError quoting the token: TimeoutError says none of it', async () => {
    const controller = new AbortController();
    const client = createClient({
      baseUrl: BASE,
      token: TOKEN,
      fetch: (input) =>
        new Promise((_resolve, reject) => {
          const { signal } = input as Request;
          signal.addEventListener('abort', () => reject(signal.reason));
          queueMicrotask(() =>
            controller.abort(new DOMException(`gave up on ${TOKEN}`, 'TimeoutError')),
          );
        }),
    });
    const { error } = await outcomeOf(client.plans.get('team', { signal: controller.signal }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toContain('gave up on');
    expect((error as Error).message).not.toContain(TOKEN);
    expect(String((error as { cause: Error }).cause.message)).not.toContain(TOKEN);
  });
});

describe('an upload', () => {
  const CHUNK = 1024;
  const options = { operation_type: 'small', filename: 'a.bin', mime: 'image/gif' };
  let sink: ChunkSink;
  beforeEach(async () => {
    sink = await startChunkSink({
      operationTypes: { small: { chunk_size: CHUNK, max_chunks: null } },
    });
  });
  afterEach(() => sink.close());

  // A read ends with the signal; a write (what the service acknowledged) is waited for, as far
  // as the chunk timeout.
  it.each(['get', 'set'] as const)(
    'whose resume store %s never settles: rejects once aborted (item 9)',
    async (stalled) => {
      const controller = new AbortController();
      const store: UploadStore = {
        get: async () => undefined,
        set: async () => undefined,
        delete: async () => undefined,
        [stalled]: () => {
          queueMicrotask(() => controller.abort());
          return never();
        },
      };
      const upload = sinkClient(sink).media.upload(bytesOf(2 * CHUNK), {
        ...options,
        resume: { store, key: 'k' },
        chunkTimeout: 100,
        signal: controller.signal,
      });
      await expect(upload).rejects.toBeInstanceOf(AbortError);
      expect(sink.finalizeCalls).toBe(0);
    },
  );

  it('whose source fails with a Proxy whose traps throw: rejects with a SeatpayError (item 10)', async () => {
    const trap = () => {
      throw new Error(`trap read with ${TOKEN}`);
    };
    const hostile = new Proxy({}, { get: trap, has: trap, getPrototypeOf: trap, ownKeys: trap });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const stream = new ReadableStream<Uint8Array>({ pull: () => Promise.reject(hostile) });
      const source = { stream, size: 2 * CHUNK };
      const { error } = await outcomeOf(sinkClient(sink).media.upload(source, options));
      await new Promise((resolve) => setImmediate(resolve));
      expect(error).toBeInstanceOf(SeatpayError);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
