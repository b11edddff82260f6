import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { runInProcess } from './run-in-process.js';
import { ownerEnv } from './support/owner-env.js';

// newuser19: `seatpay upload talk.mp4 slieds.pdf` (a path mistyped) uploaded talk.mp4, then
// exited 2 ("a usage mistake, nothing sent") on the second path: run again with the path fixed,
// talk.mp4 was sent again, a second copy on the service. Every path is opened before any is sent.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-missing-file-');

describe('seatpay upload of several files, one path that cannot be read', () => {
  it('exits 2 naming it, with no file sent, the ones before it included', async () => {
    const first = folder.in('talk.bin');
    const later = folder.in('later.bin');
    await writeFile(first, new Uint8Array(200).fill(1));
    await writeFile(later, new Uint8Array(200).fill(3));
    const env = ownerEnv(server());
    const wrongs = [
      [folder.in('slieds.bin'), 'cannot be read (ENOENT); check the path'],
      [folder.in('.'), 'is not a regular file (a pipe, a device, a directory)'],
    ];
    for (const [wrong, said] of wrongs) {
      const ran = await runInProcess(['upload', first, wrong!, later], env);
      expect(ran.code, ran.stderr).toBe(2);
      expect(ran.stdout).toBe('');
      expect(ran.stderr).toContain(`${wrong} ${said}`);
      expect(server().simulator.file(1), 'a file finalized on the service').toBeUndefined();
    }
  });
});
