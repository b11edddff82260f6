import { execFileSync } from 'node:child_process';
import { open, rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/command/main.js';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { uploadCommandBed } from '../support/upload-command-bed.js';
import { capturedStreams } from './support/captured-streams.js';

// redteam45: a finalize answered 5xx with a file's record has the command read the file again for
// its md5 (is the record this file's?): minutes for a large file, and Ctrl-C did not stop it. The
// operator's third Ctrl-C exited 130 ("run it again to resume") saying nothing of a file that may
// exist, and without --resume-dir, run again, it was sent whole: a second copy. The first Ctrl-C
// now stops the re-read: exit 3, the file named as maybe made, its record unchecked.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-finalize-5xx-ctrl-c-');

describe('Ctrl-C while seatpay upload reads the file again after a 5xx finalize', () => {
  it('stops the read and exits 3, saying the file may exist', async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'big.mp4');
    const simulator = server().simulator;
    const handle = simulator.handle.bind(simulator);
    // The file becomes a pipe nobody writes to once it is sent: its re-read waits, as a large
    // file's does, until the test lets it end.
    let opened!: (writer: ReturnType<typeof open>) => void;
    const writer = new Promise<Awaited<ReturnType<typeof open>>>((resolve) => (opened = resolve));
    simulator.handle = async (request, options) => {
      const response = await handle(request, options);
      if (request.method !== 'POST' || !new URL(request.url).pathname.endsWith('/chunk/upload'))
        return response;
      await rm(path);
      execFileSync('mkfifo', [path]);
      opened(open(path, 'w')); // opens once the command opens the pipe to read it
      return new Response(await response.text(), { status: 500, headers: response.headers });
    };
    const ctrlC = new AbortController();
    const { streams, stderr } = capturedStreams();
    try {
      const ran = main(['upload', path], { streams, env, signal: ctrlC.signal });
      const pipe = await writer; // the command is reading the file again
      ctrlC.abort();
      await pipe.close(); // the end of the file, had the read gone on
      expect(await ran, stderr()).toBe(3);
      expect(stderr()).toMatch(
        /big\.mp4 may or may not exist on the service \(it answered 500 at finalize with the record of media file 1 named [0-9a-f]{32}, not checked against this file: its re-read was stopped by Ctrl-C\)/,
      );
      expect(stderr()).toMatch(/check the service for the file before uploading it again/);
    } finally {
      simulator.handle = handle;
    }
  });
});
