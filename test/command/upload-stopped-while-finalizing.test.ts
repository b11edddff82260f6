import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/command/main.js';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';

// `seatpay upload` stopped by Ctrl-C while its finalize was out (the service made the file and
// holds its answer) said "add --resume-dir <dir> to be able to resume": run again as told, the
// file was sent and finalized a second time. It now says the file may exist, and to check first.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-stopped-finalizing-');

/** The files the simulator holds. */
async function filesMade(): Promise<number> {
  const response = await fetch(`${server().url}/__mock/state`, {
    headers: { authorization: `Bearer ${server().simulator.users.owner.token}` },
  });
  return ((await response.json()) as { files: unknown[] }).files.length;
}

describe('seatpay upload stopped by Ctrl-C while its finalize was out', () => {
  it.each([
    ['without --resume-dir', false],
    ['with --resume-dir', true],
  ])('%s: exit 130, saying the file may exist', async (_label, resumable) => {
    const path = folder.in(`talk-${resumable}.mp4`);
    await writeFile(path, new Uint8Array(3000).fill(7));
    const before = await filesMade();
    server().simulator.faults.inject({
      route: 'POST /v2/media/me/chunk/upload',
      kind: 'hang-after',
    });
    let stderr = '';
    const streams = {
      stdout: { write: () => true },
      stderr: { write: (text: string) => ((stderr += text), true), isTTY: false },
    };
    const stop = new AbortController();
    const argv = ['upload', path, ...(resumable ? ['--resume-dir', folder.in('records')] : [])];
    const env = {
      SEATPAY_BASE_URL: server().url,
      SEATPAY_TOKEN: server().simulator.users.owner.token,
      SEATPAY_LOG: 'off',
    };
    const run = main(argv, { streams, env, signal: stop.signal });
    await expect.poll(filesMade, { interval: 10, timeout: 30_000 }).toBe(before + 1);
    stop.abort(); // Ctrl-C, the file made and its answer held
    expect(await run).toBe(130);
    expect(stderr).toMatch(
      /the file may exist: check the service for it before uploading it again/,
    );
    expect(stderr).not.toMatch(/to be able to resume|send only what is missing/);
  });
});
