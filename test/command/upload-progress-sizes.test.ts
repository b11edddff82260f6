import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { uploadCommandBed } from '../support/upload-command-bed.js';
import { runInProcess } from './run-in-process.js';

// newuser17: `seatpay upload`'s progress gave sizes in MB with one decimal, whatever the file: a
// 3,000-byte file read "0.0/0.0 MB" from its first line to its last, as if nothing was sent.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-progress-sizes-');

describe("seatpay upload's progress in a log", () => {
  it("gives a small file's sizes in KB, from nothing sent to the whole file", async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'note.txt'); // 3,000 bytes
    const ran = await runInProcess(['upload', path, '--operation-type', 'test-small'], env);
    expect(ran.code, ran.stderr).toBe(0);
    const lines = ran.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/note\.txt \[-{24}\]\s+0% 0\.0\/2\.9 KB, 0\/\d+ chunks$/);
    expect(lines.at(-1)).toMatch(/note\.txt \[#{24}\] 100% 2\.9\/2\.9 KB, (\d+)\/\1 chunks$/);
  });
});
