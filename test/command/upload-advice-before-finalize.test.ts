import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { runInProcess } from './run-in-process.js';
import { ownerEnv } from './support/owner-env.js';

// `seatpay upload` that failed before any chunk or finalize went (the operation type's read
// answered 503 or lost its answer, every retry) said the file "may have been finalized all the
// same (its answer was lost): check the service for the file": no finalize was ever sent.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-before-finalize-');

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
        const failed = await runInProcess(argv, env);
        expect(failed.code, failed.stderr).not.toBe(0);
        expect(failed.stderr).not.toMatch(/finalized/);
      }
    }
  });
});
