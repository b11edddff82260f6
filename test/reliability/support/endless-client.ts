// Run by endless-body.full.test.ts in a child process of its own, so that only the client's memory is
// measured (the endless server lives in the test process):
//   node --expose-gc --import tsx test/reliability/support/endless-client.ts \
//     <baseUrl> <scenario> <maxResponseBytes or "default">
// Makes one call whose answer never ends and prints one JSON line: the error it ended with, how
// long it took, and the client's memory: RSS and heap (+ array buffers) before the call and their
// peaks while it ran, sampled every 2 ms; once the service says the client hung up (`/hung-up`).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SeatpayClient } from '../../../src/index.js';
import { fromPath } from '../../../src/node.js';

const [baseUrl, scenario, limitArg] = process.argv.slice(2);
const gc = (globalThis as { gc?: () => void }).gc;
if (!baseUrl || !scenario || !gc)
  throw new Error('usage: node --expose-gc ... <baseUrl> <scenario> <limit>');

const client = createClient({
  baseUrl,
  token: 'tok_endless_0123456789',
  maxRetries: 0,
  timeout: 60_000, // far beyond the run: if the call ends, it is not the timeout that ended it
  logLevel: 'off',
  ...(limitArg === 'default' ? {} : { maxResponseBytes: Number(limitArg) }),
});

const calls: Record<string, (c: SeatpayClient) => Promise<unknown>> = {
  'plans.get, endless 200': (c) => c.plans.get('endless-200'),
  'plans.get, endless 500': (c) => c.plans.get('endless-500'),
  'plans.get, Content-Length 10 GiB': (c) => c.plans.get('announced'),
  'media.upload(fromPath), endless chunk answer': async (c) => {
    const dir = await mkdtemp(join(tmpdir(), 'seatpay-endless-'));
    const path = join(dir, 'a.bin');
    await writeFile(path, new Uint8Array(1024));
    return c.media.upload(await fromPath(path, { type: 'image/png' }), {
      operation_type: 'media',
      maxRetries: 0,
    });
  },
};

const memory = () => {
  const { rss, heapUsed, arrayBuffers } = process.memoryUsage();
  return { rss, heap: heapUsed + arrayBuffers };
};
gc();
await new Promise((resolve) => setTimeout(resolve, 20));
gc();
const before = memory();
const peak = { ...before };
const sampler = setInterval(() => {
  const now = memory();
  peak.rss = Math.max(peak.rss, now.rss);
  peak.heap = Math.max(peak.heap, now.heap);
}, 2);
const started = performance.now();
const outcome = await calls[scenario]!(client).then(
  () => ({ name: 'resolved', cause: undefined as string | undefined, causeMessage: '' }),
  (error: Error) => ({
    name: error.name,
    cause: (error.cause as Error | undefined)?.name,
    causeMessage: String((error.cause as Error | undefined)?.message ?? ''),
  }),
);
const ms = Math.round(performance.now() - started);
clearInterval(sampler);
// The service answers this only once every endless answer has closed: the client hung up by
// itself. One that kept reading would never get here, and the run would fail on its timeout.
await fetch(new URL('/hung-up', baseUrl));
console.log(JSON.stringify({ scenario, ...outcome, ms, before, peak }));
