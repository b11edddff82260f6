import { describe, expect, it } from 'vitest';
import { main } from '../../src/command/main.js';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { uploadCommandBed } from '../support/upload-command-bed.js';

// redteam48: `seatpay upload a b c --resume-dir <dir>` stopped by Ctrl-C during b said "run the
// same command again to send only what is missing"; run again, it uploaded a again (its record
// was deleted once it was made): a second copy of a. The note now says which files are uploaded
// and to run it again with the others.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-several-ctrl-c-');

describe('Ctrl-C during the second file of seatpay upload a b c', () => {
  it('says a is uploaded and to run it again without it, which makes no second copy', async () => {
    const [a, b, c] = await Promise.all(
      ['a.mp4', 'bb.mp4', 'ccc.mp4'].map((name) => uploadCommandBed(server(), folder, name)),
    );
    const { env } = a!;
    const files = [a!.path, b!.path, c!.path];
    const simulator = server().simulator;
    const handle = simulator.handle.bind(simulator);
    const ctrlC = new AbortController();
    let finalized = 0;
    // Ctrl-C as b's first chunk reaches the service, once a was made.
    simulator.handle = async (request, options) => {
      const path = new URL(request.url).pathname;
      if (request.method === 'POST' && path.endsWith('/chunk/upload')) finalized++;
      else if (request.method === 'POST' && path.endsWith('/chunk') && finalized === 1) {
        ctrlC.abort();
      }
      return handle(request, options);
    };
    let stderr = '';
    const streams = {
      stdout: { write: () => true },
      stderr: { write: (text: string) => Boolean((stderr += text)), isTTY: false },
    };
    try {
      const argv = ['upload', ...files, '--resume-dir', folder.in('records')];
      expect(await main(argv, { streams, env, signal: ctrlC.signal }), stderr).toBe(130);
      expect(stderr).toMatch(/upload of .*bb\.mp4 stopped by Ctrl-C/);
      expect(stderr).not.toMatch(/run the same command again/);
      expect(stderr).toMatch(/a\.mp4 is uploaded \(listed above\)/);
      expect(stderr).toMatch(/run it again with .*bb\.mp4 .*ccc\.mp4 only/);
      expect(stderr).not.toMatch(/with .*a\.mp4.* only/);
    } finally {
      simulator.handle = handle;
    }
  });

  it('a failure of the second file says the same before its advice', async () => {
    const [a, b] = await Promise.all(
      ['d.mp4', 'ee.mp4'].map((name) => uploadCommandBed(server(), folder, name)),
    );
    const simulator = server().simulator;
    const route = 'POST /v2/media/me/chunk/upload';
    simulator.faults.clear();
    // d is made; ee's finalize is refused outright (nothing made, its chunks kept).
    const handle = simulator.handle.bind(simulator);
    let finalized = 0;
    simulator.handle = async (request, options) => {
      const path = new URL(request.url).pathname;
      if (request.method === 'POST' && path.endsWith('/chunk/upload') && ++finalized === 2)
        simulator.faults.inject({ route, kind: 'status', status: 400, times: 1 });
      return handle(request, options);
    };
    let stderr = '';
    const streams = {
      stdout: { write: () => true },
      stderr: { write: (text: string) => Boolean((stderr += text)), isTTY: false },
    };
    try {
      const argv = ['upload', a!.path, b!.path, '--resume-dir', folder.in('failed')];
      expect(await main(argv, { streams, env: a!.env }), stderr).toBe(1);
      expect(stderr).toMatch(
        /d\.mp4 is uploaded \(listed above\): run it again with .*ee\.mp4 only/,
      );
    } finally {
      simulator.handle = handle;
      simulator.faults.clear();
    }
  });
});
