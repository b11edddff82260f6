// A keyed checkout's `totalTimeout` (the call's or the client's) stands in for a signal during its
// request and its answer's validation. Given no signal, its large answer (validated in slices)
// that outlived that deadline said "the caller's signal timed out" (loose13): it says which
// deadline passed, and that a charge is not to be made again; `mayHaveBeenProcessed` as before.
// The deadline's clock is vitest's (setTimeout), moved on once the answer's log line is written.
import { afterEach, expect, it, vi } from 'vitest';
import { memoryJournal, TimeoutError } from '../../src/index.js';
import { SLICE } from '../../src/large-text/large-value.js';
import { cvcCardClient } from '../support/cvc-card.js';

afterEach(() => void vi.useRealTimers());

/** The simulator's checkout answer with `rows` consumables more: a large answer, still valid. */
async function large(simulated: Response, rows: number): Promise<Response> {
  const body = (await simulated.json()) as Record<string, unknown>;
  const units = Array.from({ length: rows }, (_, id) => ({ id, how_many: 1, unit_type: 'UNIT' }));
  const text = JSON.stringify({ ...body, standalone_consumables: units });
  expect(text.length).toBeGreaterThan(SLICE);
  return new Response(text, { status: simulated.status, headers: simulated.headers });
}

/**
 * The keyed checkout's error under a `totalTimeout` of 30 s, no signal, the fake clock on, and
 * what it must say: that deadline, never the caller's signal.
 */
async function ownDeadlineError(
  client: Awaited<ReturnType<typeof cvcCardClient>>['client'],
  order: Awaited<ReturnType<typeof cvcCardClient>>['order'],
  key: string,
): Promise<unknown> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const error = await client.consumables
    .checkout({ ...order, key, journal: memoryJournal() }, { totalTimeout: 30_000 })
    .then(
      () => undefined,
      (failure: unknown) => failure,
    );
  expect(error).toBeInstanceOf(TimeoutError);
  expect((error as Error).message).not.toMatch(/caller's signal/);
  expect((error as Error).message).toMatch(/ran out of its 30000 ms/);
  return error;
}

it("a keyed checkout's large answer outliving its totalTimeout, no signal given: says that deadline passed", async () => {
  let armed = false;
  const log: unknown[][] = [];
  // The log line of the checkout's answer: the deadline passes as its validation starts.
  log.push = (...lines: unknown[][]) => {
    for (const line of lines) {
      if (armed && String(line[0]).includes('← ')) vi.advanceTimersByTime(60_000);
    }
    return Array.prototype.push.apply(log, lines);
  };
  const { client, order } = await cvcCardClient(
    'deadline@example.com',
    { answer: (simulated) => large(simulated, 3_000) },
    log,
  );
  armed = true;
  const error = await ownDeadlineError(client, order, 'k-deadline');
  expect((error as Error).message).toMatch(/do not call again/);
  expect(error).toMatchObject({ mayHaveBeenProcessed: true });
});

it("a keyed checkout's totalTimeout passing during its request, no signal given: says that deadline passed", async () => {
  const { client, order } = await cvcCardClient('request@example.com', {
    // The deadline passes while the checkout is out: its answer comes too late.
    answer: async (simulated) => {
      vi.advanceTimersByTime(60_000);
      return simulated;
    },
  });
  await ownDeadlineError(client, order, 'k-request');
});
