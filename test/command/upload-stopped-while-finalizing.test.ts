import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/command/main.js';
import { createSimulator, startMockServer, type MockServer } from '../../src/mock/index.js';
import { clientGoneSignal } from '../../src/mock/core/client-gone.js';
import { useTempFolder } from '../support/temp-folder.js';
import { ownerEnv } from './support/owner-env.js';

// `seatpay upload` stopped by Ctrl-C while its finalize was out (the service made the file and
// holds its answer) said "add --resume-dir <dir> to be able to resume": run again as told, the
// file was sent and finalized a second time. It now says the file may exist, and to check first.

/** Resolves when the service has made the file of the finalize it now holds the answer of. */
let fileMade: Promise<void>;
let made = () => {};
const simulator = createSimulator({ mediaProcessingDelayMs: 0 });
/**
 * The simulator, whose finalize makes the file, says so, then holds its answer until the client
 * goes away (as its 'hang-after' fault does): the test stops the upload at that very moment,
 * not after polling the service's files against a budget that ran out under load.
 */
const holdingFinalize = Object.create(simulator, {
  handle: {
    value: async (request: Request, options?: { basePath?: string }) => {
      const finalize = /\/chunk\/upload$/.test(new URL(request.url).pathname);
      const gone = clientGoneSignal(request);
      const answer = await simulator.handle(request, options);
      if (!finalize || !answer.ok) return answer;
      made();
      if (!gone.aborted) await new Promise((resolve) => gone.addEventListener('abort', resolve));
      return Response.error(); // the connection drops, its answer never sent
    },
  },
}) as typeof simulator;
let mockServer: MockServer | undefined;
beforeAll(async () => void (mockServer = await startMockServer({ simulator: holdingFinalize })));
afterAll(async () => {
  await mockServer?.close();
  simulator.close();
});
const server = () => mockServer!;
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
    fileMade = new Promise((resolve) => (made = resolve));
    let stderr = '';
    const streams = {
      stdout: { write: () => true },
      stderr: { write: (text: string) => ((stderr += text), true), isTTY: false },
    };
    const stop = new AbortController();
    const argv = ['upload', path, ...(resumable ? ['--resume-dir', folder.in('records')] : [])];
    const env = ownerEnv(server());
    const run = main(argv, { streams, env, signal: stop.signal });
    await fileMade;
    expect(await filesMade()).toBe(before + 1);
    stop.abort(); // Ctrl-C, the file made and its answer held
    expect(await run).toBe(130);
    expect(stderr).toMatch(
      /the file may exist: check the service for it before uploading it again/,
    );
    expect(stderr).not.toMatch(/to be able to resume|send only what is missing/);
  });
});
