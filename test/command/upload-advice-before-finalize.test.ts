import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { holdTimers } from '../reliability/support/held-timers.js';
import { runInProcess, type Ran } from './run-in-process.js';
import { ownerEnv } from './support/owner-env.js';

// `seatpay upload` that failed before any chunk or finalize went (the operation type's read
// answered 503 or lost its answer, every retry) said the file "may have been finalized all the
// same (its answer was lost): check the service for the file": no finalize was ever sent.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-before-finalize-');

/**
 * The command's waits before its retries: the SDK's backoff (base 500 ms, half to all of it
 * doubled each retry) for its two retries, 250 to 1000 ms. Spent on the real clock they made this
 * test 4 to 5 s long; held, each is fired as soon as it is set.
 */
const RETRY_WAITS = Array.from({ length: 751 }, (_, at) => 250 + at);

/** `seatpay <argv>` in this process, its retry waits fired at once. */
async function runFiringRetryWaits(argv: string[], env: Record<string, string>): Promise<Ran> {
  const waits = holdTimers(RETRY_WAITS);
  try {
    let done = false;
    const ran = runInProcess(argv, env).finally(() => (done = true));
    const due = () => RETRY_WAITS.filter((ms) => waits.pending(ms) > 0);
    for (;;) {
      await Promise.race([ran, waits.until(() => due().length > 0)]);
      if (done) return await ran;
      for (const ms of due()) waits.fire(ms);
    }
  } finally {
    waits.restore();
  }
}

describe('seatpay upload that failed before finalize', () => {
  it('never says the file may have been finalized', async () => {
    const path = folder.in('talk.mp4');
    await writeFile(path, new Uint8Array(3000).fill(7));
    const env = ownerEnv(server());
    for (const fault of [{ kind: 'status', status: 503 }, { kind: 'reset-after' }] as const) {
      server().simulator.faults.clear();
      server().simulator.faults.inject({
        route: 'GET /v2/media/operationtype/{operation_type}',
        ...fault,
        times: Infinity,
      });
      for (const argv of [
        ['upload', path, '--resume-dir', folder.in('records')],
        ['upload', path],
      ]) {
        const failed = await runFiringRetryWaits(argv, env);
        expect(failed.code, failed.stderr).not.toBe(0);
        expect(failed.stderr).not.toMatch(/finalized/);
      }
    }
  });
});
