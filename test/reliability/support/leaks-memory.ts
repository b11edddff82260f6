// Run by leaks.full.test.ts in a child process of its own:
//   node --expose-gc --no-flush-bytecode --import tsx test/reliability/support/leaks-memory.ts \
//     <baseUrl> <token> <calls>
// (--no-flush-bytecode: V8 otherwise drops the bytecode of functions unused for a while at some
// later GC, a one-off fall of about 1 MiB that would hide growth.)
// Makes `calls` sequential `plans.get` calls against the simulator at <baseUrl> (served by another
// process, so only the client's memory is measured), twice: without a signal, then with one
// long-lived AbortSignal on every call. Prints one JSON line: for each run, heapUsed after forced
// GC at call 1,000 and at the last call (after a warm-up), the least-squares growth in bytes per
// call over samples every 500 calls, and the time the calls took (GC and sampling left out).
import { createClient } from '../../../src/index.js';

const [baseUrl, token, callsArg] = process.argv.slice(2);
const calls = Number(callsArg ?? 10_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!baseUrl || !token || !gc) throw new Error('usage: node --expose-gc ... <baseUrl> <token>');

/**
 * heapUsed after full collections. Each collection is followed by a turn of the event loop: a
 * WeakRef's target stays alive until the current job ends, and FinalizationRegistry callbacks
 * (undici and AbortSignal.any clean up through them) run only between jobs.
 */
async function heapAfterGc(): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < 8; i++) {
    gc!();
    await new Promise((resolve) => setTimeout(resolve, 15));
    readings.push(process.memoryUsage().heapUsed);
  }
  return Math.min(...readings.slice(-3));
}

const client = createClient({ baseUrl, token, logLevel: 'off' });
/** Calls between two heap samples. */
const SPACING = 500;

async function run(signal: AbortSignal | undefined) {
  const options = signal ? { signal } : {};
  // Warm-up, with the same options: the heap settles over the first few thousand calls (JIT code
  // and feedback, the connection pool, the long-lived signal's set of dependent signals, whose
  // table keeps the largest size it reached) and is flat after that.
  for (let i = 0; i < 2_000; i++) await client.plans.get('team-per-seat', options);
  const started = performance.now();
  // heapUsed after GC at calls 500, 1,000 ... `calls`: eight samples at the default 4,000 calls,
  // so that one GC step of 200 KiB at the end moves the fitted slope by about 36 B/call, not 70.
  const samples: number[] = [];
  let measuring = 0;
  for (let call = 1; call <= calls; call++) {
    await client.plans.get('team-per-seat', options);
    if (call % SPACING === 0) {
      const before = performance.now();
      samples.push(await heapAfterGc());
      measuring += performance.now() - before;
    }
  }
  const ms = Math.round(performance.now() - started - measuring);
  const at1k = samples[1_000 / SPACING - 1]!;
  return { at1k, atEnd: samples.at(-1)!, bytesPerCall: slope(samples), ms };
}

/** The least-squares slope of the samples, in bytes per call (they are SPACING calls apart). */
function slope(samples: number[]): number {
  const n = samples.length;
  const meanX = (n - 1) / 2;
  const meanY = samples.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  samples.forEach((y, x) => {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  });
  return den === 0 ? 0 : num / den / SPACING;
}

const plain = await run(undefined);
const controller = new AbortController();
const withSignal = await run(controller.signal);
console.log(JSON.stringify({ calls, plain, withSignal }));
