import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { runInProcess } from './run-in-process.js';
import { ownerEnv } from './support/owner-env.js';

// redteam51: `seatpay upload a.bin b.bin a.bin` (a glob overlapping a name: `talk.mp4 *.mp4`)
// uploaded a.bin, failed at b.bin, and advised "run it again with b.bin a.bin only": a.bin was
// sent again, a second copy (and with every file fine, a.bin was uploaded twice in one run). A
// file named twice is refused now, before anything is sent.

const server = useMockServer({
  mediaProcessingDelayMs: 0,
  operationTypes: { tiny: { chunk_size: 100, max_chunks: 5 } },
});
const folder = useTempFolder('seatpay-command-same-file-');

describe('seatpay upload naming one file twice', () => {
  it('is refused before anything is sent, naming both paths', async () => {
    const small = folder.in('small.bin');
    const large = folder.in('large.bin');
    await writeFile(small, new Uint8Array(200).fill(1));
    await writeFile(large, new Uint8Array(3000).fill(2));
    const again = `${folder.dir}/./small.bin`;
    const env = ownerEnv(server());
    const ran = await runInProcess(
      ['upload', small, large, again, '--operation-type', 'tiny'],
      env,
    );
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toMatch(
      /^seatpay: \S*small\.bin and \S*\/\.\/small\.bin are the same file: name it once \(nothing was sent\)/,
    );
  });
});
