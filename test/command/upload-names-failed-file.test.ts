import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { runInProcess } from './run-in-process.js';
import { ownerEnv } from './support/owner-env.js';

// redteam45: `seatpay upload a b c` stopping on one file said the SDK's words of "the file" ("The
// file needs 30 chunks, but the operation type allows fewer than 5"), naming none: which of the
// files failed, and so which were never sent, had to be guessed from stdout.

const server = useMockServer({
  mediaProcessingDelayMs: 0,
  operationTypes: { tiny: { chunk_size: 100, max_chunks: 5 } },
});
const folder = useTempFolder('seatpay-command-names-failed-');

describe('seatpay upload of several files, one failing', () => {
  it('names the file that failed, with the exit code of its error', async () => {
    const small = folder.in('small.bin');
    const large = folder.in('large.bin');
    const later = folder.in('later.bin');
    await writeFile(small, new Uint8Array(200).fill(1));
    await writeFile(large, new Uint8Array(3000).fill(2));
    await writeFile(later, new Uint8Array(200).fill(3));
    const env = ownerEnv(server());
    const ran = await runInProcess(
      ['upload', small, large, later, '--operation-type', 'tiny'],
      env,
    );
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stdout).toMatch(/small\.bin: media file \d+/);
    expect(ran.stdout).not.toMatch(/later\.bin/);
    // redteam48: a line before it says which files were made (and to run again without them).
    expect(ran.stderr).toMatch(/small\.bin is uploaded \(listed above\)/);
    const lines = ran.stderr.split('\n').filter((line) => line.startsWith('seatpay:'));
    const failure = lines.find((line) => !line.includes('(listed above)'));
    expect(failure).toMatch(
      /^seatpay: \S*large\.bin: The file needs 30 chunks, but the operation type allows fewer than 5$/,
    );
  });
});
